import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';
import { availityAccount, claimWorld, readyClaims, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { claimsFor837 } from '../../dev-server/claims/claim-837-export.ts';
import { write837P } from '../../src/domain/x12/claim-837p-writer.ts';
import type { Claim837P } from '../../src/domain/x12/claim-837-model.ts';
import { toIsoDate } from '../../src/domain/formats.ts';
import { validateX12 } from '../helpers/x12-validator.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';

// A billing manager takes in a client practice's 837P: uploads it in Claim Files, reads each claim's outcome, imports
// them, fixes in the claim editor the one the product's rules refused, and sends all three in a batch.
let e: E2E;
let page: Page;
let errors: string[];
let w: ClaimWorld;
let exchangeDir: string;
let files: Locator;
let practice: string;

/** The practice's claims, each on its own day: a patient we have, one we have never seen, one with an unknown code. */
function practiceFile(base: Claim837P): string {
  const on = (c: Claim837P, day: string): Claim837P => ({
    ...c,
    lines: c.lines.map((l) => ({ ...l, dateOfService: toIsoDate(day) })),
  });
  const known = on({ ...base, patientControlNumber: 'PM-1' }, '2026-03-20');
  const newcomer = on(
    {
      ...base,
      patientControlNumber: 'PM-2',
      subscriber: {
        ...base.subscriber,
        party: { name: 'MUNOZ', firstName: 'ZOE', entity: 'person' },
        memberId: 'ZM4455',
        dateOfBirth: toIsoDate('1991-02-03'),
        sex: 'F',
        address: { line1: '12 RUE DE L EGLISE', city: 'MIAMI', state: 'FL', zip: '33101' },
      },
    },
    '2026-03-21',
  );
  // 36416 is not in this billing company's code list: the product refuses it, and the claim waits as a draft.
  const unknownCode = on(
    { ...base, patientControlNumber: 'PM-3', lines: [base.lines[0], { ...base.lines[1], procedure: '36416' }] },
    '2026-03-22',
  );
  return write837P({
    submitter: { name: 'SUNSHINE CLINIC PM', id: 'PM01', contactName: 'FRONT DESK', phone: '3055550100' },
    receiver: { name: 'SUN BILLING', id: 'SUNBILL' },
    interchange: { senderId: 'PM01', receiverId: 'SUNBILL', control: 501, usage: 'P', date: new Date() },
    claims: [known, newcomer, unknownCode],
  });
}

beforeAll(async () => {
  exchangeDir = mkdtempSync(join(tmpdir(), 'e2e-intake-'));
  process.env.EXCHANGE_DIR = exchangeDir;
  e = await startE2E({ withJobs: true });
  w = await claimWorld(e.app.db);
  await e.app.createUser({ email: 'manager@intake.test', roles: ['billingmanager'], billingCompanyIds: [w.bc] });
  await e.app.createUser({ email: 'root@intake.test', roles: ['superuser'] });
  const root = e.app.as(await e.app.login('root@intake.test'));
  await availityAccount(e.app.db, root, w, {
    connection: 'folder',
    outbound_folder: 'availity/out',
    inbound_folder: 'availity/in',
  });
  // One claim of the clinic written by the product's own 837 writer: the practice's system sends the same facts.
  const [id] = await readyClaims(root, w, 1);
  const { professional } = await claimsFor837(e.app.db, w.bc, [id]);
  const { id: _id, ...base } = professional[0];
  practice = practiceFile(base);
  ({ page, errors } = await signIn(e, 'manager@intake.test'));
  page.setDefaultTimeout(20_000);
});
afterAll(async () => {
  await e.close();
  delete process.env.EXCHANGE_DIR;
});

const fileClaims = () => files.getByTestId('children-claim-file-claim');

describe("a billing manager takes in a practice's 837", () => {
  it('uploads it in Claim Files and is told at once how many claims are ready', async () => {
    files = await openFromStart(page, 'Claim Files');
    await files
      .getByTestId('file-import-claim-file')
      .setInputFiles({ name: 'sunshine-march.837', mimeType: 'text/plain', buffer: Buffer.from(practice, 'latin1') });
    const told = page.getByTestId('toast-success').filter({ hasText: 'sunshine-march.837' });
    await told.waitFor();
    expect(await told.innerText()).toMatch(/3 ready, 0 to fix, 0 waiting, 0 already held\./);
    expect(Number((await e.app.db.query<{ n: string }>('select count(*) n from claims')).rows[0].n)).toBe(1);
  });

  it("opens the file and reads each claim's patient and outcome before anything is made", async () => {
    await files.getByText('sunshine-march.837').first().click();
    await files.getByRole('tab', { name: 'Claims of the file' }).click();
    await fileClaims().getByText('ZOE MUNOZ').waitFor();
    expect(await fileClaims().getByText('Ready to import').count()).toBe(3);
  });

  it('imports them: two verified and ready to send, one a draft with what stops it in words', async () => {
    await files.getByRole('button', { name: 'Import the claims' }).click();
    await page
      .getByTestId('toast-success')
      .filter({ hasText: '2 imported and ready to send, 1 as drafts to fix' })
      .waitFor();
    await fileClaims().getByText('Imported as a draft to fix').waitFor();
    expect(await fileClaims().getByText('Imported', { exact: true }).count()).toBe(2);
    await fileClaims().getByText(/36416/).first().waitFor();
  });

  it('opens the draft in the claim editor from the file, fixes the code, and the claim verifies', async () => {
    await fileClaims().getByText('Imported as a draft to fix').click();
    const { code } = (
      await e.app.db.query<{ code: string }>(`select code from claims where patient_account_number = 'PM-3'`)
    ).rows[0];
    const claims = page.getByTestId('window-Claims Management');
    await fileClaims().getByRole('button', { name: code }).click();
    await claims.waitFor();
    await claims.getByRole('button', { name: 'Edit' }).click();
    await claims.locator('[data-cell="1:procedure_code"]').fill('36415');
    await claims.getByRole('button', { name: 'Save and verify' }).click();
    await claims.getByTestId('state-control').getByTestId('state-chip').filter({ hasText: 'Not submitted' }).waitFor();
    const made = await e.app.db.query<{ status_id: number }>(
      `select status_id from claims where patient_account_number in ('PM-1', 'PM-2', 'PM-3') order by patient_account_number`,
    );
    expect(made.rows.map((r) => Number(r.status_id))).toEqual([
      CLAIM_STATUS.NOT_SUBMITTED,
      CLAIM_STATUS.NOT_SUBMITTED,
      CLAIM_STATUS.NOT_SUBMITTED,
    ]);
  });

  it('sends the three in a batch; the 837 that goes out passes the independent validator', async () => {
    const batches = await openFromStart(page, 'Claim Batch Management');
    await batches.getByRole('button', { name: 'Create' }).first().click();
    await batches.getByLabel('Name', { exact: false }).first().fill('Sunshine practice file');
    await batches.getByRole('combobox', { name: /^Company/ }).click();
    await page.getByRole('option', { name: 'Sunshine Family Clinic - SUN' }).click();
    await batches.getByRole('combobox', { name: /^Clearing house account/ }).click();
    await page.getByRole('option', { name: 'SUN0001 · Availity' }).click();
    await batches.getByRole('combobox', { name: /^Claims/ }).click();
    // Every claim ready to send: the three of the file and the clinic's own one.
    const options = page.getByRole('option');
    await options.nth(3).waitFor();
    for (let i = 0; i < 4; i++) await options.nth(i).click();
    await page.keyboard.press('Escape');
    await batches.getByRole('button', { name: 'Save', exact: true }).click();
    await batches.getByRole('button', { name: 'Send' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send' });
    await dialog.getByText('Sent: the batch and its claims are Submitted').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const sent = await e.app.db.query<{ status_id: number }>(
      `select status_id from claims where patient_account_number in ('PM-1', 'PM-2', 'PM-3')`,
    );
    expect(sent.rows.map((r) => Number(r.status_id))).toEqual([
      CLAIM_STATUS.SUBMITTED,
      CLAIM_STATUS.SUBMITTED,
      CLAIM_STATUS.SUBMITTED,
    ]);
    const out = join(exchangeDir, String(w.bc), 'availity/out');
    const written = Object.fromEntries(
      readdirSync(out)
        .filter((f) => !f.startsWith('.'))
        .map((f) => [f, readFileSync(join(out, f), 'latin1')]),
    );
    expect(Object.keys(written).length).toBeGreaterThan(0);
    const checked = await validateX12(written);
    expect(checked.ok, checked.output).toBe(true);
  });

  it('raised no error in the page', () => {
    expect(errors).toEqual([]);
  });
});
