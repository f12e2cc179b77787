import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readInterchanges } from '../../../src/domain/x12/interchange-reader.ts';

const sample = (path: string) => readFileSync(new URL(`../../fixtures/x12/${path}`, import.meta.url), 'utf8');

describe('reading X12 envelopes', () => {
  it('takes the separators from the ISA, whatever they are', () => {
    const doc = readInterchanges(sample('structure/x12_valid_different_separators.txt'));
    expect(doc.separators).not.toBeNull();
    expect(doc.interchanges[0].groups[0].transactions[0].id).toBe('837');
  });

  it('reads a balanced 835 with no findings', () => {
    const doc = readInterchanges(sample('835/managed-care.835'));
    expect(doc.findings).toEqual([]);
    expect(doc.interchanges[0].groups[0]).toMatchObject({ functionalId: 'HP', version: '005010X221A1' });
  });

  it('reads several interchanges in one file', () => {
    expect(readInterchanges(sample('structure/x12_multiple_isa.txt')).interchanges).toHaveLength(2);
  });

  it('reports a file with no ISA instead of failing', () => {
    const doc = readInterchanges(sample('structure/x12_no_isa_line.txt'));
    expect(doc.findings).toEqual([
      expect.objectContaining({ code: 'no-isa', message: 'This is not an X12 interchange: it has no ISA segment.' }),
    ]);
  });

  it('reports a bad segment identifier with its position', () => {
    const doc = readInterchanges(sample('structure/x12_bad_segment_identifier.txt'));
    expect(doc.findings).toContainEqual(
      expect.objectContaining({ code: 'bad-segment-id', segmentId: 'Nd4', position: 11 }),
    );
  });

  it('reports an SE01 segment count that does not match, naming the element', () => {
    const doc = readInterchanges(sample('structure/x12_valid.txt'));
    expect(doc.findings).toContainEqual({
      code: 'count-mismatch',
      severity: 'error',
      position: 36,
      segmentId: 'SE',
      element: 1,
      message: 'SE01 says 25 segments; the transaction has 34.',
    });
  });

  it('reports an IEA02 that does not match ISA13', () => {
    const doc = readInterchanges(sample('999/x12_999_accepted.txt'));
    expect(doc.findings).toContainEqual(
      expect.objectContaining({ code: 'control-number-mismatch', segmentId: 'IEA', element: 2 }),
    );
  });

  it('treats line breaks and spaces between segments as layout, not data', () => {
    const doc = readInterchanges(sample('structure/x223-test.txt'));
    expect(doc.findings.filter((f) => f.code === 'bad-segment-id')).toEqual([]);
  });

  it('reports a missing SE/GE/IEA instead of guessing', () => {
    const text = sample('835/managed-care.835');
    const cut = text.slice(0, text.indexOf('SE*'));
    const codes = readInterchanges(cut).findings.map((f) => `${f.code}:${f.segmentId}`);
    expect(codes).toEqual(['missing-trailer:SE', 'missing-trailer:GE', 'missing-trailer:IEA']);
  });
});

describe('structural fixtures', () => {
  it('reads 312 interchanges in one file, reporting each wrong SE01 count', () => {
    const doc = readInterchanges(sample('structure/x12_multiple_transactions.txt'));
    expect(doc.interchanges).toHaveLength(312);
    expect(doc.interchanges.every((i) => i.groups.length === 1 && i.groups[0].transactions.length === 1)).toBe(true);
    expect(doc.findings.filter((f) => f.code === 'count-mismatch' && f.segmentId === 'SE')).toHaveLength(312);
  });
});
