import type { Transaction } from './interchange-reader.ts';
import { components } from './segments.ts';
import type { Separators } from './separators.ts';

/** A segment of an 837 with the loop the guide puts it in (2010AA, 2300, 2310C, 2400…). */
export interface LoopSegment {
  loop: string;
  id: string;
  elements: string[];
}

// The 2310 loops are told apart by their NM1's entity code, which differs between the two guides.
const PROVIDER_LOOPS: Record<'P' | 'I', Record<string, string>> = {
  P: { DN: '2310A', '82': '2310B', '77': '2310C', DQ: '2310D', PW: '2310E', '45': '2310F' },
  I: { '71': '2310A', '72': '2310B', ZZ: '2310C', '82': '2310D', '77': '2310E', DN: '2310F' },
};
const HEADER_LOOPS: Record<string, string> = {
  '85': '2010AA',
  '87': '2010AB',
  IL: '2010BA',
  PR: '2010BB',
  QC: '2010CA',
};
const LEVELS: Record<string, string> = { '20': '2000A', '22': '2000B', '23': '2000C' };

/**
 * Each claim of an 837 transaction as the segments that say it, each named by its loop: the billing provider,
 * subscriber and patient levels it sits under, then its own loops from CLM to the next claim. What a crosswalk
 * walks to find where a fact was sent.
 */
export function claimLoops(tx: Transaction, sep: Separators, form: 'P' | 'I'): LoopSegment[][] {
  const claims: LoopSegment[][] = [];
  let header: LoopSegment[] = [];
  let claim: LoopSegment[] | null = null;
  let loop = '';
  for (const s of tx.segments) {
    const e = s.elements;
    if (s.id === 'SE') break;
    if (s.id === 'HL') {
      loop = LEVELS[e[3]] ?? `HL${e[3]}`;
      // A new level keeps the levels above it: the billing provider under a subscriber, both under a patient.
      const keep = loop === '2000A' ? [] : loop === '2000B' ? ['2000A', '2010A'] : ['2000A', '2010A', '2000B', '2010B'];
      header = header.filter((h) => keep.some((k) => h.loop.startsWith(k)));
      claim = null;
    } else if (s.id === 'CLM') {
      loop = '2300';
      claim = [...header];
      claims.push(claim);
    } else if (claim) {
      if (s.id === 'LX') loop = '2400';
      else if (s.id === 'LIN') loop = '2410';
      else if (s.id === 'SVD') loop = '2430';
      else if (s.id === 'SBR') loop = '2320';
      else if (s.id === 'NM1') {
        const code = components(e[1], sep)[0];
        if (loop === '2320' || loop.startsWith('2330'))
          loop = code === 'IL' ? '2330A' : code === 'PR' ? '2330B' : `2330${code}`;
        else if (loop.startsWith('24')) loop = `2420${code}`;
        else loop = PROVIDER_LOOPS[form][code] ?? `2310${code}`;
      }
    } else if (s.id === 'NM1') loop = HEADER_LOOPS[e[1]] ?? loop;
    const tagged = { loop, id: s.id, elements: e };
    if (claim) claim.push(tagged);
    else if (loop.startsWith('20')) header.push(tagged);
  }
  return claims;
}
