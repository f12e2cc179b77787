import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { availityEnvelope } from '../helpers/availity-envelope.ts';
import { generatedClaims, generatedWorld, type GeneratedWorld } from '../helpers/claim-generator.ts';
import { claimsFor837 } from '../../dev-server/claims/claim-837-export.ts';
import { write837P } from '../../src/domain/x12/claim-837p-writer.ts';
import { write837I } from '../../src/domain/x12/claim-837i-writer.ts';
import type { Batch837, Claim837I, Claim837P } from '../../src/domain/x12/claim-837-model.ts';

/**
 * The product's own 837s of claims as a real office makes them (tests/helpers/claim-generator.ts), taken back in as a
 * practice's claim file and imported: each claim made from the file writes the same 837 as the claim it came from —
 * patient, coverages, providers, facility, diagnoses, lines, dates and notes — save its own claim number.
 */
const CLAIMS = 60;
let app: TestApp;
let root: Api;
let world: GeneratedWorld;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  world = await generatedWorld(app.db);
});
afterAll(() => app.close());

const envelope = availityEnvelope('GEN01', 57, new Date('2026-04-30T12:00:00Z'));
type Written = (Claim837P | Claim837I) & { id: number };
/** What a claim's 837 says, but for the numbers that are the claim's own: its control number and medical record. */
const facts = ({ id: _i, patientControlNumber: _p, ...c }: Written) => {
  const { medicalRecordNumber: _m, ...rest } = c as Claim837I;
  return rest;
};

/** Where two values differ, as paths with each side's value (what a failure shows). */
function differences(a: unknown, b: unknown, at = ''): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (a && b && typeof a === 'object' && typeof b === 'object')
    return [...new Set([...Object.keys(a), ...Object.keys(b)])].flatMap((k) =>
      differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`),
    );
  return [`${at}: ${JSON.stringify(a)} → ${JSON.stringify(b)}`];
}

async function importFile(name: string, text: string): Promise<number[]> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const up = await root('POST', `/files?kind=claim-file&billing_company_id=${world.w.bc}`, form);
  const taken = await root('POST', '/claim-files/take', { file_id: up.body.id });
  expect(taken.status, JSON.stringify(taken.body)).toBe(200);
  const id = taken.body.received[0].claim_file.id;
  const made = await root('POST', `/claim-files/${id}/import`, {});
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const rows = await app.db.query<{ claim_id: string; outcome: string; control: string; findings: unknown }>(
    'select claim_id, outcome, control, findings from claim_file_claims where claim_file_id = $1 order by position',
    [id],
  );
  expect(rows.rows.filter((r) => r.outcome !== 'imported')).toEqual([]);
  return rows.rows.map((r) => Number(r.claim_id));
}

describe(`${CLAIMS} generated claims sent as a practice's 837 and imported`, () => {
  it('each imported claim writes the 837 of the claim it came from', async () => {
    const drawn = fc.sample(generatedClaims(world), { numRuns: CLAIMS, seed: 57 });
    const ids: number[] = [];
    for (const c of drawn) {
      const r = await root('POST', '/claim/verify-register', c.body);
      if (r.status === 201 && r.body.verified !== false) ids.push(Number(r.body.id));
    }
    expect(ids.length).toBeGreaterThan(CLAIMS / 2);
    const { professional, institutional } = await claimsFor837(app.db, world.w.bc, ids);
    // The practice numbers its claims its own way: nothing here holds them yet.
    const renumber = (cs: Written[], prefix: string) =>
      cs.map(({ id: _id, ...c }, i) => ({ ...c, patientControlNumber: `${prefix}${i}` }));
    const importedP = await importFile(
      'round-trip-p.837',
      write837P({ ...envelope, claims: renumber(professional, 'RP') } as Batch837),
    );
    const importedI = await importFile(
      'round-trip-i.837',
      write837I({ ...envelope, claims: renumber(institutional, 'RI') } as Batch837<never>),
    );
    const again = await claimsFor837(app.db, world.w.bc, [...importedP, ...importedI]);
    const byId = new Map([...again.professional, ...again.institutional].map((c) => [c.id, c as Written]));
    const disagreeing = [
      ...professional.map((c, i) => [c, byId.get(importedP[i])!] as const),
      ...institutional.map((c, i) => [c, byId.get(importedI[i])!] as const),
    ].flatMap(([before, after]) =>
      differences(facts(before), facts(after)).map((d) => `${before.patientControlNumber} ${d}`),
    );
    expect(disagreeing).toEqual([]);
  });
});
