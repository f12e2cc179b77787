import type { Queryable } from '../db/database.ts';

/**
 * Claims a payer denied carry when and why on the claim itself, so the denial worklist finds them by
 * CARC, RARC and age without reading notes or postings: one statement for any number of claims.
 */
export async function markDenied(
  tx: Queryable,
  denied: Array<{ id: number; codes: string[]; remarks?: string[] }>,
): Promise<void> {
  if (!denied.length) return;
  await tx.query(
    `update claims c set denied_at = app_now()::date, denial_codes = x.codes, remark_codes = x.remarks
       from jsonb_to_recordset($1::jsonb) as x(id bigint, codes jsonb, remarks jsonb) where c.id = x.id`,
    [
      JSON.stringify(
        denied.map((d) => ({ id: d.id, codes: [...new Set(d.codes)], remarks: [...new Set(d.remarks ?? [])] })),
      ),
    ],
  );
}
