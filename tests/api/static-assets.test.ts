import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
let app: TestApp;
let origin: string;
let asset: string;
beforeAll(async () => {
  app = await startTestApp();
  origin = app.url.replace(/\/api\/v1$/, '');
  // The largest script of the build (npm test builds the client first).
  const dir = join(ROOT, 'dist/client/assets');
  asset = readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort((a, b) => readFileSync(join(dir, b)).length - readFileSync(join(dir, a)).length)[0];
});
afterAll(() => app.close());

const raw = () => readFileSync(join(ROOT, 'dist/client/assets', asset));

describe('the client as a browser gets it', () => {
  it("a browser that accepts brotli gets the precompressed bytes, with the script's own type", async () => {
    const r = await fetch(`${origin}/assets/${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(r.headers.get('content-encoding')).toBe('br');
    expect(r.headers.get('content-type')).toMatch(/javascript/);
    expect(r.headers.get('vary')).toMatch(/Accept-Encoding/);
    // fetch decodes for us: the body it hands back is the script itself, and fewer bytes crossed the wire.
    expect(Buffer.from(await r.arrayBuffer()).equals(raw())).toBe(true);
    expect(Number(r.headers.get('content-length'))).toBeLessThan(raw().length / 2);
  });

  it('gzip for a browser without brotli, and the plain file for one that accepts neither', async () => {
    const gz = await fetch(`${origin}/assets/${asset}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${origin}/assets/${asset}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(raw())).toBe(true);
  });

  it('the precompressed twins hold exactly the asset', () => {
    const path = join(ROOT, 'dist/client/assets', asset);
    expect(brotliDecompressSync(readFileSync(`${path}.br`)).equals(raw())).toBe(true);
    expect(gunzipSync(readFileSync(`${path}.gz`)).equals(raw())).toBe(true);
  });

  it('the login page itself is served compressed and never cached stale', async () => {
    const r = await fetch(`${origin}/`, { headers: { 'accept-encoding': 'br' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('no-cache');
    expect(await r.text()).toContain('<div id="root">');
  });
});
