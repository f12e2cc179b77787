import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { write837P } from '../../../src/domain/x12/claim-837p-writer.ts';
import { checkClaimFile, type ClaimFileCheck } from '../../../src/domain/x12/intake/claim-file-check.ts';
import { errorText } from '../../../src/domain/errors/error-catalogue.ts';
import type { ErrorCode } from '../../../src/domain/errors/error-catalogue.ts';
import { batch, claim } from '../../helpers/professional-837.ts';
import { validateX12 } from '../../helpers/x12-validator.ts';

// Hostile 837Ps as practices' systems send them: a clean two-claim file with one thing broken in each, judged by the
// intake and by the independent validator (x12valid). What the validator refuses, the intake must refuse too; the intake
// also finds what a clearing house checks beyond the syntax (balancing, NPI check digits, a claim number used twice).
const CLEAN = write837P(batch([claim(1), claim(2)]));
const HOSTILE: Record<string, { edit: [string, string]; finds: string }> = {
  'hl-repeated': { edit: ['HL*3**20*1~', 'HL*2**20*1~'], finds: 'intake_hl_id_repeated' },
  'hl-parent': { edit: ['HL*4*3*22*0~', 'HL*4*2*22*0~'], finds: 'intake_hl_parent_wrong_level' },
  'hi-composite': { edit: ['HI*ABK:E119*ABF:I10~', 'HI*ABK*E119~'], finds: 'intake_composite_expected' },
  'lx-numbering': { edit: ['LX*2~', 'LX*3~'], finds: 'intake_lx_sequence' },
  unbalanced: { edit: ['CLM*PCN1*125.50', 'CLM*PCN1*500.00'], finds: 'intake_claim_unbalanced' },
  'bad-date': { edit: ['DTP*472*D8*20251003~', 'DTP*472*D8*20251303~'], finds: 'intake_date_invalid' },
  'claim-number': { edit: ['CLM*PCN2*', 'CLM*PCN1*'], finds: 'intake_claim_number_repeated' },
  npi: { edit: ['XX*1234567893~', 'XX*1234567890~'], finds: 'intake_npi_invalid' },
  pointer: { edit: ['*UN*1***1:2~', '*UN*1***1:3~'], finds: 'intake_pointer_beyond' },
};
const fileOf = (name: string) => CLEAN.replace(...HOSTILE[name].edit);
const all = (c: ClaimFileCheck) => [...c.findings, ...c.claims.flatMap((x) => x.findings)];
const codes = (c: ClaimFileCheck) => [...new Set(all(c).map((f) => f.problem.code))];

