import { describe, expect, it } from 'vitest';
import { previousPeriod } from '../../dev-server/reports/kpis.ts';

const before = (from: string, to: string) => {
  const p = previousPeriod({ billingCompanyIds: [1], from, to });
  return [p.from, p.to];
};

describe("a KPI's trend is read against the period as long just before", () => {
  it('a month against the days before it, as many of them', () => {
    expect(before('2026-03-01', '2026-03-31')).toEqual(['2026-01-29', '2026-02-28']);
  });

  it('a year against the year before, across a leap day', () => {
    expect(before('2024-03-01', '2025-02-28')).toEqual(['2023-03-02', '2024-02-29']);
  });

  it('one day against the day before', () => {
    expect(before('2026-01-01', '2026-01-01')).toEqual(['2025-12-31', '2025-12-31']);
  });
});
