import { PROCEDURE_TYPE } from '../../src/generated/ids.ts';
import type { Database } from '../db/database.ts';
import type { ImportProgress } from './icd10cm-import.ts';
import { parseX12CodeList } from './x12-code-list-import.ts';

export interface CptCode {
  code: string;
  description: string;
}
const CPT_CODE = /^[0-9]{4}[0-9A-Z]$/;
/** A descriptor file line: the code, a tab or spaces, the descriptor (the AMA's SHORTU/MEDU/LONGULT text files). */
const LINE = /^\s*([0-9]{4}[0-9A-Z])[\t ]+(.+?)\s*$/;

/**
 * A licensee's CPT file: the AMA's descriptor text files (one code and its descriptor per line), or a
 * CSV/tab file with a header naming a code column and a description column. Lines that hold no CPT
 * code (titles, notices) are skipped; a code given twice keeps its first descriptor.
 */
export function parseCptFile(text: string): CptCode[] {
  const clean = text.replace(/^\uFEFF/, '');
  const firstLine = clean.split(/\r?\n/, 1)[0] ?? '';
  const rows =
    LINE.test(firstLine) || !/code/i.test(firstLine)
      ? clean
          .split(/\r?\n/)
          .map((l) => LINE.exec(l))
          .filter((m) => m !== null)
          .map((m) => ({ code: m[1], description: m[2] }))
      : parseX12CodeList(clean).map((i) => ({ code: i.code.toUpperCase(), description: i.name }));
  const seen = new Map<string, CptCode>();
  for (const r of rows)
    if (CPT_CODE.test(r.code) && r.description && !seen.has(r.code))
      seen.set(r.code, { code: r.code, description: r.description.replace(/\s+/g, ' ') });
  return [...seen.values()];
}

/**
 * CPT codes upserted into procedures (type CPT) for one billing company (its own codes, which only it
 * reads) or, without one, for the installation's licensed set every billing company reads. Prices are
 * the billing company's to set; a code already there keeps its price and gets the file's descriptor.
 */
export async function importCpt({
  db,
  text,
  billingCompanyId,
  progress = () => undefined,
  batchSize = 2000,
}: {
  db: Database;
  text: string;
  billingCompanyId: number | null;
  progress?: ImportProgress;
  batchSize?: number;
}): Promise<number> {
  const codes = parseCptFile(text);
  if (!codes.length)
    throw new Error(
      'The file holds no CPT code: each line needs a five-character code and its descriptor (or a CSV with code and description columns).',
    );
  if (
    billingCompanyId !== null &&
    !(await db.query('select 1 from billing_companies where id = $1', [billingCompanyId])).rows.length
  ) {
    throw new Error(`There is no billing company ${billingCompanyId}.`);
  }
  for (let i = 0; i < codes.length; i += batchSize) {
    const batch = codes.slice(i, i + batchSize);
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into procedures (code, type_id, short_description, description, status, billing_company_id)
         select c, ${PROCEDURE_TYPE.CPT}, left(d, 60), left(d, 1000), true, $3::bigint from unnest($1::text[], $2::text[]) as t(c, d)
         on conflict (lower(code), coalesce(billing_company_id, 0)) do update set description = excluded.description,
           short_description = coalesce(procedures.short_description, excluded.short_description), type_id = ${PROCEDURE_TYPE.CPT}, updated_at = now()
         where procedures.description is distinct from excluded.description`,
        [batch.map((c) => c.code), batch.map((c) => c.description), billingCompanyId],
      );
    });
    progress(Math.min(i + batchSize, codes.length), codes.length);
  }
  return codes.length;
}
