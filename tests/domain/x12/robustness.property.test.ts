import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { read999 } from '../../../src/domain/x12/ack-999-reader.ts';
import { read277 } from '../../../src/domain/x12/claim-ack-277-reader.ts';
import { read837I } from '../../../src/domain/x12/claim-837i-reader.ts';
import { read837P } from '../../../src/domain/x12/claim-837p-reader.ts';
import { balance835 } from '../../../src/domain/x12/era-835-balance.ts';
import { read835 } from '../../../src/domain/x12/era-835-reader.ts';
import { describeInspection, inspectX12 } from '../../../src/domain/x12/inspect.ts';
import { readInterchanges, readInterchangesFromChunks } from '../../../src/domain/x12/interchange-reader.ts';

const FIXTURES = new URL('../../fixtures/x12/', import.meta.url);
const samples = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(new URL(`${d.name}/`, FIXTURES)).map((f) => readFileSync(new URL(`${d.name}/${f}`, FIXTURES), 'utf8')),
  );

/** Every reader over every transaction of a text; a reader may report findings but must not throw. */
function readEverything(text: string) {
  const doc = readInterchanges(text);
  for (const isa of doc.interchanges)
    for (const gs of isa.groups)
      for (const tx of gs.transactions) {
        const sep = doc.separators!;
        balance835(read835(tx, sep).remittance);
        read837P(tx, sep);
        read837I(tx, sep);
        read999(tx);
        read277(tx, sep);
      }
  describeInspection(inspectX12(text));
  return doc;
}

// A change a careless sender, a broken transfer or an editor might make.
const mutation = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.string({
      unit: fc.constantFrom(
        '*',
        '~',
        ':',
        '^',
        '|',
        '\n',
        'A',
        'Z',
        '9',
        '.',
        '-',
        ' ',
        'ISA',
        'SE',
        'CLP',
        'SVC',
        'CAS',
      ),
    }),
  }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 200 }) }),
);
type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;
function mutate(text: string, m: Mutation): string {
  const at = m.at % (text.length + 1);
  switch (m.kind) {
    case 'delete':
      return text.slice(0, at) + text.slice(at + m.length);
    case 'insert':
      return text.slice(0, at) + m.text + text.slice(at);
    case 'truncate':
      return text.slice(0, at);
    case 'duplicate':
      return text.slice(0, at + m.length) + text.slice(at, at + m.length) + text.slice(at + m.length);
  }
}

describe('X12 readers on random and damaged input', () => {
  it('random text never makes a reader throw', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        readEverything(text);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 300) },
    );
  });

  it('random text after a real ISA never makes a reader throw', () => {
    const isa = samples[0].slice(0, samples[0].indexOf('ISA') + 106);
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(
            '*',
            '~',
            ':',
            'GS',
            'ST',
            'SE',
            'GE',
            'IEA',
            'CLP',
            'SVC',
            'CAS',
            'BPR',
            'PLB',
            'HL',
            'CLM',
            'SV1',
            'SV2',
            'HI',
            'NM1',
            '1',
            '-',
            '.',
            'X',
          ),
        }),
        (tail) => {
          readEverything(isa + tail);
        },
      ),
      { numRuns: Number(process.env.FC_RUNS ?? 300) },
    );
  });

  it('damaged real files never make a reader throw, and damage is reported as findings', () => {
    fc.assert(
      fc.property(fc.nat(samples.length - 1), fc.array(mutation, { minLength: 1, maxLength: 5 }), (which, changes) => {
        const text = changes.reduce(mutate, samples[which]);
        const doc = readEverything(text);
        for (const f of doc.findings) expect(typeof f.message).toBe('string');
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 400) },
    );
  });

  it('chunked reading of damaged files gives the same envelopes and findings as whole reading', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat(samples.length - 1),
        mutation,
        fc.integer({ min: 1, max: 300 }),
        async (which, change, size) => {
          const text = mutate(samples[which], change);
          const chunks = async function* () {
            for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
          };
          const whole = readInterchanges(text);
          const chunked = await readInterchangesFromChunks(chunks());
          expect(chunked.findings).toEqual(whole.findings);
          expect(chunked.interchanges).toEqual(whole.interchanges);
        },
      ),
      { numRuns: 150 },
    );
  });
});
