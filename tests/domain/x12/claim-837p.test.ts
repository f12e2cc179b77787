import { toIsoDate } from '../../../src/domain/formats.ts';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Claim837P } from '../../../src/domain/x12/claim-837-model.ts';
import { batch, claim } from '../../helpers/professional-837.ts';
import { read837P } from '../../../src/domain/x12/claim-837p-reader.ts';
import { MAX_CLAIMS_PER_TRANSACTION, write837P } from '../../../src/domain/x12/claim-837p-writer.ts';
import { readInterchanges } from '../../../src/domain/x12/interchange-reader.ts';
import { x12Text } from '../../../src/domain/x12/x12-writing.ts';
import { validateX12 } from '../../helpers/x12-validator.ts';

describe('837P writer', () => {
  it('writes an interchange whose envelopes, control numbers and counts check out', () => {
    const doc = readInterchanges(write837P(batch([claim(1), claim(2)])));
    expect(doc.findings).toEqual([]);
    expect(doc.interchanges[0]).toMatchObject({ control: '000000042', usage: 'T' });
  });

  it('what the writer writes, the reader reads back to the same claims', () => {
    const claims = [claim(1), { ...claim(2), frequency: '7' as const, originalReference: 'PAYER-ICN-9' }];
    const doc = readInterchanges(write837P(batch(claims)));
    const { claims: back, findings } = read837P(doc.interchanges[0].groups[0].transactions[0], doc.separators!);
    expect(findings).toEqual([]);
    expect(back).toEqual(claims);
  });

  it("writes the primary payer's payment and adjustments on a secondary claim (2320/2330) and reads them back", () => {
    const secondary: Claim837P = {
      ...claim(3),
      subscriber: { ...claim(3).subscriber, responsibility: 'S' },
      otherPayers: [
        {
          responsibility: 'P',
          relationship: '18',
          groupNumber: 'G1',
          filingIndicator: 'MB',
          subscriber: { name: 'DOE', firstName: 'JANE', entity: 'person', memberId: 'MCARE1' },
          payer: { name: 'MEDICARE', payerId: '00882' },
          paidAmount: 8000,
          adjustments: [
            { group: 'CO', reason: '45', amount: 2000 },
            { group: 'PR', reason: '2', amount: 2550 },
          ],
        },
      ],
    };
    const text = write837P(batch([secondary]));
    expect(text).toContain('AMT*D*80.00~');
    expect(text).toContain('CAS*CO*45*20.00~');
    const doc = readInterchanges(text);
    expect(doc.findings).toEqual([]);
    expect(read837P(doc.interchanges[0].groups[0].transactions[0], doc.separators!).claims).toEqual([secondary]);
  });

  it('a void (frequency 8) carries the original claim reference and reads back', () => {
    const voided: Claim837P = { ...claim(4), frequency: '8', originalReference: 'ICN-2025-0001' };
    const text = write837P(batch([voided]));
    expect(text).toContain('REF*F8*ICN-2025-0001~');
    const doc = readInterchanges(text);
    expect(read837P(doc.interchanges[0].groups[0].transactions[0], doc.separators!).claims).toEqual([voided]);
  });

  it('an NDC drug line writes LIN and CTP (loop 2410) and reads back', () => {
    const drug: Claim837P = {
      ...claim(5),
      lines: [
        {
          procedure: 'J1745',
          modifiers: [],
          charge: 125000,
          units: '10',
          unitCode: 'UN',
          diagnosisPointers: [1],
          dateOfService: toIsoDate('2025-10-03'),
          drug: { ndc: '57894-0030-01', quantity: '2', unit: 'UN' },
        },
      ],
      totalCharge: 125000,
    };
    const text = write837P(batch([drug]));
    expect(text).toContain('LIN**N4*57894003001~');
    expect(text).toContain('CTP****2*UN~');
    const doc = readInterchanges(text);
    const back = read837P(doc.interchanges[0].groups[0].transactions[0], doc.separators!).claims[0];
    expect(back.lines[0].drug).toEqual({ ndc: '57894003001', quantity: '2', unit: 'UN' });
  });

  it('a tertiary claim carries both earlier payers, each with its payment and adjustments', () => {
    const payer = (resp: 'P' | 'S', name: string, paid: number) => ({
      responsibility: resp,
      relationship: '18',
      filingIndicator: 'CI',
      subscriber: { name: 'DOE', firstName: 'JANE', entity: 'person' as const, memberId: `M-${name}` },
      payer: { name, payerId: `${name}1` },
      paidAmount: paid,
      adjustments: [{ group: 'PR', reason: '1', amount: 1000 }],
    });
    const tertiary: Claim837P = {
      ...claim(6),
      subscriber: { ...claim(6).subscriber, responsibility: 'T' },
      otherPayers: [payer('P', 'FIRST', 7000), payer('S', 'SECOND', 2000)],
    };
    const doc = readInterchanges(write837P(batch([tertiary])));
    expect(read837P(doc.interchanges[0].groups[0].transactions[0], doc.separators!).claims).toEqual([tertiary]);
  });

  it('the usage indicator is the one configured: P in production, T in test', () => {
    const prod = readInterchanges(
      write837P({ ...batch([claim(7)]), interchange: { ...batch([]).interchange, usage: 'P' } }),
    );
    expect(prod.interchanges[0].usage).toBe('P');
  });

  it(`splits more than ${MAX_CLAIMS_PER_TRANSACTION} claims into several ST–SE with unique control numbers`, () => {
    const doc = readInterchanges(
      write837P(batch(Array.from({ length: MAX_CLAIMS_PER_TRANSACTION + 1 }, (_, i) => claim(i)))),
    );
    expect(doc.findings).toEqual([]);
    const sets = doc.interchanges[0].groups[0].transactions;
    expect(sets.map((t) => t.control)).toEqual(['0001', '0002']);
  });

  it(`writes a full transaction of ${MAX_CLAIMS_PER_TRANSACTION} claims of 30 lines each (over 300,000 segments)`, () => {
    const long = (n: number): Claim837P => {
      const c = claim(n);
      return { ...c, lines: Array.from({ length: 30 }, () => c.lines[0]) };
    };
    const text = write837P(batch(Array.from({ length: MAX_CLAIMS_PER_TRANSACTION }, (_, i) => long(i))));
    const se = /\nSE\*(\d+)\*0001/.exec(text);
    expect(Number(se?.[1])).toBeGreaterThan(300_000);
  });
});

