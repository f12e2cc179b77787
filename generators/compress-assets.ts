import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map|webmanifest)$/;

/**
 * Writes a .br and a .gz beside every text asset of the build, compressed once at their best level,
 * so the server sends compressed bytes without compressing on each request.
 */
export function compressAssets(dir: string): { files: number; raw: number; br: number; gz: number } {
  const out = { files: 0, raw: 0, br: 0, gz: 0 };
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        walk(p);
        continue;
      }
      if (!COMPRESSIBLE.test(name)) continue;
      const data = readFileSync(p);
      if (data.length < 1024) continue;
      const br = brotliCompressSync(data, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
      });
      const gz = gzipSync(data, { level: 9 });
      writeFileSync(`${p}.br`, br);
      writeFileSync(`${p}.gz`, gz);
      out.files++;
      out.raw += data.length;
      out.br += br.length;
      out.gz += gz.length;
    }
  };
  walk(dir);
  return out;
}
