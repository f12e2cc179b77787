import x12 from 'node-x12';
import { describe, expect, it } from 'vitest';
import { toIsoDate } from '../../../src/domain/formats.ts';
import { read999 } from '../../../src/domain/x12/ack-999-reader.ts';
import { read277 } from '../../../src/domain/x12/claim-ack-277-reader.ts';
import { readInterchanges } from '../../../src/domain/x12/interchange-reader.ts';
import { write277CA, write999, type ClaimAnswer } from '../../../src/domain/x12/acknowledgment-writer.ts';
import { validateX12 } from '../../helpers/x12-validator.ts';

// The acknowledgments the demo's clearing house writes for the batches its history sends.
const parties = {
  house: { name: 'AVAILITY', id: '030240928' },
  submitter: { name: 'SUNSHINE MEDICAL BILLING', id: 'SMB9079073' },
};
const patient = { lastName: 'PEREZ', firstName: 'LUCIA', memberId: 'W123456789' };
const answers: ClaimAnswer[] = [
  {
    patientControlNumber: 'SMB1000123',
    charge: 12500,
    serviceFrom: toIsoDate('2026-03-02'),
    patient,
    status: 'A2:20',
    payerClaimNumber: '000000001234',
  },
  {
    patientControlNumber: 'SMB1000124',
    charge: 420000,
    serviceFrom: toIsoDate('2026-03-02'),
    serviceTo: toIsoDate('2026-03-05'),
    patient,
    status: 'A7:164:IL',
  },
];
const ack277 = () =>
  write277CA({
    ...parties,
    control: 600017,
    on: toIsoDate('2026-03-17'),
    received: toIsoDate('2026-03-16'),
    batchReference: 'SMB-2026-0017',
    providers: [{ name: 'SUNSHINE FAMILY CLINIC', npi: '1234567893', taxId: '59-1234567', claims: answers }],
  });
const ack999 = () =>
  write999({
    ...parties,
    control: 500017,
    on: toIsoDate('2026-03-17'),
    answers: { groupControl: 17, version: '005010X222A1', transactions: 1 },
  });

describe('the 999 and 277CA the product writes (the demo clearing house)', () => {
  it('both pass the independent 5010 validator (pyx12)', async () => {
    const checked = await validateX12({ 'answer.999': ack999(), 'answer.277': ack277() });
    expect(checked.output.split('\n').filter(Boolean)).toEqual(['answer.999: OK', 'answer.277: OK']);
    expect(checked.ok).toBe(true);
  });

  it('the 277CA reads back: each claim by its patient control number, accepted or rejected with its status in words, the service span as written', () => {
    const doc = readInterchanges(ack277());
    const statuses = read277(doc.interchanges[0].groups[0].transactions[0], doc.separators!).filter(
      (s) => s.level === 'claim',
    );
    expect(statuses.map((s) => [s.claimControl, s.outcome, s.statusMeaning, s.from, s.payerClaimNumber])).toEqual([
      ['SMB1000123', 'accepted', expect.any(String), 'clearing house', '000000001234'],
      ['SMB1000124', 'rejected', "The subscriber's contract or member number", 'clearing house', undefined],
    ]);
    expect(ack277()).toContain('DTP*472*RD8*20260302-20260305~');
  });

  it('the 999 accepts the group of the 837 it answers', () => {
    const doc = readInterchanges(ack999());
    const ack = read999(doc.interchanges[0].groups[0].transactions[0]);
    expect([ack.groupControl, ack.accepted]).toEqual(['17', true]);
  });

  it('node-x12 reads both: envelopes, counts and segments as written', () => {
    for (const text of [ack999(), ack277()]) {
      const interchange = new x12.X12Parser(true).parse(text) as {
        functionalGroups: Array<{ transactions: Array<{ segments: unknown[] }> }>;
      };
      const segments = text.trim().split('\n').length;
      // ISA, GS, ST, SE, GE and IEA wrap the transaction's segments.
      expect(interchange.functionalGroups[0].transactions[0].segments.length).toBe(segments - 6);
    }
  });
});
