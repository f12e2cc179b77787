import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';
import { availityAccount, claimWorld, readyClaims, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { ack277 } from '../helpers/ack-files.ts';
import type { Api } from '../helpers/test-app.ts';

let e: E2E;
let page: Page;
let errors: string[];
let w: ClaimWorld;
let root: Api;
let exchangeDir: string;
let account: number;
let batches: Locator;

beforeAll(async () => {
  exchangeDir = mkdtempSync(join(tmpdir(), 'e2e-exchange-'));
  process.env.EXCHANGE_DIR = exchangeDir;
  e = await startE2E({ withJobs: true });
  w = await claimWorld(e.app.db);
  await e.app.createUser({ email: 'manager@claims.test', roles: ['billingmanager'], billingCompanyIds: [w.bc] });
  await e.app.createUser({ email: 'root@claims.test', roles: ['superuser'] });
  root = e.app.as(await e.app.login('root@claims.test'));
  account = await availityAccount(e.app.db, root, w, {
    connection: 'folder',
    outbound_folder: 'availity/out',
    inbound_folder: 'availity/in',
  });
  await readyClaims(root, w, 3);
  ({ page, errors } = await signIn(e, 'manager@claims.test'));
  page.setDefaultTimeout(10_000);
});
afterAll(async () => {
  await e.close();
  delete process.env.EXCHANGE_DIR;
});

describe('a billing manager sends a batch to the clearing house', () => {
  it('batches three verified claims and sends them, following the progress until the batch is Submitted', async () => {
    batches = await openFromStart(page, 'Claim Batch Management');
    await batches.getByRole('button', { name: 'Create' }).first().click();
    await batches.getByLabel('Name', { exact: false }).first().fill('Sunshine March');
    await batches.getByRole('combobox', { name: /^Company/ }).click();
    await page.getByRole('option', { name: 'Sunshine Family Clinic - SUN' }).click();
    await batches.getByRole('combobox', { name: /^Clearing house account/ }).click();
    await page.getByRole('option', { name: 'SUN0001 · Availity' }).click();
    await batches.getByRole('combobox', { name: /^Claims/ }).click();
    const options = page.getByRole('option', { name: /Lucia Perez/ });
    await expect.poll(() => options.count()).toBe(3);
    for (let i = 0; i < 3; i++) await options.nth(i).click();
    await page.keyboard.press('Escape');
    await batches.getByRole('button', { name: 'Save', exact: true }).click();
    await batches.getByRole('button', { name: 'Send' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send' });
    await dialog.getByRole('progressbar').waitFor();
    await dialog.getByText('Sent: the batch and its claims are Submitted').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await batches.getByTestId('state-control').getByTestId('state-chip').filter({ hasText: 'Submitted' }).waitFor();
    expect(readdirSync(join(exchangeDir, String(w.bc), 'availity/out'))).toHaveLength(1);
    expect((await e.app.db.query(`select status_id from claims where status_id = 3`)).rows).toHaveLength(3);
  });

  it("later sees the clearing house's rejection of one claim, in plain words", async () => {
    const codes = (await e.app.db.query<{ code: string }>('select code from claims order by id')).rows.map(
      (r) => r.code,
    );
    mkdirSync(join(exchangeDir, String(w.bc), 'availity/in'), { recursive: true });
    writeFileSync(
      join(exchangeDir, String(w.bc), 'availity/in', 'ack.277'),
      ack277(4001, [
        { code: codes[0], stc: 'A2:20' },
        { code: codes[1], stc: 'A7:562:85' },
        { code: codes[2], stc: 'A2:20' },
      ]),
    );
    // What the scheduled poll does every few minutes.
    expect((await root('POST', `/clearing-house-account/${account}/poll`)).status).toBe(200);
    await batches.getByRole('tab', { name: 'Files exchanged' }).click();
    const files = batches.getByTestId('children-exchange-file');
    await files.getByText('2 claim(s) accepted; 1 claim(s) rejected').waitFor();
    const claims = await openFromStart(page, 'Claims Management');
    await claims.getByTestId('state-chip').filter({ hasText: 'Rejected' }).first().waitFor();
    expect(await claims.getByTestId('state-chip').filter({ hasText: 'Rejected' }).count()).toBe(1);
  });

  it('raised no error in the page', () => {
    expect(errors).toEqual([]);
  });
});
