import { finding, type X12Finding } from './x12-finding.ts';
import { scanSegments, type Segment } from './segments.ts';
import { readSeparators, type Separators } from './separators.ts';

export interface Transaction {
  id: string;
  control: string;
  implementation?: string;
  segments: Segment[];
}
export interface Group {
  functionalId: string;
  sender: string;
  receiver: string;
  control: string;
  version: string;
  transactions: Transaction[];
}
export interface Interchange {
  control: string;
  sender: string;
  receiver: string;
  date: string;
  usage: 'T' | 'P' | string;
  groups: Group[];
}
export interface X12Document {
  separators: Separators | null;
  interchanges: Interchange[];
  findings: X12Finding[];
}

/** A letter then one or two letters or digits (checked by character code: it runs for every segment). */
function isSegmentId(id: string): boolean {
  const n = id.length;
  if (n < 2 || n > 3) return false;
  const first = id.charCodeAt(0);
  if (first < 65 || first > 90) return false;
  for (let i = 1; i < n; i++) {
    const c = id.charCodeAt(i);
    if (!((c >= 65 && c <= 90) || (c >= 48 && c <= 57))) return false;
  }
  return true;
}

/**
 * Builds envelopes (ISA/GS/ST…SE/GE/IEA) from segments fed one at a time, checking control numbers
 * and the segment, transaction and group counts. Problems become findings; nothing is guessed.
 */
export class EnvelopeBuilder {
  /**
   * onTransaction sees each transaction set as soon as its SE arrives; with retain false its segments
   * are then let go (the envelope keeps only its id and control), so memory follows one transaction,
   * not the file.
   */
  constructor(
    private onTransaction?: (tx: Transaction) => void,
    private retain = true,
  ) {}
  readonly interchanges: Interchange[] = [];
  readonly findings: X12Finding[] = [];
  private isa: Interchange | null = null;
  private gs: Group | null = null;
  private st: Transaction | null = null;
  private isaAt = 0;
  private gsAt = 0;

  push(seg: Segment): void {
    const findings = this.findings;
    if (!isSegmentId(seg.id)) {
      findings.push(finding('bad-segment-id', seg.position, seg.id, `"${seg.id}" is not a valid segment identifier.`));
      return;
    }
    const e = seg.elements;
    let { isa, gs, st } = this;
    switch (seg.id) {
      case 'ISA':
        if (isa)
          findings.push(
            finding(
              'missing-trailer',
              seg.position,
              'ISA',
              `Interchange ${isa.control} has no IEA before the next ISA.`,
            ),
          );
        isa = {
          control: e[13],
          sender: (e[6] ?? '').trim(),
          receiver: (e[8] ?? '').trim(),
          date: e[9],
          usage: e[15],
          groups: [],
        };
        this.interchanges.push(isa);
        this.isaAt = seg.position;
        break;
      case 'GS':
        if (!isa) {
          findings.push(finding('unexpected-segment', seg.position, 'GS', 'GS appears outside an interchange.'));
          break;
        }
        gs = { functionalId: e[1], sender: e[2], receiver: e[3], control: e[6], version: e[8], transactions: [] };
        isa.groups.push(gs);
        this.gsAt = seg.position;
        break;
      case 'ST':
        if (!gs) {
          findings.push(
            finding(
              'unexpected-segment',
              seg.position,
              'ST',
              'ST appears outside a functional group (no GS before it).',
            ),
          );
          break;
        }
        if (st)
          findings.push(
            finding('missing-trailer', seg.position, 'ST', `Transaction ${st.control} has no SE before the next ST.`),
          );
        st = { id: e[1], control: e[2], implementation: e[3], segments: [seg] };
        gs.transactions.push(st);
        break;
      case 'SE':
        if (!st) {
          findings.push(finding('unexpected-segment', seg.position, 'SE', 'SE without an ST.'));
          break;
        }
        st.segments.push(seg);
        if (e[2] !== st.control)
          findings.push(
            finding(
              'control-number-mismatch',
              seg.position,
              'SE',
              `SE02 ${e[2]} does not match ST02 ${st.control}.`,
              2,
            ),
          );
        if (Number(e[1]) !== st.segments.length)
          findings.push(
            finding(
              'count-mismatch',
              seg.position,
              'SE',
              `SE01 says ${e[1]} segments; the transaction has ${st.segments.length}.`,
              1,
            ),
          );
        this.onTransaction?.(st);
        if (!this.retain) st.segments = [];
        st = null;
        break;
      case 'GE':
        if (!gs) {
          findings.push(finding('unexpected-segment', seg.position, 'GE', 'GE without a GS.'));
          break;
        }
        if (st) {
          findings.push(finding('missing-trailer', seg.position, 'GE', `Transaction ${st.control} has no SE.`));
          st = null;
        }
        if (e[2] !== gs.control)
          findings.push(
            finding(
              'control-number-mismatch',
              seg.position,
              'GE',
              `GE02 ${e[2]} does not match GS06 ${gs.control}.`,
              2,
            ),
          );
        if (Number(e[1]) !== gs.transactions.length)
          findings.push(
            finding(
              'count-mismatch',
              seg.position,
              'GE',
              `GE01 says ${e[1]} transactions; the group has ${gs.transactions.length}.`,
              1,
            ),
          );
        gs = null;
        break;
      case 'IEA':
        if (!isa) {
          findings.push(finding('unexpected-segment', seg.position, 'IEA', 'IEA without an ISA.'));
          break;
        }
        if (gs) {
          findings.push(finding('missing-trailer', seg.position, 'IEA', `Group ${gs.control} has no GE.`));
          gs = null;
        }
        if (e[2] !== isa.control)
          findings.push(
            finding(
              'control-number-mismatch',
              seg.position,
              'IEA',
              `IEA02 ${e[2]} does not match ISA13 ${isa.control}.`,
              2,
            ),
          );
        if (Number(e[1]) !== isa.groups.length)
          findings.push(
            finding(
              'count-mismatch',
              seg.position,
              'IEA',
              `IEA01 says ${e[1]} groups; the interchange has ${isa.groups.length}.`,
              1,
            ),
          );
        isa = null;
        break;
      default:
        if (!st)
          findings.push(
            finding('unexpected-segment', seg.position, seg.id, `${seg.id} appears outside a transaction set (ST…SE).`),
          );
        else st.segments.push(seg);
    }
    this.isa = isa;
    this.gs = gs;
    this.st = st;
  }

