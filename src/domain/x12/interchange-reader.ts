import { finding, type X12Finding } from './x12-finding.ts';
import { readSegments, type Segment } from './segments.ts';
import { readSeparators, type Separators } from './separators.ts';

export interface Transaction { id: string; control: string; implementation?: string; segments: Segment[] }
export interface Group { functionalId: string; sender: string; receiver: string; control: string; version: string; transactions: Transaction[] }
export interface Interchange { control: string; sender: string; receiver: string; date: string; usage: 'T' | 'P' | string; groups: Group[] }
export interface X12Document { separators: Separators | null; interchanges: Interchange[]; findings: X12Finding[] }

const SEGMENT_ID = /^[A-Z][A-Z0-9]{1,2}$/;

/**
 * Reads any X12 file into its envelopes (ISA/GS/ST…SE/GE/IEA), checking control numbers and the
 * segment, transaction and group counts. Problems become findings; nothing is guessed.
 */
export function readInterchanges(text: string): X12Document {
  const findings: X12Finding[] = [];
  const separators = readSeparators(text);
  if (!separators) {
    findings.push(finding(text.includes('ISA') ? 'short-isa' : 'no-isa', 1, text.slice(0, 3).replace(/[^A-Z0-9]/g, ''), text.includes('ISA') ? 'The ISA segment is shorter than its fixed 106 characters, so the separators cannot be read.' : 'This is not an X12 interchange: it has no ISA segment.'));
    return { separators, interchanges: [], findings };
  }
  const interchanges: Interchange[] = [];
  let isa: Interchange | null = null;
  let gs: Group | null = null;
  let st: Transaction | null = null;
  let isaAt = 0, gsAt = 0;
  for (const seg of readSegments(text, separators)) {
    if (!SEGMENT_ID.test(seg.id)) {
      findings.push(finding('bad-segment-id', seg.position, seg.id, `"${seg.id}" is not a valid segment identifier.`));
      continue;
    }
    const e = seg.elements;
    switch (seg.id) {
      case 'ISA':
        if (isa) findings.push(finding('missing-trailer', seg.position, 'ISA', `Interchange ${isa.control} has no IEA before the next ISA.`));
        isa = { control: e[13], sender: (e[6] ?? '').trim(), receiver: (e[8] ?? '').trim(), date: e[9], usage: e[15], groups: [] };
        interchanges.push(isa);
        isaAt = seg.position;
        break;
      case 'GS':
        if (!isa) { findings.push(finding('unexpected-segment', seg.position, 'GS', 'GS appears outside an interchange.')); break; }
        gs = { functionalId: e[1], sender: e[2], receiver: e[3], control: e[6], version: e[8], transactions: [] };
        isa.groups.push(gs);
        gsAt = seg.position;
        break;
      case 'ST':
        if (!gs) { findings.push(finding('unexpected-segment', seg.position, 'ST', 'ST appears outside a functional group (no GS before it).')); break; }
        if (st) findings.push(finding('missing-trailer', seg.position, 'ST', `Transaction ${st.control} has no SE before the next ST.`));
        st = { id: e[1], control: e[2], implementation: e[3], segments: [seg] };
        gs.transactions.push(st);
        break;
      case 'SE':
        if (!st) { findings.push(finding('unexpected-segment', seg.position, 'SE', 'SE without an ST.')); break; }
        st.segments.push(seg);
        if (e[2] !== st.control) findings.push(finding('control-number-mismatch', seg.position, 'SE', `SE02 ${e[2]} does not match ST02 ${st.control}.`, 2));
        if (Number(e[1]) !== st.segments.length) findings.push(finding('count-mismatch', seg.position, 'SE', `SE01 says ${e[1]} segments; the transaction has ${st.segments.length}.`, 1));
        st = null;
        break;
      case 'GE':
        if (!gs) { findings.push(finding('unexpected-segment', seg.position, 'GE', 'GE without a GS.')); break; }
        if (st) { findings.push(finding('missing-trailer', seg.position, 'GE', `Transaction ${st.control} has no SE.`)); st = null; }
        if (e[2] !== gs.control) findings.push(finding('control-number-mismatch', seg.position, 'GE', `GE02 ${e[2]} does not match GS06 ${gs.control}.`, 2));
        if (Number(e[1]) !== gs.transactions.length) findings.push(finding('count-mismatch', seg.position, 'GE', `GE01 says ${e[1]} transactions; the group has ${gs.transactions.length}.`, 1));
        gs = null;
        break;
      case 'IEA':
        if (!isa) { findings.push(finding('unexpected-segment', seg.position, 'IEA', 'IEA without an ISA.')); break; }
        if (gs) { findings.push(finding('missing-trailer', seg.position, 'IEA', `Group ${gs.control} has no GE.`)); gs = null; }
        if (e[2] !== isa.control) findings.push(finding('control-number-mismatch', seg.position, 'IEA', `IEA02 ${e[2]} does not match ISA13 ${isa.control}.`, 2));
        if (Number(e[1]) !== isa.groups.length) findings.push(finding('count-mismatch', seg.position, 'IEA', `IEA01 says ${e[1]} groups; the interchange has ${isa.groups.length}.`, 1));
        isa = null;
        break;
      default:
        if (!st) findings.push(finding('unexpected-segment', seg.position, seg.id, `${seg.id} appears outside a transaction set (ST…SE).`));
        else st.segments.push(seg);
    }
  }
  if (st) findings.push(finding('missing-trailer', st.segments.at(-1)!.position, 'SE', `Transaction ${st.control} has no SE.`));
  if (gs) findings.push(finding('missing-trailer', gsAt, 'GE', `Group ${gs.control} has no GE.`));
  if (isa) findings.push(finding('missing-trailer', isaAt, 'IEA', `Interchange ${isa.control} has no IEA.`));
  return { separators, interchanges, findings };
}
