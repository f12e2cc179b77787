import type { CrosswalkRow, X12Place } from '../../src/domain/claims/claim-crosswalk.ts';
import type { LoopSegment } from '../../src/domain/x12/claim-837-loops.ts';

/** A value a paper form printed: its box, and on the CMS-1500 its grid row and column. */
export interface Printed {
  box: string;
  text: string;
  row?: number;
  col?: number;
}

/** Whether the claim's 837 sends a fact at one of its places (the element filled, and saying the value when one is named). */
export function sent(places: X12Place[], segments: LoopSegment[], component: string): boolean {
  return places.some((p) =>
    segments.some((s) => {
      if (s.loop !== p.loop || s.id !== p.segment) return false;
      if (p.qualifier && (s.elements[1] ?? '').split(component)[0] !== p.qualifier) return false;
      const v = s.elements[p.element] ?? '';
      return p.value ? v === p.value || v.split(component).includes(p.value) : v.trim() !== '';
    }),
  );
}

/**
 * What one claim's paper form and 837 disagree about, row by row of the crosswalk, in words (empty when they agree);
 * `held` collects the rows whose fact this claim holds.
 */
export function crosswalkDisagreements(
  rows: CrosswalkRow[],
  printed: Printed[],
  segments: LoopSegment[],
  component: string,
  held: Set<string>,
): string[] {
  const out: string[] = [];
  for (const row of rows) {
    const { pairing } = row;
    if (pairing.kind === 'paper') continue;
    const absent = pairing.kind === 'held' ? pairing.absent : undefined;
    const inBox = printed.filter((p) => p.box === row.box && p.text.trim() && p.text.trim() !== absent);
    const onPaper = inBox.length > 0;
    const inFile = sent(row.x12, segments, component);
    if (inFile) held.add(row.box);
    const say = (what: string) => out.push(`box ${row.box} (${row.fact}): ${what}`);
    if (pairing.kind === 'always') {
      if (!onPaper) say('not printed');
      if (!inFile) say('not in the 837');
    } else if (pairing.kind === 'held') {
      if (onPaper !== inFile) say(onPaper ? 'printed, but not in the 837' : 'in the 837, but not printed');
    } else if (onPaper) {
      const [r, c] = pairing.yes;
      const yes = inBox.some((p) => p.row === r && p.col === c);
      if (yes !== inFile) say(yes ? 'YES on paper, not in the 837' : 'in the 837, but NO on paper');
    }
  }
  // Every box the form printed is a row of the crosswalk.
  const known = new Set(rows.map((r) => r.box));
  for (const box of new Set(printed.map((p) => p.box)))
    if (!known.has(box)) out.push(`box ${box}: printed, but not in the crosswalk`);
  return out;
}
