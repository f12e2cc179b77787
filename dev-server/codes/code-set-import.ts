import { PROCEDURE_TYPE } from '../../src/generated/ids.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Database } from '../db/database.ts';
import { importHcpcsModifiers, importHcpcsProcedures, readHcpcsWorkbook } from './hcpcs-import.ts';
import { importCpt } from './cpt-import.ts';
import { importNppes } from './nppes-import.ts';
import { importNcciMue, importNcciPtp } from './ncci-import.ts';
import { importTaxonomies } from './taxonomy-import.ts';
import { parseX12CodeList } from './x12-code-list-import.ts';
import { importIcd10cm, type ImportProgress, type ImportResume } from './icd10cm-import.ts';
import { parsePlaceOfServiceXml, placeOfServiceList } from './pos-import.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

export type CodeSetKind =
  | 'icd10cm'
  | 'hcpcs'
  | 'cpt'
  | 'pos'
  | 'taxonomy'
  | 'nppes'
  | 'carc'
  | 'rarc'
  | 'ncci-ptp'
  | 'ncci-mue'
  | ListKind;
/** Code sets kept as schemas/lists files: licensed texts (X12's, NUBC's) replace our own wording only from a licensee's file; MS-DRGs from CMS's table. */
type ListKind = 'nubc-revenue' | 'nubc-condition' | 'nubc-occurrence' | 'nubc-value' | 'msdrg';
export const CODE_SET_KINDS: CodeSetKind[] = [
  'icd10cm',
  'hcpcs',
  'cpt',
  'pos',
  'taxonomy',
  'nppes',
  'carc',
  'rarc',
  'ncci-ptp',
  'ncci-mue',
  'nubc-revenue',
  'nubc-condition',
  'nubc-occurrence',
  'nubc-value',
  'msdrg',
];
/** Kinds read from a path as a stream (files of millions of rows), never as one buffer: the command line's, not an upload's. */
export const STREAMED_KINDS: CodeSetKind[] = ['nppes', 'ncci-ptp', 'ncci-mue'];
/** Kinds that write a list file, not the database. */
export const LIST_FILE_KINDS: CodeSetKind[] = [
  'pos',
  'carc',
  'rarc',
  'nubc-revenue',
  'nubc-condition',
  'nubc-occurrence',
  'nubc-value',
  'msdrg',
];
const CODE_LISTS: Record<ListKind, { file: string; name: string }> = {
  'nubc-revenue': {
    file: `${ROOT}schemas/lists/revenue-codes.json`,
    name: 'Revenue codes (imported from a licensed NUBC file)',
  },
  'nubc-condition': {
    file: `${ROOT}schemas/lists/condition-codes.json`,
    name: 'Condition codes (imported from a licensed NUBC file)',
  },
  'nubc-occurrence': {
    file: `${ROOT}schemas/lists/occurrence-codes.json`,
    name: 'Occurrence codes (imported from a licensed NUBC file)',
  },
  'nubc-value': {
    file: `${ROOT}schemas/lists/value-codes.json`,
    name: 'Value codes (imported from a licensed NUBC file)',
  },
  msdrg: { file: `${ROOT}schemas/lists/ms-drgs.json`, name: 'MS-DRGs (imported from the CMS table)' },
};

const POS_LIST = `${ROOT}schemas/lists/place-of-service.json`;
/** CARC and RARC texts are X12's: only a licensee's file replaces our own plain-language wording. */
export const X12_LISTS = {
  carc: `${ROOT}schemas/lists/x12/adjustment-reasons.json`,
  rarc: `${ROOT}schemas/lists/x12/remark-codes.json`,
};

/** A file as text or bytes, gunzipped when it is a .gz copy. */
const bytes = (file: string | Buffer) => {
  const raw = typeof file === 'string' ? readFileSync(file) : file;
  return raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw;
};

/**
 * Imports one official code-set file. ICD-10-CM and HCPCS modifiers go to the database (idempotent
 * upserts); place of service is a code list, so it rewrites schemas/lists/place-of-service.json.
 */
