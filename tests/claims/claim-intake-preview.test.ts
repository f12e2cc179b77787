import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, readyClaims, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { claimsFor837 } from '../../dev-server/claims/claim-837-export.ts';
import { write837P } from '../../src/domain/x12/claim-837p-writer.ts';
import type { Batch837 } from '../../src/domain/x12/claim-837-model.ts';

// A practice's 837 previewed before anything is written: its claims made here by a biller and written by the product's
// own 837 writer, as a practice management system would send them; each previewed claim says what of ours it names.
let app: TestApp;
let root: Api;
let w: ClaimWorld;
let ids: number[];
let file: string;
let codes: string[];

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  ids = await readyClaims(root, w, 2);
  const { professional } = await claimsFor837(app.db, w.bc, ids);
  codes = professional.map((c) => c.patientControlNumber);
  file = write837P({
    submitter: { name: 'SUNSHINE CLINIC PM', id: 'PM01', contactName: 'FRONT DESK', phone: '3055550100' },
    receiver: { name: 'SUN BILLING', id: 'SUNBILL' },
    interchange: { senderId: 'PM01', receiverId: 'SUNBILL', control: 77, usage: 'P', date: new Date() },
    claims: professional.map(({ id: _id, ...c }) => c),
  } as Batch837<never>);
});
afterAll(() => app.close());

/** The practice's own numbers for its claims (not yet held here): the file as a practice sends new claims. */
const renumbered = (text: string) => codes.reduce((t, c, i) => t.replace(`CLM*${c}*`, `CLM*PM-${i + 1}*`), text);
const preview = (content: string) => root('POST', '/claim-file/preview', { billing_company_id: w.bc, content });

describe("a practice's 837 previewed", () => {
  it('each new claim is ready: its patient found by member id, its payer by payer id, its clinic by NPI', async () => {
    const r = await preview(renumbered(file));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.counts).toEqual({ claims: 2, ready: 2, fix: 0, waiting: 0, held: 0 });
    const [c] = r.body.claims;
    expect(c.outcome).toBe('ready');
    expect(c.patient.match.id).toBe(w.patient);
    expect(c.payer.match.id).toBe(w.payer);
    expect(c.billing_provider.match.id).toBe(w.company);
    expect(c.findings).toEqual([]);
  });

  it('nothing is written by a preview', async () => {
    const count = async () => Number((await app.db.query<{ n: string }>('select count(*) n from claims')).rows[0].n);
    const before = await count();
    await preview(renumbered(file));
    expect(await count()).toBe(before);
  });

  it('the same claims sent again are found held here, by their claim number, and not to be made twice', async () => {
    const r = await preview(file);
    expect(r.body.counts).toMatchObject({ ready: 0, held: 2 });
    expect(r.body.claims.map((c: { held: { id: number } }) => c.held.id).sort()).toEqual([...ids].sort());
  });

  it('a payer this billing company does not have makes the claim wait, said in words with the payer id', async () => {
    const unknown = renumbered(file).replace(/NM1\*PR\*2\*([^*]*)\*\*\*\*\*PI\*[^~]*~/, 'NM1*PR*2*$1*****PI*ZZ999~');
    const r = await preview(unknown);
    expect(r.body.counts.waiting).toBeGreaterThan(0);
    const stopped = r.body.claims.find((c: { outcome: string }) => c.outcome === 'waiting');
    expect(stopped.findings.map((f: { message: string }) => f.message).join(' ')).toMatch(
      /payer id ZZ999\) is not among/,
    );
  });

  it("a claim's findings read in Spanish to a Spanish reader", async () => {
    const broken = renumbered(file).replace('CLM*PM-1*', 'CLM*PM-2*');
    await app.db.query("update users set language = 'es' where email = 'root@test.com'");
    const r = await preview(broken).finally(() =>
      app.db.query("update users set language = 'en' where email = 'root@test.com'"),
    );
    expect(r.body.claims[0].findings.map((f: { message: string }) => f.message)).toContain(
      'El número de reclamo PM-2 lo usan 2 reclamos de este archivo: cada reclamo necesita su propio número de control del paciente (CLM01).',
    );
  });

  it('a file uploaded as a claim file (however large: not the request body) is previewed by its id', async () => {
    const form = new FormData();
    form.append('file', new Blob([renumbered(file)], { type: 'text/plain' }), 'practice.837');
    const up = await root('POST', `/files?kind=claim-file&billing_company_id=${w.bc}`, form);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const r = await root('POST', '/claim-file/preview', { billing_company_id: w.bc, file_id: up.body.id });
    expect(r.body.counts).toEqual({ claims: 2, ready: 2, fix: 0, waiting: 0, held: 0 });
  });

  it('no file: a 422 that says to choose one', async () => {
    const r = await preview('');
    expect(r.status).toBe(422);
    expect(r.body.errors.content).toEqual(['Choose the 837 file of the claims to bring in.']);
  });
});
