import { toIsoDate } from '../../../src/domain/formats.ts';
import { describe, expect, it } from 'vitest';
import { write835, type PaymentToRemit } from '../../../src/domain/x12/era-835-writer.ts';
import { validateX12 } from '../../helpers/x12-validator.ts';

const payer = {
  name: 'KEY INSURANCE',
  id: '87726',
  address: { line1: 'PO BOX 14079', city: 'LEXINGTON', state: 'KY', zip: '40512-4079' },
  contact: { name: 'EDI SUPPORT', phone: '800-555-0100' },
};
const payment = (method: 'CHK' | 'ACH', trace: string): PaymentToRemit => ({
  payer,
  payee: { name: 'SUNSHINE FAMILY CLINIC', npi: '1234567893' },
  method,
  date: toIsoDate('2026-03-20'),
  trace,
  claims: [
    {
      patientControlNumber: 'SUN1-000123',
      status: '1',
      charge: 20000,
      paid: 12000,
      patientResponsibility: 3000,
      payerControlNumber: 'ICN0001',
      patient: { lastName: 'PEREZ', firstName: 'LUCIA', memberId: 'W123456789' },
      from: toIsoDate('2026-03-02'),
      lines: [
        {
          procedure: '99213',
          modifiers: ['25'],
          charge: 20000,
          paid: 12000,
          allowed: 15000,
          date: toIsoDate('2026-03-02'),
          adjustments: [
            { group: 'CO', reason: '45', amount: 5000 },
            { group: 'PR', reason: '2', amount: 3000 },
          ],
        },
      ],
    },
    {
      patientControlNumber: 'SUN1-000124',
      status: '4',
      charge: 9000,
      paid: 0,
      patientResponsibility: 0,
      payerControlNumber: 'ICN0002',
      patient: { lastName: 'SMITH', firstName: 'WEI', memberId: 'W987654321' },
      from: toIsoDate('2026-03-03'),
      lines: [
        {
          procedure: '71046',
          charge: 9000,
          paid: 0,
          date: toIsoDate('2026-03-03'),
          adjustments: [{ group: 'CO', reason: '50', amount: 9000 }],
          remarks: ['N115'],
        },
      ],
    },
  ],
  providerAdjustments: [
    {
      provider: '1234567893',
      fiscalPeriodEnd: toIsoDate('2026-12-31'),
      reason: 'WO',
      reference: 'OVERPAY1',
      amount: 1500,
    },
  ],
});

describe('the 835 the product writes (demo remittances, test payers)', () => {
  it('passes the independent 5010 validator (pyx12): payer address and technical contact, a check and an EFT, a denial with its remark, a provider adjustment', async () => {
    const text = write835({
      sender: 'KEYINS',
      receiver: 'SUN0001',
      control: 21,
      date: toIsoDate('2026-03-20'),
      payments: [payment('CHK', 'CHK10001'), payment('ACH', 'EFT20002')],
    });
    expect(text.replace(/\r?\n/g, '')).toContain(
      'N1*PR*KEY INSURANCE~N3*PO BOX 14079~N4*LEXINGTON*KY*405124079~REF*2U*87726~PER*BL*EDI SUPPORT*TE*8005550100~',
    );
    const checked = await validateX12({ 'remittance.835': text });
    expect(checked.output).toContain('remittance.835: OK');
    expect(checked.ok).toBe(true);
  });
});