describe("the intake's check of a practice's 837", () => {
  it('a clean file: the validator takes it and the intake finds nothing in either claim', async () => {
    const checked = checkClaimFile(CLEAN);
    expect(checked.claims.map((c) => [c.control, c.findings])).toEqual([
      ['PCN1', []],
      ['PCN2', []],
    ]);
    expect(checked.findings).toEqual([]);
    expect((await validateX12({ 'clean.837': CLEAN })).ok).toBe(true);
  });

  for (const [name, { finds }] of Object.entries(HOSTILE))
    it(`${name}: the intake finds ${finds}, with the segment and loop it is in`, () => {
      const found = all(checkClaimFile(fileOf(name))).filter((f) => f.problem.code === finds);
      expect(found.length, JSON.stringify(all(checkClaimFile(fileOf(name))))).toBeGreaterThan(0);
      expect(found[0].position).toBeGreaterThan(0);
      expect(found[0].loop).toMatch(/^2\d{3}[A-Z]{0,2}$/);
    });

  it('every hostile file the independent validator refuses, the intake refuses too', async () => {
    const files = Object.fromEntries(Object.keys(HOSTILE).map((n) => [`${n}.837`, fileOf(n)]));
    const { output } = await validateX12(files);
    const refusedByValidator = Object.keys(HOSTILE).filter((n) => !output.includes(`${n}.837: OK`));
    // The validator's syntax checks: the HL count, a diagnosis composite, the LX count, a calendar date.
    expect(refusedByValidator.sort()).toEqual(['bad-date', 'hi-composite', 'hl-repeated', 'lx-numbering']);
    const refusedByIntake = Object.keys(HOSTILE).filter((n) => all(checkClaimFile(fileOf(n))).length > 0);
    expect(refusedByIntake.sort()).toEqual(Object.keys(HOSTILE).sort());
  });

  it('a finding belongs to its claim: the unbalanced claim is stopped, the other claim of the file is not', () => {
    const checked = checkClaimFile(fileOf('unbalanced'));
    expect(checked.claims.map((c) => [c.control, codes({ claims: [c], findings: [] })])).toEqual([
      ['PCN1', ['intake_claim_unbalanced']],
      ['PCN2', []],
    ]);
  });

  it("a billing provider's wrong NPI stops the claims under that provider, not the file's other claims", () => {
    const checked = checkClaimFile(fileOf('npi'));
    expect(checked.claims.map((c) => [c.control, c.findings.map((f) => [f.loop, f.problem.code])])).toEqual([
      ['PCN1', [['2010AA', 'intake_npi_invalid']]],
      ['PCN2', []],
    ]);
    expect(checked.findings).toEqual([]);
  });

  it('a claim number used twice is found on both claims that use it', () => {
    const checked = checkClaimFile(fileOf('claim-number'));
    expect(checked.claims.map((c) => c.findings.map((f) => f.problem.code))).toEqual([
      ['intake_claim_number_repeated'],
      ['intake_claim_number_repeated'],
    ]);
  });

  it('a finding reads in English and in Spanish, with what is wrong and where', () => {
    const [f] = all(checkClaimFile(fileOf('unbalanced')));
    const params = f.problem.params ?? {};
    expect(errorText(f.problem.code as ErrorCode, params, 'en')).toBe(
      'Claim PCN1: the total charge (CLM02) $500.00 is not the sum of its lines $125.50.',
    );
    expect(errorText(f.problem.code as ErrorCode, params, 'es')).toBe(
      'Reclamo PCN1: el cargo total (CLM02) $500.00 no es la suma de sus líneas $125.50.',
    );
    expect([f.segment, f.element, f.loop, f.claim]).toEqual(['CLM', 2, '2300', 'PCN1']);
  });

  it('a wrong NPI reads in Spanish with whose NPI it is in Spanish', () => {
    const [f] = all(checkClaimFile(fileOf('npi')));
    expect(errorText(f.problem.code as ErrorCode, f.problem.params ?? {}, 'es')).toBe(
      'Proveedor de facturación: el NPI "1234567890" no es un NPI válido (10 dígitos con dígito de control).',
    );
  });

  it('a day and time (DT) is a date too; a time past 23:59 is not', () => {
    const withTime = (t: string) => CLEAN.replace('DTP*472*D8*20251003~', `DTP*472*DT*20251003${t}~`);
    expect(codes(checkClaimFile(withTime('0830')))).toEqual([]);
    expect(codes(checkClaimFile(withTime('2575')))).toEqual(['intake_date_invalid']);
  });
});

describe("the intake's check of public sample 837s (tests/fixtures/x12)", () => {
  const sample = (path: string) => readFileSync(new URL(`../../fixtures/x12/${path}`, import.meta.url), 'latin1');

  it("finds the guide examples' NPIs that fail the check digit, naming whose they are and the loop", () => {
    const found = all(checkClaimFile(sample('837p/demo.autoaccident.837'))).filter(
      (f) => f.problem.code === 'intake_npi_invalid',
    );
    expect(found.map((f) => [f.loop, f.problem.params?.npi])).toEqual([
      ['2010AA', '1253695747'],
      ['2310B', '2366552595'],
      ['2310C', '1235767887'],
    ]);
  });

  it('finds the repeated claim numbers, the repeated HL ids and the unbalanced claims of a 624-claim file', () => {
    const checked = checkClaimFile(sample('structure/x12_multiple_transactions.txt'));
    expect(checked.claims).toHaveLength(624);
    const count = (code: string) => all(checked).filter((f) => f.problem.code === code).length;
    expect(count('intake_claim_number_repeated')).toBe(624);
    expect(count('intake_hl_id_repeated')).toBeGreaterThan(0);
    expect(count('intake_claim_unbalanced')).toBe(624);
  });

  it('a clean guide example (drug, NDC) has nothing to fix', () => {
    expect(all(checkClaimFile(sample('837p/demo.drug.example10.1.837')))).toEqual([]);
  });
});
