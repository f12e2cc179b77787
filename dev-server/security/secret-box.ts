import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Secrets the product must use again (a clearing house's SFTP password or private key) are kept
 * sealed with AES-256-GCM. The key lives outside the database — SECRETS_KEY (32 bytes, base64) or a
 * key file beside the data, created on first use with owner-only permissions — so a copy of the
 * database alone does not reveal them.
 */
let cached: { file: string; key: Buffer } | null = null;

function key(): Buffer {
  if (process.env.SECRETS_KEY) {
    const k = Buffer.from(process.env.SECRETS_KEY, 'base64');
    if (k.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes in base64.');
    return k;
  }
  const file = process.env.SECRETS_KEY_FILE ?? join(process.env.DATA_DIR ?? './data', 'secrets.key');
  if (cached?.file === file) return cached.key;
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    // wx: two processes starting together cannot both write a key; the loser reads the winner's.
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  cached = { file, key: Buffer.from(readFileSync(file, 'utf8').trim(), 'base64') };
  return cached.key;
}

/** v1.{iv}.{tag}.{ciphertext}, base64 parts. */
export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64'), c.getAuthTag().toString('base64'), body.toString('base64')].join('.');
}

export function openSecret(sealed: string): string {
  const [v, iv, tag, body] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('The stored secret is not readable.');
  const d = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64'));
  d.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([d.update(Buffer.from(body, 'base64')), d.final()]).toString('utf8');
}