describe('one X12 text rule for every element written', () => {
  it('takes accents off and upper-cases: Zoë D’Angelo Muñoz-Pérez of 12 Rue de l’Église, Łódź, Straße', () => {
    expect(x12Text("Zoë D'Angelo Muñoz-Pérez")).toBe("ZOE D'ANGELO MUNOZ-PEREZ");
    expect(x12Text("12 Rue de l'Église")).toBe("12 RUE DE L'EGLISE");
    expect(x12Text('Łódź Straße Æbeltoft Øster')).toBe('LODZ STRASSE AEBELTOFT OSTER');
  });

  it('never lets a separator through: a * : ^ ~ typed in a name or a number becomes a space', () => {
    expect(x12Text('HUM~ORIG:77*9^1')).toBe('HUM ORIG 77 9 1');
  });

  it('an 837 of a patient with an accented name, an apostrophe and stray separators passes the independent validator and reads back', async () => {
    const accented: Claim837P = {
      ...claim(1),
      priorAuthorization: 'PA*12345',
      frequency: '7',
      originalReference: 'HUM~ORIG:77',
      subscriber: {
        ...claim(1).subscriber,
        party: { name: "D'Angelo Muñoz-Pérez", firstName: 'Zoë', entity: 'person' },
        address: { line1: "12 Rue de l'Église", city: 'Mayagüez', state: 'PR', zip: '00680' },
      },
    };
    const text = write837P(batch([accented]));
    expect(text).toContain("NM1*IL*1*D'ANGELO MUNOZ-PEREZ*ZOE*");
    expect(text).toContain('REF*G1*PA 12345~');
    expect(text).toContain('REF*F8*HUM ORIG 77~');
    expect(/[^\x20-\x7e\n]/.test(text)).toBe(false);
    expect(readInterchanges(text).findings).toEqual([]);
    const checked = await validateX12({ 'accented.837': text });
    expect(checked.output.trim()).toBe('accented.837: OK');
  });
});

describe('837P reader on the public samples', () => {
  it('reads the NDC of the drug example', () => {
    const doc = readInterchanges(
      readFileSync(new URL('../../fixtures/x12/837p/demo.drug.example10.1.837', import.meta.url), 'utf8'),
    );
    const { claims } = read837P(doc.interchanges[0].groups[0].transactions[0], doc.separators!);
    expect(claims[0].lines.some((l) => l.drug && /^\d{11}$/.test(l.drug.ndc))).toBe(true);
  });

  it('reads the implementation guide example 1', () => {
    const doc = readInterchanges(
      readFileSync(new URL('../../fixtures/x12/837p/demo.example1.837', import.meta.url), 'utf8'),
    );
    const { claims } = read837P(doc.interchanges[0].groups[0].transactions[0], doc.separators!);
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({
      patientControlNumber: '26463774',
      totalCharge: 10000,
      placeOfService: '11',
      diagnoses: ['0340', 'V7389'],
      payer: { name: 'KEY INSURANCE COMPANY', payerId: '999996666' },
    });
    expect(claims[0].patient).toMatchObject({
      relationship: '19',
      party: { name: 'SMITH', firstName: 'TED' },
      dateOfBirth: '1973-05-01',
      sex: 'M',
    });
    expect(claims[0].lines.map((l) => [l.procedure, l.charge, l.diagnosisPointers, l.dateOfService])).toEqual([
      ['99213', 4000, [1], '2006-10-03'],
      ['87070', 1500, [1], '2006-10-03'],
      ['99214', 3500, [2], '2006-10-10'],
      ['86663', 1000, [2], '2006-10-10'],
    ]);
  });
});

describe('837P reader on every public professional sample', () => {
  const dir = new URL('../../fixtures/x12/837p/', import.meta.url);
  for (const file of readdirSync(dir)) {
    it(`reads every claim of ${file} with its lines`, () => {
      const doc = readInterchanges(readFileSync(new URL(file, dir), 'utf8'));
      const tx = doc.interchanges[0].groups[0].transactions[0];
      const { claims, findings } = read837P(tx, doc.separators!);
      // Some samples declare ':' but write '>' in CLM05; that, and only that, must be reported.
      expect(findings.filter((f) => !(f.segmentId === 'CLM' && f.element === 5))).toEqual([]);
      for (const f of findings) expect(f.message).toMatch(/is not a composite made with the component separator ":"/);
      expect(claims.length).toBe(tx.segments.filter((s) => s.id === 'CLM').length);
      expect(claims.every((c) => c.lines.length > 0 && c.payer.payerId && c.billingProvider.npi)).toBe(true);
    });
  }
});
