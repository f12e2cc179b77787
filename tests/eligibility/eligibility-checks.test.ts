import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { availityAccount, claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { startCoreServer, type TestCoreServer } from '../helpers/core-server.ts';
import { theirFirstTransaction } from '../helpers/x12-read-back.ts';
import { ACTIVE_PLAN, payerAnswers, questionsOf270 } from '../helpers/payer-answers.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
let core: TestCoreServer;
let account: number;
let exchangeDir: string;
const before = process.env.EXCHANGE_DIR;
const CORE_PASSWORD = 'core-secret-9';

/** How the test payer answers the next real-time questions (the active plan unless a test says otherwise). */
let decide: Parameters<typeof payerAnswers>[1];

beforeAll(async () => {
  exchangeDir = mkdtempSync(join(tmpdir(), 'eligibility-'));
  process.env.EXCHANGE_DIR = exchangeDir;
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  core = await startCoreServer((q) => payerAnswers(q, decide));
  for (const d of ['outbound', 'inbound']) mkdirSync(join(exchangeDir, String(w.bc), d), { recursive: true });
  account = await availityAccount(app.db, root, w, {
    connection: 'folder',
    outbound_folder: 'outbound',
    inbound_folder: 'inbound',
    realtime_url: core.url,
    realtime_envelope: 'soap',
    realtime_user: 'sunbilling',
    realtime_secret: CORE_PASSWORD,
  });
});
afterAll(async () => {
  await core.stop();
  await app.close();
  if (before === undefined) delete process.env.EXCHANGE_DIR;
  else process.env.EXCHANGE_DIR = before;
});
beforeEach(() => {
  decide = () => ACTIVE_PLAN;
  core.replies.length = 0;
});

const checkRow = async (id: number) =>
  (
    await app.db.query<Record<string, unknown>>(
      `select state, coverage, channel, deductible, deductible_remaining, copay, coinsurance, out_of_pocket_remaining, plan_end::text, error,
              rejections, request_file_id, answer_file_id from eligibility_checks where id = $1`,
      [id],
    )
  ).rows[0];
const setAccount = (values: Record<string, unknown>) =>
  app.db.query(
    `update clearing_house_accounts set ${Object.keys(values)
      .map((k, i) => `${k} = $${i + 2}`)
      .join(', ')} where id = $1`,
    [account, ...Object.values(values)],
  );

/** A read as the signed-in user reads it with Spanish chosen in their profile. */
async function readInSpanish(path: string) {
  await app.db.query("update users set language = 'es' where email = 'root@test.com'");
  return root('GET', path).finally(() =>
    app.db.query("update users set language = 'en' where email = 'root@test.com'"),
  );
}

describe('eligibility asked in real time (CAQH CORE)', () => {
  it('answers at once with the coverage and what the patient will owe, and keeps the answer on the policy', async () => {
    const r = await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy, date_of_service: '12/01/2026' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.channel).toBe('realtime');
    expect(r.body.message).toBe(
      'Active coverage; plan KEY GOLD PPO; ends 12/31/2026; deductible remaining $750.00 of $1,500.00; copay $25.00; coinsurance 20%; out-of-pocket remaining $4,200.50.',
    );
    expect(r.body.check).toMatchObject({ state: 'answered', coverage: 'active', service_date: '12/01/2026' });
    expect(await checkRow(r.body.check.id)).toMatchObject({
      state: 'answered',
      channel: 'realtime',
      coverage: 'active',
      deductible: 150000,
      deductible_remaining: 75000,
      copay: 2500,
      coinsurance: '20',
      out_of_pocket_remaining: 420050,
      plan_end: '2026-12-31',
    });
  });

  it("sends a 270 in the CORE SOAP envelope, signed with the account's user and password, that node-x12 reads", async () => {
    const r = await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy, date_of_service: '12/02/2026' });
    expect(r.status).toBe(200);
    const sent = core.requests.at(-1)!;
    expect(sent).toMatchObject({
      envelope: 'soap',
      user: 'sunbilling',
      password: CORE_PASSWORD,
      fields: {
        PayloadType: 'X12_270_Request_005010X279A1',
        ProcessingMode: 'RealTime',
        SenderID: 'SUN0001',
        ReceiverID: '030240928',
        CORERuleVersion: '2.2.0',
      },
    });
    const tx = theirFirstTransaction(sent.fields.Payload);
    expect(tx.header.elements[0].value).toBe('270');
    const member = tx.segments.find(
      (s: { tag: string; elements: Array<{ value: string }> }) => s.tag === 'NM1' && s.elements[0].value === 'IL',
    );
    expect(member!.elements.map((e: { value: string }) => e.value)).toEqual([
      'IL',
      '1',
      'PEREZ',
      'LUCIA',
      '',
      '',
      '',
      'MI',
      'W123456789',
    ]);
    expect(questionsOf270(sent.fields.Payload)[0]).toMatchObject({
      trace: r.body.check.trace,
      serviceDate: '2026-12-02',
    });
  });

  it('asks in the MIME multipart envelope when the account says so', async () => {
    await setAccount({ realtime_envelope: 'mime' });
    try {
      const r = await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy });
      expect(r.body.check).toMatchObject({ state: 'answered', coverage: 'active' });
      expect(core.requests.at(-1)).toMatchObject({ envelope: 'mime', user: 'sunbilling', password: CORE_PASSWORD });
    } finally {
      await setAccount({ realtime_envelope: 'soap' });
    }
  });

  it("a payer that cannot find the member is said in the payer's words, and the claim is warned at verification", async () => {
    decide = () => ({ rejection: { code: '75', followUp: 'C' } });
    const r = await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy });
    expect(r.body.message).toBe(
      'Coverage not said; the payer says: Subscriber/insured not found (Correct the request and send it again).',
    );
    expect(await checkRow(r.body.check.id)).toMatchObject({ state: 'answered', coverage: 'unknown' });
    const v = await root('POST', '/claim/verify-register', goodClaim(w));
    expect(v.status, JSON.stringify(v.body)).toBe(201);
    expect(JSON.stringify(v.body.warnings ?? v.body)).toContain(
      'whether policy W123456789 is active: Subscriber/insured not found',
    );
  });

  it('an inactive coverage stops the claim at verification with the day the payer said so', async () => {
    decide = () => ({ benefits: [{ code: '6', coverageLevel: 'IND', serviceTypes: ['30'] }] });
    const r = await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy });
    expect(r.body.check.coverage).toBe('inactive');
    const claims = Number((await app.db.query<{ n: string }>('select count(*) as n from claims')).rows[0].n);
    const v = await root('POST', '/claim/verify-register', goodClaim(w));
    expect(v.status).toBe(422);
    expect(v.body.errors.insurance_policy_ids.join(' ')).toMatch(
      /^The payer answered on \d{2}\/\d{2}\/\d{4} that policy W123456789 is not active: ask again, or bill another policy or the patient\./,
    );
    expect(Number((await app.db.query<{ n: string }>('select count(*) as n from claims')).rows[0].n)).toBe(claims);
    // Asked again and found active, the claim passes.
    decide = () => ACTIVE_PLAN;
    await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy });
    expect((await root('POST', '/claim/verify-register', goodClaim(w))).status).toBe(201);
  });

  it('a wrong CORE password is said in words, the check kept as failed and the exchange logged', async () => {
    core.replies.push({ status: 401 });
    const r = await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy });
    expect(r.body.message).toBe('Could not be asked: The clearing house refused the CORE user and password.');
    expect(await checkRow(r.body.check.id)).toMatchObject({
      state: 'failed',
      error: 'The clearing house refused the CORE user and password.',
    });
    const log = await app.db.query<{ result: string; kind: string }>(
      `select result, kind from exchange_files where clearing_house_account_id = $1 order by id desc limit 1`,
      [account],
    );
    expect(log.rows[0]).toEqual({ result: 'send_failed', kind: '270' });
  });

  it('a clearing house busy once (503) is asked again and answers', async () => {
    core.replies.push({ status: 503 });
    const asked = core.requests.length;
    const r = await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy });
    expect(r.body.check.state).toBe('answered');
    expect(core.requests.length - asked).toBe(2);
    expect(core.requests.at(-1)!.fields.PayloadID).not.toBe(core.requests.at(-2)!.fields.PayloadID);
  });

  it('a clearing house that does not answer in time is asked again, then said in the one sentence of no answer', async () => {
    await setAccount({ realtime_timeout_seconds: 1 });
    try {
      core.replies.push({ hold: true }, { hold: true });
      const r = await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy });
      expect(r.body.message).toBe(
        `Could not be asked: The clearing house's real-time service at ${new URL(core.url).host} gave no answer to the question; try again later, or check the account's real-time address.`,
      );
      expect((await checkRow(r.body.check.id)).state).toBe('failed');
    } finally {
      await setAccount({ realtime_timeout_seconds: null });
    }
  });

  it("a CORE error in the envelope is said by its code, never in the server's own words", async () => {
    core.replies.push({ errorCode: 'PayloadIDMissing', errorMessage: 'The PayloadID is required' });
    const r = await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy });
    expect(r.body.message).toBe(
      'Could not be asked: The clearing house could not take the question (CORE error PayloadIDMissing).',
    );
    expect((await checkRow(r.body.check.id)).error).toBe(
      'The clearing house could not take the question (CORE error PayloadIDMissing).',
    );
  });

  it('answers in Spanish to a Spanish reader', async () => {
    await app.db.query("update users set language = 'es' where email = 'root@test.com'");
    const r = await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy }).finally(() =>
      app.db.query("update users set language = 'en' where email = 'root@test.com'"),
    );
    expect(r.body.message).toBe(
      'Cobertura activa; plan KEY GOLD PPO; termina el 12/31/2026; deducible restante $750.00 de $1,500.00; copago $25.00; coaseguro 20%; gasto máximo restante $4,200.50.',
    );
  });

  it("a Spanish reader reads the kept answer's benefits in Spanish (kept in English, the codes untouched)", async () => {
    const asked = await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy });
    const r = await readInSpanish(`/eligibility-check/${asked.body.check.id}`);
    expect(r.body.benefits[1]).toMatchObject({
      code: 'C',
      words: 'Deducible',
      coverage_level: 'Individual',
      service_types: ['Cobertura del plan de salud'],
      period: 'año calendario',
    });
    const kept = await app.db.query<{ benefits: Array<Record<string, unknown>> }>(
      'select benefits from eligibility_checks where id = $1',
      [asked.body.check.id],
    );
    expect(kept.rows[0].benefits[1]).toMatchObject({ words: 'Deductible', period: 'calendar year' });
  });

  it("a Spanish reader reads the payer's reasons for not answering in Spanish", async () => {
    decide = () => ({ rejection: { code: '75', followUp: 'C' } });
    const asked = await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy });
    const r = await readInSpanish(`/eligibility-check/${asked.body.check.id}`);
    expect(r.body.rejections[0]).toMatchObject({
      code: '75',
      words: 'Suscriptor/asegurado no encontrado',
      followUp: 'Corrija la solicitud y envíela de nuevo',
    });
  });

  it("the claim's policies show the payer's latest answer in words", async () => {
    await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy });
    const r = await root('GET', `/claim/get-list-insurance-policies/${w.patient}`);
    const primary = r.body.find((p: { id: number }) => p.id === w.policy);
    expect(primary.eligibility).toMatchObject({ state: 'answered', coverage: 'active' });
    expect(primary.eligibility.words).toContain('copay $25.00');
  });
});

