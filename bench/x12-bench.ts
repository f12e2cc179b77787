// X12 benchmark: 835 reading throughput on a generated ERA of 50+ MB, and writing one 5,000-claim
// 837P transaction, each beside node-x12 doing the same job on the same input, in one run.
// Run: npm run bench:x12. Prints a Markdown table for bench/RESULTS.md.
import { X12Generator, X12Parser, JSEDINotation } from 'node-x12';
import { readInterchanges } from '../src/domain/x12/interchange-reader.ts';
import { read835 } from '../src/domain/x12/era-835-reader.ts';
import { balance835 } from '../src/domain/x12/era-835-balance.ts';
import { write837P } from '../src/domain/x12/claim-837p-writer.ts';
import type { Batch837P, Claim837P } from '../src/domain/x12/claim-837-model.ts';
import { batch as batchOf, claim as cleanClaim } from '../tests/helpers/professional-837.ts';
import { generateEra } from './era-dataset.ts';

const MB = 1024 * 1024;
const runs = Number(process.env.RUNS ?? 3);
const best = (fn: () => void) => {
  let t = Infinity;
  for (let i = 0; i < runs; i++) {
    const s = process.hrtime.bigint();
    fn();
    t = Math.min(t, Number(process.hrtime.bigint() - s) / 1e6);
  }
  return t;
};

// --- 835 reading -----------------------------------------------------------------------------
const era = generateEra(Number(process.env.ERA_MB ?? 50) * MB);
const bytes = Buffer.byteLength(era.text);
let oursClaims = 0;
let oursPaid = 0;
const oursMs = best(() => {
  oursClaims = 0;
  oursPaid = 0;
  // Each payment (transaction set) is read, balanced and let go as soon as its SE arrives.
  const doc = readInterchanges(era.text, {
    onTransaction(tx, sep) {
      const { remittance } = read835(tx, sep);
      if (balance835(remittance).length) throw new Error('the generated ERA should balance');
      oursClaims += remittance.claims.length;
      for (const c of remittance.claims) oursPaid += c.paid;
    },
  });
  if (doc.findings.length) throw new Error(doc.findings[0].message);
});
// node-x12's same job: parse the interchange, then walk every transaction's segments for the claims and amounts.
let theirClaims = 0;
let theirPaid = 0;
const theirMs = best(() => {
  const ic = new X12Parser(true).parse(era.text) as unknown as {
    functionalGroups: Array<{
      transactions: Array<{ segments: Array<{ tag: string; elements: Array<{ value: string }> }> }>;
    }>;
  };
  theirClaims = 0;
  theirPaid = 0;
  for (const g of ic.functionalGroups)
    for (const t of g.transactions)
      for (const s of t.segments) {
        if (s.tag === 'CLP') {
          theirClaims++;
          theirPaid += Math.round(Number(s.elements[3].value) * 100);
        }
      }
});
if (oursClaims !== era.claims || theirClaims !== era.claims || oursPaid !== theirPaid)
  throw new Error(`claim counts differ: ${oursClaims} / ${theirClaims} / ${era.claims}`);

// --- 837P writing ----------------------------------------------------------------------------
// The tests' clean professional claim, one member per claim, without a prior authorization; a production interchange.
const claim = (n: number): Claim837P => {
  const c = cleanClaim(n);
  return { ...c, priorAuthorization: undefined, subscriber: { ...c.subscriber, memberId: `M${n}` } };
};
const many = batchOf(Array.from({ length: 5000 }, (_, i) => claim(i)));
const batch: Batch837P = { ...many, interchange: { ...many.interchange, usage: 'P' } };
let text = '';
const writeMs = best(() => {
  text = write837P(batch);
});
// node-x12 is handed the finished segments (tag and elements) and only has to serialise them: less
// work than building them from claims, so the comparison favours it.
const segs = text
  .trim()
  .split('\n')
  .map((l) => l.replace(/~$/, '').split('*'));
const body = segs.filter((s) => !['ISA', 'GS', 'ST', 'SE', 'GE', 'IEA'].includes(s[0]));
const isa = segs[0].slice(1);
const gs = segs[1].slice(1);
const st = segs[2].slice(1);
const theirWriteMs = best(() => {
  const jsen = new JSEDINotation(isa, {
    elementDelimiter: '*',
    segmentTerminator: '~',
    subElementDelimiter: ':',
    endOfLine: '\n',
    format: true,
  } as never);
  const t = jsen.addFunctionalGroup(gs).addTransaction(st);
  for (const s of body) t.addSegment(s[0], s.slice(1));
  new X12Generator(jsen).toString();
});

const mbs = (ms: number) => bytes / MB / (ms / 1000);
console.log(`| job | this product | node-x12 1.7.1 | ratio | goal |`);
console.log(`|---|---|---|---|---|`);
console.log(
  `| read an 835 of ${(bytes / MB).toFixed(1)} MB (${era.transactions} transaction sets, ${era.claims.toLocaleString('en-US')} claims), balanced to the cent | ${oursMs.toFixed(0)} ms = ${mbs(oursMs).toFixed(1)} MB/s | ${theirMs.toFixed(0)} ms = ${mbs(theirMs).toFixed(1)} MB/s | ${(theirMs / oursMs).toFixed(1)}× | ≥ 50 MB/s, ≥ 5× |`,
);
console.log(
  `| write one 837P transaction of 5,000 claims (${(Buffer.byteLength(text) / MB).toFixed(1)} MB) | ${writeMs.toFixed(0)} ms | ${theirWriteMs.toFixed(0)} ms | ${(theirWriteMs / writeMs).toFixed(1)}× | ≤ 500 ms, ≥ 10× |`,
);
