import { toIsoDate } from '../../src/domain/formats.ts';
import { write835, type ClaimToRemit } from '../../src/domain/x12/era-835-writer.ts';

/** The patient of claimWorld as a payer names her: Lucia Perez, member W123456789. */
export const LUCIA = { lastName: 'PEREZ', firstName: 'LUCIA', memberId: 'W123456789' };

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
        payer: {
          name: 'KEY INSURANCE',
          id: '87726',
          address: { line1: 'PO BOX 14079', city: 'LEXINGTON', state: 'KY', zip: '40512' },
          contact: { phone: '8005550100' },
        },
        payee: { name: 'SUNSHINE CLINIC', npi: '1234567893' },
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