describe('eligibility asked in bulk (270 files through the connection)', () => {
  it('asks many policies in one 270 in the outbound folder; the 271 polled from the inbound folder answers each by its trace', async () => {
    const r = await root('POST', '/insurance-policy/check-eligibility', { ids: [w.policy, w.secondary] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ updated: 2, failed: [] });
    expect(r.body.message).toMatch(/^2 eligibility question\(s\) sent through /);
    const out = join(exchangeDir, String(w.bc), 'outbound');
    const file = readdirSync(out).find((f) => f.endsWith('.270'))!;
    const text = readFileSync(join(out, file), 'latin1');
    const parsed = theirFirstTransaction(text);
    expect(parsed.segments.filter((s: { tag: string }) => s.tag === 'TRN')).toHaveLength(2);
    const questions = questionsOf270(text);
    expect(questions.map((q) => q.subscriber.memberId).sort()).toEqual(['S998877', 'W123456789']);
    const waiting = await app.db.query<{ state: string; channel: string }>(
      `select state, channel from eligibility_checks where trace = any($1::text[])`,
      [questions.map((q) => q.trace)],
    );
    expect(waiting.rows).toEqual([
      { state: 'waiting', channel: 'batch' },
      { state: 'waiting', channel: 'batch' },
    ]);
    // The payer answers: the primary active, the secondary's plan ended.
    writeFileSync(
      join(exchangeDir, String(w.bc), 'inbound', file.replace('.270', '.271')),
      payerAnswers(text, (q) =>
        q.subscriber.memberId === 'S998877'
          ? { benefits: [{ code: '6', coverageLevel: 'IND', serviceTypes: ['30'] }] }
          : ACTIVE_PLAN,
      ),
    );
    const polled = await root('POST', `/clearing-house-account/${account}/poll`);
    expect(polled.status, JSON.stringify(polled.body)).toBe(200);
    const answered = await app.db.query<{ policy: string; state: string; coverage: string; copay: string | null }>(
      `select insurance_policy_id as policy, state, coverage, copay from eligibility_checks where trace = any($1::text[]) order by insurance_policy_id`,
      [questions.map((q) => q.trace)],
    );
    expect(answered.rows.map((x) => ({ ...x, policy: Number(x.policy), copay: x.copay && Number(x.copay) }))).toEqual([
      { policy: w.policy, state: 'answered', coverage: 'active', copay: 2500 },
      { policy: w.secondary, state: 'answered', coverage: 'inactive', copay: null },
    ]);
    const log = await app.db.query<{ kind: string; message: string }>(
      `select kind, message from exchange_files where direction = 'in' order by id desc limit 1`,
    );
    expect(log.rows[0]).toEqual({ kind: '271', message: '2 eligibility answer(s) kept on their policies' });
  });

  it('a policy that cannot be asked says why, and the others go', async () => {
    await app.db.query(
      `update insurance_companies set payer_id = '' where id = (select insurance_company_id from insurance_policies where id = $1)`,
      [w.secondary],
    );
    try {
      const r = await root('POST', '/insurance-policy/check-eligibility', { ids: [w.policy, w.secondary] });
      expect(r.body.updated).toBe(1);
      expect(r.body.failed).toEqual([{ id: w.secondary, error: 'SUN Secondary Mutual has no payer id.' }]);
      const failed = await app.db.query<{ state: string; error: string }>(
        `select state, error from eligibility_checks where insurance_policy_id = $1 order by id desc limit 1`,
        [w.secondary],
      );
      expect(failed.rows[0]).toEqual({ state: 'failed', error: 'SUN Secondary Mutual has no payer id.' });
    } finally {
      await app.db.query(
        `update insurance_companies set payer_id = 'PSUN2' where id = (select insurance_company_id from insurance_policies where id = $1)`,
        [w.secondary],
      );
    }
  });

  it("asks about the billed policy of the claims chosen, on each claim's date of service", async () => {
    const claim = (await root('POST', '/claim/draft', goodClaim(w))).body.id as number;
    const r = await root('POST', '/claim/check-eligibility-many', { ids: [claim], billing_company_id: w.bc });
    expect(r.body).toMatchObject({ updated: 1, failed: [] });
    const row = await app.db.query<{ insurance_policy_id: string; service_date: string; claim_id: string }>(
      `select insurance_policy_id, service_date::text, claim_id from eligibility_checks where claim_id = $1`,
      [claim],
    );
    expect(row.rows.map((x) => [Number(x.insurance_policy_id), x.service_date, Number(x.claim_id)])).toEqual([
      [w.policy, '2026-03-02', claim],
    ]);
  });

  it("asks before the visits of the coming days: an admitted patient's policies in force, not one that has ended", async () => {
    const today = new Date().toISOString().slice(0, 10);
    await app.db.query(
      `insert into admissions (billing_company_id, code, patient_id, company_id, attending_provider_id, program, admission_date, status_id) values ($1, 'ADM-ELG', $2, $3, $5, 'INP', $4::date + 2, 1)`,
      [w.bc, w.patient, w.company, today, w.attending],
    );
    const r = await root('POST', '/eligibility/ask-upcoming', { days_ahead: 3, billing_company_id: w.bc });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The secondary ended in 2024: only the primary is asked, on the day of the admission.
    expect(r.body.updated).toBe(1);
    const asked = await app.db.query<{ insurance_policy_id: string; service_date: string }>(
      `select insurance_policy_id, service_date::text from eligibility_checks order by id desc limit 1`,
    );
    expect(asked.rows.map((x) => [Number(x.insurance_policy_id), x.service_date])).toEqual([
      [w.policy, addDays(today, 2)],
    ]);
  });
});

