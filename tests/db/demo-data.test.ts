import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_SETUP_TIMEOUT, DEMO_SIZE } from '../helpers/demo-template.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNpi } from '../../src/domain/formats.ts';
import {
  DEMO_PASSWORD,
  DEMO_USERS,
  FEMALE_FIRST,
  MALE_FIRST,
  loadDemoDataIfWanted,
} from '../../dev-server/demo/demo-data.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { validateX12 } from '../helpers/x12-validator.ts';
import { claimsFor837 } from '../../dev-server/claims/claim-837-export.ts';
import { write837I } from '../../src/domain/x12/claim-837i-writer.ts';
import type { Batch837 } from '../../src/domain/x12/claim-837-model.ts';
import { freshDatabase } from '../helpers/test-database.ts';
import { patientBalances } from '../../dev-server/ledger/ledger-balances.ts';
import { patientLedger } from '../../dev-server/ledger/ledger-transactions.ts';
import { translateNote } from '../../dev-server/i18n/locale.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ withDemo: true });
}, DEMO_SETUP_TIMEOUT);
afterAll(() => app.close());
const rows = async (sql: string) => (await app.db.query<Record<string, unknown>>(sql)).rows;

describe('demo data', () => {
  it('every company, facility and professional has a valid NPI', async () => {
    const npis = await rows(
      'select npi from companies union all select npi from facilities union all select npi from health_professionals',
    );
    expect(npis.length).toBe(3 * (4 + 3 + 8));
    expect(npis.every((r) => isNpi(String(r.npi)))).toBe(true);
  });
  it('every patient has exactly one active primary policy with a plan of its own billing company', async () => {
    const bad =
      await rows(`select p.id from patients p where 1 <> (select count(*) from insurance_policies i join insurance_plans pl on pl.id = i.insurance_plan_id
      where i.patient_id = p.id and i.type_responsibility_id = 1 and i.status and pl.billing_company_id = p.billing_company_id)`);
    expect(bad).toEqual([]);
    expect(Number((await rows('select count(*) n from patients'))[0].n)).toBe(3 * DEMO_SIZE.patientsPerBillingCompany);
  });
  it("a demo person's sex follows their first name, patients and professionals alike", async () => {
    const people = await rows(
      'select first_name, sex from patients union all select first_name, sex from health_professionals',
    );
    const wrong = people.filter((p) => !(p.sex === 'F' ? FEMALE_FIRST : MALE_FIRST).includes(String(p.first_name)));
    expect(wrong).toEqual([]);
  });

  it("every demo patient has an SSN that can be no one's (area 900-999), kept only as its hash and last 4", async () => {
    const ssn = await rows('select ssn_hash, ssn_last4 from patients');
    expect(ssn.every((p) => /^[0-9a-f]{64}$/.test(String(p.ssn_hash)) && /^\d{4}$/.test(String(p.ssn_last4)))).toBe(
      true,
    );
  });

  it('brings claims in every status and every sub-status, over the last 18 months', async () => {
    const statuses = await rows('select distinct status_id from claims order by 1');
    expect(statuses.map((r) => r.status_id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const unused = await rows(
      'select s.name from claim_sub_statuses s where not exists (select 1 from claims c where c.sub_status_id = s.id)',
    );
    expect(unused).toEqual([]);
    const [span] = await rows(
      `select min(date_of_service) >= current_date - 549 as recent, max(date_of_service) <= current_date as past, count(*) filter (where format_id = 2) > 0 as institutional from claims`,
    );
    expect(span).toEqual({ recent: true, past: true, institutional: true });
  });
  it("a demo claim's billed amount is the sum of its lines, and its lines point at its diagnoses", async () => {
    const wrong = await rows(
      `select c.id from claims c where c.billed_amount <> (select sum(line_charge) from claim_services s where s.claim_id = c.id)`,
    );
    expect(wrong).toEqual([]);
    const pointers =
      await rows(`select s.id from claim_services s join claims c on c.id = s.claim_id where c.format_id = 1
      and exists (select 1 from jsonb_array_elements_text(s.diagnosis_pointers) p where ascii(p) - 64 > jsonb_array_length(c.diagnoses))`);
    expect(pointers).toEqual([]);
  });
  it("a demo claim's history leads to its status", async () => {
    const wrong = await rows(
      `select c.id from claims c where c.status_id <> (select t.to_state from state_transitions t where t.entity = 'claim' and t.entity_id = c.id order by t.id desc limit 1)`,
    );
    expect(wrong).toEqual([]);
  });
  it("a demo claim's history reads in the order it happened, each step on the day it was taken", async () => {
    const backwards =
      await rows(`select a.entity_id from state_transitions a join state_transitions b on b.entity = a.entity and b.entity_id = a.entity_id and b.id > a.id
      where a.entity = 'claim' and b.created_at < a.created_at limit 5`);
    expect(backwards).toEqual([]);
  });
  it('every note the system wrote into the demo histories reads in Spanish (claims, states, admissions)', async () => {
    const notes = await rows(
      `select distinct note from claim_notes where kind = 'system' and note is not null
       union select distinct note from state_transitions where note is not null and note <> ''
       union select distinct note from admission_notes where kind = 'system' and note is not null`,
    );
    expect(notes.length).toBeGreaterThan(20);
    const english = notes.map((n) => String(n.note)).filter((n) => translateNote(n, 'es') === n);
    expect(english).toEqual([]);
  });

  it("every Approved or Complete demo claim has the money behind it: its payer's remittance, posted", async () => {
    const bare = await rows(
      `select c.id, c.status_id from claims c where c.status_id in (4, 7) and not exists (select 1 from payment_services p where p.claim_id = c.id) order by c.id`,
    );
    expect(bare).toEqual([]);
    // Denied claims carry the payer's denial as a posting too, with the CARC it was denied for; those the payer said it
    // denied when asked where they stand (a 277, its ERA still to come) carry its words instead.
    const deniedBare = await rows(
      `select c.id, c.payer_status from claims c where c.status_id = 6 and not coalesce(c.self_pay, false) and not exists (select 1 from payment_services p where p.claim_id = c.id)`,
    );
    expect(deniedBare.filter((c) => !/^Finalized: denied/.test(String(c.payer_status)))).toEqual([]);
  });

  it('claims whose primary left the patient a share and that carry a second policy are crossed over: refiled, sent again in a batch, paid by the secondary (CLP02 2, CO-23), and nothing is owed by insurance on them', async () => {
    const crossed = await rows(
      `select distinct p.claim_id, c.patient_id from payment_services p join claims c on c.id = p.claim_id where p.paid_as = 'S' and p.claim_status = '2'`,
    );
    expect(crossed.length).toBeGreaterThan(0);
    const ids = crossed.map((x) => Number(x.claim_id));
    const refiled = await rows(
      `select claim_id from claim_refiles where refile_type = 1 and status = 'transmitted' and claim_id = any('{${ids.join(',')}}'::bigint[])`,
    );
    expect(new Set(refiled.map((x) => Number(x.claim_id)))).toEqual(new Set(ids));
    const secondTime = await rows(
      `select entity_id from state_transitions where entity = 'claim' and to_state = 3 and entity_id = any('{${ids.join(',')}}'::bigint[]) group by entity_id having count(*) < 2`,
    );
    expect(secondTime).toEqual([]);
    const restated = await rows(
      `select 1 from payment_services p, jsonb_array_elements(p.adjustments) a where p.paid_as = 'S' and a->>'reason' = '23' limit 1`,
    );
    expect(restated.length).toBe(1);
    for (const c of crossed) {
      const b = (await patientBalances(app.db, [Number(c.patient_id)], Number(c.claim_id))).get(Number(c.patient_id))!;
      expect(b.insurance_balance, `claim ${String(c.claim_id)}`).toBe(0);
      expect(b.patient_balance, `claim ${String(c.claim_id)}`).toBeGreaterThanOrEqual(0);
    }
  });

  it('a few claims are underpaid at first and corrected by the payer: the first payment taken back to the cent and the claim paid again', async () => {
    const corrected = await rows(
      `select r.claim_id, sum(r.paid) as taken from payment_services r join payments y on y.id = r.payment_id where r.reverses_id is not null and r.claim_status = '1' and y.source_id = 2 group by r.claim_id`,
    );
    expect(corrected.length).toBeGreaterThan(0);
    for (const c of corrected) {
      const live = await rows(
        `select coalesce(sum(p.paid), 0) as paid, bool_and(p.reverses_id is null) as plain from payment_services p where p.claim_id = ${Number(c.claim_id)} and p.reverses_id is null and not exists (select 1 from payment_services x where x.reverses_id = p.id)`,
      );
      expect(Number(live[0].paid)).toBeGreaterThan(-Number(c.taken));
      expect(Number((await rows(`select status_id from claims where id = ${Number(c.claim_id)}`))[0].status_id)).toBe(
        7,
      );
    }
  });

  it("the payers' short payments are in the underpayment worklist: the corrected ones recovered, the rest open to the cent", async () => {
    const variances = await rows(
      `select u.status_id, u.kind_id, u.variance, u.expected, u.allowed, cs.expected_allowed,
              (select sum(case when coalesce(p.allowed, 0) <> 0 then p.allowed else p.paid + coalesce(p.patient_responsibility, 0) end)
                 from payment_services p where p.id = u.payment_service_id) as posted_allowed
         from underpayments u join claim_services cs on cs.id = u.claim_service_id`,
    );
    const open = variances.filter((v) => Number(v.status_id) === 1);
    const recovered = variances.filter((v) => Number(v.status_id) === 3);
    expect(open.length).toBeGreaterThan(0);
    expect(recovered.length).toBeGreaterThan(0);
    for (const v of variances) {
      expect(Number(v.expected)).toBe(Number(v.expected_allowed));
      expect(Number(v.allowed)).toBe(Number(v.posted_allowed));
      expect(Number(v.variance)).toBe(Math.abs(Number(v.expected) - Number(v.allowed)));
      expect(Number(v.variance)).toBeGreaterThan(100);
    }
  });

  it('every demo clinic has its payer contracts (the commercial ones with an imported fee schedule), and every verified claim billed to a payer is priced by one', async () => {
    const unpriced = await rows(
      `select count(*) as n from claims c join claim_services cs on cs.claim_id = c.id
        where c.status_id <> 1 and c.verified and not c.self_pay and cs.expected_allowed is null`,
    );
    expect(Number(unpriced[0].n)).toBe(0);
    expect(Number((await rows('select count(*) as n from contracts'))[0].n)).toBeGreaterThan(0);
    // The commercial payers' contracts carry an Exhibit B imported from a spreadsheet, whose amounts price their lines.
    const exhibits = await rows(
      `select count(distinct r.contract_id) as contracts, count(*) as lines,
              (select count(*) from claim_services cs join contract_rates x on x.contract_id = cs.expected_contract_id
                 and x.procedure_code = cs.procedure_code and cs.days_or_units = '1' and cs.expected_allowed = x.amount) as priced_by_them,
              (select count(*) from audits where entity = 'contract' and event = 'fee_schedule_imported') as imports
         from contract_rates r`,
    );
    expect(Number(exhibits[0].contracts)).toBeGreaterThan(0);
    expect(Number(exhibits[0].imports)).toBe(Number(exhibits[0].contracts));
    expect(Number(exhibits[0].priced_by_them)).toBeGreaterThan(0);
  });

  it('the KPI dashboard reads like a real billing company: days in A/R 30–50, net collection 95–99 %, first-pass resolution 85–95 %, 95–100 % collected against contracts, 1–5 % of lines underpaid', async () => {
    await app.createUser({ email: 'kpi@demo-check.test', roles: ['superuser'] });
    const root = app.as(await app.login('kpi@demo-check.test'));
    const k = (await root('GET', '/reports/kpis')).body;
    const read = `days in A/R ${k.days_in_ar.value}, net collection ${k.net_collection_rate.bp / 100} %, first pass ${k.first_pass_resolution.bp / 100} %, against contracts ${k.contract_collection_rate.bp / 100} %, underpaid ${k.underpayment_rate.bp / 100} %`;
    expect(k.days_in_ar.value, read).toBeGreaterThanOrEqual(30);
    expect(k.days_in_ar.value, read).toBeLessThanOrEqual(50);
    expect(k.net_collection_rate.bp, read).toBeGreaterThanOrEqual(9500);
    expect(k.net_collection_rate.bp, read).toBeLessThanOrEqual(9900);
    expect(k.first_pass_resolution.bp, read).toBeGreaterThanOrEqual(8500);
    expect(k.first_pass_resolution.bp, read).toBeLessThanOrEqual(9500);
    expect(k.contract_collection_rate.bp, read).toBeGreaterThanOrEqual(9500);
    expect(k.contract_collection_rate.bp, read).toBeLessThanOrEqual(10000);
    expect(k.underpayment_rate.bp, read).toBeGreaterThanOrEqual(100);
    expect(k.underpayment_rate.bp, read).toBeLessThanOrEqual(500);
  });

  it('a Billing Manager sees the demo claims of the first billing company in the claim list', async () => {
    const bm = app.as(await app.login('billingmanager@demo.test', DEMO_PASSWORD));
    const list = await bm('GET', '/claim/get-all-server?itemsPerPage=5&sortBy=date_of_service&sortDesc=true');
    expect(list.body.count).toBeGreaterThan(100);
    const shown = await bm('GET', `/claim/${list.body.data[0].id}`);
    expect(shown.body.services.length).toBeGreaterThan(0);
  });

  it("a Billing Manager sends the demo's electronic batch on the first start: the 837 lands in the account's folder and its claims are Submitted", async () => {
    process.env.EXCHANGE_DIR = mkdtempSync(join(tmpdir(), 'demo-exchange-'));
    try {
      const bm = app.as(await app.login('billingmanager@demo.test', DEMO_PASSWORD));
      const batches = (await bm('GET', '/claim/batch/get-all-server?status_id=3')).body.data as Array<{
        id: number;
        transmission: string;
        claim_ids: number[];
      }>;
      // A small demo may have too few ready claims for a paper batch as well.
      expect(batches.map((b) => b.transmission)).toContain('E');
      const electronic = batches.find((b) => b.transmission === 'E')!;
      const sent = await bm('PATCH', `/claim/batch/submit-to-clearing-house/${electronic.id}`);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
      const folder = readdirSync(process.env.EXCHANGE_DIR, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.837'));
      // Under the billing company's own root: EXCHANGE_DIR/<billing company id>/outbound.
      expect(folder).toEqual([expect.stringMatching(/^\d+\/outbound\/[^/]+\.837$/)]);
      const statuses = await app.db.query<{ status_id: number }>(
        'select distinct status_id from claims where id = any($1::bigint[])',
        [electronic.claim_ids],
      );
      expect(statuses.rows).toEqual([{ status_id: 3 }]);
    } finally {
      delete process.env.EXCHANGE_DIR;
    }
  });

  it('every demo claim a payer has seen went through a batch: sent as an 837, answered by the clearing house with a 999 and a 277CA', async () => {
    const unsent = await rows(`select c.id from claims c where c.status_id >= 3
      and not exists (select 1 from claim_batches b where b.claim_ids @> to_jsonb(c.id) and b.status_id in (1, 2) and b.file_id is not null)`);
    expect(unsent).toEqual([]);
    // The history's batches are Completed: the clearing house answered every claim, once with a 999 and once with a 277CA.
    const completed = Number((await rows('select count(*)::int as n from claim_batches where status_id = 1'))[0].n);
    expect(completed).toBeGreaterThan(100);
    const answers = await rows(
      `select kind, count(*)::int as n from exchange_files where direction = 'in' and kind in ('999', '277CA') group by kind order by kind`,
    );
    expect(answers).toEqual([
      { kind: '277CA', n: completed },
      { kind: '999', n: completed },
    ]);
  });

  it("this morning's eligibility run went out as a 270 through each billing company's account and its 271 was taken in", async () => {
    const files = await rows(
      `select billing_company_id as bc, direction, kind, result from exchange_files where kind in ('270', '271') order by billing_company_id, direction desc`,
    );
    expect(files.length).toBe(6);
    expect(files.map((f) => `${f.direction}:${f.kind}:${f.result}`)).toEqual(
      Array(3).fill(['out:270:sent', 'in:271:applied']).flat(),
    );
    // Most coverages active with what the patient owes; some ended; a few members the payer could not find.
    const checks = await rows(
      `select coverage, count(*)::int as n, count(copay)::int as with_copay, count(deductible_remaining)::int as with_deductible
         from eligibility_checks where state = 'answered' group by coverage order by coverage`,
    );
    const of = (c: string) => checks.find((x) => x.coverage === c) ?? { n: 0 };
    expect(Number(of('active').n)).toBeGreaterThan(20);
    expect(of('active')).toMatchObject({ with_copay: of('active').n, with_deductible: of('active').n });
    // What remains of a deductible is part of it (in cents, as the 271 said it in dollars), never 100 times more.
    expect(
      await rows(
        `select id, deductible, deductible_remaining from eligibility_checks
          where deductible_remaining > deductible or deductible > 1000000 or copay > 20000`,
      ),
    ).toEqual([]);
    expect(Number(of('inactive').n)).toBeGreaterThan(0);
    expect(Number(of('unknown').n)).toBeGreaterThan(0);
    expect(await rows(`select id from eligibility_checks where state <> 'answered'`)).toEqual([]);
  });

  it("last week's claim-status run asked the overdue claims in 276s and took the payers' 277s in: denials moved, the rest said, some unanswered", async () => {
    const files = await rows(
      `select direction, kind, result, count(*)::int as n from exchange_files where kind in ('276', '277') group by 1, 2, 3 order by 1 desc, 2`,
    );
    expect(files.map((f) => `${f.direction}:${f.kind}:${f.result}`)).toEqual(['out:276:sent', 'in:277:applied']);
    const asked = await rows(
      `select c.status_id, c.payer_status from claims c where c.status_asked_at is not null order by c.id`,
    );
    const said = asked.filter((c) => c.payer_status !== null).map((c) => String(c.payer_status));
    expect(said.length).toBeGreaterThan(5);
    expect(said.some((w) => /^Pending: in process/.test(w))).toBe(true);
    expect(asked.filter((c) => c.status_id === 6).every((c) => /^Finalized: denied/.test(String(c.payer_status)))).toBe(
      true,
    );
    expect(asked.some((c) => c.status_id === 6)).toBe(true);
    // Claims the payer has not answered stay Submitted, for follow-up.
    expect(asked.some((c) => c.status_id === 3 && c.payer_status === null)).toBe(true);
  });

  it('a demo claim is sent after its service and before today, on the day its first batch went out', async () => {
    const odd =
      await rows(`select c.id from claims c join lateral (select min(b.shipping_date) as first from claim_batches b where b.claim_ids @> to_jsonb(c.id) and b.status_id = 1) b on b.first is not null
      where c.first_submitted_at <= c.date_of_service or c.first_submitted_at > current_date or c.first_submitted_at <> b.first::date`);
    expect(odd).toEqual([]);
  });

  it('each demo billing company has closed its books through a month two or more months past, audited; the first by its billing manager', async () => {
    const closes = await rows(
      `select b.billing_company_id, to_char(b.closed_through, 'YYYY-MM-DD') as through,
              (select ro.slug from user_roles ur join roles ro on ro.id = ur.role_id where ur.user_id = b.user_id limit 1) as by,
              exists (select 1 from audits a where a.entity = 'books_close' and a.event = 'books_closed' and a.entity_id = b.id) as audited
         from books_closes b where b.action = 'close' order by b.billing_company_id`,
    );
    expect(closes.map((c) => c.audited)).toEqual([true, true, true]);
    expect(closes[0].by).toBe('billingmanager');
    const twoMonthsAgo = new Date();
    twoMonthsAgo.setUTCDate(1);
    twoMonthsAgo.setUTCMonth(twoMonthsAgo.getUTCMonth() - 1);
    for (const c of closes) expect(String(c.through) < twoMonthsAgo.toISOString().slice(0, 10)).toBe(true);
  });

  it("once the history is made, every demo account is answered by the demo's clearing house", async () => {
    const accounts = await rows('select demo_answers from clearing_house_accounts order by id');
    expect(accounts.map((a) => a.demo_answers)).toEqual([true, true, true]);
  });

  it("the demo's posters closed every batch of a past day whose money was all distributed", async () => {
    // The demo's today is its last posting day, not the clock's: the suite may run past midnight of the day it was made.
    const open = await rows(
      `select id from payment_batches where status_id = 1 and amount = coalesce(distributed, 0)
          and posting_date < (select max(posting_date) from payment_batches)`,
    );
    expect(open).toEqual([]);
  });

  it('no demo payment or ledger entry is dated after today, whatever the hour the demo was made', async () => {
    const later = await rows(
      `select 'payment' as what, id from payments where payment_date > current_date
       union all select 'ledger entry', id from ledger_entries where entry_date > current_date`,
    );
    expect(later).toEqual([]);
  });

  it("the clearing house's rejections are on the demo's Rejected claims in words, and no such claim reached a payer", async () => {
    const rejected =
      (await rows(`select c.id, (select t.note from state_transitions t where t.entity = 'claim' and t.entity_id = c.id and t.to_state = 5 order by t.id desc limit 1) as note,
        exists (select 1 from payment_services p where p.claim_id = c.id) as paid from claims c where c.status_id = 5`)) as Array<{
        note: string;
        paid: boolean;
      }>;
    expect(rejected.length).toBeGreaterThan(5);
    for (const c of rejected) {
      expect(c.note).toMatch(/^Rejected by the clearing house \(277CA\): /);
      expect(c.paid).toBe(false);
    }
  });

  it("brings admissions: patients in rooms now (never beyond a room's capacity), stays waiting to be billed, and billed stays linked to their claims both ways", async () => {
    const byStatus = await rows(
      'select status_id, count(*)::int as n from admissions group by status_id order by status_id',
    );
    expect(byStatus.map((x) => x.status_id)).toEqual([1, 2, 3]);
    const over =
      await rows(`select u.id from units u, jsonb_array_elements(u.rooms) r where (select count(*) from admissions a where a.unit_id = u.id and a.room = r->>'code' and a.status_id = 1) > (r->>'capacity')::int
      or coalesce((r->>'ocupation')::int, -1) <> (select count(*) from admissions a where a.unit_id = u.id and a.room = r->>'code' and a.status_id = 1)`);
    expect(over).toEqual([]);
    expect(
      await rows(
        'select a.id from admissions a left join claims c on c.id = a.claim_id where a.status_id = 3 and (c.id is null or c.admission_id is distinct from a.id)',
      ),
    ).toEqual([]);
  });

  it('every demo stay waiting to be billed is transferred to billing: its claim verifies and its 837I passes the validator', async () => {
    // The test database holds no code sets: the stays' diagnoses are put in, as the bundled ICD-10-CM release has them.
    await app.db
      .query(`insert into diagnoses (code, description, start_date) select c, c, '2015-10-01' from (select distinct d->>'code' as c from admissions a, jsonb_array_elements(a.diagnoses) d where a.status_id = 2) x
      where not exists (select 1 from diagnoses where code = c)`);
    await app.createUser({ email: 'stays@demo-check.test', roles: ['superuser'] });
    const root = app.as(await app.login('stays@demo-check.test'));
    const stays = (await rows(
      'select id, billing_company_id from admissions where status_id = 2 order by id',
    )) as Array<{ id: number; billing_company_id: number }>;
    expect(stays.length).toBe(45);
    for (const stay of stays) {
      const r = await root('POST', `/admission/${stay.id}/transfer-to-billing`);
      expect(r.status, `admission ${stay.id}: ${JSON.stringify(r.body)}`).toBe(200);
    }
    const claims = (await rows(
      `select c.id, c.billing_company_id, c.verified, c.status_id from claims c join admissions a on a.claim_id = c.id where a.id = any('{${stays.map((x) => x.id).join(',')}}'::bigint[])`,
    )) as Array<{ id: number; billing_company_id: number; verified: boolean; status_id: number }>;
    expect(claims.map((c) => [c.verified, c.status_id])).toEqual(stays.map(() => [true, 2]));
    const texts: Record<string, string> = {};
    for (const bc of [...new Set(claims.map((c) => Number(c.billing_company_id)))]) {
      const { institutional } = await claimsFor837(
        app.db,
        bc,
        claims.filter((c) => Number(c.billing_company_id) === bc).map((c) => Number(c.id)),
      );
      texts[`stays-${bc}.837`] = write837I({
        submitter: { name: 'DEMO BILLING', id: 'SUB01', contactName: 'BILLING OFFICE', phone: '3055552222' },
        receiver: { name: 'AVAILITY', id: '030240928' },
        interchange: { senderId: 'SUB01', receiverId: '030240928', control: 9000 + bc, usage: 'T', date: new Date() },
        claims: institutional.map(({ id: _id, ...c }) => c),
      } as Batch837<never>);
    }
    const checked = await validateX12(texts);
    expect(checked.output.split('\n').filter((l) => !/: OK$/.test(l) && l.trim())).toEqual([]);
    expect(checked.ok).toBe(true);
  });

  it('brings payments: a posted ERA in a closed batch (claims Approved, one Denied with its CARC), a check waiting to be distributed over its attached claims, a patient paying the coinsurance', async () => {
    const bc = Number((await rows('select min(id) as id from billing_companies'))[0].id);
    // Today's remittance (the payers' earlier ones are the history's, tested below).
    const posted = await rows(
      `select b.status_id, e.status, e.posted_amount, b.close_date, e.id from era_files e join payment_batches b on b.era_file_id = e.id where e.billing_company_id = ${bc} and e.name like '%remittance-1.835'`,
    );
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ status_id: 2, status: 'posted' });
    const outcomes = await rows(
      `select c.status_id, count(*)::int as n from claims c where c.id in (select claim_id from payment_services p join payments y on y.id = p.payment_id where y.era_file_id = ${posted[0].id}) group by c.status_id order by c.status_id`,
    );
    expect(outcomes.filter((o) => ![4, 6, 7].includes(Number(o.status_id)))).toEqual([]);
    expect(outcomes.find((o) => o.status_id === 6)?.n).toBe(1);
    const denied = await rows(
      `select n.details->'carc' as carc from claim_notes n join claims c on c.id = n.claim_id where c.billing_company_id = ${bc} and c.status_id = 6 and n.details ? 'carc'`,
    );
    expect(denied.map((d) => d.carc)).toContainEqual(['CO-50']);
    const check = await rows(
      `select y.amount, y.distributed, (select count(*)::int from payment_claims pc where pc.payment_id = y.id) as claims from payments y where y.billing_company_id = ${bc} and y.method_id = 3 and y.source_id <> 1`,
    );
    expect(check.map((c) => [Number(c.amount) > 0, Number(c.distributed ?? 0), c.claims])).toEqual([
      [true, 0, check[0].claims],
    ]);
    expect(Number(check[0].claims)).toBeGreaterThan(0);
    expect(
      await rows(
        `select amount from payments where billing_company_id = ${bc} and source_id = 1 and reference = 'FRONT DESK'`,
      ),
    ).toHaveLength(1);
  });

  it("a Billing Manager processes the demo's waiting ERA: its claims post and the one that is not ours waits in the exception queue", async () => {
    const bm = app.as(await app.login('billingmanager@demo.test', DEMO_PASSWORD));
    // Today's second remittance, waiting to be processed (the history's are all posted).
    const era = (
      await rows(
        `select id from era_files where status = 'new' and billing_company_id = (select min(id) from billing_companies)`,
      )
    )[0] as { id: number };
    const r = await bm('POST', '/payments/eras/process', { id: era.id });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.exceptions).toBe(1);
    expect(r.body.posted_claims).toBeGreaterThan(0);
    const x = await rows(`select reason from era_exceptions where era_file_id = ${era.id}`);
    expect(x).toEqual([{ reason: 'claim_not_found' }]);
  });

  it("brings a denial worklist: denied claims with their CARC and follow-ups, calls recorded, the demo collector's share assigned", async () => {
    const collector = app.as(await app.login('collector@demo.test', DEMO_PASSWORD));
    const list = await collector('GET', '/denial/get-all-server?status_id=6');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.count).toBeGreaterThan(0);
    expect(
      list.body.data.every(
        (c: { denial_codes: unknown[]; denied_at: string }) =>
          c.denial_codes.length > 0 && /^\d{2}\/\d{2}\/\d{4}$/.test(c.denied_at),
      ),
    ).toBe(true);
    const me = (await collector('GET', '/auth/me')).body;
    const mine = await collector('GET', `/denial/get-all-server?assigned_user_id=${me.id ?? me.user?.id}`);
    expect(mine.body.count).toBeGreaterThan(0);
    const tracked = await rows(
      'select t.claim_id, n.note = t.tracking_note as same from denial_trackings t join claim_notes n on n.id = t.claim_note_id',
    );
    expect(tracked.length).toBeGreaterThan(0);
    expect(tracked.every((t) => t.same === true)).toBe(true);
  });

  it("the demo collector starts with their saved worklist filters, and 'Denied over $500' finds only such denials", async () => {
    const collector = app.as(await app.login('collector@demo.test', DEMO_PASSWORD));
    const saved = (await collector('GET', '/saved-filters?entity=denial')).body as Array<{
      name: string;
      filters: Record<string, string | number>;
    }>;
    expect(saved.map((f) => f.name)).toEqual(['Denied over $500', 'My follow-ups due']);
    const big = saved[0].filters;
    const list = await collector(
      'GET',
      `/denial/get-all-server?${new URLSearchParams(Object.entries(big).map(([k, v]) => [k, String(v)]))}`,
    );
    expect(list.body.count).toBeGreaterThan(0);
    expect(
      list.body.data.every(
        (c: { billed_amount: number; status_id: number }) => c.billed_amount >= 50000 && c.status_id === 6,
      ),
    ).toBe(true);
    const underpaid = (await collector('GET', '/saved-filters?entity=underpayment')).body as Array<{
      name: string;
      filters: Record<string, string | number>;
    }>;
    expect(underpaid.map((f) => f.name)).toEqual(['Underpaid, still open']);
    const open = await collector(
      'GET',
      `/underpayment?${new URLSearchParams(Object.entries(underpaid[0].filters).map(([k, v]) => [k, String(v)]))}`,
    );
    expect(open.body.count).toBeGreaterThan(0);
    expect(
      open.body.data.every((v: { status_id: number; kind_id: number }) => v.status_id === 1 && v.kind_id === 1),
    ).toBe(true);
  });

  it('a demo user per default role signs in with the demo password', async () => {
    for (const u of DEMO_USERS) expect(typeof (await app.login(u.email, DEMO_PASSWORD))).toBe('string');
  });
  it('a Billing Manager of the demo sees only the first billing company', async () => {
    const bm = app.as(await app.login('billingmanager@demo.test', DEMO_PASSWORD));
    const list = await bm('GET', '/patient?itemsPerPage=100');
    expect(list.body.count).toBe(DEMO_SIZE.patientsPerBillingCompany);
    expect(new Set(list.body.data.map((p: { billing_company_id: number }) => p.billing_company_id)).size).toBe(1);
  });
  it("every patient's ledger reconciles with the claims and payments it comes from", async () => {
    const patients = (await rows('select distinct patient_id as id from claims order by 1')).map((r) => Number(r.id));
    const balances = await patientBalances(app.db, patients);
    const charges = new Map(
      (
        await rows(
          'select c.patient_id, sum(s.line_charge) as n from claims c join claim_services s on s.claim_id = c.id group by 1',
        )
      ).map((r) => [Number(r.patient_id), Number(r.n)]),
    );
    const paid = new Map(
      (
        await rows(
          'select c.patient_id, sum(p.paid) as n from claims c join payment_services p on p.claim_id = c.id join payments y on y.id = p.payment_id where y.source_id <> 1 group by 1',
        )
      ).map((r) => [Number(r.patient_id), Number(r.n)]),
    );
    const wrong: unknown[] = [];
    for (const id of patients) {
      const b = balances.get(id)!;
      const last = (await patientLedger(app.db, id)).at(-1)!;
      if (
        b.charges !== (charges.get(id) ?? 0) ||
        b.insurance_paid !== (paid.get(id) ?? 0) ||
        last.insurance_balance !== b.insurance_balance ||
        last.patient_balance !== b.patient_balance
      )
        wrong.push({ id, b, last });
    }
    expect(wrong).toEqual([]);
    expect(patients.length).toBeGreaterThan(100);
    expect([...balances.values()].some((b) => b.insurance_paid > 0 && b.patient_responsibility > 0)).toBe(true);
  });
  it("every demo claim's Paid by insurance, Patient paid and Balance are its ledger's figures for that claim", async () => {
    // The claims with money moved on them (payments, reversals, write-offs), and as many without.
    const claims = await rows(
      `(select id, patient_id, insurance_paid, patient_paid, balance from claims c
         where exists (select 1 from payment_services p where p.claim_id = c.id)
            or exists (select 1 from ledger_entries e where e.claim_id = c.id) order by id limit 300)
       union all (select id, patient_id, insurance_paid, patient_paid, balance from claims order by id desc limit 100)`,
    );
    const wrong: unknown[] = [];
    for (const c of claims) {
      const b = (await patientBalances(app.db, [Number(c.patient_id)], Number(c.id))).get(Number(c.patient_id))!;
      const stored = [c.insurance_paid, c.patient_paid, c.balance].map(Number);
      if (stored.join() !== [b.insurance_paid, b.patient_paid, b.balance].join())
        wrong.push({ claim: c.id, stored, b });
    }
    expect(wrong).toEqual([]);
    expect(claims.some((c) => Number(c.insurance_paid) > 0 && Number(c.balance) > 0)).toBe(true);
    expect(claims.some((c) => Number(c.patient_paid) > 0)).toBe(true);
  });
  it('the demo ledger has statements given out and a denied claim written off', async () => {
    expect(Number((await rows('select count(*) n from patient_statements where sequence = 2'))[0].n)).toBeGreaterThan(
      0,
    );
    expect(
      Number(
        (
          await rows(
            "select count(*) n from ledger_entries where kind = 'write_off' and reason = 'timely_filing' and responsibility = 'insurance'",
          )
        )[0].n,
      ),
    ).toBeGreaterThan(0);
  });
  it("each billing company has a client practice's claim files: yesterday's imported, this morning's waiting to be looked at", async () => {
    const files = await rows(
      `select billing_company_id, status, claims, imported, waiting from claim_files order by billing_company_id, id`,
    );
    const companies = await rows('select id from billing_companies order by id');
    expect(files.length).toBe(2 * companies.length);
    for (const [i] of companies.entries()) {
      const [yesterday, today] = files.slice(2 * i, 2 * i + 2);
      // Ten visits, one with a code the code list lacks, one for a payer not set up: all made but the last.
      expect(yesterday).toMatchObject({ status: 'partly', claims: 12, imported: 11, waiting: 1 });
      expect(today).toMatchObject({ status: 'previewed', claims: 4, imported: 0 });
    }
    const waiting = await rows(`select findings from claim_file_claims where outcome = 'waiting'`);
    expect(waiting.map((w) => JSON.stringify(w.findings))).toEqual(
      companies.map(() => expect.stringContaining('"payer_id":"GCWT1"')),
    );
    // A claim the product refuses is a draft that says why on itself (the unlisted code among its findings).
    const unlisted = await rows(
      `select c.status_id, n.note from claim_file_claims f join claims c on c.id = f.claim_id
         join claim_notes n on n.claim_id = c.id where f.outcome = 'draft' and n.note like '%99429%'`,
    );
    expect(unlisted.length).toBe(companies.length);
    expect(unlisted.every((c) => Number(c.status_id) === CLAIM_STATUS.DRAFT)).toBe(true);
    const imported = await rows(
      `select c.status_id from claim_file_claims f join claims c on c.id = f.claim_id where f.outcome = 'imported'`,
    );
    expect(imported.every((c) => Number(c.status_id) === CLAIM_STATUS.NOT_SUBMITTED)).toBe(true);
  });
  it('is not loaded again on a database that has data', async () => {
    const logged: string[] = [];
    await loadDemoDataIfWanted(app.db, {}, (l) => logged.push(l));
    expect(logged).toEqual([]);
  });
  it('an empty embedded database gets it; a PostgreSQL server only when asked; DEMO_DATA=0 never', async () => {
    const db = await freshDatabase();
    const count = async () =>
      Number((await db.query<{ n: string }>('select count(*) n from billing_companies')).rows[0].n);
    await loadDemoDataIfWanted(db, { DATABASE_URL: 'postgres://elsewhere' }, () => undefined);
    await loadDemoDataIfWanted(db, { DEMO_DATA: '0' }, () => undefined);
    expect(await count()).toBe(0);
    await loadDemoDataIfWanted(db, { DEMO_PATIENTS: '5' }, () => undefined);
    expect(await count()).toBe(3);
    await db.close();
  });
});
