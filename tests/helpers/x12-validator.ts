import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname;

/**
 * The independent 5010 validator (pyx12 through ../shared/tools/x12valid, or X12VALID): not ours, so a
 * file it passes is one a clearing house's front door would take. Missing, it is a failure, not a skip.
 */
export function x12ValidatorPath(): string {
  const path = resolve(process.env.X12VALID ?? join(ROOT, '..', 'shared', 'tools', 'x12valid'));
  if (!existsSync(path))
    throw new Error(
      `The X12 validator is missing at ${path}: it lives beside the project in ../shared/tools (or set X12VALID). Files the product writes are checked with it.`,
    );
  return path;
}

/**
 * Runs the validator on X12 texts: ok when every file is valid, and what it said (each error with its line,
 * segment and element). Many files (a demo's hundreds) are read by one validator per core.
 */
export async function validateX12(files: Record<string, string>): Promise<{ ok: boolean; output: string }> {
  const tool = x12ValidatorPath();
  const dir = mkdtempSync(join(tmpdir(), 'x12valid-'));
  try {
    const paths = Object.entries(files).map(([name, text]) => {
      const p = join(dir, name);
      writeFileSync(p, text, 'latin1');
      return p;
    });
    const parts = paths.length > 50 ? Math.max(1, availableParallelism()) : 1;
    const runs = await Promise.all(
      Array.from({ length: parts }, (_, k) => paths.filter((_, i) => i % parts === k)).map(
        (some) =>
          new Promise<{ ok: boolean; output: string }>((done) =>
            execFile(tool, some, { maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) =>
              done({ ok: !err, output: `${stdout}${stderr}`.replaceAll(dir + '/', '') }),
            ),
          ),
      ),
    );
    return { ok: runs.every((r) => r.ok), output: runs.map((r) => r.output).join('') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
