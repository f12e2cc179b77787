import { describe, expect, it } from 'vitest';
import { toIsoDate } from '../../../src/domain/formats.ts';
import { read277 } from '../../../src/domain/x12/claim-ack-277-reader.ts';
import { write276, type ClaimStatusInquiry } from '../../../src/domain/x12/claim-status-276-writer.ts';
import { read276 } from '../../../src/domain/x12/claim-status-276-reader.ts';
import { inquiryOf276 } from '../../helpers/payer-answers.ts';
import { ourFirstTransaction, theirFirstTransaction } from '../../helpers/x12-read-back.ts';

// pyx12 has no 5010 map for the 276, and its 277 claim status map (X212) is not registered in its map list, so
// neither file can go through x12valid: the inquiry is held to the guide's loop order and read back with node-x12.
const inquiry: ClaimStatusInquiry = {
  reference: 'SMB-276-000017',
  payer: { name: 'KEY INSURANCE', id: '87726' },
  submitter: { name: 'SUNSHINE MEDICAL BILLING', id: 'SMB9079073' },
  provider: { name: 'SUNSHINE FAMILY CLINIC', npi: '1234567893' },
  claims: [
    {
      trace: 'SMB1000123',
      payerClaimNumber: '000000001234',
      chargeCents: 12500,
      serviceFrom: toIsoDate('2026-11-02'),
      subscriber: {
        lastName: 'PEREZ',
        firstName: 'LUCIA',
        memberId: 'W123456789',
        birthDate: toIsoDate('1980-04-12'),
        gender: 'F',
      },
    },
    {
      trace: 'SMB1000124',
      billType: '111',
      chargeCents: 420000,
      serviceFrom: toIsoDate('2026-11-05'),
      serviceTo: toIsoDate('2026-11-08'),
      subscriber: { lastName: 'RIOS', firstName: 'ANA', memberId: 'W555000111' },
    },
  ],
};
const envelope = { sender: 'SMB9079073', receiver: '87726', control: 17, at: new Date('2026-11-28T09:30:00Z') };

describe('the 276 claim status inquiry', () => {
  it("asks the payer about each claim by its trace, its number at the payer, charge and service days, in the guide's loop order", () => {
    const { doc, lines } = ourFirstTransaction(write276(inquiry, envelope));
    expect(doc.findings).toEqual([]);
    expect(doc.interchanges[0].groups[0]).toMatchObject({ functionalId: 'HR', version: '005010X212' });
    expect(lines).toEqual([
      'ST*276*0001*005010X212',
      'BHT*0010*13*SMB-276-000017*20261128*0930',
      'HL*1**20*1',
      'NM1*PR*2*KEY INSURANCE*****PI*87726',
      'HL*2*1*21*1',
      'NM1*41*2*SUNSHINE MEDICAL BILLING*****46*SMB9079073',
      'HL*3*2*19*1',
      'NM1*1P*2*SUNSHINE FAMILY CLINIC*****XX*1234567893',
      'HL*4*3*22*0',
      'DMG*D8*19800412*F',
      'NM1*IL*1*PEREZ*LUCIA****MI*W123456789',
      'TRN*1*SMB1000123',
      'REF*1K*000000001234',
      'AMT*T3*125.00',
      'DTP*472*D8*20261102',
      'HL*5*3*22*0',
      'NM1*IL*1*RIOS*ANA****MI*W555000111',
      'TRN*1*SMB1000124',
      'REF*BLT*111',
      'AMT*T3*4200.00',
      'DTP*472*RD8*20261105-20261108',
      'SE*22*0001',
    ]);
  });

  it("a dependent's claim is asked under the patient (2000E/2100E), the subscriber above with child code 1", () => {
    const dependent: ClaimStatusInquiry = {
      ...inquiry,
      claims: [
        {
          ...inquiry.claims[0],
          subscriber: { lastName: 'PEREZ', firstName: 'JUAN', memberId: 'W123456789' },
          patient: { lastName: 'PEREZ', firstName: 'SOFIA', birthDate: toIsoDate('2015-06-01'), gender: 'F' },
        },
      ],
    };
    const { doc, lines } = ourFirstTransaction(write276(dependent, envelope));
    expect(doc.findings).toEqual([]);
    expect(lines.slice(8, 15)).toEqual([
      'HL*4*3*22*1',
      'NM1*IL*1*PEREZ*JUAN****MI*W123456789',
      'HL*5*4*23',
      'DMG*D8*20150601*F',
      'NM1*QC*1*PEREZ*SOFIA',
      'TRN*1*SMB1000123',
      'REF*1K*000000001234',
    ]);
  });

  it('a payer reads it back as the claims asked (the demo clearing house does): a dependent too', () => {
    const withDependent: ClaimStatusInquiry = {
      ...inquiry,
      claims: [
        ...inquiry.claims,
        {
          ...inquiry.claims[1],
          trace: 'SMB1000125',
          patient: { lastName: 'RIOS', firstName: 'TOMAS', birthDate: toIsoDate('2015-06-01'), gender: 'M' },
        },
      ],
    };
    expect(read276(ourFirstTransaction(write276(withDependent, envelope)).t)).toEqual([withDependent]);
  });

  it("the product's reading agrees with the tests' own plain reading of the same 276", () => {
    const text = write276(inquiry, envelope);
    const facts = (q: ClaimStatusInquiry) => [
      q.reference,
      q.payer,
      q.submitter,
      q.provider,
      q.claims.map((c) => [c.trace, c.subscriber.memberId, c.chargeCents, c.serviceFrom]),
    ];
    expect(facts(read276(ourFirstTransaction(text).t)[0])).toEqual(facts(inquiryOf276(text)));
  });

  it('reads back with node-x12, an X12 library we did not write', () => {
    const tx = theirFirstTransaction(write276(inquiry, envelope));
    expect(tx.header.elements[0].value).toBe('276');
    expect(tx.segments.filter((s) => s.tag === 'TRN').map((s) => s.elements[1].value)).toEqual([
      'SMB1000123',
      'SMB1000124',
    ]);
  });
});

