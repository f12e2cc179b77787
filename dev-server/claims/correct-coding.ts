import type { Queryable } from '../db/database.ts';
import { isUsDate, usDateToIso } from '../../src/domain/formats.ts';
import { unitsInThousandths, unitsText } from '../../src/domain/claims/claim-amounts.ts';
import type { ClaimMessage } from '../../src/domain/claims/claim-messages.ts';
import { isFilled, isProfessional } from '../../src/domain/claims/claim-rules.ts';

type Row = Record<string, unknown>;
type Table = 'practitioner' | 'hospital' | 'dme';

interface PtpRow {
  edit_table: Table;
  column1: string;
  column2: string;
  effective_date: string;
  deletion_date: string | null;
  modifier_indicator: number;
}
interface MueRow {
  edit_table: Table;
  code: string;
  effective_date: string;
  units: number;
  adjudication: number;
}

/** The NCCI edits among the codes of a set of claims: pairs by "table|column 1|column 2", MUEs by "table|code", newest first. */
export interface CorrectCodingEdits {
  ptp: Map<string, PtpRow[]>;
  mue: Map<string, MueRow[]>;
}

/**
 * The modifiers CMS lets bypass a PTP edit whose indicator is 1, where the service really was separate: anatomic,
 * global surgery, and the distinct-service ones (59 and its X{EPSU} subsets).
 */
const PTP_MODIFIERS = new Set([
  ...['E1', 'E2', 'E3', 'E4', 'FA', 'F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7', 'F8', 'F9'],
  ...['TA', 'T1', 'T2', 'T3', 'T4', 'T5', 'T6', 'T7', 'T8', 'T9', 'LT', 'RT', 'LC', 'LD', 'RC', 'LM', 'RI'],
  ...['24', '25', '57', '58', '78', '79', '27', '59', '91', 'XE', 'XS', 'XP', 'XU'],
]);
/** NUCC taxonomy of a durable medical equipment supplier: its units are held to the DME MUE table. */
const DME_SUPPLIER = /^332B/;

const up = (v: unknown) => String(v).trim().toUpperCase();
const linesOf = (c: Row) => (c.services as Row[] | undefined) ?? [];

/**
 * The PTP table of a claim: practitioner for a professional claim, outpatient hospital for an institutional one; an
 * inpatient bill (11x) is paid by DRG, where CMS applies no PTP edits.
 */
function ptpTable(claim: Row): Table | null {
  if (isProfessional(claim)) return 'practitioner';
  return /^0?11/.test(String(claim.type_of_bill ?? '')) ? null : 'hospital';
}
const mueTable = (claim: Row, taxonomy: string | null | undefined): Table | null =>
  ptpTable(claim) === 'hospital'
    ? 'hospital'
    : isProfessional(claim)
      ? DME_SUPPLIER.test(taxonomy ?? '')
        ? 'dme'
        : 'practitioner'
      : null;

/** The edits that may touch these claims, in two statements whatever their number. */
export async function correctCodingEdits(
  tx: Queryable,
  claims: Row[],
  taxonomyOf: (claim: Row) => string | null | undefined,
): Promise<CorrectCodingEdits> {
  const codes = [
    ...new Set(
      claims.flatMap((c) =>
        linesOf(c)
          .filter((s) => isFilled(s.procedure_code))
          .map((s) => up(s.procedure_code)),
      ),
    ),
  ];
  const ptpTables = [...new Set(claims.map(ptpTable).filter((t) => t !== null))];
  const mueTables = [...new Set(claims.map((c) => mueTable(c, taxonomyOf(c))).filter((t) => t !== null))];
  const ptp = new Map<string, PtpRow[]>();
  const mue = new Map<string, MueRow[]>();
  if (!codes.length) return { ptp, mue };
  // A pair needs two of the claims' codes: a claim of one line reads nothing.
  if (ptpTables.length && codes.length > 1) {
    const r = await tx.query<PtpRow>(
      `select edit_table, column1, column2, effective_date::text, deletion_date::text, modifier_indicator
         from ncci_ptp_edits
        where edit_table = any($1::text[]) and column1 = any($2::text[]) and column2 = any($2::text[]) and modifier_indicator <> 9`,
      [ptpTables, codes],
    );
    for (const e of r.rows) {
      const key = `${e.edit_table}|${e.column1}|${e.column2}`;
      (ptp.get(key) ?? ptp.set(key, []).get(key)!).push({ ...e, modifier_indicator: Number(e.modifier_indicator) });
    }
  }
  if (mueTables.length) {
    const r = await tx.query<MueRow>(
      `select edit_table, code, effective_date::text, units, adjudication from ncci_mue_edits
        where edit_table = any($1::text[]) and code = any($2::text[]) order by effective_date desc`,
      [mueTables, codes],
    );
    for (const e of r.rows) {
      const key = `${e.edit_table}|${e.code}`;
      (mue.get(key) ?? mue.set(key, []).get(key)!).push({
        ...e,
        units: Number(e.units),
        adjudication: Number(e.adjudication),
      });
    }
  }
  return { ptp, mue };
}

