import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A route parses its input, calls one operation of its domain and shapes the answer: the SQL lives in the domain's
 * operation files, where a reader looks for it and a test can call it without HTTP. A route file is one that
 * declares routes (GuardedRoute); the HTTP layer that defines them is not one.
 */
const SERVER = resolve(import.meta.dirname, '../../dev-server');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

const routeFiles = sourceFiles(SERVER).filter(
  (f) => !relative(SERVER, f).startsWith('http/') && /\bGuardedRoute\b/.test(readFileSync(f, 'utf8')),
);

/** Where a file runs SQL itself: a database call, or a statement written out. */
function sqlIn(text: string): string[] {
  return text
    .split('\n')
    .filter(
      (line) =>
        /\.(query|exec)\s*[<(]/.test(line) ||
        /['"`]\s*(select|insert into|update \w+ set|delete from|with \w+ as \()\s/i.test(line),
    )
    .map((line) => line.trim());
}

describe('thin routes: no route file runs SQL', () => {
  it('finds the route files', () => {
    expect(routeFiles.length).toBeGreaterThan(30);
  });

  it.each(routeFiles.map((f) => [relative(SERVER, f), f]))('%s holds no SQL', (_name, file) => {
    expect(sqlIn(readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('the check sees a statement when there is one', () => {
    expect(
      sqlIn("const r = await ctx.db.query<{ id: number }>(\n  'select id from claims where id = $1',"),
    ).toHaveLength(2);
    expect(sqlIn('await tx.query(`delete from claim_notes where claim_id = $1`, [id]);')).toHaveLength(1);
    expect(sqlIn("const q = req.query as Record<string, unknown>; // a request's query string")).toEqual([]);
  });
});
