import { toIsoDate } from '../../src/domain/formats.ts';
import { write835, type ClaimToRemit } from '../../src/domain/x12/era-835-writer.ts';

/** The patient of claimWorld as a payer names her: Lucia Perez, member W123456789. */
export const LUCIA = { lastName: 'PEREZ', firstName: 'LUCIA', memberId: 'W123456789' };

/** The payer of the tests' remittances, as its 835 names it. */
export const KEY_INSURANCE = {
  name: 'KEY INSURANCE',
  id: '87726',
  address: { line1: 'PO BOX 14079', city: 'LEXINGTON', state: 'KY', zip: '40512' },
  contact: { phone: '8005550100' },
};

/** The payee of the tests' remittances: claimWorld's clinic. */
export const SUNSHINE_CLINIC = { name: 'SUNSHINE CLINIC', npi: '1234567893' };

/**
 * One remittance from Key Insurance (payer 87726) to the Sunshine clinic, paid by ACH under one
 * trace: the payer and payee the tests' claims (claimWorld) are billed between.
 */
export function keyInsurance835({
  control,
  trace,
  claims,
  date = '2026-03-20',
}: {
  control: number;
  trace: string;
  claims: ClaimToRemit[];
  date?: string;
}): string {
  return write835({
    sender: 'KEYINS',
    receiver: 'SUNSHINE',
    control,
    date: toIsoDate(date),
    payments: [
      {
        payer: KEY_INSURANCE,
        payee: SUNSHINE_CLINIC,
        method: 'ACH',
        date: toIsoDate(date),
        trace,
        claims,
      },
    ],
  });
}

/** A claim of Lucia Perez's visit of 03/02/2026 denied outright (CLP02 4) on its one line, CO-<reason> for the whole charge. */
export const deniedInFull = (pcn: string, charge: number, reason: string): ClaimToRemit => ({
  patientControlNumber: pcn,
  status: '4',
  charge,
  paid: 0,
  patientResponsibility: 0,
  payerControlNumber: `ICN-${pcn}`,
  patient: LUCIA,
  from: toIsoDate('2026-03-02'),
  lines: [
    {
      procedure: '99214',
      charge,
      paid: 0,
      date: toIsoDate('2026-03-02'),
      adjustments: [{ group: 'CO', reason, amount: charge }],
    },
  ],
});

/**
 * Lucia Perez's visit of 03/02/2026 paid by her primary: 200.00 charged on two lines, 120.00 paid,
 * 50.00 written off (CO-45) and 30.00 left to her as coinsurance (PR-2).
 */
export const paidWithCoinsurance = (pcn: string): ClaimToRemit => ({
  patientControlNumber: pcn,
  status: '1',
  charge: 20000,
  paid: 12000,
  patientResponsibility: 3000,
  payerControlNumber: `ICN-${pcn}`,
  patient: LUCIA,
  from: toIsoDate('2026-03-02'),
  lines: [
    {
      procedure: '99214',
      charge: 18000,
      paid: 12000,
      date: toIsoDate('2026-03-02'),
      adjustments: [
        { group: 'CO', reason: '45', amount: 3000 },
        { group: 'PR', reason: '2', amount: 3000 },
      ],
    },
    {
      procedure: '36415',
      charge: 2000,
      paid: 0,
      date: toIsoDate('2026-03-02'),
      adjustments: [{ group: 'CO', reason: '45', amount: 2000 }],
    },
  ],
});
