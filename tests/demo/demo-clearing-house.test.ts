import { mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { availityAccount, claimWorld, readyClaims, sentInBatch, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { answerDemoAccounts, TAKEN_FOLDER } from '../../dev-server/demo/demo-clearing-house.ts';
import { validateX12 } from '../helpers/x12-validator.ts';
import { CLAIM_BATCH_STATUS } from '../../src/generated/ids.ts';

// The demo's accounts have a clearing house of their own: what a newcomer sends or asks on the demo is answered in the
// account's inbound folder and taken in like any clearing house's file.
let app: TestApp;
let root: Api;
let w: ClaimWorld;
let account: number;
let exchangeDir: string;
const before = process.env.EXCHANGE_DIR;
const folder = (name: string) => join(exchangeDir, String(w.bc), name);
const files = (name: string) =>
  readdirSync(folder(name), { withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => d.name);

beforeAll(async () => {
  exchangeDir = mkdtempSync(join(tmpdir(), 'demo-house-'));
  process.env.EXCHANGE_DIR = exchangeDir;
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  for (const d of ['outbound', 'inbound']) mkdirSync(folder(d), { recursive: true });
  account = await availityAccount(app.db, root, w, {
    contact_phone: '305-555-0100',
    connection: 'folder',
    outbound_folder: 'outbound',
    inbound_folder: 'inbound',
  });
});
afterAll(async () => {
  await app.close();
  if (before === undefined) delete process.env.EXCHANGE_DIR;
  else process.env.EXCHANGE_DIR = before;
});

/** The demo's clearing house answers what waits, then the account's inbound folder is read, as the demo's server does. */
async function answeredAndTakenIn() {
  const answered = await answerDemoAccounts(app.db);
  const polled = await root('POST', `/clearing-house-account/${account}/poll`);
  expect(polled.status, JSON.stringify(polled.body)).toBe(200);
  return answered;
}

describe("the demo's clearing house", () => {
  it('answers nothing of an account that is not a demo account: what it sent stays in its outbound folder', async () => {
    const ids = await readyClaims(root, w, 1);
    await sentInBatch(root, w, account, ids, 'Real account');
    expect(await answerDemoAccounts(app.db)).toEqual([]);
    expect(files('outbound').filter((f) => f.endsWith('.837'))).toHaveLength(1);
    expect(files('inbound')).toEqual([]);
    // From here on the account is the demo's, as the demo's loader makes its accounts.
    await app.db.query('update clearing_house_accounts set demo_answers = true where id = $1', [account]);
    await answeredAndTakenIn();
  });

  it("accepts a demo batch sent now: a 999 and a 277CA that pass the validator, taken in, and the batch's claims all accepted", async () => {
    const ids = await readyClaims(root, w, 2);
    const batch = await sentInBatch(root, w, account, ids, 'Demo account batch');
    const sent = files('outbound');
    expect(await answerDemoAccounts(app.db)).toEqual([{ id: account, billing_company_id: w.bc }]);
    expect(files('outbound')).toEqual([]);
    expect(readdirSync(folder(`outbound/${TAKEN_FOLDER}`))).toEqual(expect.arrayContaining(sent));
    const answers = files('inbound');
    expect(answers.map((f) => f.slice(-4)).sort()).toEqual(['.277', '.999']);
    const checked = await validateX12(
      Object.fromEntries(answers.map((f) => [f, readFileSync(join(folder('inbound'), f), 'latin1')])),
    );
    expect(checked.ok, checked.output).toBe(true);
    const polled = await root('POST', `/clearing-house-account/${account}/poll`);
    expect(polled.status, JSON.stringify(polled.body)).toBe(200);
    expect(files('inbound')).toEqual([]);
    const answered = (
      await app.db.query<{ status_id: number; answers_accepted: number }>(
        'select status_id, answers_accepted from claim_batches where id = $1',
        [batch],
      )
    ).rows[0];
    expect(answered).toEqual({ status_id: CLAIM_BATCH_STATUS.COMPLETED, answers_accepted: 2 });
  });

  it("answers a claim-status question asked on a demo claim: the payer's words are on the claim once taken in", async () => {
    const [id] = await readyClaims(root, w, 1);
    await sentInBatch(root, w, account, [id], 'Status asked');
    await answeredAndTakenIn();
    const asked = await root('POST', '/claim-status/ask', { claim_id: id });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(files('outbound').filter((f) => f.endsWith('.276'))).toHaveLength(1);
    await answeredAndTakenIn();
    const claim = (
      await app.db.query<{ payer_status: string | null; payer_status_at: string | null }>(
        'select payer_status, payer_status_at::text from claims where id = $1',
        [id],
      )
    ).rows[0];
    expect(claim.payer_status_at).not.toBeNull();
    expect(claim.payer_status).toMatch(/\w/);
  });

  it('answers an eligibility question asked through the folder: the check is answered with the coverage', async () => {
    const asked = await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    await answeredAndTakenIn();
    const check = (
      await app.db.query<{ state: string; coverage: string | null }>(
        'select state, coverage from eligibility_checks where insurance_policy_id = $1 order by id desc limit 1',
        [w.policy],
      )
    ).rows[0];
    expect(check.state).toBe('answered');
    expect(['active', 'inactive']).toContain(check.coverage);
  });
});
