import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readInterchanges, readInterchangesFromChunks } from '../../../src/domain/x12/interchange-reader.ts';

const sample = readFileSync(new URL('../../fixtures/x12/835/managed-care.835', import.meta.url), 'utf8');

async function* inPieces(text: string, size: number) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

describe('reading X12 in chunks', () => {
  it('gives the same envelopes and findings as reading the whole text, whatever the chunk size', async () => {
    const whole = readInterchanges(sample);
    for (const size of [1, 7, 106, 4096]) {
      const chunked = await readInterchangesFromChunks(inPieces(sample, size));
      expect(chunked.interchanges).toEqual(whole.interchanges);
      expect(chunked.findings).toEqual(whole.findings);
    }
  });

  it('reads a file of tens of megabytes from a stream', async () => {
    const isa = sample.slice(0, sample.indexOf('IEA'));
    const body = isa.slice(isa.indexOf('GS*'));
    const header = isa.slice(0, isa.indexOf('GS*'));
    const copies = 25_000;
    const dir = mkdtempSync(join(tmpdir(), 'x12-big-'));
    const file = join(dir, 'big.835');
    const groups = Array.from({ length: copies }, (_, i) =>
      body
        .replace('GS*HP*000000005*54321*20131031*1147*1*', `GS*HP*000000005*54321*20131031*1147*${i + 1}*`)
        .replace('GE*1*1~', `GE*1*${i + 1}~`),
    ).join('');
    writeFileSync(file, `${header}${groups}IEA*${copies}*000000907~`);
    const doc = await readInterchangesFromChunks(createReadStream(file));
    rmSync(dir, { recursive: true });
    expect(doc.findings).toEqual([]);
    expect(doc.interchanges[0].groups).toHaveLength(copies);
  });

  // Each chunk is searched once: before, the text kept so far was searched again with every chunk, and these two files
  // of 4 MB in 64-byte chunks took minutes (the test's time limit is what fails then).
  it('a large upload that is not X12 (no ISA) is read through once and named not X12', async () => {
    const text = 'Remittance advice, printed page. '.repeat(128_000);
    const doc = await readInterchangesFromChunks(inPieces(text, 64));
    expect(doc.findings.map((f) => f.message)).toEqual(['This is not an X12 interchange: it has no ISA segment.']);
  });

  it('an interchange whose segment terminator never comes again is read through once, as one long segment', async () => {
    const isa = sample.slice(0, 106);
    const text = isa + 'GS*HP*' + 'A'.repeat(4_000_000);
    const doc = await readInterchangesFromChunks(inPieces(text, 64));
    const whole = readInterchanges(text);
    expect(doc.findings).toEqual(whole.findings);
    expect(doc.findings.length).toBeGreaterThan(0);
  });
});
