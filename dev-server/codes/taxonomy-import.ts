import Papa from 'papaparse';
import type { Database } from '../db/database.ts';
import type { ImportProgress } from './icd10cm-import.ts';

export interface Taxonomy {
  code: string;
  grouping: string;
  classification: string;
  specialization: string;
  display_name: string;
  section: string;
}

/** Required with every copy we ship (NUCC's terms of use). */
export const NUCC_NOTICE =
  'Health Care Provider Taxonomy code set © American Medical Association on behalf of the National Uniform Claim Committee (NUCC), www.nucc.org';

/** The NUCC CSV as published (header row, quoted fields with commas, CRLF), read by its column names. */
export function parseTaxonomyCsv(text: string): Taxonomy[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
  });
  return parsed.data
    .filter((r) => /^[0-9]{3}[0-9A-Z]{6}X$/.test(r.Code ?? ''))
    .map((r) => ({
      code: r.Code,
      grouping: r.Grouping ?? '',
      classification: r.Classification ?? '',
      specialization: r.Specialization ?? '',
      display_name: r['Display Name'] || [r.Classification, r.Specialization].filter(Boolean).join(', '),
      section: r.Section ?? '',
    }));
}

/** Upserts the code set into taxonomies; a second import of the same release changes nothing. */
export async function importTaxonomies(
  db: Database,
  text: string,
  progress: ImportProgress = () => undefined,
): Promise<number> {
  const rows = parseTaxonomyCsv(text);
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into taxonomies (code, grouping, classification, specialization, display_name, section)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
       on conflict (code) do update set grouping = excluded.grouping, classification = excluded.classification, specialization = excluded.specialization,
         display_name = excluded.display_name, section = excluded.section`,
      (['code', 'grouping', 'classification', 'specialization', 'display_name', 'section'] as const).map((k) =>
        rows.map((r) => r[k]),
      ),
    );
  });
  progress(rows.length, rows.length);
  return rows.length;
}