export type CodingFinding = (field: string, key: ClaimMessage, params: Record<string, string | number>) => void;

/**
 * CMS's correct-coding edits on a claim's lines: a column 2 code billed the same day as its column 1 code (on any
 * line) without a modifier that may bypass the edit, or with none allowed; units over the medically unlikely edit of
 * a line (adjudication 1) or of a day (2 policy, 3 clinical). Each finding is on the line at fault, with what would
 * make it right.
 */
export function checkCorrectCoding(
  claim: Row,
  edits: CorrectCodingEdits,
  taxonomy: string | null | undefined,
  found: CodingFinding,
): void {
  const lines = linesOf(claim).map((s, i) => ({
    i,
    code: isFilled(s.procedure_code) ? up(s.procedure_code) : '',
    day: typeof s.from_service === 'string' && isUsDate(s.from_service) ? s.from_service : '',
    modifiers: (Array.isArray(s.modifiers) ? s.modifiers : []).map(up),
    units: unitsInThousandths(s.days_or_units),
  }));
  const iso = (day: string) => usDateToIso(day);
  const table = ptpTable(claim);
  if (table) {
    for (const a of lines)
      for (const b of lines) {
        if (!a.code || !b.code || !a.day || a.code === b.code || a.day !== b.day) continue;
        const day = iso(a.day);
        // In force from its effective date up to the day before its deletion date.
        const edit = edits.ptp
          .get(`${table}|${a.code}|${b.code}`)
          ?.find((e) => e.effective_date <= day && (!e.deletion_date || day < e.deletion_date));
        if (!edit) continue;
        const params = { column1: a.code, column2: b.code, row: a.i + 1, date: a.day };
        if (edit.modifier_indicator === 0) found(`services.${b.i}.procedure_code`, 'ptpNotAllowed', params);
        else if (![...a.modifiers, ...b.modifiers].some((m) => PTP_MODIFIERS.has(m)))
          found(`services.${b.i}.procedure_code`, 'ptpModifierNeeded', params);
      }
  }
  const mTable = mueTable(claim, taxonomy);
  if (!mTable) return;
  const perDay = new Map<string, bigint>();
  for (const l of lines) {
    if (!l.code || !l.day || l.units === null) continue;
    const edit = edits.mue.get(`${mTable}|${l.code}`)?.find((e) => e.effective_date <= iso(l.day));
    if (!edit) continue;
    const max = BigInt(edit.units) * 1000n;
    const field = `services.${l.i}.days_or_units`;
    const params = { code: l.code, max: edit.units, date: l.day };
    if (edit.adjudication === 1) {
      if (l.units > max) found(field, 'mueLine', { ...params, units: unitsText(l.units) });
      continue;
    }
    const key = `${l.code}|${l.day}`;
    const total = (perDay.get(key) ?? 0n) + l.units;
    perDay.set(key, total);
    if (total > max)
      found(field, edit.adjudication === 2 ? 'mueDayPolicy' : 'mueDayClinical', {
        ...params,
        units: unitsText(total),
      });
  }
}
