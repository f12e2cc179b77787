import { amountToCents, x12DateToIso } from './amounts.ts';
import type { Adjustment, Claim835, Remittance, ServiceLine835 } from './era-835-model.ts';
import type { Transaction } from './interchange-reader.ts';
import { components, type Segment } from './segments.ts';
import type { Separators } from './separators.ts';
import { finding, type X12Finding } from './x12-finding.ts';

/** Reads one 835 transaction set into a Remittance; what cannot be read becomes a finding. */
export function read835(tx: Transaction, sep: Separators): { remittance: Remittance; findings: X12Finding[] } {
  const findings: X12Finding[] = [];
  const cents = (seg: Segment, i: number, required = true): number => {
    const v = seg.elements[i];
    const c = amountToCents(v);
    if (c === null) {
      if (required || (v !== undefined && v !== ''))
        findings.push(
          finding(
            v ? 'bad-value' : 'missing-element',
            seg.position,
            seg.id,
            v
              ? `${seg.id}${String(i).padStart(2, '0')} "${v}" is not an amount.`
              : `${seg.id}${String(i).padStart(2, '0')} (an amount) is missing.`,
            i,
          ),
        );
      return 0;
    }
    return c;
  };
  const r: Remittance = {
    control: tx.control,
    payment: { handling: '', amount: 0, creditDebit: 'C', position: 0 },
    payer: {},
    payee: {},
    claims: [],
    providerAdjustments: [],
  };
  let entity: 'PR' | 'PE' | null = null;
  let claim: Claim835 | null = null;
  let line: ServiceLine835 | null = null;
  // Straight into the list they belong to: an ERA has millions of these.
  const casInto = (seg: Segment, out: Adjustment[]) => {
    const e = seg.elements;
    for (let i = 2; i <= 17 && i < e.length; i += 3) {
      if (!e[i]) continue;
      const a: Adjustment = { group: e[1], reason: e[i], amount: cents(seg, i + 1) };
      if (e[i + 2]) a.quantity = e[i + 2];
      out.push(a);
    }
  };
  for (const seg of tx.segments) {
    const e = seg.elements;
    switch (seg.id) {
      case 'BPR':
        r.payment = {
          handling: e[1],
          amount: cents(seg, 2),
          creditDebit: e[3],
          method: e[4] || undefined,
          date: x12DateToIso(e[16]),
          position: seg.position,
        };
        if (e[16] && !r.payment.date)
          findings.push(
            finding('bad-value', seg.position, 'BPR', `BPR16 "${e[16]}" is not a real date (CCYYMMDD).`, 16),
          );
        break;
      case 'TRN':
        if (!claim) r.trace = { type: e[1], number: e[2], originator: e[3] || undefined };
        break;
      case 'N1':
        entity = e[1] === 'PR' || e[1] === 'PE' ? e[1] : null;
        if (entity === 'PR') r.payer = { name: e[2], id: e[4] || undefined };
        if (entity === 'PE')
          r.payee = { name: e[2], ...(e[3] === 'XX' ? { npi: e[4] } : e[3] === 'FI' ? { taxId: e[4] } : {}) };
        break;
      case 'REF':
        if (line) {
          if (e[1] === '6R') line.controlNumber = e[2];
        } else if (claim) claim.references.push({ qualifier: e[1], value: e[2] });
        else if (entity === 'PE' && e[1] === 'TJ') r.payee.taxId = e[2];
        else if (entity === 'PR' && e[1] === '2U') r.payer.id = e[2];
        break;
      case 'CLP':
        line = null;
        claim = {
          position: seg.position,
          patientControlNumber: e[1],
          status: e[2],
          charge: cents(seg, 3),
          paid: cents(seg, 4),
          patientResponsibility: e[5] ? cents(seg, 5, false) : undefined,
          filingIndicator: e[6] || undefined,
          payerControlNumber: e[7] || undefined,
          facilityCode: e[8] || undefined,
          frequency: e[9] || undefined,
          adjustments: [],
          dates: [],
          references: [],
          remarks: [],
          lines: [],
        };
        r.claims.push(claim);
        break;
      case 'CAS':
        if (line) casInto(seg, line.adjustments);
        else if (claim) casInto(seg, claim.adjustments);
        break;
      case 'NM1':
        if (claim && !line && (e[1] === 'QC' || e[1] === 'IL')) {
          const person = { lastName: e[3] || undefined, firstName: e[4] || undefined, memberId: e[9] || undefined };
          if (e[1] === 'QC') claim.patient = person;
          else claim.insured = person;
        }
        break;
      case 'MIA':
      case 'MOA':
        if (claim)
          for (const v of e.slice(1))
            if (/^[A-Z]{1,2}\d+$/.test(v) && v.length <= 6 && !/^\d/.test(v)) claim.remarks.push(v);
        break;
      case 'DTM':
        if (line) line.dates.push({ qualifier: e[1], date: x12DateToIso(e[2]) });
        else if (claim) claim.dates.push({ qualifier: e[1], date: x12DateToIso(e[2]) });
        break;
      case 'SVC': {
        if (!claim) {
          findings.push(finding('unexpected-segment', seg.position, 'SVC', 'SVC appears before any CLP.'));
          break;
        }
        const [qualifier, code, ...modifiers] = components(e[1], sep);
        if (!code) {
          const why =
            qualifier.length > 2
              ? `is not a composite made with the component separator "${sep.component}" that the ISA declares`
              : `has no procedure code after the qualifier ${qualifier}`;
          findings.push(
            finding(
              'bad-value',
              seg.position,
              'SVC',
              `SVC01 "${e[1]}" ${why}; the line is read without a procedure code.`,
              1,
            ),
          );
        }
        line = {
          position: seg.position,
          procedure: { qualifier, code: code || undefined, modifiers: modifiers.filter(Boolean) },
          charge: cents(seg, 2),
          paid: cents(seg, 3),
          revenueCode: e[4] || undefined,
          units: e[5] || undefined,
          dates: [],
          adjustments: [],
          remarks: [],
        };
        claim.lines.push(line);
        break;
      }
      case 'AMT':
        if (line && e[1] === 'B6') line.allowed = cents(seg, 2);
        break;
      case 'LQ':
        if (line) line.remarks.push(e[2]);
        break;
      case 'PLB':
        line = null;
        claim = null;
        for (let i = 3; i <= 13; i += 2) {
          if (!e[i]) continue;
          const [reason, reference] = components(e[i], sep);
          r.providerAdjustments.push({
            provider: e[1],
            fiscalPeriod: x12DateToIso(e[2]),
            reason,
            reference: reference || undefined,
            amount: cents(seg, i + 1),
            position: seg.position,
          });
        }
        break;
    }
  }
  return { remittance: r, findings };
}