export async function importCodeSet({
  db,
  kind,
  file,
  progress,
  lists = X12_LISTS,
  resume,
  billingCompanyId = null,
  table = null,
  effective = null,
}: {
  db: Database | null;
  kind: CodeSetKind;
  file: string | Buffer;
  progress?: ImportProgress;
  lists?: Partial<Record<CodeSetKind, string>>;
  resume?: ImportResume;
  billingCompanyId?: number | null;
  /** NCCI only: which CMS table the file is (practitioner, hospital, dme), when its name does not say */
  table?: string | null;
  /** NCCI MUE only: the day the file takes effect (mm/dd/yyyy), when its name does not say */
  effective?: string | null;
}): Promise<number> {
  if (STREAMED_KINDS.includes(kind) && typeof file !== 'string')
    throw new Error(`The ${LOADED[kind]} are imported from a file path (npm run import:codes).`);
  switch (kind) {
    // The AMA licenses CPT: a licensee's file, for one billing company (its own codes) or for the whole installation.
    case 'cpt':
      return importCpt({ db: db!, text: bytes(file).toString('utf8'), billingCompanyId, progress });
    case 'carc':
    case 'rarc': {
      const items = parseX12CodeList(bytes(file).toString('utf8'));
      const name =
        kind === 'carc'
          ? 'Claim adjustment reason codes (imported from a licensed X12 code list)'
          : 'Remittance advice remark codes (imported from a licensed code list)';
      writeFileSync(lists[kind] ?? X12_LISTS[kind], JSON.stringify({ name, items }, null, 2) + '\n');
      progress?.(items.length, items.length);
      return items.length;
    }
    case 'nubc-revenue':
    case 'nubc-condition':
    case 'nubc-occurrence':
    case 'nubc-value':
    case 'msdrg': {
      // The same shape as CARC/RARC lists: a code column and a description column, found by name.
      const items = parseX12CodeList(bytes(file).toString('utf8')).map((i) => ({
        ...i,
        id: kind === 'msdrg' ? i.code.padStart(3, '0') : i.code,
        code: kind === 'msdrg' ? i.code.padStart(3, '0') : i.code,
      }));
      writeFileSync(
        lists[kind] ?? CODE_LISTS[kind].file,
        JSON.stringify({ name: CODE_LISTS[kind].name, items }, null, 2) + '\n',
      );
      progress?.(items.length, items.length);
      return items.length;
    }
    // As a job, smaller batches: each holds the embedded database's one connection for less time, so people using the app meanwhile barely wait.
    case 'icd10cm':
      return importIcd10cm({
        db: db!,
        text: bytes(file).toString('latin1'),
        progress,
        batchSize: resume ? 1000 : 5000,
        resume,
      });
    case 'hcpcs': {
      // One workbook holds both: the Level II modifiers and the procedure codes.
      const rows = await readHcpcsWorkbook(bytes(file));
      const modifiers = await importHcpcsModifiers(db!, rows);
      return modifiers + (await importHcpcsProcedures(db!, rows, progress));
    }
    case 'taxonomy':
      return importTaxonomies(db!, bytes(file).toString('utf8'), progress);
    // The NPPES file is gigabytes: read from its path as a stream, never as one buffer.
    case 'nppes':
      return importNppes(db!, file as string, progress);
    // CMS's correct-coding edits: the practitioner PTP table alone has over a million rows.
    case 'ncci-ptp':
      return importNcciPtp(db!, file as string, { table, progress });
    case 'ncci-mue':
      return importNcciMue(db!, file as string, { table, effective, progress });
    case 'pos': {
      const list = placeOfServiceList(parsePlaceOfServiceXml(bytes(file).toString('utf8')));
      writeFileSync(POS_LIST, JSON.stringify(list, null, 2) + '\n');
      progress?.(list.items.length, list.items.length);
      return list.items.length;
    }
  }
}

/** The bundled releases (seed/codes), imported on a first start of the embedded database. */
export const BUNDLED: Array<[CodeSetKind, string]> = [
  ['icd10cm', `${ROOT}seed/codes/icd10cm_order_2026.txt.gz`],
  ['hcpcs', `${ROOT}seed/codes/HCPC2025_OCT_ANWEB.xlsx`],
  ['taxonomy', `${ROOT}seed/codes/nucc_taxonomy_251.csv`],
];

const LOADED: Record<CodeSetKind, string> = {
  icd10cm: 'ICD-10-CM diagnosis codes',
  hcpcs: 'HCPCS Level II modifiers and procedure codes',
  cpt: 'CPT procedure codes',
  pos: 'place of service codes',
  taxonomy: 'NUCC provider taxonomy codes',
  nppes: 'NPPES registry records',
  'ncci-ptp': 'NCCI procedure-to-procedure edits',
  'ncci-mue': 'NCCI medically unlikely edits',
  carc: 'claim adjustment reason codes',
  rarc: 'remittance advice remark codes',
  'nubc-revenue': 'revenue codes',
  'nubc-condition': 'condition codes',
  'nubc-occurrence': 'occurrence codes',
  'nubc-value': 'value codes',
  msdrg: 'MS-DRGs',
};

// Whether a bundled set is already in: each set on its own, so a start stopped half-way finishes the rest next time.
const PRESENT: Partial<Record<CodeSetKind, string>> = {
  icd10cm: `select exists (select 1 from diagnoses where type = 'ICD-10') as present`,
  hcpcs: `select exists (select 1 from procedures where type_id = ${PROCEDURE_TYPE.HCPCS}) as present`,
  taxonomy: 'select exists (select 1 from taxonomies) as present',
};

/** Whether a first start should queue the bundled code sets: some set is missing and no such job is already waiting. */
export async function bundledCodeSetsWanted(db: Database, env = process.env): Promise<boolean> {
  // On PostgreSQL as on the embedded default (issue 56 §8): a first claim needs its diagnosis codes.
  if (env.CODE_SETS === '0') return false;
  const pending = await db.query(
    `select 1 from jobs where kind = 'bundled-code-sets' and state in ('queued', 'running') limit 1`,
  );
  if (pending.rows.length) return false;
  for (const [kind] of BUNDLED)
    if (!(await db.query<{ present: boolean }>(PRESENT[kind]!)).rows[0].present) return true;
  return false;
}

/** Loads each bundled code set the database does not have yet, on either database (CODE_SETS=0 skips). */
export async function loadBundledCodeSets(
  db: Database,
  env = process.env,
  log: (line: string) => void = console.log,
): Promise<void> {
  if (env.CODE_SETS === '0') return;
  for (const [kind, file] of BUNDLED) {
    if ((await db.query<{ present: boolean }>(PRESENT[kind]!)).rows[0].present) continue;
    const n = await importCodeSet({ db, kind, file });
    log(`Loaded ${n.toLocaleString('en-US')} ${LOADED[kind]} (${file.split('/').pop()})`);
  }
}
