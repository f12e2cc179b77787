import { describe, expect, it } from 'vitest';
import { toIsoDate } from '../../../src/domain/formats.ts';
import { write270, type EligibilityInquiry } from '../../../src/domain/x12/eligibility-270-writer.ts';
import { costShare, read271 } from '../../../src/domain/x12/eligibility-271-reader.ts';
import { read270 } from '../../../src/domain/x12/eligibility-270-reader.ts';
import { questionsOf270 } from '../../helpers/payer-answers.ts';
import { ourFirstTransaction, theirFirstTransaction } from '../../helpers/x12-read-back.ts';

// The validator here (pyx12) has no 5010 maps for 270/271 (only 4010): the inquiry is read back with our reader and
// with node-x12, and held to the guide's loop order; the answers are written here after 005010X279A1's examples.
const inquiry: EligibilityInquiry = {
  trace: 'SMB-ELG-000123',
  traceOriginator: '9591234567',
  payer: { name: 'KEY INSURANCE', id: '87726' },
  provider: { name: 'SUNSHINE FAMILY CLINIC', npi: '1234567893' },
  subscriber: {
    lastName: 'PEREZ',
    firstName: 'LUCIA',
    memberId: 'W123456789',
    birthDate: toIsoDate('1980-04-12'),
    gender: 'F',
  },
  serviceDate: toIsoDate('2026-12-01'),
  serviceTypes: ['30', '98'],
};
const envelope = { sender: 'SMB9079073', receiver: '030240928', control: 42, at: new Date('2026-11-28T09:30:00Z') };

describe('the 270 eligibility inquiry', () => {
  it("asks the payer about the subscriber on the day of service for each service type, in the guide's loop order", () => {
    const { doc, t, lines: ids } = ourFirstTransaction(write270([inquiry], envelope));
    expect(doc.findings).toEqual([]);
    expect(doc.interchanges[0].groups[0]).toMatchObject({ functionalId: 'HS', version: '005010X279A1' });
    expect(t.id).toBe('270');
    expect(ids).toEqual([
      'ST*270*0001*005010X279A1',
      'BHT*0022*13*SMB-ELG-000123*20261128*0930',
      'HL*1**20*1',
      'NM1*PR*2*KEY INSURANCE*****PI*87726',
      'HL*2*1*21*1',
      'NM1*1P*2*SUNSHINE FAMILY CLINIC*****XX*1234567893',
      'HL*3*2*22*0',
      'TRN*1*SMB-ELG-000123*9591234567',
      'NM1*IL*1*PEREZ*LUCIA****MI*W123456789',
      'DMG*D8*19800412*F',
      'DTP*291*D8*20261201',
      'EQ*30',
      'EQ*98',
      'SE*14*0001',
    ]);
  });

  it('a dependent without their own member id is asked about under the subscriber, with the trace on the dependent', () => {
    const { lines: ids } = ourFirstTransaction(
      write270(
        [
          {
            ...inquiry,
            dependent: { lastName: 'PEREZ', firstName: 'MATEO', birthDate: toIsoDate('2015-06-01'), gender: 'M' },
            serviceDateEnd: toIsoDate('2026-12-05'),
          },
        ],
        envelope,
      ),
    );
    expect(ids.slice(6, 15)).toEqual([
      'HL*3*2*22*1',
      'NM1*IL*1*PEREZ*LUCIA****MI*W123456789',
      'DMG*D8*19800412*F',
      'HL*4*3*23*0',
      'TRN*1*SMB-ELG-000123*9591234567',
      'NM1*03*1*PEREZ*MATEO',
      'DMG*D8*20150601*M',
      'DTP*291*RD8*20261201-20261205',
      'EQ*30',
    ]);
  });

  it('a subscriber whose birth date is not on file is sent without DMG (its date and gender go together)', () => {
    const { lines } = ourFirstTransaction(
      write270([{ ...inquiry, subscriber: { ...inquiry.subscriber, birthDate: undefined, gender: 'M' } }], envelope),
    );
    expect(lines.filter((l) => l.startsWith('DMG'))).toEqual([]);
  });

  it('reads back with node-x12, an X12 library we did not write', () => {
    const tx = theirFirstTransaction(write270([inquiry], envelope));
    expect(tx.header.elements[0].value).toBe('270');
    expect(tx.segments.filter((s) => s.tag === 'EQ').map((s) => s.elements[0].value)).toEqual(['30', '98']);
    expect(tx.trailer.elements[0].value).toBe('14');
  });

  it('a payer reads it back as the people asked about (the demo clearing house does): a dependent and a range of days too', () => {
    const questions: EligibilityInquiry[] = [
      inquiry,
      {
        ...inquiry,
        trace: 'SMB-ELG-000124',
        provider: { name: 'GARCIA', firstName: 'ELENA', npi: '1245319599', person: true },
        subscriber: { lastName: 'RIOS', firstName: 'ANA', memberId: 'W555000111' },
        dependent: { lastName: 'RIOS', firstName: 'TOMAS', birthDate: toIsoDate('2015-06-01'), gender: 'M' },
        serviceDateEnd: toIsoDate('2026-12-04'),
      },
    ];
    expect(read270(ourFirstTransaction(write270(questions, envelope)).t)).toEqual(questions);
  });

  it("the product's reading agrees with the tests' own plain reading of the same 270", () => {
    const text = write270(
      [inquiry, { ...inquiry, trace: 'SMB-ELG-000125', subscriber: { ...inquiry.subscriber, memberId: 'W9' } }],
      envelope,
    );
    const facts = (qs: EligibilityInquiry[]) =>
      qs.map((q) => [q.trace, q.payer, q.provider.npi, q.subscriber.memberId, q.serviceDate]);
    expect(facts(read270(ourFirstTransaction(text).t))).toEqual(facts(questionsOf270(text)));
  });
});

