import { readFileSync } from 'node:fs';
import type { Database } from '../../dev-server/db/database.ts';
import type { Api } from './test-app.ts';
import { fixturePayments } from './era-fixture-claims.ts';
import type { ClaimWorld } from './claim-fixtures.ts';
import { npiFrom } from '../../src/domain/formats.ts';

/**
 * The world an 835 answers, as if we had billed its payer for its payee: each payee (N1*PE NPI or tax
 * id) is a billing provider of the billing company, and the patient has a policy with each payer
 * (its name and id as the 835 writes them). Answers the policy of the file's first payer.
 */
export async function eraPolicy(db: Database, w: ClaimWorld, text: string): Promise<number> {
  const policies: number[] = [];
  for (const r of fixturePayments(text)) {
    const { npi, taxId, name } = r.payee;
    const known = await db.query(
      `select 1 from companies where billing_company_id = $1 and (npi = $2 or ein = $3 or tax_id = $3)`,
      [w.bc, npi ?? '', taxId ?? ''],
    );
    if (!known.rows.length && (npi || taxId)) {
      await db.query(
        `insert into companies (billing_company_id, code, name, abbreviation, npi, ein, taxonomy, address, city, state, zip) values ($1, $2, $3, 'PAYEE', $4, $5, '261QP2300X', '1 Payee Way', 'Miami', 'FL', '331012204')`,
        [
          w.bc,
          `PE-${npi ?? taxId}`.slice(0, 20),
          (name ?? 'Payee').slice(0, 50),
          npi ?? npiFrom(`1${(taxId ?? '').replace(/\D/g, '').padEnd(8, '0').slice(0, 8)}`),
          taxId ?? null,
        ],
      );
    }
    const payerId = (r.payer.id ?? r.originator ?? r.payer.name ?? 'ERA').replace(/[^A-Za-z0-9]/g, '').slice(0, 15);
    const payer = Number(
      (
        await db.query<{ id: string }>(
          `with found as (select id from insurance_companies where upper(name) = upper($2) or payer_id = $1 limit 1),
            made as (insert into insurance_companies (payer_id, code, name, timely_filing_days) select $1, $1, $2, 90 where not exists (select 1 from found) returning id)
       select id from found union all select id from made`,
          [payerId, r.payer.name ?? payerId],
        )
      ).rows[0].id,
    );
    const policy =
      (
        await db.query<{ id: string }>(
          `select id from insurance_policies where billing_company_id = $1 and patient_id = $2 and insurance_company_id = $3 limit 1`,
          [w.bc, w.patient, payer],
        )
      ).rows[0]?.id ??
      (
        await db.query<{ id: string }>(
          `with plan as (insert into insurance_plans (billing_company_id, insurance_company_id, code, name) values ($1, $3, $4, 'ERA plan') returning id)
         insert into insurance_policies (billing_company_id, patient_id, insurance_company_id, insurance_plan_id, policy_number, type_responsibility_id, eff_date)
         select $1, $2, $3, plan.id, 'ERA123456', 1, '2020-01-01' from plan returning id`,
          [w.bc, w.patient, payer, `ERA-${payer}`],
        )
      ).rows[0].id;
    policies.push(Number(policy));
  }
  return policies[0] ?? w.policy;
}

/**
 * The claims an 835 pays, as if we had sent them: one Submitted claim per CLP with our claim number
 * = CLP01 and the charge of CLP03, and one line per SVC (procedure or revenue code, charge, date),
 * billed to the 835's payer (eraPolicy). Written by SQL: what is tested is the posting, not the claim screens.
 */
