import type { Database } from '../../dev-server/db/database.ts';
import { remittancesOf } from '../../dev-server/payments/era-files.ts';
import { procedureOf } from '../../dev-server/payments/era-posting.ts';
import type { ClaimWorld } from './claim-fixtures.ts';

/**
 * The claims an 835 pays, as if we had sent them: one Submitted claim per CLP with our claim number
 * = CLP01 and the charge of CLP03, and one line per SVC (procedure or revenue code, charge, date).
 * Written by SQL: what is tested is the posting, not the claim screens.
 */
export async function claimsForEra(db: Database, w: ClaimWorld, text: string, skip: string[] = []): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const { remittance } of remittancesOf(text)) {
    for (const c of remittance.claims) {
      if (skip.includes(c.patientControlNumber) || out.has(c.patientControlNumber)) continue;
      const dos = c.lines.flatMap((l) => l.dates).find((d) => d.qualifier === '472')?.date ?? c.dates.find((d) => d.qualifier === '232')?.date ?? '03/02/2026';
      const iso = `${dos.slice(6)}-${dos.slice(0, 2)}-${dos.slice(3, 5)}`;
      const id = Number((await db.query<{ id: string }>(
        `insert into claims (billing_company_id, code, format_id, patient_id, patient_name, company_id, attending_provider_id, status_id, verified, date_of_service, billed_amount, amount_paid, self_pay, insurance_policy_ids, diagnoses, frequency)
         values ($1, $2, $3, $4, 'Lucia Perez', $5, $6, 3, true, $7, $8, 0, false, $9, '[{"code": "E11.9"}]', '1') returning id`,
        [w.bc, c.patientControlNumber, c.lines.some((l) => l.procedure.qualifier === 'NU') || !c.lines.length ? 2 : 1, w.patient, w.company, w.attending, iso, c.charge, JSON.stringify([w.policy])])).rows[0].id);
      let n = 0;
      for (const l of c.lines) {
        const date = l.dates.find((d) => d.qualifier === '472')?.date ?? dos;
        await db.query(
          `insert into claim_services (billing_company_id, claim_id, line_number, from_service, to_service, procedure_code, revenue_code, days_or_units, price, line_charge)
           values ($1, $2, $3, $4, $4, $5, $6, $7, $8, $8)`,
          [w.bc, id, ++n, `${date.slice(6)}-${date.slice(0, 2)}-${date.slice(3, 5)}`, l.procedure.qualifier === 'NU' ? null : procedureOf(l) ?? null, l.procedure.qualifier === 'NU' ? l.procedure.code : l.revenueCode ?? null, l.units ?? '1', l.charge]);
      }
      out.set(c.patientControlNumber, id);
    }
  }
  return out;
}

/** The same for a large ERA, in two statements: one Submitted claim per CLP and its lines. */
export async function bulkClaimsForEra(db: Database, w: ClaimWorld, text: string): Promise<number> {
  const r = remittancesOf(text)[0].remittance;
  const ids = (await db.query<{ id: string; code: string }>(
    `insert into claims (billing_company_id, code, format_id, patient_id, patient_name, company_id, attending_provider_id, status_id, verified, date_of_service, billed_amount, amount_paid, self_pay, insurance_policy_ids, diagnoses, frequency)
     select $1, x.code, 1, $2, 'Lucia Perez', $3, $4, 3, true, '2025-01-15', x.charge, 0, false, '[]', '[{"code": "J06.9"}]', '1' from jsonb_to_recordset($5::jsonb) as x(code text, charge bigint) returning id, code`,
    [w.bc, w.patient, w.company, w.attending, JSON.stringify(r.claims.map((c) => ({ code: c.patientControlNumber, charge: c.charge })))])).rows;
  const byCode = new Map(ids.map((x) => [x.code, Number(x.id)]));
  const lines = r.claims.flatMap((c) => c.lines.map((l, i) => ({ claim_id: byCode.get(c.patientControlNumber), n: i + 1, date: l.dates[0]?.date ?? '01/15/2025', code: l.procedure.code, charge: l.charge })));
  await db.query(`insert into claim_services (billing_company_id, claim_id, line_number, from_service, to_service, procedure_code, days_or_units, price, line_charge)
    select $1, x.claim_id, x.n, to_date(x.date, 'MM/DD/YYYY'), to_date(x.date, 'MM/DD/YYYY'), x.code, '1', x.charge, x.charge from jsonb_to_recordset($2::jsonb) as x(claim_id bigint, n int, date text, code text, charge bigint)`, [w.bc, JSON.stringify(lines)]);
  return lines.length;
}
