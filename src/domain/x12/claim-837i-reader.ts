import { amountToCents, x12DateToIso } from './amounts.ts';
import { NO_DAY } from '../formats.ts';
import type { Claim837I, Diagnosis837I } from './claim-837-model.ts';
import { party, read837, readDrug, type ClaimKind } from './claim-837-reader.ts';
import type { Transaction } from './interchange-reader.ts';
import { components } from './segments.ts';
import type { Separators } from './separators.ts';

const institutional: ClaimKind<Claim837I> = {
  start(s, common, { sep }) {
    const [facilityCode] = components(s.elements[5], sep);
    return {
      ...common,
      facilityCode: facilityCode && facilityCode.length <= 2 ? facilityCode : '',
      statementFrom: NO_DAY,
      statementTo: NO_DAY,
      patientStatus: '',
      principalDiagnosis: { code: '' },
      otherDiagnoses: [],
      lines: [],
    };
  },
  segment(s, claim, { sep, cents }) {
    const e = s.elements;
    switch (s.id) {
      case 'DTP':
        if (e[1] === '434') {
          const [from, to] = (e[3] ?? '').split('-');
          claim.statementFrom = x12DateToIso(from) ?? NO_DAY;
          claim.statementTo = x12DateToIso(to ?? from) ?? NO_DAY;
        } else if (e[1] === '435' && !claim.lines.length) {
          claim.admission = {
            date: x12DateToIso((e[3] ?? '').slice(0, 8)) ?? NO_DAY,
            ...(e[2] === 'DT' && (e[3] ?? '').length >= 10 ? { hour: Number(e[3].slice(8, 10)) } : {}),
          };
        } else if (e[1] === '096' && !claim.lines.length) claim.dischargeHour = Number((e[3] ?? '').slice(0, 2));
        else if (e[1] === '472' && claim.lines.length)
          claim.lines[claim.lines.length - 1].dateOfService = x12DateToIso((e[3] ?? '').slice(0, 8));
        else return false;
        return true;
      case 'REF':
        if (e[1] !== 'EA') return false;
        claim.medicalRecordNumber = e[2];
        return true;
      case 'CL1':
        if (e[1]) claim.admissionType = e[1];
        if (e[2]) claim.admissionSource = e[2];
        claim.patientStatus = e[3] ?? '';
        return true;
      case 'HI':
        for (const v of e.slice(1)) {
          const c = components(v, sep);
          const d: Diagnosis837I = { code: c[1] ?? '', ...(c[8] ? { presentOnAdmission: c[8] as 'Y' } : {}) };
          if (c[0] === 'ABK' || c[0] === 'BK') claim.principalDiagnosis = d;
          else if (c[0] === 'ABJ' || c[0] === 'BJ') claim.admittingDiagnosis = d.code;
          else if (c[0] === 'ABF' || c[0] === 'BF') claim.otherDiagnoses.push(d);
          else if (c[0] === 'BG') (claim.conditionCodes ??= []).push(c[1]);
          else if (c[0] === 'BE') (claim.valueCodes ??= []).push({ code: c[1], amount: amountToCents(c[4]) ?? 0 });
          else if (c[0] === 'BH')
            (claim.occurrenceCodes ??= []).push({ code: c[1], date: x12DateToIso(c[3]) ?? NO_DAY });
        }
        return true;
      case 'NM1':
        if (e[1] !== '71') return false;
        claim.attendingProvider = { ...party(e), ...(e[9] ? { npi: e[9] } : {}) };
        return true;
      case 'SV2': {
        const [, procedure, ...modifiers] = components(e[2], sep);
        claim.lines.push({
          revenueCode: e[1],
          ...(procedure ? { procedure } : {}),
          modifiers: modifiers.filter(Boolean),
          charge: cents(s, 3),
          unitCode: e[4] as 'UN',
          units: e[5],
        });
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

/** Reads the claims of an 837I transaction back into the model the writer takes. */
export const read837I = (tx: Transaction, sep: Separators) => read837(tx, sep, institutional);
