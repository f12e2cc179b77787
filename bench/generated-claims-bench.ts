import { arg } from './bench-args.ts';
import { addBenchManager, benchToken } from './bench-sign-in.ts';
// Verification and the 837 of 5,000 generated claims (issue 55): claims as an office makes them — accents, dependents,
// second and third coverage, accidents, anesthesia, outside labs, NDC lines, up to 50 lines — drawn by the same
// generator as tests/claims/generated-claims.property.test.ts and saved as drafts through the API (not timed). Timed:
// their bulk verification as the user asks it (POST /claim/verify through HTTP, 1,000 a request, as the list sends it),
// then what the send job does to write them (the 837 model read for all of them, 837P and 837I written).
// Usage: npm run bench:generated [-- --claims 5000 --seed 55837]
import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import { createApp } from '../dev-server/app.ts';
import type { Database } from '../dev-server/db/database.ts';
import { migrate } from '../dev-server/db/migrate.ts';
import { seedAccess } from '../dev-server/db/seed.ts';
import { claimsFor837 } from '../dev-server/claims/claim-837-export.ts';
import { write837P } from '../src/domain/x12/claim-837p-writer.ts';
import { write837I } from '../src/domain/x12/claim-837i-writer.ts';
import type { Batch837 } from '../src/domain/x12/claim-837-model.ts';
import { generatedClaims, generatedWorld } from '../tests/helpers/claim-generator.ts';
import { availityEnvelope } from '../tests/helpers/availity-envelope.ts';
import { onEachDatabase } from './bench-databases.ts';

const CLAIMS = arg('claims', 5000);
const SEED = arg('seed', 55_837);

async function measure(label: string, db: Database) {
  await migrate(db);
  await seedAccess(db);
  const world = await generatedWorld(db);
  const bc = world.w.bc;
  await addBenchManager(db, 'manager@bench', bc);
  const server = createApp({ db, rateLimitMax: 1e9 }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const headers = {
    authorization: `Bearer ${await benchToken(base, 'manager@bench', 'Bench!234')}`,
    'content-type': 'application/json',
  };
  const post = async (path: string, body: unknown) => {
    const r = await fetch(`${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    return { status: r.status, body: await r.json() };
  };
  const drawn = fc.sample(generatedClaims(world), { numRuns: CLAIMS, seed: SEED });
  const ids: number[] = [];
  for (const c of drawn) {
    const r = await post('/claim', c.body);
    if (r.status !== 201) throw new Error(`saving a generated claim answered ${r.status}: ${JSON.stringify(r.body)}`);
    ids.push(Number(r.body.id));
  }
  const lines = drawn.reduce((n, c) => n + c.body.services.length, 0);
  const t0 = performance.now();
  let verified = 0;
  for (let i = 0; i < ids.length; i += 1000) {
    const r = await post('/claim/verify', { ids: ids.slice(i, i + 1000) });
    verified += Number(r.body.verified);
    const failed = (r.body.results as Array<{ verified: boolean; errors: unknown }>).find((x) => !x.verified);
    if (failed) console.error(`${label}: a claim failed verification:`, JSON.stringify(failed.errors));
  }
  const t1 = performance.now();
  const { professional, institutional } = await claimsFor837(db, bc, ids);
  const envelope = availityEnvelope('GEN01', 55, new Date());
  const strip = <T extends { id: number }>(cs: T[]) => cs.map(({ id: _id, ...c }) => c);
  const bytes =
    write837P({ ...envelope, claims: strip(professional) } as Batch837).length +
    write837I({ ...envelope, claims: strip(institutional) } as Batch837<never>).length;
  const t2 = performance.now();
  await new Promise((r) => server.close(r));
  return [
    `| ${label} | ${CLAIMS.toLocaleString('en-US')} (${lines.toLocaleString('en-US')} lines; ${professional.length} 837P, ${institutional.length} 837I) | ${verified} | ${(t1 - t0).toFixed(0)} | ${(t2 - t1).toFixed(0)} (${(bytes / 1e6).toFixed(1)} MB) | ${(t2 - t0).toFixed(0)} |`,
  ];
}

const rows = await onEachDatabase('rcp_generated_claims_bench', measure);
console.log(`Generated claims (seed ${SEED}), once each, milliseconds.\n`);
console.log('| database | claims | verified | POST /claim/verify (1,000 a request) | 837 model + writing | total |');
console.log('|---|---|---|---|---|---|');
for (const r of rows) console.log(r);
process.exit(0);
