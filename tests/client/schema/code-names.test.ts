import { describe, expect, it } from 'vitest';
import { displayValue } from '../../../src/client/resources/cells.tsx';
import { entityByName } from '../../../src/client/schema/entities.ts';

const t = ((key: string, o?: { _?: string }) => o?._ ?? key) as Parameters<typeof displayValue>[2];
const field = (entity: string, name: string) => entityByName(entity)!.schema.properties![name];

describe("codes are shown in words, in the reader's language", () => {
  it("a claim's frequency reads as what it is, not as a bare 1, 7 or 8", () => {
    expect(displayValue(field('claim', 'frequency'), '1', t, 'en')).toBe('1 - Original claim');
    expect(displayValue(field('claim', 'frequency'), '7', t, 'es')).toBe('7 - Reemplazo de un reclamo anterior');
  });

  it("a batch's transmission reads as electronic or paper, not as a bare E or P", () => {
    expect(displayValue(field('claim-batch', 'transmission'), 'E', t, 'en')).toBe('E - Electronic (837)');
    expect(displayValue(field('claim-batch', 'transmission'), 'P', t, 'es')).toBe('P - Papel (CMS-1500 / UB-04)');
  });
});
