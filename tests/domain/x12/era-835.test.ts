import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { amountToCents } from '../../../src/domain/x12/amounts.ts';
import { balance835 } from '../../../src/domain/x12/era-835-balance.ts';
import { read835 } from '../../../src/domain/x12/era-835-reader.ts';
import { readInterchanges } from '../../../src/domain/x12/interchange-reader.ts';

function era(file: string) {
  const doc = readInterchanges(readFileSync(new URL(`../../fixtures/x12/835/${file}`, import.meta.url), 'utf8'));
  return read835(doc.interchanges[0].groups[0].transactions[0], doc.separators!);
}

describe('835 reader', () => {
  it('reads the secondary payment: two claims, a claim-level OA-23 and line-level PR and CO, balanced', () => {
    const { remittance: r, findings } = era('secondary-payment.835');
    // Its ISA declares ':' but its SVC01 composites use '>': reported, and no procedure code invented.
    expect(findings.map((f) => `${f.segmentId}${String(f.element).padStart(2, '0')}@${f.position}`)).toEqual([
      'SVC01@29',
      'SVC01@34',
    ]);
    // Its date sits in BPR15, not BPR16 where the guide puts it: not taken for the payment date.
    expect(r.payment).toMatchObject({ amount: 122200, creditDebit: 'C', method: 'CHK', date: undefined });
    expect(r.claims.map((c) => [c.patientControlNumber, c.status, c.charge, c.paid])).toEqual([
      ['L0004828311', '2', 1032364, 91200],
      ['0001000053', '2', 75150, 31000],
    ]);
    expect(r.claims[0].adjustments).toEqual([{ group: 'OA', reason: '23', amount: 941164 }]);
    expect(
      r.claims[1].lines.map((l) => [
        l.procedure.code,
        l.charge,
        l.paid,
        l.adjustments.map((a) => `${a.group}-${a.reason} ${a.amount}`),
      ]),
    ).toEqual([
      [undefined, 16650, 3000, ['OA-23 13650']],
      [undefined, 58500, 28000, ['PR-1 15000', 'PR-2 7000', 'CO-42 8500']],
    ]);
    expect(balance835(r)).toEqual([]);
  });

  it('reads amounts as integer cents without floating point', () => {
    expect(amountToCents('945.00')).toBe(94500);
    expect(amountToCents('-1.27')).toBe(-127);
    expect(amountToCents('.5')).toBe(50);
    expect(amountToCents('0.1')).toBe(10);
    expect(amountToCents('1.234')).toBeNull();
    expect(amountToCents('12a')).toBeNull();
  });

  it('reads payment, trace, payer, payee, claims and lines of a managed-care ERA', () => {
    const { remittance: r } = era('managed-care.835');
    expect(r.payment).toMatchObject({ handling: 'I', amount: 94500, creditDebit: 'C', method: 'ACH' });
    expect(r.trace).toEqual({ type: '1', number: '7170066655', originator: '1935665544' });
    expect(r.payer.name).toBe('RUSHMORE LIFE');
    expect(r.payee).toEqual({ name: 'ACME MEDICAL CENTER', npi: '5544667733', taxId: '777667755' });
    expect(r.claims.map((c) => [c.patientControlNumber, c.charge, c.paid, c.patientResponsibility])).toEqual([
      ['5554555444', 80000, 45000, 30000],
      ['8765432112', 120000, 49500, 60000],
    ]);
    expect(r.claims[0].adjustments).toEqual([{ group: 'CO', reason: 'A2', amount: 5000 }]);
    expect(r.claims[0].patient).toEqual({ lastName: 'BUDD', firstName: 'WILLIAM', memberId: '33344555510' });
    expect(r.claims[0].lines[0]).toMatchObject({
      procedure: { qualifier: 'HC', code: '99211', modifiers: [] },
      charge: 80000,
      paid: 50000,
      dates: [
        { qualifier: '150', date: '2002-03-01' },
        { qualifier: '151', date: '2002-03-04' },
      ],
    });
  });

  it('reports a BPR16 that is not a real date instead of inventing one', () => {
    const { remittance, findings } = era('managed-care.835');
    expect(remittance.payment.date).toBeUndefined();
    expect(findings).toContainEqual(expect.objectContaining({ code: 'bad-value', segmentId: 'BPR', element: 16 }));
  });

  it('reads a negative provider adjustment (PLB) as negative cents', () => {
    const { remittance: r } = era('medicare-part-a.835');
    expect(r.providerAdjustments).toEqual([
      { provider: '6543210903', fiscalPeriod: '2002-12-31', reason: 'CV', reference: 'CP', amount: -127, position: 29 },
    ]);
  });

  it('reports a malformed SVC composite and does not invent a procedure code', () => {
    const { remittance, findings } = era('tertiary-payment.835');
    expect(remittance.claims[0].lines[0].procedure.code).toBeUndefined();
    expect(findings).toContainEqual(
      expect.objectContaining({
        code: 'bad-value',
        segmentId: 'SVC',
        element: 1,
        message: 'SVC01 "HC" has no procedure code after the qualifier HC; the line is read without a procedure code.',
      }),
    );
  });

  it('reports a composite written with a separator other than the one the ISA declares', () => {
    const { findings } = era('cob-contractural-adjustment.835');
    expect(findings[0].message).toBe(
      'SVC01 "HC>55669" is not a composite made with the component separator ":" that the ISA declares; the line is read without a procedure code.',
    );
  });
});

describe('835 balancing', () => {
  it('a managed-care ERA with a claim-level CO A2 balances at every level', () => {
    expect(balance835(era('managed-care.835').remittance)).toEqual([]);
  });

  it('a negative PLB raising the payment balances: BPR02 = ΣCLP04 − ΣPLB', () => {
    expect(balance835(era('medicare-part-a.835').remittance)).toEqual([]);
  });

  it('an imbalance is a finding with the amounts and where it is', () => {
    const { remittance } = era('managed-care.835');
    remittance.payment.amount += 1;
    expect(balance835(remittance)).toEqual([
      expect.objectContaining({
        code: 'imbalance',
        segmentId: 'BPR',
        position: 4,
        message: 'BPR02 945.01 ≠ claims paid 945.00 − provider adjustments 0.00 = 945.00.',
      }),
    ]);
  });

  it('a line whose adjustments do not explain charge − paid is reported at that line', () => {
    const { remittance } = era('managed-care.835');
    remittance.claims[1].lines[0].adjustments.pop();
    const found = balance835(remittance);
    expect(found.map((f) => `${f.segmentId}@${f.position}`)).toEqual(['CLP@20', 'SVC@23']);
  });
});
