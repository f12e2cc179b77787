import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Secrets the product must use again (a clearing house's SFTP password or private key, an authenticator's seed, the
 * key that fingerprints SSNs) are kept sealed with AES-256-GCM. The keys live outside the database — SECRETS_KEY
 * (32-byte keys in base64, comma-separated) or a key file beside the data (a key per line), created on first use with
 * owner-only permissions — so a copy of the database, or a backup, alone does not reveal them. The first key seals;
 * every key listed opens, which is what lets `npm run keys:rotate` re-seal under a new key without a moment when
 * something cannot be read.
 */
let cached: { file: string; text: string; keys: Buffer[] } | null = null;

/** A key's name in what it sealed or signed: the first 8 hex digits of its SHA-256. */
export const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);

export const secretsKeyFile = () =>
  process.env.SECRETS_KEY_FILE ?? join(process.env.DATA_DIR ?? './data', 'secrets.key');

function parseKeys(text: string, where: string): Buffer[] {
  const keys = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((k) => Buffer.from(k, 'base64'));
  if (!keys.length || keys.some((k) => k.length !== 32)) throw new Error(`${where} must hold 32-byte keys in base64.`);
  return keys;
}

/** The key ring, newest first. */
export function secretKeys(): Buffer[] {
  if (process.env.SECRETS_KEY) return parseKeys(process.env.SECRETS_KEY, 'SECRETS_KEY');
  const file = secretsKeyFile();
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    // wx: two processes starting together cannot both write a key; the loser reads the winner's.
    try {
      writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  // Read each time (it is small): a rotation in another process changes it.
  const text = readFileSync(file, 'utf8');
  if (cached?.file !== file || cached.text !== text) cached = { file, text, keys: parseKeys(text, file) };
  return cached.keys;
}

/** Writes the key file whole or not at all (a crash mid-write must not leave it unreadable). */
export function writeSecretKeys(keys: Buffer[]) {
  const file = secretsKeyFile();
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, keys.map((k) => k.toString('base64')).join('\n'), { mode: 0o600 });
  renameSync(temp, file);
}

/** v2.{key id}.{iv}.{tag}.{ciphertext}: the key id names which key of the ring sealed it. */
export function sealSecret(plain: string, key = secretKeys()[0]): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v2', keyId(key), iv.toString('base64'), c.getAuthTag().toString('base64'), body.toString('base64')].join(
    '.',
  );
}

export class UnreadableSecretError extends Error {
  constructor() {
    super('The stored secret is not readable: the encryption key is not the one it was sealed with.');
  }
}

export const isSealed = (value: string) => /^v[12]\./.test(value);

/** Whether the value was sealed with the ring's newest key (a rotation leaves none that is not). */
export const sealedWithNewestKey = (sealed: string) => sealed.startsWith(`v2.${keyId(secretKeys()[0])}.`);

export function openSecret(sealed: string): string {
  const parts = sealed.split('.');
  // v1 (before key ids): one key sealed it, whichever of the ring that is.
  if (parts[0] === 'v1') parts.splice(1, 0, '');
  const [v, id, iv, tag, body] = parts;
  if ((v !== 'v1' && v !== 'v2') || !iv || !tag || body === undefined) throw new UnreadableSecretError();
  for (const key of secretKeys()) {
    if (id && keyId(key) !== id) continue;
    try {
      const d = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      d.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([d.update(Buffer.from(body, 'base64')), d.final()]).toString('utf8');
    } catch {
      /* another key of the ring */
    }
  }
  throw new UnreadableSecretError();
}
