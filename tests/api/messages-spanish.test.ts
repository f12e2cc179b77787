import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translate } from '../../dev-server/i18n/locale.ts';

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

/** Every sentence the server answers with when it refuses: in a 422/403/404/409 call, or in a module's message map. */
function refusals(): Array<{ text: string; at: string }> {
  const out: Array<{ text: string; at: string }> = [];
  for (const f of files(join(ROOT, 'dev-server'))) {
    const code = readFileSync(f, 'utf8');
    const at = relative(ROOT, f);
    for (const call of code.matchAll(
      /\b(?:invalid|forbidden|notFound|conflict)\(\s*(?:\{[\s\S]*?\}\s*(?:,\s*[^)]*)?|'[^']*')\)/g,
    ))
      for (const text of literals(call[0])) out.push({ text, at });
    for (const map of code.matchAll(/\b[A-Z_]+_(?:MESSAGES|TEXT)\s*=\s*\{([\s\S]*?)\n\}/g))
      for (const text of literals(map[1])) out.push({ text, at });
  }
  return out;
}

describe('messages in Spanish', () => {
  it('every sentence the server refuses with has its Spanish', () => {
    const found = refusals();
    expect(found.length).toBeGreaterThan(100);
    const missing = [
      ...new Set(found.filter((m) => translate(m.text, 'es') === m.text).map((m) => `${m.at}: ${m.text}`)),
    ];
    expect(missing).toEqual([]);
  });
});
