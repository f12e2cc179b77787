import { amountToCents, formatCents, x12DateToIso } from '../amounts.ts';
import { isNpi } from '../../formats.ts';
import { problem, type FieldProblem } from '../../errors/domain-error.ts';
import { readInterchanges, type Transaction, type X12Document } from '../interchange-reader.ts';
import { form837Of } from '../read-837-of.ts';
import type { Segment } from '../segments.ts';
import type { Separators } from '../separators.ts';

/** One thing wrong in a claim file: what (a catalogue code, in any language), where, and which claim it stops. */
export interface IntakeFinding {
  problem: FieldProblem;
  /** 1-based number of the segment in the file (what an editor's "go to segment" takes) */
  position: number;
  segment: string;
  element?: number;
  /** the 837's loop the segment belongs to (2000A, 2010AA, 2300, 2400, …) */
  loop: string;
  /** the claim's patient control number (CLM01) when the finding is a claim's; none for the file's own */
  claim?: string;
}

/** A claim of the file as the intake found it: where it starts, and what stops it from being imported. */
export interface CheckedClaim {
  control: string;
  position: number;
  findings: IntakeFinding[];
}

export interface ClaimFileCheck {
  claims: CheckedClaim[];
  /** the file's own (its envelope, a level no claim is under): these stop every claim of the transaction */
  findings: IntakeFinding[];
}

const LEVELS: Record<string, { parent: string | null; loop: string }> = {
  '20': { parent: null, loop: '2000A' },
  '22': { parent: '20', loop: '2000B' },
  '23': { parent: '22', loop: '2000C' },
};

/** The claim's and the line's named parties by entity code (TR3 loops 2310x and 2420x), professional then institutional. */
const CLAIM_PARTIES: Record<string, Record<string, string>> = {
  P: { DN: '2310A', P3: '2310A', '82': '2310B', '77': '2310C', DQ: '2310D', PW: '2310E', '45': '2310F' },
  I: { '71': '2310A', '72': '2310B', ZZ: '2310C', '82': '2310D', '77': '2310E', DN: '2310F' },
};
const LINE_PARTIES: Record<string, Record<string, string>> = {
  P: { '82': '2420A', QB: '2420B', '77': '2420C', DQ: '2420D', DK: '2420E', DN: '2420F', PW: '2420G', '45': '2420H' },
  I: { '72': '2420A', ZZ: '2420B', '82': '2420C', DN: '2420D' },
};

/** The loop an NM1 opens, by its entity code and the loop it is met in (the TR3's 2010, 2310, 2330 and 2420 loops). */
function nameLoop(entity: string, inLoop: string, form: 'P' | 'I'): string {
  if (inLoop.startsWith('2000A') || inLoop.startsWith('2010A'))
    return entity === '85' ? '2010AA' : entity === '87' ? '2010AB' : '2010AC';
  if (inLoop.startsWith('2000B') || inLoop.startsWith('2010B')) return entity === 'PR' ? '2010BB' : '2010BA';
  if (inLoop.startsWith('2000C') || inLoop.startsWith('2010C')) return '2010CA';
  if (inLoop.startsWith('2320') || inLoop.startsWith('2330')) return '2330';
  if (inLoop.startsWith('24')) return LINE_PARTIES[form][entity] ?? '2420';
  return CLAIM_PARTIES[form][entity] ?? '2310';
}

/** Who an NPI is of, in words, by the NM1's entity code. */
const NPI_OF: Record<string, { en: string; es: string }> = {
  '85': { en: 'The billing provider', es: 'Proveedor de facturación' },
  '87': { en: 'The pay-to provider', es: 'Proveedor al que se paga' },
  '82': { en: 'The rendering provider', es: 'Proveedor que presta el servicio' },
  DN: { en: 'The referring provider', es: 'Proveedor que refiere' },
  DK: { en: 'The ordering provider', es: 'Proveedor que ordena' },
  DQ: { en: 'The supervising provider', es: 'Proveedor supervisor' },
  '77': { en: 'The service facility', es: 'Lugar del servicio' },
  '71': { en: 'The attending provider', es: 'Proveedor tratante' },
  '72': { en: 'The operating provider', es: 'Cirujano' },
  ZZ: { en: 'The other operating provider', es: 'Otro cirujano' },
  FA: { en: 'The service facility', es: 'Lugar del servicio' },
};

