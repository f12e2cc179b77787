import { toIsoDate } from '../../../src/domain/formats.ts';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Batch837I, Claim837I } from '../../../src/domain/x12/claim-837-model.ts';
import { read837I } from '../../../src/domain/x12/claim-837i-reader.ts';
import { write837I } from '../../../src/domain/x12/claim-837i-writer.ts';
import { readInterchanges } from '../../../src/domain/x12/interchange-reader.ts';
import { validateX12 } from '../../helpers/x12-validator.ts';

const claim: Claim837I = {
  patientControlNumber: 'INPT-1',
  totalCharge: 1253075,
  frequency: '1',
  facilityCode: '11',
  statementFrom: toIsoDate('2025-10-01'),
  statementTo: toIsoDate('2025-10-04'),
  admissionType: '1',
  admissionSource: '7',
  patientStatus: '01',
  principalDiagnosis: { code: 'J189', presentOnAdmission: 'Y' },
  admittingDiagnosis: 'R0602',
  otherDiagnoses: [
    { code: 'E119', presentOnAdmission: 'Y' },
    { code: 'I10', presentOnAdmission: 'N' },
  ],
  billingProvider: {
    name: 'GENERAL HOSPITAL',
    entity: 'organization',
    npi: '1234567893',
    taxId: '591234567',
    taxonomy: '282N00000X',
    address: { line1: '1 HOSPITAL WAY', city: 'TAMPA', state: 'FL', zip: '336060000' },
  },
  subscriber: {
    party: { name: 'ROE', firstName: 'RICHARD', entity: 'person' },
    memberId: '1EG4TE5MK72',
    responsibility: 'P',
    relationship: '18',
    filingIndicator: 'MA',
    dateOfBirth: toIsoDate('1950-02-03'),
    sex: 'M',
    address: { line1: '9 PINE RD', city: 'TAMPA', state: 'FL', zip: '33606' },
  },
  payer: { name: 'MEDICARE PART A', payerId: '09102' },
  attendingProvider: { name: 'HOUSE', firstName: 'GREG', entity: 'person', npi: '1234567893' },
  lines: [
    {
      revenueCode: '0120',
      modifiers: [],
      charge: 1000000,
      units: '3',
      unitCode: 'DA',
      dateOfService: toIsoDate('2025-10-01'),
    },
    {
      revenueCode: '0300',
      procedure: '85025',
      modifiers: [],
      charge: 253075,
      units: '1',
      unitCode: 'UN',
      dateOfService: toIsoDate('2025-10-02'),
    },
  ],
};

const batch: Batch837I = {
  submitter: { name: 'PREMIER BILLING', id: 'SUB01', contactName: 'JERRY', phone: '305-555-2222' },
  receiver: { name: 'CLEARING HOUSE', id: 'CH01' },
  interchange: {
    senderId: 'SUB01',
    receiverId: 'CH01',
    control: 77,
    usage: 'P',
    date: new Date('2025-10-05T14:30:00Z'),
  },
  claims: [claim, { ...claim, patientControlNumber: 'INPT-2', frequency: '8', originalReference: 'ICN-55' }],
};

