import { yieldToEventLoop } from '../db/yield.ts';
import type { Database, Queryable } from '../db/database.ts';

export interface Icd10Code {
  code: string;
  billable: boolean;
  short: string;
  long: string;
}

/** ICD-10 codes are shown with their dot after the category (E11.9); the order file writes none (E119). */
export const dottedIcd10 = (raw: string) => (raw.length > 3 ? `${raw.slice(0, 3)}.${raw.slice(3)}` : raw);

/**
 * One line of the CMS order file (fixed width): 1-5 order number, 7-13 code without a dot, 15 the
 * HIPAA-valid flag (1 billable, 0 header), 17-76 short description, 78 to the end the long one.
 */
export function parseIcd10OrderLine(line: string): Icd10Code | null {
  if (line.length < 17 || !/^\d{5} /.test(line)) return null;
  const code = line.slice(6, 13).trim();
  if (!/^[A-Z][0-9A-Z]{2,6}$/.test(code)) return null;
  return {
    code: dottedIcd10(code),
    billable: line[14] === '1',
    short: line.slice(16, 76).trim(),
    long: line.slice(77).trim(),
  };
}

export interface ImportProgress {
  (done: number, total: number): void;
}

/**
 * Upserts the billable codes (headers cannot be billed) into diagnoses, in batches, so a second run
 * changes descriptions in place and adds nothing twice. Answers how many codes were written.
 */
/** Where a resumed import starts, and what each batch records in its own transaction (a job's checkpoint). */
export interface ImportResume {
  from: number;
  onBatch(tx: Queryable, done: number): Promise<void>;
}

export async function importIcd10cm({
  db,
  text,
  progress = () => undefined,
  batchSize = 5000,
  resume,
}: {
  db: Database;
  text: string;
  progress?: ImportProgress;
  batchSize?: number;
  resume?: ImportResume;
}): Promise<number> {
  const codes = text
    .split(/\r?\n/)
    .map(parseIcd10OrderLine)
    .filter((c): c is Icd10Code => !!c && c.billable);
  for (let i = resume?.from ?? 0; i < codes.length; i += batchSize) {
    const batch = codes.slice(i, i + batchSize);
    await db.transaction(async (tx) => {
      await resume?.onBatch(tx, Math.min(i + batchSize, codes.length));
      await tx.query(
        `insert into diagnoses (code, type, short_description, description, active)
         select c, 'ICD-10', s, l, true from unnest($1::text[], $2::text[], $3::text[]) as t(c, s, l)
         on conflict (lower(code)) do update set short_description = excluded.short_description, description = excluded.description, type = excluded.type, updated_at = now()
         where diagnoses.short_description is distinct from excluded.short_description or diagnoses.description is distinct from excluded.description`,
        [batch.map((c) => c.code), batch.map((c) => c.short.slice(0, 60)), batch.map((c) => c.long.slice(0, 255))],
      );
    });
    await yieldToEventLoop();
    progress(Math.min(i + batchSize, codes.length), codes.length);
  }
  return codes.length;
}
