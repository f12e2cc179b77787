import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { reportDefinitions } from '../../dev-server/reports/report-definitions.ts';
import { REPORT_SOURCES } from '../../dev-server/reports/sources/index.ts';
import { reportPage, reportPages } from '../../src/platform/report.ts';

describe('report definitions', () => {
  it('each names a source that exists, groups and sorts by its own columns, and says everything in English and Spanish', () => {
    const problems: string[] = [];
    for (const d of reportDefinitions()) {
      const keys = new Set(d.columns.map((c) => c.key));
      if (!REPORT_SOURCES[d.source]) problems.push(`${d.key}: no source ${d.source}`);
      for (const g of d.groupBy) if (!keys.has(g)) problems.push(`${d.key}: groups by ${g}, not a column`);
      for (const s of d.sort) if (!keys.has(s.key)) problems.push(`${d.key}: sorts by ${s.key}, not a column`);
      for (const c of d.columns) if (!c.label_es) problems.push(`${d.key}: ${c.key} has no Spanish label`);
      for (const c of d.columns)
        if (c.codeList && !existsSync(new URL(`../../schemas/lists/${c.codeList}.json`, import.meta.url)))
          problems.push(`${d.key}: ${c.key} names no list ${c.codeList}`);
      for (const c of d.columns)
        if (c.percentOf && !d.columns.some((x) => x.key === c.percentOf && x.sum))
          problems.push(`${d.key}: ${c.key} is a share of ${c.percentOf}, not a summed column`);
      for (const f of d.filters) if (!f.title_es) problems.push(`${d.key}: filter ${f.key} has no Spanish title`);
      if (!d.name_es || !d.description_es) problems.push(`${d.key}: no Spanish name or description`);
    }
    expect(problems).toEqual([]);
  });
});

describe("document 1's report pagination", () => {
  it('the first page holds 22 rows and the next ones 20', () => {
    expect([reportPage(1, false), reportPage(2, false), reportPage(3, false)]).toEqual([
      { offset: 0, size: 22 },
      { offset: 22, size: 20 },
      { offset: 42, size: 20 },
    ]);
    expect([reportPages(22, false), reportPages(23, false), reportPages(42, false), reportPages(43, false)]).toEqual([
      1, 2, 2, 3,
    ]);
  });
  it('with filters beyond the billing company, 21 and then 19', () => {
    expect([reportPage(1, true), reportPage(2, true), reportPage(3, true)]).toEqual([
      { offset: 0, size: 21 },
      { offset: 21, size: 19 },
      { offset: 40, size: 19 },
    ]);
    expect([reportPages(21, true), reportPages(22, true), reportPages(40, true), reportPages(41, true)]).toEqual([
      1, 2, 2, 3,
    ]);
  });
});
