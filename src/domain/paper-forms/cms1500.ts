import type { Claim837P, Party } from '../x12/claim-837-model.ts';
import { dateParts, formMoney, formText, phoneParts, zipText, type PaperExtras } from './paper-claim.ts';

/**
 * The CMS-1500 (02/12) printing grid: Courier 12 pt at 10 characters and 6 lines per inch, rows and
 * columns counted from 1, offsets in points a person adjusts to their printer (paper-forms.md §2).
 */
export const CMS1500 = {
  width: 612,
  height: 792,
  charWidth: 7.2,
  lineHeight: 12,
  left: 24,
  top: 20,
  linesPerPage: 6,
} as const;

/** A value on the grid: its box (for people and tests), where it starts, and the text. */
export interface GridText {
  box: string;
  row: number;
  col: number;
  text: string;
}

const INSURANCE_COLUMN: Record<PaperExtras['insuranceType'], number> = {
  medicare: 1,
  medicaid: 8,
  tricare: 15,
  champva: 24,
  group: 31,
  feca: 39,
  other: 45,
};
const RELATIONSHIP_COLUMN: Record<string, number> = { '18': 33, '01': 38, '19': 42 };

/** Box 15's qualifiers (the other dates; 439 is the accident's own). */
const BOX_15 = ['454', '304', '453', '455', '471', '090', '091', '444'];

/** LAST, FIRST, M (the middle initial only when known). */
const nameOf = (p: Party | undefined) =>
  p ? (p.entity === 'person' && p.firstName ? `${p.name}, ${p.firstName}` : p.name) : '';