const addDays = (iso: string, n: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe("the account's eligibility run", () => {
  it("asks again about a claim not yet sent whose policy's last answer is older than the billing company's setting", async () => {
    // Only the claims' rule asks here: the patient admitted in an earlier test has gone home.
    await app.db.query(`update admissions set discharge_date = admission_date where billing_company_id = $1`, [w.bc]);
    await app.db.query('update billing_companies set eligibility_max_age_days = 2 where id = $1', [w.bc]);
    await app.db.query(
      `update eligibility_checks set answered_at = answered_at - interval '3 days' where billing_company_id = $1`,
      [w.bc],
    );
    try {
      const draft = (await root('POST', '/claim/draft', goodClaim(w))).body.id as number;
      expect(draft).toBeGreaterThan(0);
      const r = await root('POST', `/clearing-house-account/${account}/ask-eligibility`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.updated).toBeGreaterThanOrEqual(1);
      const asked = await app.db.query<{ policy: string; day: string; state: string }>(
        `select insurance_policy_id as policy, service_date::text as day, state from eligibility_checks order by id desc limit $1`,
        [r.body.updated],
      );
      expect(asked.rows.map((x) => [Number(x.policy), x.day])).toContainEqual([w.policy, '2026-03-02']);
      // Answered now, within the setting: the next run does not ask about it again.
      const count = async () =>
        Number(
          (
            await app.db.query<{ n: string }>(
              'select count(*) as n from eligibility_checks where insurance_policy_id = $1',
              [w.policy],
            )
          ).rows[0].n,
        );
      const before = await count();
      await root('POST', `/clearing-house-account/${account}/ask-eligibility`);
      expect(await count()).toBe(before);
    } finally {
      await app.db.query('update billing_companies set eligibility_max_age_days = null where id = $1', [w.bc]);
    }
  });
});

describe('who may ask, and bad questions', () => {
  it('a person without the eligibility permission is refused and nothing is asked', async () => {
    await app.createUser({ email: 'front@test.com', roles: ['paymentprocessor'], billingCompanyIds: [w.bc] });
    const poster = app.as(await app.login('front@test.com'));
    const count = async () =>
      Number((await app.db.query<{ n: string }>('select count(*) as n from eligibility_checks')).rows[0].n);
    const n = await count();
    const r = await poster('POST', '/eligibility/ask', { insurance_policy_id: w.policy });
    expect(r.status).toBe(403);
    expect(await count()).toBe(n);
    // Reading the answers is theirs (a poster sees why a payment was refused).
    const list = await poster('GET', `/eligibility-check?insurance_policy_id=${w.policy}`);
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
  });

  it('a collector working denials asks the payers about many claims at once (issue 56 §7)', async () => {
    await app.createUser({ email: 'collector@test.com', roles: ['collector'], billingCompanyIds: [w.bc] });
    const collector = app.as(await app.login('collector@test.com'));
    const claim = (await root('POST', '/claim/draft', goodClaim(w))).body.id as number;
    const r = await collector('POST', '/claim/check-eligibility-many', { ids: [claim] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ updated: 1, failed: [] });
    const asked = await app.db.query('select 1 from eligibility_checks where claim_id = $1', [claim]);
    expect(asked.rows).toHaveLength(1);
  });

  it("another billing company's policy is not found, and nothing is asked", async () => {
    const other = await claimWorld(app.db, 'MOO');
    await app.createUser({ email: 'biller@test.com', roles: ['biller'], billingCompanyIds: [w.bc] });
    const biller = app.as(await app.login('biller@test.com'));
    const sent = core.requests.length;
    const r = await biller('POST', '/eligibility/ask', { insurance_policy_id: other.policy });
    expect(r.status).toBe(404);
    expect(core.requests.length).toBe(sent);
    const bulk = await biller('POST', '/insurance-policy/check-eligibility', { ids: [other.policy] });
    expect(bulk.status).toBe(403);
  });

  it('bad input is refused field by field with the reason', async () => {
    expect((await root('POST', '/eligibility/ask', {})).body.errors).toEqual({
      insurance_policy_id: ['Choose the policies to ask about.'],
    });
    expect(
      (await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy, date_of_service: '2026-12-01' })).status,
    ).toBe(422);
    expect(
      (await root('POST', '/eligibility/ask-upcoming', { days_ahead: 99, billing_company_id: w.bc })).body.errors,
    ).toEqual({
      days_ahead: ['The days ahead must be a whole number from 0 to 60.'],
    });
    expect((await root('POST', '/insurance-policy/check-eligibility', { ids: [] })).body.errors).toEqual({
      ids: ['Choose the policies to ask about.'],
    });
  });
});