/** A payer's 277 (005010X212) to the inquiry above, written here after the guide's examples. */
const ANSWER_277 = [
  'ISA*00*          *00*          *ZZ*87726          *ZZ*SMB9079073     *261128*1000*^*00501*000000088*0*P*:~',
  'GS*HN*87726*SMB9079073*20261128*1000*88*X*005010X212~',
  'ST*277*0001*005010X212~',
  'BHT*0010*08*SMB-276-000017*20261128*1000*DG~',
  'HL*1**20*1~',
  'NM1*PR*2*KEY INSURANCE*****PI*87726~',
  'HL*2*1*21*1~',
  'NM1*41*2*SUNSHINE MEDICAL BILLING*****46*SMB9079073~',
  'HL*3*2*19*1~',
  'NM1*1P*2*SUNSHINE FAMILY CLINIC*****XX*1234567893~',
  'HL*4*3*22*0~',
  'NM1*IL*1*PEREZ*LUCIA****MI*W123456789~',
  'TRN*2*SMB1000123~',
  'STC*F1:65*20261120**12500*9000*20261118**20261120*CHK123~',
  'REF*1K*000000001234~',
  'DTP*472*D8*20261102~',
  'HL*5*3*22*0~',
  'NM1*IL*1*RIOS*ANA****MI*W555000111~',
  'TRN*2*SMB1000124~',
  'STC*P1:20*20261128**30000~',
  'DTP*472*D8*20261105~',
  'SE*19*0001~',
  'GE*1*88~',
  'IEA*1*000000088~',
].join('\n');

describe("the payer's 277 answer", () => {
  it('answers each claim by its trace: finalized and paid, or pending, in words, with the payer claim number', () => {
    const { t, separators } = ourFirstTransaction(ANSWER_277);
    const statuses = read277(t, separators);
    expect(statuses.map((s) => [s.level, s.claimControl, s.category, s.statusCode, s.payerClaimNumber])).toEqual([
      ['claim', 'SMB1000123', 'F1', '65', '000000001234'],
      ['claim', 'SMB1000124', 'P1', '20', undefined],
    ]);
    expect(statuses[0].from).toBe('payer');
    expect(statuses[0].categoryMeaning).toMatch(/finalized/i);
    expect(statuses[1].categoryMeaning).toMatch(/pending/i);
  });

  it('a request for more information (R categories), a hold (P5) and a payer not answering (E2) are said in words', () => {
    const meaning = (category: string) => {
      const { t, separators } = ourFirstTransaction(ANSWER_277.replace('STC*P1:20', `STC*${category}:20`));
      return read277(t, separators).find((s) => s.claimControl === 'SMB1000124')!;
    };
    expect(meaning('R4')).toMatchObject({
      categoryMeaning: 'Requests for additional information: documentation',
      outcome: 'pending',
    });
    expect(meaning('P5')).toMatchObject({
      categoryMeaning: 'Pending: administrative or system hold at the payer',
      outcome: 'pending',
    });
    expect(meaning('E2').outcome).toBe('error');
    expect(meaning('R99').categoryMeaning).toBe('Unknown category R99');
  });
});
