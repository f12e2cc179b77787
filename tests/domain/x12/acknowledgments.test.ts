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
      transactionSet: '837', control: '0028', accepted: false, status: 'R', meaning: 'Rejected',
      errors: [{ segment: 'NM', position: '17', loop: undefined, code: '1', meaning: 'Unrecognized segment' }, { code: '5', meaning: 'One or more segments in error' }],
    });
  });
});

describe('277CA claim acknowledgments', () => {
  it('reads a rejected claim with its category meaning, using the file\'s own component separator', () => {
    const { tx: t, sep } = tx('277ca/x12_277CA_rejected.txt');
    expect(sep.component).toBe('|');
    expect(read277(t, sep)).toEqual([expect.objectContaining({
      claimControl: '3920394930203', category: 'A7', categoryMeaning: 'Rejected: invalid information', outcome: 'rejected', statusCode: '562', entityCode: '85',
      patient: { lastName: 'CLILNAME', firstName: 'CLIFNAME', memberId: 'XX99999X' }, payerClaimNumber: '1107000000001120',
    })]);
  });

  it('reads accepted claims as accepted', () => {
    const { tx: t, sep } = tx('277ca/x12_277CA_accepted.txt');
    const statuses = read277(t, sep);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((s) => s.outcome === 'accepted')).toBe(true);
  });
});
