import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { compressAssets } from './compress-assets.ts';

// Builds the client when dist/client is missing or older than its sources, so `npm start` and
// `npm test` always serve what the tree holds without rebuilding on every run.
const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist/client/index.html');

function newest(dir: string): number {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newest(p) : s.mtimeMs);
  }
  return t;
}

const sources = Math.max(
  newest(join(root, 'src')),
  newest(join(root, 'schemas')),
  statSync(join(root, 'vite.config.ts')).mtimeMs,
);
if (process.argv.includes('--force') || !existsSync(built) || statSync(built).mtimeMs < sources) {
  console.log('Building the client (vite build)…');
  execFileSync(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  const c = compressAssets(join(root, 'dist/client'));
  console.log(
    `Precompressed ${c.files} assets: ${(c.raw / 1024).toFixed(0)} kB → ${(c.br / 1024).toFixed(0)} kB brotli, ${(c.gz / 1024).toFixed(0)} kB gzip`,
  );
}
