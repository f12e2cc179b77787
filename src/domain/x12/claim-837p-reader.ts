import { x12DateToIso } from './amounts.ts';
import { NO_DAY } from '../formats.ts';
import type { Claim837P, RelatedCauses } from './claim-837-model.ts';
import { DATE_ORDER } from './claim-dates.ts';
import { party, read837, readDrug, type ClaimKind } from './claim-837-reader.ts';
import type { Transaction } from './interchange-reader.ts';
import { components } from './segments.ts';
import type { Separators } from './separators.ts';

const professional: ClaimKind<Claim837P> = {
  start(s, common, { sep }) {
    const [pos] = components(s.elements[5], sep);
    const [c1, c2, c3, state] = components(s.elements[11], sep);
    const causes = [c1, c2, c3];
    const relatedCauses: RelatedCauses = {
      ...(causes.includes('EM') ? { employment: true as const } : {}),
      ...(causes.includes('AA') ? { autoAccident: true as const } : {}),
      ...(causes.includes('OA') ? { otherAccident: true as const } : {}),
      ...(state ? { state } : {}),
    };
    return {
      ...common,
      placeOfService: pos && pos.length <= 2 ? pos : '',
      ...(Object.keys(relatedCauses).length ? { relatedCauses } : {}),
      diagnoses: [],
      lines: [],
    };
  },
  segment(s, claim, { sep, cents }) {
    const e = s.elements;
    switch (s.id) {
      case 'NM1':
        if (e[1] === '82') claim.renderingProvider = { ...party(e), npi: e[9] };
        else if (e[1] === 'DN') claim.referringProvider = { ...party(e), npi: e[9] };
        else if (e[1] === 'DQ') claim.supervisingProvider = { ...party(e), npi: e[9] };
        else return false;
        return true;
      case 'HI':
        for (const v of e.slice(1)) {
          const [, code] = components(v, sep);
          if (code) claim.diagnoses.push(code);
        }
        return true;
      case 'SV1': {
        const [, procedure, ...modifiers] = components(e[1], sep);
        claim.lines.push({
          procedure,
          modifiers: modifiers.filter(Boolean),
          charge: cents(s, 2),
          unitCode: e[3] as 'UN' | 'MJ',
          units: e[4],
          ...(e[5] ? { placeOfService: e[5] } : {}),
          diagnosisPointers: components(e[7], sep).filter(Boolean).map(Number),
          dateOfService: NO_DAY,
          ...(e[9] === 'Y' ? { emergency: true } : {}),
        });
        return true;
      }
      case 'DTP':
        if (!claim.lines.length && (e[1] === '431' || e[1] === '439')) {
          claim[e[1] === '431' ? 'onsetDate' : 'accidentDate'] = x12DateToIso(e[3] ?? '') ?? NO_DAY;
          return true;
        }
        if (!claim.lines.length && DATE_ORDER.includes(e[1])) {
          const [from, through] = (e[3] ?? '').split('-');
          (claim.otherDates ??= []).push({
            qualifier: e[1],
            date: x12DateToIso(from) ?? NO_DAY,
            ...(e[2] === 'RD8' ? { through: x12DateToIso(through ?? '') ?? NO_DAY } : {}),
          });
          return true;
        }
        if (e[1] !== '472' || !claim.lines.length) return false;
        claim.lines[claim.lines.length - 1].dateOfService = x12DateToIso((e[3] ?? '').slice(0, 8)) ?? NO_DAY;
        return true;
      case 'NTE':
        if (e[1] !== 'ADD' || claim.lines.length) return false;
        claim.additionalInformation = e[2];
        return true;
      case 'PS1': {
        const line = claim.lines[claim.lines.length - 1];
        if (!line) return false;
        line.purchasedService = { providerId: e[1], charge: cents(s, 2) };
        return true;
      }
      case 'LIN':
      case 'CTP':
        return readDrug(s, claim.lines);
      default:
        return false;
    }
  },
};

/** Reads the claims of an 837P transaction back into the model the writer takes. */
export const read837P = (tx: Transaction, sep: Separators) => read837(tx, sep, professional);