export async function claimsForEra(
  db: Database,
  w: ClaimWorld,
  text: string,
  skip: string[] = [],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const policy = await eraPolicy(db, w, text);
  for (const payment of fixturePayments(text)) {
    for (const c of payment.claims) {
      if (skip.includes(c.control) || out.has(c.control)) continue;
      const dos =
        c.lines.flatMap((l) => l.dates).find((d) => d.qualifier === '472')?.date ??
        c.dates.find((d) => d.qualifier === '232')?.date ??
        '2026-03-02';
      const iso = dos;
      const id = Number(
        (
          await db.query<{ id: string }>(
            `insert into claims (billing_company_id, code, format_id, patient_id, patient_name, company_id, attending_provider_id, status_id, verified, date_of_service, billed_amount, amount_paid, self_pay, insurance_policy_ids, diagnoses, frequency)
         values ($1, $2, $3, $4, 'Lucia Perez', $5, $6, 3, true, $7, $8, 0, false, $9, '[{"code": "E11.9"}]', '1') returning id`,
            [
              w.bc,
              c.control,
              c.lines.some((l) => l.qualifier === 'NU') || !c.lines.length ? 2 : 1,
              w.patient,
              w.company,
              w.attending,
              iso,
              c.charge,
              JSON.stringify([policy]),
            ],
          )
        ).rows[0].id,
      );
      let n = 0;
      for (const l of c.lines) {
        const date = l.dates.find((d) => d.qualifier === '472')?.date ?? dos;
        await db.query(
          `insert into claim_services (billing_company_id, claim_id, line_number, from_service, to_service, procedure_code, revenue_code, days_or_units, price, line_charge)
           values ($1, $2, $3, $4, $4, $5, $6, $7, $8, $8)`,
          [w.bc, id, ++n, date, l.code, l.revenue, l.units, l.charge],
        );
      }
      out.set(c.control, id);
    }
  }
  return out;
}

/** The same for a large ERA, in two statements: one Submitted claim per CLP and its lines. */
export async function bulkClaimsForEra(db: Database, w: ClaimWorld, text: string): Promise<number> {
  const r = fixturePayments(text)[0];
  const policy = await eraPolicy(db, w, text);
  const ids = (
    await db.query<{ id: string; code: string }>(
      `insert into claims (billing_company_id, code, format_id, patient_id, patient_name, company_id, attending_provider_id, status_id, verified, date_of_service, billed_amount, amount_paid, self_pay, insurance_policy_ids, diagnoses, frequency)
     select $1, x.code, 1, $2, 'Lucia Perez', $3, $4, 3, true, '2025-01-15', x.charge, 0, false, $6::jsonb, '[{"code": "J06.9"}]', '1' from jsonb_to_recordset($5::jsonb) as x(code text, charge bigint) returning id, code`,
      [
        w.bc,
        w.patient,
        w.company,
        w.attending,
        JSON.stringify(r.claims.map((c) => ({ code: c.control, charge: c.charge }))),
        JSON.stringify([policy]),
      ],
    )
  ).rows;
  const byCode = new Map(ids.map((x) => [x.code, Number(x.id)]));
  const lines = r.claims.flatMap((c) =>
    c.lines.map((l, i) => ({
      claim_id: byCode.get(c.control),
      n: i + 1,
      date: l.dates[0]?.date ?? '2025-01-15',
      code: l.code,
      charge: l.charge,
    })),
  );
  await db.query(
    `insert into claim_services (billing_company_id, claim_id, line_number, from_service, to_service, procedure_code, days_or_units, price, line_charge)
    select $1, x.claim_id, x.n, x.date::date, x.date::date, x.code, '1', x.charge, x.charge from jsonb_to_recordset($2::jsonb) as x(claim_id bigint, n int, date text, code text, charge bigint)`,
    [w.bc, JSON.stringify(lines)],
  );
  return lines.length;
}

/** A public sample 835 of tests/fixtures/x12/835. */
export const fixture835 = (name: string) =>
  readFileSync(new URL(`../fixtures/x12/835/${name}`, import.meta.url), 'latin1');

/** Takes an 835 in through the upload path (200 expected) and answers the answer's body and the ERA rows it registered, one per payment. */
export async function receiveEra(db: Database, api: Api, bc: number, text: string, name: string) {
  const r = await api('POST', '/payments/eras/sync', { billing_company_id: bc, content: text, name });
  // Plain (no vitest import): the benches use these helpers too.
  if (r.status !== 200) throw new Error(`taking in ${name} answered ${r.status}: ${JSON.stringify(r.body)}`);
  return {
    body: r.body,
    rows: (
      await db.query<{
        id: number;
        trace_number: string;
        trace_part: number;
        status: string;
        hold_reason: string | null;
      }>('select id, trace_number, trace_part, status, hold_reason from era_files where name = $1 order by id', [name])
    ).rows,
  };
}