  /** Reports what was left open when the input ended. */
  finish(): void {
    const { st, gs, isa } = this;
    if (st)
      this.findings.push(
        finding('missing-trailer', st.segments.at(-1)!.position, 'SE', `Transaction ${st.control} has no SE.`),
      );
    if (gs) this.findings.push(finding('missing-trailer', this.gsAt, 'GE', `Group ${gs.control} has no GE.`));
    if (isa)
      this.findings.push(finding('missing-trailer', this.isaAt, 'IEA', `Interchange ${isa.control} has no IEA.`));
    this.st = this.gs = this.isa = null;
  }
}

/** The finding of a text whose separators cannot be read, from its first three characters and whether it has an ISA. */
const notX12 = (opening: string, hasIsa: boolean): X12Finding[] => [
  finding(
    hasIsa ? 'short-isa' : 'no-isa',
    1,
    opening.slice(0, 3).replace(/[^A-Z0-9]/g, ''),
    hasIsa
      ? 'The ISA segment is shorter than its fixed 106 characters, so the separators cannot be read.'
      : 'This is not an X12 interchange: it has no ISA segment.',
  ),
];

/**
 * Reads any X12 text into its envelopes. With stream, each transaction set goes to the caller at its
 * SE and is not kept, so a large file costs the memory of one transaction set, not of the file.
 */
export function readInterchanges(
  text: string,
  stream?: { onTransaction(tx: Transaction, separators: Separators): void },
): X12Document {
  const separators = readSeparators(text);
  if (!separators) return { separators, interchanges: [], findings: notX12(text, text.includes('ISA')) };
  const b = stream ? new EnvelopeBuilder((tx) => stream.onTransaction(tx, separators), false) : new EnvelopeBuilder();
  scanSegments(text, separators, (seg) => b.push(seg));
  b.finish();
  return { separators, interchanges: b.interchanges, findings: b.findings };
}

/**
 * The same from chunks (a file stream is an AsyncIterable of chunks), so a file of tens of
 * megabytes is never held whole: only the unfinished tail of the last chunk is kept between reads.
 * Each chunk is searched once, never the text kept before it: a file whose separators cannot be
 * read, or with no segment terminator for megabytes, costs its length, not its length squared.
 */
export async function readInterchangesFromChunks(
  chunks: AsyncIterable<string | Uint8Array>,
  stream?: { onTransaction(tx: Transaction, separators: Separators): void },
): Promise<X12Document> {
  const decoder = new TextDecoder();
  let separators: Separators | null = null;
  // Before the separators are known: the text's first characters (for the finding of a text that is not X12), whether
  // an ISA was seen, and the text from it on until its 106 characters are in (or, before it, the last two characters,
  // which may start one).
  let opening = '';
  let sawIsa = false;
  let head = '';
  let unreadable = false;
  // After: the text since the last segment terminator, which holds none.
  let carry = '';
  let position = 0;
  // Streaming: each transaction set goes to the caller at its SE and is not kept.
  const b = stream ? new EnvelopeBuilder((tx) => stream.onTransaction(tx, separators!), false) : new EnvelopeBuilder();
  const emit = (raw: string) => {
    const trimmed = raw.replace(/^\s+/, '');
    if (!trimmed) return;
    const elements = trimmed.split(separators!.element);
    b.push({ position: ++position, id: elements[0], elements });
  };
  const take = (text: string) => {
    if (opening.length < 3) opening += text.slice(0, 3 - opening.length);
    if (!separators) {
      if (unreadable) return;
      if (!sawIsa) {
        const window = head + text;
        const at = window.indexOf('ISA');
        if (at < 0) {
          head = window.slice(-2);
          return;
        }
        sawIsa = true;
        head = window.slice(at);
      } else head += text;
      if (head.length < 106) return;
      separators = readSeparators(head);
      // The first ISA is not one: the whole text is not X12, whatever follows.
      if (!separators) {
        unreadable = true;
        head = '';
        return;
      }
      text = head;
      head = '';
    }
    let from = 0;
    let end: number;
    while ((end = text.indexOf(separators.segment, from)) >= 0) {
      emit(carry + text.slice(from, end));
      carry = '';
      from = end + 1;
    }
    carry += text.slice(from);
  };
  for await (const chunk of chunks) take(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
  take(decoder.decode());
  if (!separators) return { separators: null, interchanges: [], findings: notX12(opening, sawIsa) };
  emit(carry);
  b.finish();
  return { separators, interchanges: b.interchanges, findings: b.findings };
}
