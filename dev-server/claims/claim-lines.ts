import type { Queryable } from '../db/database.ts';
import { lineCharge } from '../../src/domain/claims/claim-amounts.ts';
import { isUsDate, isoToUsDate, usDateToIso } from '../../src/domain/formats.ts';
import { productEntities } from '../../src/platform/load-schemas.ts';

type Row = Record<string, unknown>;
// The line's columns come from its schema (claim-service), so a field added there is read, written and checked here
// with nothing else to change; what the schema marks read-only (the charge, the contract's expected amount) is the
// server's own and never taken from a request.
const LINE_PROPERTIES = Object.entries(productEntities().find((e) => e.name === 'claim-service')!.schema.properties);
const LINE_FIELDS = LINE_PROPERTIES.filter(([, f]) => !f.readOnly).map(([k]) => k);
const READ_ONLY = new Set(LINE_PROPERTIES.filter(([, f]) => f.readOnly).map(([k]) => k));
const DATE_FIELDS = new Set(LINE_PROPERTIES.filter(([, f]) => f.format === 'us-date').map(([k]) => k));

/** A claim's service lines, in order, as the API answers them (dates mm/dd/yyyy, nothing null). */
export async function readLines(
  db: Queryable,
  claimIds: number[],
  billingCompanyId?: number,
): Promise<Map<number, Row[]>> {
  const params: unknown[] = [claimIds];
  if (billingCompanyId !== undefined) params.push(billingCompanyId);
  const r = await db.query<Row>(
    // Through the claims (their primary key) to the lines by billing company and claim: the lines' own index, whatever
    // the number of claims asked (a bare claim_id = any(…) cannot use it and reads every line).
    `select s.id, s.claim_id, s.line_number, ${LINE_FIELDS.map((f) => `s.${f}`).join(', ')}, s.line_charge, s.expected_allowed
       from claims c join claim_services s on s.billing_company_id = c.billing_company_id and s.claim_id = c.id
      where c.id = any($1::bigint[])${billingCompanyId !== undefined ? ' and c.billing_company_id = $2' : ''} order by s.claim_id, s.line_number`,
    params,
  );
  const out = new Map<number, Row[]>();
  for (const row of r.rows) {
    const line: Row = {};
    for (const [k, v] of Object.entries(row))
      if (v !== null)
        line[k] = DATE_FIELDS.has(k)
          ? isoToUsDate(v)
          : k === 'price' || k === 'copay' || k === 'line_charge' || k === 'expected_allowed'
            ? Number(v)
            : v;
    const id = Number(row.claim_id);
    out.set(id, [...(out.get(id) ?? []), line]);
  }
  return out;
}

/** Replaces a claim's lines with these (numbered from 1, each with its charge), in the caller's transaction: one statement. */
export async function writeLines(
  tx: Queryable,
  claimId: number,
  billingCompanyId: number,
  lines: Row[],
): Promise<void> {
  await tx.query('delete from claim_services where claim_id = $1 and billing_company_id = $2', [
    claimId,
    billingCompanyId,
  ]);
  await insertLinesOfMany(tx, billingCompanyId, [{ claimId, lines }]);
}

/** The lines of many new claims of one billing company in one statement, numbered and charged as writeLines does. */
export async function insertLinesOfMany(
  tx: Queryable,
  billingCompanyId: number,
  claims: Array<{ claimId: number; lines: Row[] }>,
): Promise<void> {
  const rows = claims.flatMap(({ claimId, lines }) =>
    lines.map((l, i) => {
      const out: Row = { billing_company_id: billingCompanyId, claim_id: claimId, line_number: i + 1 };
      for (const f of LINE_FIELDS) {
        const v = l[f];
        if (v === undefined || v === null) continue;
        out[f] = DATE_FIELDS.has(f) ? (typeof v === 'string' && isUsDate(v) ? usDateToIso(v) : null) : v;
      }
      out.line_charge = lineCharge(l.days_or_units, l.price) ?? 0;
      return out;
    }),
  );
  if (!rows.length) return;
  const cols = ['billing_company_id', 'claim_id', 'line_number', ...LINE_FIELDS, 'line_charge'];
  await tx.query(
    `insert into claim_services (${cols.join(', ')}) select ${cols.join(', ')} from jsonb_populate_recordset(null::claim_services, $1::jsonb)`,
    [JSON.stringify(rows)],
  );
}

/**
 * A line as written: what the schema marks read-only (id, number, charge, the contract's expected amount) and the
 * record's bookkeeping are dropped, so a stored line read back verifies as it did; anything unknown stays, to be refused.
 */
export function writableLine(line: unknown): unknown {
  if (!line || typeof line !== 'object' || Array.isArray(line)) return line;
  const out: Row = {};
  for (const [k, v] of Object.entries(line as Row))
    if (!READ_ONLY.has(k) && k !== 'billing_company_id' && k !== 'version' && k !== 'display_name') out[k] = v;
  return out;
}