/** The words a finding names a part of a claim with, in each language (a parameter of the catalogue's sentences). */
const PART = {
  diagnoses: { en: 'diagnoses', es: 'diagnósticos' },
  serviceLine: { en: 'a service line', es: 'una línea de servicio' },
  controlNumber: { en: 'patient control number', es: 'número de control del paciente' },
  totalCharge: { en: 'total charge', es: 'cargo total' },
  placeAndFrequency: { en: 'place of service and frequency', es: 'lugar de servicio y frecuencia' },
} as const;

const el = (n: number) => String(n).padStart(2, '0');

/**
 * Checks one 837 transaction set as a clearing house does before it takes a claim: the HL tree (numbered in order,
 * every parent a level before it and of the right kind), the claims' service lines numbered 1, 2, 3…, composites where
 * the guide has them (CLM05, HI), amounts, dates and date ranges, every NPI's check digit, each claim's total against its
 * lines, a claim number used once in the file, and the segments a claim cannot go without. Each finding names the
 * segment, element and loop, and the claim it belongs to.
 */
export function checkClaimTransaction(tx: Transaction, sep: Separators, professional: boolean): ClaimFileCheck {
  const out: ClaimFileCheck = { claims: [], findings: [] };
  const levels = new Map<string, string>();
  let expectedHl = 1;
  let loop = 'header';
  let claim:
    | (CheckedClaim & { total: number | null; lines: number; hasHi: boolean; lx: number; diagnoses: number })
    | null = null;
  // What is wrong at a billing provider's or a subscriber's level stops every claim under it: held here until the
  // level ends, given to each claim under it, and the file's own when no claim is.
  let held: Record<'provider' | 'person', { findings: IntakeFinding[]; claims: number }> = {
    provider: { findings: [], claims: 0 },
    person: { findings: [], claims: 0 },
  };
  const endLevel = (which: 'provider' | 'person') => {
    if (!held[which].claims) out.findings.push(...held[which].findings);
    held = { ...held, [which]: { findings: [], claims: 0 } };
  };
  const add = (s: Segment, p: FieldProblem, element?: number) => {
    const f: IntakeFinding = { problem: p, position: s.position, segment: s.id, loop, ...(element ? { element } : {}) };
    if (claim) claim.findings.push({ ...f, claim: claim.control });
    else if (loop.startsWith('2000A') || loop.startsWith('2010A')) held.provider.findings.push(f);
    else if (/^20[01]0[BC]/.test(loop)) held.person.findings.push(f);
    else out.findings.push(f);
  };
  const finishClaim = () => {
    if (!claim) return;
    const c = claim;
    const at = { position: c.position, segment: 'CLM', loop: '2300', claim: c.control };
    if (!c.hasHi)
      c.findings.push({
        ...at,
        problem: problem('intake_segment_required', { claim: c.control, segment: 'HI', name: PART.diagnoses }),
      });
    if (!c.lx)
      c.findings.push({
        ...at,
        problem: problem('intake_segment_required', { claim: c.control, segment: 'LX', name: PART.serviceLine }),
      });
    else if (c.total !== null && c.total !== c.lines)
      c.findings.push({
        ...at,
        element: 2,
        problem: problem('intake_claim_unbalanced', {
          claim: c.control,
          total: formatCents(c.total),
          lines: formatCents(c.lines),
        }),
      });
    out.claims.push({ control: c.control, position: c.position, findings: c.findings });
    claim = null;
  };
  // A day (D8), a range of days (RD8), or a day and time (DT, CCYYMMDDHHMM); other formats are not dates of days.
  const date = (s: Segment, i: number, format: string | undefined) => {
    const v = s.elements[i] ?? '';
    if (!v || !(format === 'D8' || format === 'RD8' || format === 'DT')) return;
    const [from, to] = format === 'RD8' ? v.split('-') : [format === 'DT' ? v.slice(0, 8) : v, undefined];
    const params = { segment: s.id, element: el(i), value: v };
    const time = format === 'DT' ? v.slice(8) : '';
    const badTime =
      format === 'DT' && !(/^\d{4}$/.test(time) && Number(time.slice(0, 2)) < 24 && Number(time.slice(2)) < 60);
    if (!x12DateToIso(from) || (format === 'RD8' && !x12DateToIso(to)) || badTime)
      add(s, problem('intake_date_invalid', params), i);
    else if (to && to < from) add(s, problem('intake_range_backwards', params), i);
  };
  const amount = (s: Segment, i: number): number | null => {
    const v = s.elements[i];
    if (v === undefined || v === '') return null;
    const c = amountToCents(v);
    if (c === null) add(s, problem('intake_amount_invalid', { segment: s.id, element: el(i), value: v }), i);
    return c;
  };
  const composite = (s: Segment, i: number) => {
    const v = s.elements[i] ?? '';
    if (v && !v.includes(sep.component))
      add(
        s,
        problem('intake_composite_expected', { segment: s.id, element: el(i), value: v, separator: sep.component }),
        i,
      );
  };

  for (const s of tx.segments) {
    const e = s.elements;
    switch (s.id) {
      case 'HL': {
        finishClaim();
        const [id, parent, level] = [e[1] ?? '', e[2] ?? '', e[3] ?? ''];
        const kind = LEVELS[level];
        // A new billing provider ends the one before and its subscribers; a new subscriber ends the one before.
        if (level !== '23') endLevel('person');
        if (level === '20') endLevel('provider');
        loop = kind?.loop ?? '2000';
        if (levels.has(id)) add(s, problem('intake_hl_id_repeated', { id }), 1);
        else if (id !== String(expectedHl))
          add(s, problem('intake_hl_id_out_of_order', { id, expected: expectedHl }), 1);
        expectedHl = Math.max(expectedHl, Number(id) || 0) + 1;
        if (!kind) add(s, problem('intake_hl_level_unknown', { id, level }), 3);
        else if (kind.parent === null && parent) add(s, problem('intake_hl_parent_unknown', { id, parent }), 2);
        else if (kind.parent !== null) {
          const actual = levels.get(parent);
          if (actual === undefined) add(s, problem('intake_hl_parent_unknown', { id, parent }), 2);
          else if (actual !== kind.parent)
            add(s, problem('intake_hl_parent_wrong_level', { id, level, wanted: kind.parent, parent, actual }), 2);
        }
        if (!levels.has(id)) levels.set(id, level);
        break;
      }
      case 'NM1': {
        loop = nameLoop(e[1] ?? '', loop, professional ? 'P' : 'I');
        if (e[8] === 'XX' && !isNpi(e[9] ?? ''))
          add(
            s,
            problem('intake_npi_invalid', {
              who: NPI_OF[e[1] ?? ''] ?? { en: `The ${e[1]}`, es: `${e[1]}` },
              npi: e[9] ?? '',
            }),
            9,
          );
        break;
      }
      case 'CLM': {
        finishClaim();
        loop = '2300';
        const control = e[1] ?? '';
        held.provider.claims++;
        held.person.claims++;
        claim = {
          control,
          position: s.position,
          findings: [...held.provider.findings, ...held.person.findings].map((f) => ({ ...f, claim: control })),
          total: null,
          lines: 0,
          hasHi: false,
          lx: 0,
          diagnoses: 0,
        };
        if (!control)
          add(s, problem('intake_element_required', { segment: 'CLM', element: '01', name: PART.controlNumber }), 1);
        if (!e[2])
          add(s, problem('intake_element_required', { segment: 'CLM', element: '02', name: PART.totalCharge }), 2);
        else claim.total = amount(s, 2);
        if (!e[5])
          add(
            s,
            problem('intake_element_required', {
              segment: 'CLM',
              element: '05',
              name: PART.placeAndFrequency,
            }),
            5,
          );
        else composite(s, 5);
        break;
      }
      case 'SBR':
        if (claim) loop = '2320';
        break;
      case 'HI':
        if (claim) claim.hasHi = true;
        for (let i = 1; i < e.length; i++) composite(s, i);
        // The claim's diagnoses (ABK principal, ABF others; BK and BF in ICD-9) are what its lines' pointers count.
        if (claim && professional)
          claim.diagnoses += e.slice(1).filter((v) => /^A?B[KF]$/.test((v ?? '').split(sep.component)[0])).length;
        break;
      case 'DTP':
        date(s, 3, e[2]);
        break;
      case 'DMG':
        if (e[1] === 'D8') date(s, 2, 'D8');
        break;
      case 'LX': {
        loop = '2400';
        if (!claim) break;
        claim.lx++;
        if (e[1] !== String(claim.lx))
          add(s, problem('intake_lx_sequence', { found: e[1] ?? '', expected: claim.lx }), 1);
        break;
      }
      case 'SV1':
      case 'SV2': {
        const i = s.id === 'SV1' ? 2 : 3;
        if ((s.id === 'SV1') !== professional) break;
        composite(s, s.id === 'SV1' ? 1 : 2);
        // SV107: each pointer a diagnosis of the claim (1 to 12, at most as many as the claim has).
        if (s.id === 'SV1' && claim)
          for (const pointer of (e[7] ?? '').split(sep.component).filter(Boolean)) {
            const n = Number(pointer);
            if (!Number.isInteger(n) || n < 1 || n > Math.min(12, claim.diagnoses))
              add(
                s,
                problem('intake_pointer_beyond', {
                  claim: claim.control,
                  line: claim.lx,
                  pointer,
                  count: claim.diagnoses,
                }),
                7,
              );
          }
        const c = amount(s, i);
        if (claim && c !== null) claim.lines += c;
        break;
      }
      case 'SE':
        finishClaim();
        endLevel('person');
        endLevel('provider');
        break;
    }
  }
  finishClaim();
  endLevel('person');
  endLevel('provider');
  return out;
}