/** One form per six service lines; every header box on every page; box 28 totals all lines on the last page ("CONTINUED" before it). */
export function cms1500Pages(c: Claim837P, x: PaperExtras): GridText[][] {
  const pages: GridText[][] = [];
  const count = Math.max(1, Math.ceil(c.lines.length / CMS1500.linesPerPage));
  for (let p = 0; p < count; p++) {
    const out: GridText[] = [];
    const put = (box: string, row: number, col: number, value: unknown, max: number) => {
      const text = formText(value, max);
      if (text.trim()) out.push({ box, row, col, text });
    };
    const check = (box: string, row: number, col: number) => out.push({ box, row, col, text: 'X' });
    const date = (box: string, row: number, col: number, us: string | undefined | null, yy = false) => {
      const d = dateParts(us);
      if (!d) return;
      put(box, row, col, d.mm, 2);
      put(box, row, col + 3, d.dd, 2);
      put(box, row, col + 6, yy ? d.yy : d.yyyy, yy ? 2 : 4);
    };
    const yesNo = (box: string, row: number, yesCol: number, noCol: number, yes: boolean) =>
      check(box, row, yes ? yesCol : noCol);
    if (count > 1) put('page', 1, 62, `PAGE ${p + 1} OF ${count}`, 18);
    // Carrier block: where the paper goes.
    put('carrier', 2, 41, c.payer.name, 31);
    if (x.payerAddress) {
      put('carrier', 4, 41, x.payerAddress.line1, 31);
      put('carrier', 5, 41, `${x.payerAddress.city}, ${x.payerAddress.state} ${zipText(x.payerAddress.zip)}`, 31);
    }
    check('1', 8, INSURANCE_COLUMN[x.insuranceType]);
    put('1a', 8, 50, c.subscriber.memberId, 17);
    const patient = c.patient;
    const patientParty = patient?.party ?? c.subscriber.party;
    put('2', 10, 1, nameOf(patientParty), 28);
    date('3', 10, 31, patient?.dateOfBirth ?? c.subscriber.dateOfBirth);
    const sex = patient?.sex ?? c.subscriber.sex;
    if (sex === 'M' || sex === 'F') check('3', 10, sex === 'M' ? 42 : 47);
    put('4', 10, 50, nameOf(c.subscriber.party), 28);
    const home = patient?.address ?? c.subscriber.address;
    if (home) {
      put('5', 12, 1, home.line1, 28);
      put('5', 14, 1, home.city, 20);
      put('5', 14, 26, home.state, 2);
      put('5', 16, 1, zipText(home.zip), 10);
    }
    check('6', 12, RELATIONSHIP_COLUMN[patient ? patient.relationship : '18'] ?? 47);
    const insuredHome = c.subscriber.address ?? (patient ? undefined : home);
    if (insuredHome) {
      put('7', 12, 50, insuredHome.line1, 28);
      put('7', 14, 50, insuredHome.city, 20);
      put('7', 14, 74, insuredHome.state, 2);
      put('7', 16, 50, zipText(insuredHome.zip), 10);
    }
    // Boxes 9–9d: the other coverage the 837 discloses in loops 2320/2330 (on a secondary claim, the primary).
    const otherCoverage = c.otherPayers?.[0];
    if (otherCoverage) {
      put('9', 18, 1, nameOf(otherCoverage.subscriber), 28);
      put('9a', 20, 1, otherCoverage.groupNumber ?? otherCoverage.subscriber.memberId, 28);
      put('9d', 26, 1, otherCoverage.payer.name, 28);
    }
    const causes = c.relatedCauses ?? {};
    yesNo('10a', 20, 35, 41, !!causes.employment);
    yesNo('10b', 22, 35, 41, !!causes.autoAccident);
    if (causes.autoAccident && causes.state) put('10b', 22, 45, causes.state, 2);
    yesNo('10c', 24, 35, 41, !!causes.otherAccident);
    put('11', 18, 50, c.subscriber.groupNumber ?? (x.insuranceType === 'medicare' ? 'NONE' : ''), 30);
    date('11a', 20, 53, c.subscriber.dateOfBirth);
    if (c.subscriber.sex === 'M' || c.subscriber.sex === 'F') check('11a', 20, c.subscriber.sex === 'M' ? 68 : 75);
    put('11c', 24, 50, x.planName ?? '', 30);
    if (x.insuranceType !== 'medicare') yesNo('11d', 26, 52, 57, !!otherCoverage);
    put('12', 29, 7, 'SIGNATURE ON FILE', 17);
    // Box 13 is the insured's assignment of benefits (CLM08), box 27 the provider's acceptance of assignment (CLM07).
    if (c.benefitsAssigned !== false) put('13', 29, 55, 'SIGNATURE ON FILE', 17);
    // Boxes 14–18: the claim's dates, each with its qualifier (box 14 and 15) or as a range (16 and 18).
    const dated = (q: string) => c.otherDates?.find((d) => d.qualifier === q)?.date;
    const box14 = c.onsetDate ? { q: '431', d: c.onsetDate } : dated('484') ? { q: '484', d: dated('484')! } : null;
    if (box14) {
      date('14', 32, 2, box14.d);
      put('14', 32, 16, box14.q, 3);
    }
    const other = c.accidentDate
      ? { qualifier: '439', date: c.accidentDate }
      : c.otherDates?.find((d) => BOX_15.includes(d.qualifier));
    if (other) {
      put('15', 32, 33, other.qualifier, 3);
      date('15', 32, 38, other.date);
    }
    const disability = c.otherDates?.find((d) => d.qualifier === '314');
    date('16', 32, 54, disability?.date ?? dated('360'), true);
    date('16', 32, 68, disability?.through ?? dated('361'), true);
    date('18', 34, 54, dated('435'), true);
    date('18', 34, 68, dated('096'), true);
    // Box 17 names one provider with its role: the referring (DN), else the supervising (DQ).
    const named = c.referringProvider
      ? { role: 'DN', p: c.referringProvider }
      : c.supervisingProvider
        ? { role: 'DQ', p: c.supervisingProvider }
        : null;
    if (named) {
      put('17', 34, 1, named.role, 3);
      put('17', 34, 4, nameOf(named.p), 25);
      put('17b', 34, 33, named.p.npi, 15);
    }
    put('19', 36, 1, c.additionalInformation ?? '', 48);
    const purchased = c.lines.reduce((sum, l) => sum + (l.purchasedService?.charge ?? 0), 0);
    yesNo('20', 36, 52, 57, purchased > 0);
    if (purchased > 0) out.push({ box: '20', row: 36, col: 62, text: formMoney(purchased, 5, 1) });
    put('21', 37, 42, '0', 1);
    c.diagnoses.slice(0, 12).forEach((dx, i) => put('21', 38 + Math.floor(i / 4), 3 + 13 * (i % 4), dx, 7));
    if (c.frequency !== '1') {
      put('22', 38, 50, c.frequency, 10);
      put('22', 38, 62, c.originalReference ?? '', 15);
    }
    put('23', 40, 50, c.priorAuthorization ?? '', 28);
    const lines = c.lines.slice(p * CMS1500.linesPerPage, (p + 1) * CMS1500.linesPerPage);
    lines.forEach((l, i) => {
      const k = i + 1;
      const row = 42 + 2 * k;
      if (l.drug) put('24', row - 1, 1, `N4${l.drug.ndc.replace(/\D/g, '')}   ${l.drug.unit}${l.drug.quantity}`, 50);
      date('24A', row, 1, l.dateOfService, true);
      date('24A', row, 10, l.dateOfService, true);
      put('24B', row, 19, l.placeOfService ?? c.placeOfService, 2);
      if (l.emergency) put('24C', row, 22, 'Y', 1);
      put('24D', row, 25, l.procedure, 7);
      put('24D', row, 33, l.modifiers.join(' '), 11);
      put('24E', row, 45, l.diagnosisPointers.map((n) => 'ABCDEFGHIJKL'[n - 1] ?? '').join(''), 4);
      out.push({ box: '24F', row, col: 50, text: formMoney(l.charge, 5, 1) });
      // NUCC: a fraction of a unit keeps its decimal point (1.5, not 15); whole units print without one.
      const units = l.units.includes('.') ? l.units.replace(/0+$/, '').replace(/\.$/, '') : l.units;
      out.push(...(units ? [{ box: '24G', row, col: 59, text: formText(units, 3, false) }] : []));
      put('24J', row, 68, c.renderingProvider?.npi ?? '', 10);
    });
    put('25', 56, 1, c.billingProvider.taxId, 15);
    check('25', 56, 19);
    put('26', 56, 23, c.patientControlNumber || x.claimCode, 14);
    yesNo('27', 56, 38, 43, c.acceptAssignment !== false);
    const last = p === count - 1;
    if (last) {
      out.push({ box: '28', row: 56, col: 52, text: formMoney(c.totalCharge, 5, 1) });
      if (c.patientAmountPaid) out.push({ box: '29', row: 56, col: 62, text: formMoney(c.patientAmountPaid, 5, 1) });
    } else put('28', 56, 51, 'CONTINUED', 9);
    const phone = phoneParts(x.billingPhone);
    if (phone) {
      put('33', 57, 66, phone.area, 3);
      put('33', 57, 70, phone.exchange, 3);
      put('33', 57, 73, '-', 1);
      put('33', 57, 74, phone.last4, 4);
    }
    const facility = c.serviceFacility;
    if (facility) {
      put('32', 58, 23, facility.name, 25);
      put('32', 59, 23, facility.address.line1, 25);
      put('32', 60, 23, `${facility.address.city} ${facility.address.state} ${zipText(facility.address.zip)}`, 26);
      put('32a', 61, 23, facility.npi ?? '', 10);
    }
    // Box 33 spans columns 50–78: 29 characters a line.
    put('33', 58, 50, nameOf(c.billingProvider), 29);
    put('33', 59, 50, c.billingProvider.address.line1, 29);
    put(
      '33',
      60,
      50,
      `${c.billingProvider.address.city} ${c.billingProvider.address.state} ${zipText(c.billingProvider.address.zip)}`,
      29,
    );
    put('31', 60, 1, 'SIGNATURE ON FILE', 17);
    put('33a', 61, 50, c.billingProvider.npi, 10);
    pages.push(out);
  }
  return pages;
}
