// A practice's 837 of 5,000 claims previewed through the real HTTP path, as a billing manager gets it: the file uploaded
// as a claim file, then POST /claim-file/preview (every claim checked, its patient, payer, clinic and providers matched).
// The claims are one verified claim of the world written by the product's 837 writer, numbered 5,000 ways.
// Run: npm run bench:intake (TEST_DATABASE=postgres for a PostgreSQL server). Prints a Markdown table.
import { startAsSuperUser } from '../tests/helpers/test-app.ts';
import { claimWorld, readyClaims } from '../tests/helpers/claim-fixtures.ts';
import { claimsFor837 } from '../dev-server/claims/claim-837-export.ts';
import { write837P } from '../src/domain/x12/claim-837p-writer.ts';
import type { Batch837 } from '../src/domain/x12/claim-837-model.ts';

const CLAIMS = Number(process.env.CLAIMS ?? 5000);
const { app, root } = await startAsSuperUser();
const w = await claimWorld(app.db);
const [id] = await readyClaims(root, w, 1);
const { professional } = await claimsFor837(app.db, w.bc, [id]);
const { id: _id, ...one } = professional[0];
const text = write837P({
  submitter: { name: 'SUNSHINE CLINIC PM', id: 'PM01', contactName: 'FRONT DESK', phone: '3055550100' },
  receiver: { name: 'SUN BILLING', id: 'SUNBILL' },
  interchange: { senderId: 'PM01', receiverId: 'SUNBILL', control: 77, usage: 'P', date: new Date() },
  claims: Array.from({ length: CLAIMS }, (_, i) => ({ ...one, patientControlNumber: `PM${i + 1}` })),
} as Batch837<never>);

const form = new FormData();
form.append('file', new Blob([text], { type: 'text/plain' }), 'practice.837');
let t = performance.now();
const up = await root('POST', `/files?kind=claim-file&billing_company_id=${w.bc}`, form);
const uploadMs = performance.now() - t;
if (up.status !== 201) throw new Error(`upload: ${JSON.stringify(up.body)}`);
const runs: number[] = [];
let counts: unknown;
for (let i = 0; i < 3; i++) {
  t = performance.now();
  const r = await root('POST', '/claim-file/preview', { billing_company_id: w.bc, file_id: up.body.id });
  runs.push(performance.now() - t);
  if (r.status !== 200) throw new Error(`preview: ${JSON.stringify(r.body).slice(0, 300)}`);
  counts = r.body.counts;
}
// Taken in as a claim file (checked, matched and kept), then imported: every claim made through the claim service.
t = performance.now();
const taken = await root('POST', '/claim-files/take', { file_id: up.body.id });
const takeMs = performance.now() - t;
if (taken.status !== 200) throw new Error(`take: ${JSON.stringify(taken.body).slice(0, 300)}`);
const fileId = taken.body.received[0].claim_file.id;
t = performance.now();
const imported = await root('POST', `/claim-files/${fileId}/import`, {});
const importMs = performance.now() - t;
if (imported.status !== 200) throw new Error(`import: ${JSON.stringify(imported.body).slice(0, 300)}`);
const { message: _m, ...made } = imported.body;
const mem = process.memoryUsage().rss / 1024 / 1024;
console.log(
  `| database | claims | file | upload | preview (best of 3) | counts | taken in | imported | made | server process RSS |`,
);
console.log(`|---|---|---|---|---|---|---|---|---|---|`);
console.log(
  `| ${app.db.kind} | ${CLAIMS.toLocaleString('en-US')} | ${(text.length / 1e6).toFixed(1)} MB | ${uploadMs.toFixed(0)} ms | ${Math.min(...runs).toFixed(0)} ms | ${JSON.stringify(counts)} | ${takeMs.toFixed(0)} ms | ${importMs.toFixed(0)} ms | ${JSON.stringify(made)} | ${mem.toFixed(0)} MB |`,
);
await app.close();