/** A 271 as a payer answers the inquiry above (after the guide's examples): active, with the plan's cost sharing. */
const ACTIVE_271 = [
  'ISA*00*          *00*          *ZZ*030240928      *ZZ*SMB9079073     *261128*0931*^*00501*000000077*0*P*:~',
  'GS*HB*030240928*SMB9079073*20261128*0931*77*X*005010X279A1~',
  'ST*271*0001*005010X279A1~',
  'BHT*0022*11*SMB-ELG-000123*20261128*0931~',
  'HL*1**20*1~',
  'NM1*PR*2*KEY INSURANCE*****PI*87726~',
  'HL*2*1*21*1~',
  'NM1*1P*2*SUNSHINE FAMILY CLINIC*****XX*1234567893~',
  'HL*3*2*22*0~',
  'TRN*2*SMB-ELG-000123*9591234567~',
  'NM1*IL*1*PEREZ*LUCIA****MI*W123456789~',
  'REF*6P*GRP55501*KEY GOLD PPO~',
  'N3*12 PALM AVE~',
  'N4*MIAMI*FL*33101~',
  'DMG*D8*19800412*F~',
  'DTP*346*D8*20260101~',
  'DTP*347*D8*20261231~',
  'EB*1*IND*30^98*PR*KEY GOLD PPO~',
  'EB*C*IND*30***23*1500*****Y~',
  'EB*C*IND*30***29*750*****Y~',
  'EB*C*IND*30***23*3000*****N~',
  'EB*G*IND*30***23*6000*****Y~',
  'EB*G*IND*30***29*4200.50*****Y~',
  'EB*B*IND*98***27*25*****Y~',
  'MSG*COPAY APPLIES TO OFFICE VISITS ONLY~',
  'EB*A*IND*98*****.2****Y~',
  'EB*R**30*MB~',
  'LS*2120~',
  'NM1*PR*2*MEDICARE PART B~',
  'LE*2120~',
  'SE*29*0001~',
  'GE*1*77~',
  'IEA*1*000000077~',
].join('\n');

const readAnswer = (text: string) => {
  const { t, separators } = ourFirstTransaction(text);
  const answers = read271(t, separators);
  expect(answers).toHaveLength(1);
  return answers[0];
};

