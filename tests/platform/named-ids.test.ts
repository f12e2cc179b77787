import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEntities } from '../../src/platform/load-schemas.ts';
import { CLAIM_STATUS, PAYMENT_SOURCE } from '../../src/generated/ids.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? (f === 'generated' ? [] : files(p)) : /\.tsx?$/.test(f) ? [p] : [];
  });

// A state, source, method, form or type written as its number: in SQL (status_id = 3, to_state in (4, 6), case
// type_responsibility_id when 1) or in code (status_id === 6, source_id: 2, [1, 2].includes(Number(claim.status_id))).
const ID_COLUMN = String.raw`(status_id|to_state|from_state|source_id|method_id|format_id|\w*type_id|type_responsibility_id|department_responsibility_id)`;
const LITERAL_ID = new RegExp(
  [
    String.raw`\b${ID_COLUMN}\)?\s*(=|<>|!=|>=|<=|===|!==|:|in|not in)\s*\(?\d`,
    String.raw`\b${ID_COLUMN}\s+when\s+\d`,
    String.raw`\[\s*\d+(\s*,\s*\d+)*\s*\]\.includes\([^)]*${ID_COLUMN}`,
  ].join('|'),
);

// Words about the API rather than code: comments, and a route's summary (on its own line once formatted) that shows a caller ?status_id=5,6.
const DOCUMENTATION = /^\s*(\/\/|\*|\/\*\*)|summary:|^\s*['"].*(\?\w+=|\{\s*status_id:)/;

describe('named ids', () => {
  it("every state of every entity's x-states has its generated constant, with the schema's id", () => {
    const claim = loadEntities(join(ROOT, 'schemas/entities')).find((e) => e.name === 'claim')!;
    const states = claim.schema['x-states']!.states;
    expect(Object.values(CLAIM_STATUS).sort()).toEqual(states.map((s) => s.id).sort());
    expect(CLAIM_STATUS.SUBMITTED).toBe(states.find((s) => s.name === 'Submitted')!.id);
    expect(PAYMENT_SOURCE.PATIENT).toBe(1);
  });

  it('the server and the domain never write a state, source, method, form or type id as a number', () => {
    const found = [...files(join(ROOT, 'dev-server')), ...files(join(ROOT, 'src'))]
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${relative(ROOT, f)}:${i + 1}` }))
          .filter(({ line }) => LITERAL_ID.test(line) && !DOCUMENTATION.test(line)),
      )
      .map(({ at, line }) => `${at}: ${line.trim().slice(0, 120)}`);
    expect(found).toEqual([]);
  });

  it('the check sees an id written as a number', () => {
    expect(LITERAL_ID.test('where status_id in (3, 4)')).toBe(true);
    expect(LITERAL_ID.test("case p.type_responsibility_id when 1 then 'P'")).toBe(true);
    expect(LITERAL_ID.test('if (![1, 2].includes(Number(claim.status_id)))')).toBe(true);
    expect(LITERAL_ID.test('where status_id = ${CLAIM_STATUS.SUBMITTED}')).toBe(false);
  });
});
