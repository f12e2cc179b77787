import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translate } from '../../dev-server/i18n/locale.ts';
import { ERROR_CATALOGUE } from '../../src/domain/errors/error-catalogue.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : f.endsWith('.ts') ? [p] : [];
  });
const literals = (code: string) =>
  [...code.matchAll(/'((?:[^'\\\n]|\\.)+)'|"((?:[^"\\\n]|\\.)+)"/g)]
    .map((m) => (m[1] ?? m[2]).replace(/\\(['"])/g, '$1'))
    // A sentence a person reads: a capital letter first, words, a full stop, question or colon at the end.
    .filter((t) => /^[A-Z]/.test(t) && /\s/.test(t) && /[.?:)]$/.test(t));
const serverFiles = () =>
  files(join(ROOT, 'dev-server')).map((f) => ({ at: relative(ROOT, f), code: readFileSync(f, 'utf8') }));
const parts = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('messages in Spanish', () => {
  it('every refusal in the catalogue has its Spanish, naming the same parts as its English', () => {
    const entries = Object.entries(ERROR_CATALOGUE);
    expect(entries.length).toBeGreaterThan(200);
    const wrong = entries
      .filter(
        ([, e]) =>
          !e.es.trim() || (e.es === e.en && !/^\{\w+\}$/.test(e.en)) || parts(e.es).join() !== parts(e.en).join(),
      )
      .map(([code]) => code);
    expect(wrong).toEqual([]);
  });

  it('the server refuses by code: no English sentence is thrown as a field problem or a headline', () => {
    const found = serverFiles().flatMap(({ at, code }) =>
      [
        ...code.matchAll(
          /\b(?:invalid|notFound|unauthenticated|problem|fieldError)\(\s*(?:\{[\s\S]*?\}\s*(?:,\s*[^)]*)?|'[^']*')\)/g,
        ),
      ]
        .flatMap((call) => literals(call[0]))
        .map((text) => `${at}: ${text}`),
    );
    expect(found).toEqual([]);
  });

  // The server's own problems with a field are catalogue codes; a sentence goes into a field's problems only as a
  // shared rule wrote it (the schemas' rules, the checks the forms run too), whose Spanish the forms read as well.
  const handWritten = (code: string) =>
    [
      ...[...code.matchAll(/\b(?:errors|problems|fields)\b[^;\n]*?\.push\(([^;]*)\);/g)].map((m) => m[1]),
      ...[...code.matchAll(/(?:errors|problems|fields)(?:\.\w+|\[[^\]]+\])\s*=\s*\[([^\]]*)\]/g)].map((m) => m[1]),
    ].flatMap((chunk) => literals(chunk.replace(/`/g, "'")));

  it("the server's own field problems are codes: no sentence is written into a field's problems by hand", () => {
    const found = serverFiles().flatMap(({ at, code }) => handWritten(code).map((text) => `${at}: ${text}`));
    expect(found).toEqual([]);
  });

  it('the check above sees a sentence written by hand, as text or as a template', () => {
    expect(handWritten("errors.page = ['The page must be a positive integer.'];")).toHaveLength(1);
    expect(
      handWritten('(errors.note ??= []).push(`The note may not be longer than ${max} characters.`);'),
    ).toHaveLength(1);
    expect(handWritten("errors.page = [problem('page_positive_integer')];")).toEqual([]);
  });

  it('what the server answers in words when it succeeds has its Spanish', () => {
    const found = serverFiles().flatMap(({ at, code }) =>
      [...code.matchAll(/\b[A-Z_]+_(?:MESSAGES|TEXT)\s*=\s*\{([\s\S]*?)\n\}/g)].flatMap((m) =>
        literals(m[1]).map((text) => ({ text, at })),
      ),
    );
    expect(found.length).toBeGreaterThan(1);
    const missing = found.filter((m) => translate(m.text, 'es') === m.text).map((m) => `${m.at}: ${m.text}`);
    expect(missing).toEqual([]);
  });
});
