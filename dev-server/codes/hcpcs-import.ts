import { PROCEDURE_TYPE } from '../../src/generated/ids.ts';
import { yieldToEventLoop } from '../db/yield.ts';
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Database } from '../db/database.ts';
import type { ImportProgress } from './icd10cm-import.ts';

export interface HcpcsRow {
  code: string;
  recordId: string;
  long: string;
  short: string;
  added?: string;
  terminated?: string;
}

const usDate = (yyyymmdd: string | undefined) =>
  yyyymmdd && /^\d{8}$/.test(yyyymmdd)
    ? `${yyyymmdd.slice(0, 4)}-${yyyymmdd.slice(4, 6)}-${yyyymmdd.slice(6, 8)}`
    : null;
const text = (v: ExcelJS.CellValue) =>
  v === null || v === undefined
    ? ''
    : typeof v === 'object' && 'richText' in v
      ? v.richText.map((r) => r.text).join('')
      : String(v);

/** The rows of the CMS HCPCS workbook, by its header names (HCPC, RECID, LONG DESCRIPTION, ...). */
export async function readHcpcsWorkbook(file: Buffer | ArrayBuffer): Promise<HcpcsRow[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as ArrayBuffer);
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).map((v) => text(v).trim());
  const col = (name: string) => header.indexOf(name);
  const [hcpc, recid, long, short, add, term] = [
    'HCPC',
    'RECID',
    'LONG DESCRIPTION',
    'SHORT DESCRIPTION',
    'ADD DT',
    'TERM DT',
  ].map(col);
  const rows: HcpcsRow[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const v = row.values as ExcelJS.CellValue[];
    // Modifier codes are right-aligned with leading spaces ("   GA").
    const code = text(v[hcpc]).trim();
    if (!code) return;
    rows.push({
      code,
      recordId: text(v[recid]).trim(),
      long: text(v[long]).trim(),
      short: text(v[short]).trim(),
      added: text(v[add]).trim() || undefined,
      terminated: text(v[term]).trim() || undefined,
    });
  });
  return rows;
}

/**
 * HCPCS Level II modifiers (RECID 7) that are still in force, upserted into modifiers. Long
 * descriptions run on over several rows (SEQNUM) in the CMS file; the first row names the modifier.
 * Procedure codes are imported by importHcpcsProcedures.
 */
export async function importHcpcsModifiers(
  db: Database,
  rows: HcpcsRow[],
  progress: ImportProgress = () => undefined,
): Promise<number> {
  const seen = new Map<string, HcpcsRow>();
  for (const r of rows)
    if (r.recordId === '7' && !r.terminated && r.code.length === 2 && !seen.has(r.code)) seen.set(r.code, r);
  const mods = [...seen.values()];
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into modifiers (code, type, description, start_date, active)
       select c, 'HCPCS Level II', d, s::date, true from unnest($1::text[], $2::text[], $3::text[]) as t(c, d, s)
       on conflict (lower(code), coalesce(billing_company_id, 0)) do update set description = excluded.description, type = excluded.type, start_date = excluded.start_date, updated_at = now()
       where modifiers.description is distinct from excluded.description or modifiers.start_date is distinct from excluded.start_date`,
      [mods.map((m) => m.code), mods.map((m) => (m.long || m.short).slice(0, 255)), mods.map((m) => usDate(m.added))],
    );
  });
  progress(mods.length, mods.length);
  return mods.length;
}

// HCPCS Level II sections by the code's letter (J: drugs administered…), from the classification list.
const SECTIONS = JSON.parse(
  readFileSync(new URL('../../schemas/lists/procedure-classifications.json', import.meta.url), 'utf8'),
).groups['2'] as Array<{ id: number; code: string }>;
const sectionOf = (code: string) => SECTIONS.find((s) => s.code === code[0].toUpperCase())?.id ?? null;

/**
 * HCPCS Level II procedure codes in force (RECID 3; RECID 4 rows continue the long description of
 * the code above them) upserted into procedures. They carry no fee: a billing office adds its prices
 * (the "at least one fee" rule applies when a person saves a procedure, not to the code set).
 */
export async function importHcpcsProcedures(
  db: Database,
  rows: HcpcsRow[],
  progress: ImportProgress = () => undefined,
  batchSize = 2000,
): Promise<number> {
  const byCode = new Map<string, HcpcsRow>();
  for (const r of rows) {
    if (r.terminated || r.code.length !== 5) continue;
    const have = byCode.get(r.code);
    if (r.recordId === '3' && !have) byCode.set(r.code, { ...r });
    else if (r.recordId === '4' && have) have.long = `${have.long} ${r.long}`.trim();
  }
  const codes = [...byCode.values()];
  for (let i = 0; i < codes.length; i += batchSize) {
    const batch = codes.slice(i, i + batchSize);
    await db.transaction(async (tx) => {
      await tx.query(
        `insert into procedures (code, type_id, classification_id, short_description, description, start_date, status)
         select c, ${PROCEDURE_TYPE.HCPCS}, k, s, d, a::date, true from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::int[]) as t(c, s, d, a, k)
         on conflict (lower(code), coalesce(billing_company_id, 0)) do update set short_description = excluded.short_description, description = excluded.description, start_date = excluded.start_date,
           classification_id = excluded.classification_id, updated_at = now()
         where procedures.short_description is distinct from excluded.short_description or procedures.description is distinct from excluded.description
           or procedures.classification_id is distinct from excluded.classification_id`,
        [
          batch.map((c) => c.code),
          batch.map((c) => c.short.slice(0, 60)),
          batch.map((c) => (c.long || c.short).slice(0, 1000)),
          batch.map((c) => usDate(c.added)),
          batch.map((c) => sectionOf(c.code)),
        ],
      );
    });
    await yieldToEventLoop();
    progress(Math.min(i + batchSize, codes.length), codes.length);
  }
  return codes.length;
}