/**
 * Checks every 837 of a file: its envelopes (control numbers and counts, as the reader finds them), then each
 * transaction's claims (checkClaimTransaction); a claim number used twice in the file is found on every claim using it.
 */
export const checkClaimFile = (text: string): ClaimFileCheck => checkClaimDocument(readInterchanges(text));

/** checkClaimFile on a file already read (the preview and inspect read it once for everything they do). */
export function checkClaimDocument(doc: X12Document): ClaimFileCheck {
  const out: ClaimFileCheck = {
    claims: [],
    findings: doc.findings.map((f) => ({
      problem: problem('intake_envelope', { text: f.message }),
      position: f.position,
      segment: f.segmentId,
      loop: 'envelope',
      ...(f.element ? { element: f.element } : {}),
    })),
  };
  for (const ix of doc.interchanges)
    for (const g of ix.groups)
      for (const tx of g.transactions) {
        if (tx.id !== '837') continue;
        const checked = checkClaimTransaction(tx, doc.separators!, form837Of(g.version) === 'professional');
        out.claims.push(...checked.claims);
        out.findings.push(...checked.findings);
      }
  const byControl = new Map<string, CheckedClaim[]>();
  for (const c of out.claims) if (c.control) byControl.set(c.control, [...(byControl.get(c.control) ?? []), c]);
  for (const [control, same] of byControl)
    if (same.length > 1)
      for (const c of same)
        c.findings.push({
          problem: problem('intake_claim_number_repeated', { claim: control, count: same.length }),
          position: c.position,
          segment: 'CLM',
          element: 1,
          loop: '2300',
          claim: control,
        });
  return out;
}
