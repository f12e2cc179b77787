import { describe, expect, it } from 'vitest';
import { planBatches } from '../../dev-server/demo/demo-submissions.ts';
import type { IsoDate } from '../../src/domain/formats.ts';

const claim = (id: number, dos: string) => ({ id, company_id: 1, format_id: 1, dos: dos as IsoDate });
const at = (iso: string) => Date.parse(iso);

describe('the demo history plans its batches as staff send them', () => {
  it('a claim served yesterday waits for tomorrow when the demo is made a few minutes past midnight', () => {
    const plan = planBatches(
      [claim(1, '2026-11-26'), claim(2, '2026-11-10')],
      new Map([
        [1, at('2026-12-05T17:00:00Z')],
        [2, at('2026-11-19T17:00:00Z')],
      ]),
      new Date('2026-11-27T00:06:00Z'),
    );
    expect(plan.flatMap((b) => b.claims.map((c) => c.id))).toEqual([2]);
  });

  it('a claim served yesterday goes in today’s batch once today is half an hour old', () => {
    const plan = planBatches(
      [claim(1, '2026-11-26')],
      new Map([[1, at('2026-12-05T17:00:00Z')]]),
      new Date('2026-11-27T00:40:00Z'),
    );
    expect(plan.map((b) => new Date(b.at).toISOString())).toEqual(['2026-11-27T00:10:00.000Z']);
  });

  it("a clinic's claims ready in the same half of a month go out together on the 15th", () => {
    const plan = planBatches(
      [claim(1, '2026-10-01'), claim(2, '2026-10-03')],
      new Map([
        [1, at('2026-10-10T17:00:00Z')],
        [2, at('2026-10-12T17:00:00Z')],
      ]),
      new Date('2026-11-27T12:00:00Z'),
    );
    expect(plan).toEqual([
      { at: at('2026-10-15T17:00:00Z'), claims: [claim(1, '2026-10-01'), claim(2, '2026-10-03')] },
    ]);
  });
});