describe('the 271 eligibility answer', () => {
  it('says the coverage is active, for whom, under which plan and for which dates', () => {
    const a = readAnswer(ACTIVE_271);
    expect(a).toMatchObject({
      trace: 'SMB-ELG-000123',
      coverage: 'active',
      payer: { name: 'KEY INSURANCE', id: '87726' },
      member: { lastName: 'PEREZ', firstName: 'LUCIA', memberId: 'W123456789', birthDate: '1980-04-12' },
      plan: { begin: '2026-01-01', end: '2026-12-31', name: 'KEY GOLD PPO', groupNumber: 'GRP55501' },
      rejections: [],
    });
  });

  it('puts every benefit in words, amounts in cents and the coinsurance in basis points', () => {
    const [active, deductible, , , , , copay, coinsurance, other] = readAnswer(ACTIVE_271).benefits;
    expect(active).toMatchObject({
      words: 'Active coverage',
      coverageLevel: 'Individual',
      serviceTypes: [
        { code: '30', words: 'Health benefit plan coverage' },
        { code: '98', words: 'Professional (physician) visit, office' },
      ],
    });
    expect(deductible).toMatchObject({ words: 'Deductible', period: 'calendar year', amount: 150000, inNetwork: true });
    expect(copay).toMatchObject({
      words: 'Copay',
      period: 'visit',
      amount: 2500,
      messages: ['COPAY APPLIES TO OFFICE VISITS ONLY'],
    });
    expect(coinsurance).toMatchObject({ words: 'Coinsurance', percent: 2000 });
    expect(other).toMatchObject({ words: 'Other or additional payer', insuranceType: 'MB' });
  });

  it("a benefit line inside another entity's loop (LS/LE) does not become the payer or the member", () => {
    const a = readAnswer(ACTIVE_271);
    expect(a.payer.name).toBe('KEY INSURANCE');
    expect(a.member.lastName).toBe('PEREZ');
    expect(a.benefits).toHaveLength(9);
  });

  it('gives what the patient will owe in network: deductible and what remains of it, out-of-pocket, copay, coinsurance', () => {
    expect(costShare(readAnswer(ACTIVE_271))).toEqual({
      deductible: 150000,
      deductibleRemaining: 75000,
      outOfPocket: 600000,
      outOfPocketRemaining: 420050,
      copay: undefined,
      coinsurance: undefined,
    });
    // An office visit: its own copay and coinsurance, and the plan's deductible, which holds for every service.
    expect(costShare(readAnswer(ACTIVE_271), '98')).toMatchObject({
      deductible: 150000,
      copay: 2500,
      coinsurance: 2000,
    });
  });

  it('an inactive coverage says so', () => {
    const a = readAnswer(ACTIVE_271.replace('EB*1*IND*30^98*PR*KEY GOLD PPO~', 'EB*6*IND*30~'));
    expect(a.coverage).toBe('inactive');
  });

  it('a subscriber the payer cannot find is a rejection in words, with what the payer asks the provider to do', () => {
    const text = ACTIVE_271.replace(/REF\*6P[\s\S]*LE\*2120~\n/, 'AAA*N**75*C~\n').replace('SE*29*0001', 'SE*12*0001');
    const a = readAnswer(text);
    expect(a.coverage).toBe('unknown');
    expect(a.benefits).toEqual([]);
    expect(a.rejections).toEqual([
      {
        level: 'subscriber',
        code: '75',
        words: 'Subscriber/insured not found',
        followUp: 'Correct the request and send it again',
      },
    ]);
  });

  it('a payer that cannot answer now says so at its own level', () => {
    const text = ACTIVE_271.replace(
      'NM1*PR*2*KEY INSURANCE*****PI*87726~',
      'NM1*PR*2*KEY INSURANCE*****PI*87726~\nAAA*N**42*P~',
    );
    expect(readAnswer(text).rejections).toEqual([
      { level: 'payer', code: '42', words: 'The payer cannot answer now', followUp: 'Send it again later' },
    ]);
  });
});
