import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const TESTS = new URL('..', import.meta.url).pathname;

/** A test file that starts on the shared demo (tests/helpers/demo-template.ts) says so with `withDemo: true`. */
export const isDemoReader = (path: string) => readFileSync(path, 'utf8').includes('withDemo: true');

/** Whether this run reads the demo: the whole suite, or a chosen file or folder that holds a reader. */
export function runReadsDemo(argv = process.argv.slice(2)): boolean {
  const filters = argv.filter((a) => !a.startsWith('-') && a !== 'run' && !a.endsWith('vitest'));
  if (filters.length === 0) return true;
  return (readdirSync(TESTS, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.test.ts') && isDemoReader(join(TESTS, f)))
    .some((f) => filters.some((x) => `tests/${f}`.includes(x)));
}
