import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { read837P } from '../../../src/domain/x12/claim-837p-reader.ts';
import { readInterchanges } from '../../../src/domain/x12/interchange-reader.ts';

function claims837(file: string) {
  const doc = readInterchanges(readFileSync(new URL(`../../fixtures/x12/structure/${file}`, import.meta.url), 'utf8'));
  return read837P(doc.interchanges[0].groups[0].transactions[0], doc.separators!);
}

describe('837 structure problems are findings, not crashes', () => {
  it('names each required element that is missing, with its segment and position', () => {
    const { findings } = claims837('x12_missing_elements.txt');
    const missing = findings
      .filter((f) => f.code === 'missing-element')
      .map((f) => `${f.segmentId}${String(f.element).padStart(2, '0')}@${f.position}`);
    expect(missing).toContain('NM102@7');
    expect(missing).toContain('CLM05@31');
  });

  it('reports an N3 that comes after its N4', () => {
    const { findings } = claims837('x12_segments_out_of_order.txt');
    expect(
      findings.filter((f) => f.code === 'unexpected-segment' && f.segmentId === 'N3').map((f) => f.position),
    ).toEqual([17]);
  });

  it('still reads the claims of a file with structure problems', () => {
    expect(
      claims837('x12_segments_out_of_order.txt').claims.map((c) => [c.patientControlNumber, c.totalCharge]),
    ).toEqual([
      ['A37YH556', 50000],
      ['A37YH667', 50000],
    ]);
  });
});
