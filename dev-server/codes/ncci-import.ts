import { basename } from 'node:path';
import { DomainError } from '../../src/domain/errors/domain-error.ts';
import { isUsDate, usDateToIso } from '../../src/domain/formats.ts';
import type { Database } from '../db/database.ts';
import { fileRows, writeInBatches } from './file-rows.ts';
import type { ImportProgress } from './icd10cm-import.ts';

export type PtpTable = 'practitioner' | 'hospital';
export type MueTable = PtpTable | 'dme';

export interface PtpEdit {
  column1: string;
  column2: string;
  effective_date: string;
  deletion_date: string | null;
  modifier_indicator: 0 | 1 | 9;
  rationale: string | null;
}

export interface MueEdit {
  code: string;
  units: number;
  adjudication: 1 | 2 | 3;
  rationale: string | null;
}

const CODE = /^[A-Z0-9]{5}$/;

/** 20240101 (the CMS files) or 01/01/2024 (a sheet saved as CSV) as an ISO date; '*' or nothing is none. */
function fileDate(raw: string | undefined): string | null {
  const v = (raw ?? '').trim();
  if (/^\d{8}$/.test(v)) return `${v.slice(0, 4)}-${v.slice(4, 6)}-${v.slice(6, 8)}`;
  if (isUsDate(v)) return usDateToIso(v);
  return null;
}

/**
 * One row of a CMS PTP edit file: column 1, column 2, "in existence prior to 1996", effective date, deletion date
 * ('*' for none), modifier indicator, rationale. The copyright lines and the two-line header above the edits are not
 * edits and answer null.
 */
export function ptpEdit(cells: string[]): PtpEdit | null {
  const [c1, c2, , eff, del, mod, rationale] = cells.map((c) => (c ?? '').trim());
  const effective = fileDate(eff);
  if (!CODE.test(c1 ?? '') || !CODE.test(c2 ?? '') || !effective || !['0', '1', '9'].includes(mod ?? '')) return null;
  return {
    column1: c1,
    column2: c2,
    effective_date: effective,
    deletion_date: fileDate(del),
    modifier_indicator: Number(mod) as 0 | 1 | 9,
    rationale: rationale || null,
  };
}

/** One row of a CMS MUE file: code, the MUE value, the adjudication indicator ("2 Date of Service Edit: Policy"), rationale. */
export function mueEdit(cells: string[]): MueEdit | null {
  const [code, units, mai, rationale] = cells.map((c) => (c ?? '').trim());
  const adjudication = /^([123])\b/.exec(mai ?? '')?.[1];
  if (!CODE.test(code ?? '') || !/^\d+$/.test(units ?? '') || !adjudication) return null;
  return {
    code,
    units: Number(units),
    adjudication: Number(adjudication) as 1 | 2 | 3,
    rationale: rationale || null,
  };
}

/** How CMS names each table's files (ccipra-…, ccioph-…, MCR_MUE_PractitionerServices_…, …DME…). */
const TABLE_IN_NAME: Record<MueTable, RegExp> = {
  practitioner: /ccipra|practitioner/,
  hospital: /ccioph|hospital|outpatient/,
  dme: /dme/,
};

/** Which table a CMS file is, from its name (ccipra/ccioph, …PractitionerServices…), unless the person said so. */
export function editTableOf<T extends string>(file: string, kinds: T[], said?: string | null): T {
  if (said) {
    if ((kinds as string[]).includes(said)) return said as T;
    throw new DomainError('ncci_table', { tables: kinds.join(', ') });
  }
  const name = basename(file).toLowerCase();
  const found = kinds.filter((k) => TABLE_IN_NAME[k as MueTable]?.test(name));
  if (found.length === 1) return found[0];
  throw new DomainError('ncci_table', { tables: kinds.join(', ') });
}

/** The day a quarterly MUE file takes effect, from its name (…_Eff_01-01-2026.csv) unless the person said so. */
export function mueEffectiveOf(file: string, said?: string | null): string {
  const v = said ?? /eff\D?(\d{2})[-_](\d{2})[-_](\d{4})/i.exec(basename(file))?.slice(1).join('/');
  if (v && isUsDate(v)) return usDateToIso(v);
  throw new DomainError('ncci_effective');
}

const delimiterOf = (file: string) => (/\.txt(\.gz)?$/i.test(file) ? '\t' : ',');

/** The last row of each key in a batch: one upsert statement cannot touch the same row twice. */
const lastOfEach = <T>(rows: T[], key: (r: T) => string) => [...new Map(rows.map((r) => [key(r), r])).values()];

/**
 * Imports a CMS NCCI PTP edit file into ncci_ptp_edits: an edit already there (same table, pair and effective date)
 * takes the file's deletion date, indicator and rationale, so a later quarter's file run over it changes it in place.
 */
export async function importNcciPtp(
  db: Database,
  file: string,
  opts: { table?: string | null; progress?: ImportProgress; batchSize?: number } = {},
): Promise<number> {
  const table = editTableOf<PtpTable>(file, ['practitioner', 'hospital'], opts.table);
  // CMS writes the PTP tables tab-delimited (.txt); a sheet saved as CSV is read too.
  return writeInBatches(
    fileRows(file, delimiterOf(file)),
    ptpEdit,
    async (rows) => {
      const edits = lastOfEach(rows, (r) => `${r.column1} ${r.column2} ${r.effective_date}`);
      await db.transaction((tx) =>
        tx.query(
          `insert into ncci_ptp_edits (edit_table, column1, column2, effective_date, deletion_date, modifier_indicator, rationale)
           select $1, * from unnest($2::text[], $3::text[], $4::date[], $5::date[], $6::smallint[], $7::text[])
           on conflict (edit_table, column1, column2, effective_date) do update
             set deletion_date = excluded.deletion_date, modifier_indicator = excluded.modifier_indicator, rationale = excluded.rationale`,
          [
            table,
            ...(
              ['column1', 'column2', 'effective_date', 'deletion_date', 'modifier_indicator', 'rationale'] as const
            ).map((k) => edits.map((e) => e[k])),
          ],
        ),
      );
    },
    opts,
  );
}

/** Imports a CMS MUE file (one quarter, effective from one day) into ncci_mue_edits; run again, it changes nothing. */
export async function importNcciMue(
  db: Database,
  file: string,
  opts: { table?: string | null; effective?: string | null; progress?: ImportProgress; batchSize?: number } = {},
): Promise<number> {
  const table = editTableOf<MueTable>(file, ['practitioner', 'hospital', 'dme'], opts.table);
  const effective = mueEffectiveOf(file, opts.effective);
  return writeInBatches(
    fileRows(file, delimiterOf(file)),
    mueEdit,
    async (rows) => {
      const edits = lastOfEach(rows, (r) => r.code);
      await db.transaction((tx) =>
        tx.query(
          `insert into ncci_mue_edits (edit_table, effective_date, code, units, adjudication, rationale)
           select $1, $2::date, * from unnest($3::text[], $4::int[], $5::smallint[], $6::text[])
           on conflict (edit_table, code, effective_date) do update
             set units = excluded.units, adjudication = excluded.adjudication, rationale = excluded.rationale`,
          [
            table,
            effective,
            ...(['code', 'units', 'adjudication', 'rationale'] as const).map((k) => edits.map((e) => e[k])),
          ],
        ),
      );
    },
    opts,
  );
}
