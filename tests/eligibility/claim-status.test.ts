import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { availityAccount, claimWorld, readyClaims, sentInBatch, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { startCoreServer, type TestCoreServer } from '../helpers/core-server.ts';
import { inquiryOf276, payerStatusAnswers } from '../helpers/payer-answers.ts';
import { theirFirstTransaction } from '../helpers/x12-read-back.ts';
import { asOf } from '../../dev-server/db/as-of.ts';
import { systemActor } from '../../dev-server/security/actor.ts';
import { askClaimStatus, claimsDue } from '../../dev-server/claim-status/status-ask.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';
import type { IsoDate } from '../../src/domain/formats.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
let core: TestCoreServer;
let account: number;
let exchangeDir: string;
const before = process.env.EXCHANGE_DIR;
let decide: Parameters<typeof payerStatusAnswers>[1];
const ON = '2026-11-20' as IsoDate;

beforeAll(async () => {
  exchangeDir = mkdtempSync(join(tmpdir(), 'claim-status-'));
  process.env.EXCHANGE_DIR = exchangeDir;
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  core = await startCoreServer((q) => payerStatusAnswers(q, decide));
  for (const d of ['outbound', 'inbound']) mkdirSync(join(exchangeDir, String(w.bc), d), { recursive: true });
  account = await availityAccount(app.db, root, w, {
    contact_phone: '305-555-0100',
    connection: 'folder',
    outbound_folder: 'outbound',
    inbound_folder: 'inbound',
    realtime_url: core.url,
    realtime_user: 'sunbilling',
    realtime_secret: 'core-pw',
  });
});
afterAll(async () => {
  await core.stop();
  await app.close();
  if (before === undefined) delete process.env.EXCHANGE_DIR;
  else process.env.EXCHANGE_DIR = before;
});
beforeEach(() => {
  decide = () => ({ category: 'F1', status: '88', on: ON });
});

/** Verified claims sent in a batch through the folder: Submitted, as a payer has them. */
async function submittedClaims(n: number): Promise<number[]> {
  const ids = await readyClaims(root, w, n);
  await sentInBatch(root, w, account, ids, `Status ${ids[0]}`);
  return ids;
}
const claim = async (id: number) =>
  (
    await app.db.query<{ status_id: number; payer_status: string | null; status_asked_at: string | null }>(
      'select status_id, payer_status, status_asked_at::text from claims where id = $1',
      [id],
    )
  ).rows[0];
const history = async (id: number) =>
  (
    await app.db.query<{ note: string }>(
      `select note from state_transitions where entity = 'claim' and entity_id = $1 order by id desc limit 1`,
      [id],
    )
  ).rows[0]?.note;

describe('claim status asked in real time', () => {
  it('a payer that denied the claim moves it to Denied with the reason in words, in its history and the denial worklist', async () => {
    const [id] = await submittedClaims(1);
    decide = () => ({ category: 'F2', status: '97', on: ON });
    const r = await root('POST', '/claim-status/ask', { claim_id: id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ channel: 'realtime', status_id: CLAIM_STATUS.DENIED, updated: 1, failed: [] });
    expect(r.body.message).toMatch(/^Asked in real time; the payer answered: Finalized: denied/);
    const row = await claim(id);
    expect(row.status_id).toBe(CLAIM_STATUS.DENIED);
    expect(row.payer_status).toMatch(/^Finalized: denied/);
    expect(await history(id)).toMatch(/^Denied by the payer \(277\): Finalized: denied/);
    const code = (await app.db.query<{ code: string }>('select code from claims where id = $1', [id])).rows[0].code;
    const worklist = await root('GET', `/denial/get-all-server?status_id=6&query=${encodeURIComponent(code)}`);
    expect(worklist.status, JSON.stringify(worklist.body)).toBe(200);
    expect(worklist.body.data.map((r: { id: number }) => Number(r.id))).toContain(id);
    const denied = await app.db.query<{ denied_at: string | null }>('select denied_at from claims where id = $1', [id]);
    expect(denied.rows[0].denied_at).not.toBeNull();
  });

  it('sends a 276 in the CORE envelope that node-x12 reads, naming the claim by the number its 837 sent', async () => {
    const [id] = await submittedClaims(1);
    await root('POST', '/claim-status/ask', { claim_id: id });
    const sent = core.requests.at(-1)!;
    expect(sent.fields.PayloadType).toBe('X12_276_Request_005010X212');
    const tx = theirFirstTransaction(sent.fields.Payload);
    expect(tx.header.elements[0].value).toBe('276');
    const pcn = (
      await app.db.query<{ p: string }>('select patient_control_number as p from claims where id = $1', [id])
    ).rows[0].p;
    expect(
      inquiryOf276(sent.fields.Payload).claims.map((c) => [c.trace, c.subscriber.memberId, c.chargeCents]),
    ).toEqual([[pcn, 'W123456789', 14000]]);
  });

  it('a claim paid and waiting for its ERA stays Submitted, with the payer’s words kept on it', async () => {
    const [id] = await submittedClaims(1);
    const r = await root('POST', '/claim-status/ask', { claim_id: id });
    expect(r.body.status_id).toBe(CLAIM_STATUS.SUBMITTED);
    const row = await claim(id);
    expect(row.payer_status).toMatch(/^Finalized: paid/);
    const note = await app.db.query<{ note: string }>(
      `select note from claim_notes where claim_id = $1 and kind = 'check_status' order by id desc limit 1`,
      [id],
    );
    expect(note.rows[0].note).toMatch(/^The payer says where the claim stands \(277\): Finalized: paid/);
  });

  it('a claim the payer does not have goes back to Rejected, to be corrected and sent again', async () => {
    const [id] = await submittedClaims(1);
    decide = () => ({ category: 'A4', status: '35', on: ON });
    const r = await root('POST', '/claim-status/ask', { claim_id: id });
    expect(r.body.status_id).toBe(CLAIM_STATUS.REJECTED);
    expect(await history(id)).toMatch(/^The payer does not have the claim \(277\): Acknowledged: not found/);
  });

  it('a clearing house that refuses the password is said in words and the claim is left as it was', async () => {
    const [id] = await submittedClaims(1);
    core.replies.push({ status: 401 });
    const r = await root('POST', '/claim-status/ask', { claim_id: id });
    expect(r.body).toMatchObject({
      updated: 0,
      status_id: CLAIM_STATUS.SUBMITTED,
      failed: [{ id, error: 'The clearing house refused the CORE user and password.' }],
    });
    expect(r.body.message).toBe('Could not be asked: The clearing house refused the CORE user and password.');
  });
});

describe('overdue claims asked in batch', () => {
  it("claims Submitted longer than the payer's days go in one 276; the payer's 277 from the inbound folder moves them", async () => {
    const ids = await submittedClaims(3);
    const actor = systemActor(w.bc, 'test');
    // Forty-six days later, by the database's own clock.
    const later = asOf(app.db, new Date(Date.now() + 46 * 86_400_000));
    const due = await claimsDue(later, actor, w.bc);
    expect(ids.every((id) => due.includes(id))).toBe(true);
    const ctx = {
      db: later,
      entities: (await import('../../src/platform/load-schemas.ts')).productEntities(),
      files: app.files,
    };
    // Realtime is for one claim asked by a person; many go in a file.
    const outcome = await askClaimStatus(ctx, actor, w.bc, ids);
    expect(outcome).toMatchObject({ channel: 'batch', failed: [] });
    const out = join(exchangeDir, String(w.bc), 'outbound');
    const file = readdirSync(out).find((f) => f.endsWith('.276'))!;
    const text = readFileSync(join(out, file), 'latin1');
    expect(theirFirstTransaction(text).segments.filter((s: { tag: string }) => s.tag === 'TRN')).toHaveLength(3);
    const traces = inquiryOf276(text).claims.map((c) => c.trace);
    // The payer denied the first, has the second in process, asks information about the third.
    const answer = payerStatusAnswers(text, (trace) =>
      trace === traces[0]
        ? { category: 'F2', status: '97', on: ON }
        : trace === traces[1]
          ? { category: 'P1', status: '20', on: ON }
          : { category: 'R4', status: '21', on: ON },
    );
    writeFileSync(join(exchangeDir, String(w.bc), 'inbound', file.replace('.276', '.277')), answer);
    const polled = await root('POST', `/clearing-house-account/${account}/poll`);
    expect(polled.status, JSON.stringify(polled.body)).toBe(200);
    const rows = await Promise.all(ids.map(claim));
    expect(rows.map((r) => r.status_id)).toEqual([CLAIM_STATUS.DENIED, CLAIM_STATUS.SUBMITTED, CLAIM_STATUS.SUBMITTED]);
    expect(rows[1].payer_status).toMatch(/^Pending: in process/);
    const log = await app.db.query<{ kind: string; message: string }>(
      `select kind, message from exchange_files where direction = 'in' order by id desc limit 1`,
    );
    expect(log.rows[0]).toEqual({ kind: '277', message: '3 claim status answer(s) applied' });
  });

  it('a claim asked a week ago with no answer is said so on the claim, for follow-up, and asked again', async () => {
    const [id] = await submittedClaims(1);
    const actor = systemActor(w.bc, 'test');
    const ctx = {
      db: asOf(app.db, new Date(Date.now() + 40 * 86_400_000)),
      entities: (await import('../../src/platform/load-schemas.ts')).productEntities(),
      files: app.files,
    };
    await askClaimStatus(ctx, actor, w.bc, [id, ...(await submittedClaims(1))]);
    const asked = (await claim(id)).status_asked_at!;
    const due = await claimsDue(asOf(app.db, new Date(Date.now() + 48 * 86_400_000)), actor, w.bc);
    expect(due).toContain(id);
    const [m, d, y] = [asked.slice(5, 7), asked.slice(8, 10), asked.slice(0, 4)];
    expect((await claim(id)).payer_status).toBe(`No answer to the status question of ${m}/${d}/${y}`);
  });

  it('asking needs the permission; a biller of another billing company is not told the claim exists', async () => {
    const [id] = await submittedClaims(1);
    await app.createUser({ email: 'poster@status.test', roles: ['paymentprocessor'], billingCompanyIds: [w.bc] });
    const poster = app.as(await app.login('poster@status.test'));
    expect((await poster('POST', '/claim-status/ask', { claim_id: id })).status).toBe(403);
    const otherBc = await app.createBillingCompany('Other Billing', 'OTH');
    await app.createUser({ email: 'biller@other.test', roles: ['biller'], billingCompanyIds: [otherBc] });
    const biller = app.as(await app.login('biller@other.test'));
    const asked = core.requests.length;
    expect((await biller('POST', '/claim-status/ask', { claim_id: id })).status).toBe(404);
    expect(core.requests.length).toBe(asked);
    expect((await claim(id)).status_asked_at).toBeNull();
  });

  it('many claims chosen on the claims list go in one 276; one not yet sent is named with why, and nothing is asked twice', async () => {
    const ids = await submittedClaims(2);
    const [draft] = await readyClaims(root, w, 1);
    const before = readdirSync(join(exchangeDir, String(w.bc), 'outbound')).filter((f) => f.endsWith('.276'));
    const r = await root('POST', '/claim/ask-status-many', { ids: [...ids, draft] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ channel: 'batch', updated: 2 });
    expect(r.body.failed.map((f: { id: number }) => f.id)).toEqual([draft]);
    expect(r.body.failed[0].error).toBeTruthy();
    const written = readdirSync(join(exchangeDir, String(w.bc), 'outbound')).filter(
      (f) => f.endsWith('.276') && !before.includes(f),
    );
    expect(written).toHaveLength(1);
    const asked = inquiryOf276(readFileSync(join(exchangeDir, String(w.bc), 'outbound', written[0]), 'latin1'));
    expect(asked.claims).toHaveLength(2);
    const rows = await Promise.all([...ids, draft].map(claim));
    expect(rows.map((x) => x.status_asked_at !== null)).toEqual([true, true, false]);
  });

  it('a bulk question names what it needs: claims, and at most 5,000 of them', async () => {
    const none = await root('POST', '/claim/ask-status-many', { ids: [] });
    expect(none.status).toBe(422);
    expect(none.body.errors.ids).toEqual(['Choose the claims to ask about.']);
    const many = await root('POST', '/claim/ask-status-many', { ids: Array.from({ length: 5001 }, (_, i) => i + 1) });
    expect(many.status).toBe(422);
    expect(many.body.errors.ids).toEqual(['At most 5000 claims can be asked about at once.']);
  });
});
