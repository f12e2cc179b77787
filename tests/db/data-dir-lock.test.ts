import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from '../../dev-server/db/data-dir-lock.ts';

describe('PGlite data directory lock', () => {
  it('refuses a directory another live process holds, naming the process', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(join(dir, 'pglite.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(
        `The data directory ${dir} is in use by another process (pid ${other.pid})`,
      );
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that has ended', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    const gone = spawn('true');
    await new Promise((r) => gone.on('exit', r));
    writeFileSync(join(dir, 'pglite.lock'), String(gone.pid));
    const release = lockDataDir(dir);
    expect(typeof release).toBe('function');
    release();
  });
});