describe('837I writer and reader', () => {
  it('an 837I to the secondary payer, with the primary in loops 2320/2330, passes the independent validator (no OI04: Not Used in the 837I)', async () => {
    const secondary: Claim837I = {
      ...claim,
      subscriber: { ...claim.subscriber, responsibility: 'S', filingIndicator: 'CI' },
      payer: { name: 'STATE TEACHERS', payerId: '1135' },
      otherPayers: [
        {
          responsibility: 'P',
          relationship: '18',
          filingIndicator: 'MA',
          subscriber: { ...claim.subscriber.party, memberId: '1EG4TE5MK72' },
          payer: { name: 'MEDICARE PART A', payerId: '09102' },
          paidAmount: 900000,
          adjustments: [
            { group: 'CO', reason: '45', amount: 253075 },
            { group: 'PR', reason: '1', amount: 100000 },
          ],
        },
      ],
    };
    const text = write837I({ ...batch, claims: [secondary] });
    expect(text).toContain('OI***Y***Y~');
    const checked = await validateX12({ 'secondary.837': text });
    expect(checked.output.trim()).toBe('secondary.837: OK');
  });

  it('writes type of bill, statement dates, CL1, diagnoses with POA and SV2 lines in a well-formed interchange', () => {
    const text = write837I(batch);
    expect(text).toContain('CLM*INPT-1*12530.75***11:A:1**A*Y*Y~');
    expect(text).toContain('DTP*434*RD8*20251001-20251004~');
    expect(text).toContain('HI*ABK:J189:::::::Y~');
    expect(text).toContain('SV2*0120**10000.00*DA*3~');
    expect(readInterchanges(text).findings).toEqual([]);
  });

  it('value, condition and occurrence codes are written in HI (BE, BG, BH) and read back', () => {
    const coded: Claim837I = {
      ...claim,
      patientControlNumber: 'INPT-3',
      valueCodes: [
        { code: '80', amount: 300 },
        { code: 'A1', amount: 162600 },
      ],
      conditionCodes: ['07', 'D9'],
      occurrenceCodes: [{ code: '11', date: toIsoDate('2025-09-28') }],
      lines: [
        ...claim.lines,
        {
          revenueCode: '0636',
          procedure: 'J2405',
          modifiers: [],
          charge: 0,
          units: '4',
          unitCode: 'UN',
          dateOfService: toIsoDate('2025-10-02'),
          drug: { ndc: '00409-4093-02', quantity: '8', unit: 'ML' },
        },
      ],
    };
    const text = write837I({ ...batch, claims: [coded] });
    expect(text).toContain('HI*BE:80:::3.00*BE:A1:::1626.00~');
    expect(text).toContain('HI*BG:07*BG:D9~');
    expect(text).toContain('HI*BH:11:D8:20250928~');
    const doc = readInterchanges(text);
    expect(doc.findings).toEqual([]);
    const back = read837I(doc.interchanges[0].groups[0].transactions[0], doc.separators!).claims[0];
    expect(back).toEqual({
      ...coded,
      lines: coded.lines.map((l) => (l.drug ? { ...l, drug: { ...l.drug, ndc: '00409409302' } } : l)),
    });
  });

  it('what the writer writes, the reader reads back to the same claims', () => {
    const doc = readInterchanges(write837I(batch));
    const { claims, findings } = read837I(doc.interchanges[0].groups[0].transactions[0], doc.separators!);
    expect(findings).toEqual([]);
    expect(claims).toEqual(batch.claims);
  });
});

describe('837I reader on every public institutional sample', () => {
  const dir = new URL('../../fixtures/x12/837i/', import.meta.url);
  for (const file of readdirSync(dir)) {
    it(`reads every claim of ${file}`, () => {
      const doc = readInterchanges(readFileSync(new URL(file, dir), 'utf8'));
      const tx = doc.interchanges[0].groups[0].transactions[0];
      const { claims, findings } = read837I(tx, doc.separators!);
      // Some samples declare ':' but write '>' in their composites; CLM05 must be reported, nothing guessed.
      expect(findings.filter((f) => !(f.segmentId === 'CLM' && f.element === 5))).toEqual([]);
      expect(claims.length).toBe(tx.segments.filter((s) => s.id === 'CLM').length);
      expect(claims.every((c) => c.lines.length > 0 && (c.facilityCode.length === 2 || findings.length > 0))).toBe(
        true,
      );
    });
  }

  it('reads the institutional example field by field', () => {
    const doc = readInterchanges(readFileSync(new URL('institutional-claim.837i', dir), 'utf8'));
    const { claims } = read837I(doc.interchanges[0].groups[0].transactions[0], doc.separators!);
    expect(claims[0]).toMatchObject({
      patientControlNumber: '756048Q',
      totalCharge: 8993,
      facilityCode: '14',
      statementFrom: '1996-09-11',
      admissionType: '3',
      patientStatus: '01',
      principalDiagnosis: { code: '3669' },
      otherDiagnoses: [{ code: '4019' }, { code: '79431' }],
      attendingProvider: { name: 'JONES', firstName: 'JOHN' },
    });
    expect(claims[0].otherPayers?.[0]).toMatchObject({
      responsibility: 'S',
      payer: { name: 'STATE TEACHERS', payerId: '1135' },
    });
    expect(claims[0].lines.map((l) => [l.revenueCode, l.procedure, l.charge, l.units])).toEqual([
      ['0305', '85025', 1339, '1.00'],
      ['0730', '93005', 7654, '3.00'],
    ]);
  });
});
