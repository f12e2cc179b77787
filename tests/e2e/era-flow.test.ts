import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';
import { claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { claimsForEra } from '../helpers/era-claims.ts';

let e: E2E;
let page: Page;
let errors: string[];
let w: ClaimWorld;
let win: Locator;
const ERA = readFileSync(new URL('../fixtures/x12/835/managed-care.835', import.meta.url), 'latin1');

beforeAll(async () => {
  e = await startE2E({ withJobs: true });
  w = await claimWorld(e.app.db);
  // One claim is ours under another number than the ERA says: it will wait in the exception queue.
  await claimsForEra(e.app.db, w, ERA.replace('CLP*8765432112', 'CLP*8765432199'));
  await e.app.createUser({ email: 'manager@era.test', roles: ['billingmanager'], billingCompanyIds: [w.bc] });
  ({ page, errors } = await signIn(e, 'manager@era.test'));
  page.setDefaultTimeout(15_000);
});
afterAll(() => e.close());

describe('a billing manager posts an ERA', () => {
  it('uploads the 835 from the ERA list and is told at once what payment it became, waiting to be posted', async () => {
    win = await openFromStart(page, 'ERA Files');
    await win
      .getByTestId('file-import-era')
      .setInputFiles({ name: 'managed-care.835', mimeType: 'text/plain', buffer: Buffer.from(ERA, 'latin1') });
    const told = page.getByTestId('toast-success').filter({ hasText: 'managed-care.835' });
    await told.waitFor();
    expect(await told.innerText()).toMatch(
      /Taken in: 1 payment waits in the ERA files for posting\. RUSHMORE LIFE, trace \S+: \$[\d,]+\.\d\d for \d+ claims?\./,
    );
    await win.getByText('RUSHMORE LIFE').first().waitFor();
    expect((await e.app.db.query<{ status: string }>('select status from era_files')).rows).toEqual([
      { status: 'new' },
    ]);
  });

  it('previews it as a PDF and processes it, following the job', async () => {
    await win.getByText('RUSHMORE LIFE').first().click();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      win.getByRole('button', { name: 'Preview' }).click(),
    ]);
    expect(popup.url()).toMatch(/^blob:/);
    await popup.close();
    await win.getByRole('button', { name: 'Process' }).click();
    const dialog = page.getByRole('dialog', { name: 'Process' });
    await dialog.getByText('Posted; some claims wait in the exception queue').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(
      (await e.app.db.query<{ status: string; exceptions: number }>('select status, exceptions from era_files')).rows,
    ).toEqual([{ status: 'exceptions', exceptions: 1 }]);
  });

  it('resolves its one exception by posting it to the claim it pays; the ERA reconciles', async () => {
    await win.getByRole('tab', { name: 'Exceptions' }).click();
    const exceptions = win.getByTestId('children-era-exception');
    await exceptions.getByText('8765432112').first().click();
    await exceptions.getByRole('button', { name: 'Resolve' }).click();
    const dialog = page.getByTestId('exception-dialog');
    await dialog.getByLabel('Claim number or patient').fill('87654321');
    await dialog.getByRole('combobox', { name: 'The claim it pays' }).click();
    await page.getByRole('option', { name: /^8765432199/ }).click();
    await dialog.getByRole('button', { name: 'Post to this claim' }).click();
    await dialog.waitFor({ state: 'detached' });
    const era = (
      await e.app.db.query<{ status: string; exceptions: number; posted_amount: string }>(
        'select status, exceptions, posted_amount from era_files',
      )
    ).rows[0];
    expect([era.status, era.exceptions, Number(era.posted_amount)]).toEqual(['posted', 0, 94500]);
  });

  it('raised no error in the page', () => {
    expect(errors).toEqual([]);
  });
});
