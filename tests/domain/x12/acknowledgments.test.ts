import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { read999 } from '../../../src/domain/x12/ack-999-reader.ts';
import { read277 } from '../../../src/domain/x12/claim-ack-277-reader.ts';
import { readInterchanges } from '../../../src/domain/x12/interchange-reader.ts';

function tx(file: string) {
  const doc = readInterchanges(readFileSync(new URL(`../../fixtures/x12/${file}`, import.meta.url), 'utf8'));
  return { tx: doc.interchanges[0].groups[0].transactions[0], sep: doc.separators! };
}

describe('999 acknowledgments', () => {
  it('an accepted 999 says the transaction set was accepted', () => {
    const ack = read999(tx('999/x12_999_accepted.txt').tx);
    expect(ack.accepted).toBe(true);
    expect(ack.transactions.every((t) => t.accepted)).toBe(true);
  });

  it('a rejected 999 explains each error in plain words', () => {
    const ack = read999(tx('999/x12_999_rejected.txt').tx);
    expect(ack).toMatchObject({ accepted: false, groupStatus: 'R', groupMeaning: 'Rejected', groupControl: '28' });
    expect(ack.transactions[0]).toEqual({
      transactionSet: '837',
      control: '0028',
      accepted: false,
      status: 'R',
      meaning: 'Rejected',
      errors: [
        { segment: 'NM', position: '17', loop: undefined, code: '1', meaning: 'The segment id is not one X12 knows' },
        { code: '5', meaning: 'One or more segments have errors' },
      ],
    });
  });
});

describe('277 claim status responses (005010X212)', () => {
  it('reads claim statuses at the subscriber level with their category and status meanings', () => {
    const { tx: t, sep } = tx('277/claim-level-status.277');
    const claims = read277(t, sep).filter((s) => s.level === 'claim');
    expect(claims[0]).toMatchObject({
      claimControl: 'ABCXYZ1',
      category: 'P3',
      statusCode: '317',
      statusMeaning: 'The claim is being held for a payer review',
      amount: '8513.88',
      patient: { lastName: 'SMITH', firstName: 'FRED', memberId: '123456789A' },
    });
    expect(claims.map((c) => c.claimControl)).toContain('ABCXYZ2');
  });

  it('reads an NCPDP claim status', () => {
    const { tx: t, sep } = tx('277/claim-level-status-ncpdp.277');
    expect(read277(t, sep)[0]).toMatchObject({
      level: 'claim',
      claimControl: 'ABCXYZ1',
      category: 'F2',
      statusCode: '80',
      statusMeaning: 'The claim was received by the payer',
      amount: '85.00',
    });
  });

  it('reads a status for the whole information receiver', () => {
    const { tx: t, sep } = tx('277/information-receiver-level-status.277');
    expect(read277(t, sep)).toEqual([
      expect.objectContaining({
        level: 'receiver',
        claimControl: 'ABC276XXX',
        category: 'E0',
        statusCode: '0',
        date: '20050916',
      }),
    ]);
  });

  it('reads a provider-level status beside the claim-level one', () => {
    const { tx: t, sep } = tx('277/provider-level-status.277');
    const statuses = read277(t, sep);
    expect(statuses.map((s) => [s.level, s.category, s.statusCode, s.entityCode])).toEqual([
      ['claim', 'P3', '317', undefined],
      ['provider', 'E0', '24', '85'],
    ]);
  });
});

describe('277CA claim acknowledgments', () => {
  it("reads a rejected claim with its category meaning, using the file's own component separator", () => {
    const { tx: t, sep } = tx('277ca/x12_277CA_rejected.txt');
    expect(sep.component).toBe('|');
    expect(read277(t, sep).filter((s) => s.level === 'claim')).toEqual([
      expect.objectContaining({
        claimControl: '3920394930203',
        category: 'A7',
        categoryMeaning: 'Rejected: invalid information',
        outcome: 'rejected',
        statusCode: '562',
        entityCode: '85',
        patient: { lastName: 'CLILNAME', firstName: 'CLIFNAME', memberId: 'XX99999X' },
        payerClaimNumber: '1107000000001120',
        statusMeaning: "The billing provider's national provider identifier (NPI)",
      }),
    ]);
  });

  it("reads the information receiver's acknowledgment of the whole batch too", () => {
    const { tx: t, sep } = tx('277ca/x12_277CA_rejected.txt');
    expect(read277(t, sep).filter((s) => s.level === 'receiver')[0]).toMatchObject({
      category: 'A1',
      statusCode: '20',
      statusMeaning: 'Accepted for processing',
      outcome: 'accepted',
    });
  });

  it('reads accepted claims as accepted', () => {
    const { tx: t, sep } = tx('277ca/x12_277CA_accepted.txt');
    const statuses = read277(t, sep);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s.outcome === 'accepted')).toBe(true);
  });
});
