import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { Request } from 'express';
import type { Queryable } from '../db/database.ts';

export const CODE_TTL_MINUTES = 5;
const CODE_LENGTH = 6;
/** Wrong entries a code survives; after that a new one must be sent (6 characters are guessable otherwise). */
export const CODE_MAX_ATTEMPTS = 5;
// No 0/O or 1/I/L: codes are read from a mail and typed by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * A device is known by the device token the client got at its last sign-in, or else by the browser
 * and address it signs in from. Both are stored hashed.
 */
export function deviceFingerprints(req: Request, deviceToken?: unknown): string[] {
  const out = [`b:${sha(`${req.headers['user-agent'] ?? ''}|${req.ip ?? ''}`)}`];
  if (typeof deviceToken === 'string' && deviceToken.length >= 16) out.unshift(`t:${sha(deviceToken)}`);
  return out;
}

/**
 * Whether the device token belongs to a device the account of this e-mail signed in from: what only its owner's
 * browser holds (the browser-and-address fingerprint is not enough: anyone behind the same address can copy a browser).
 */
export async function ownsDeviceToken(db: Queryable, email: string, deviceToken: unknown): Promise<boolean> {
  if (typeof deviceToken !== 'string' || deviceToken.length < 16) return false;
  const r = await db.query(
    `select 1 from user_devices d join users u on u.id = d.user_id
      where lower(u.email) = lower($1) and d.fingerprint = $2 limit 1`,
    [email, `t:${sha(deviceToken)}`],
  );
  return r.rows.length > 0;
}

export type DeviceStanding = { kind: 'known'; deviceId: number } | { kind: 'first' } | { kind: 'new' };

export async function deviceStanding(db: Queryable, userId: number, fingerprints: string[]): Promise<DeviceStanding> {
  const r = await db.query<{ id: number | null; any_device: boolean }>(
    `select (select id from user_devices where user_id = $1 and fingerprint = any($2::text[]) order by id limit 1) as id,
            exists(select 1 from user_devices where user_id = $1) as any_device`,
    [userId, fingerprints],
  );
  const row = r.rows[0];
  if (row.id !== null) return { kind: 'known', deviceId: Number(row.id) };
  return row.any_device ? { kind: 'new' } : { kind: 'first' };
}

/** Remembers this device (its browser fingerprint and a fresh device token) and answers the token. */
export async function rememberDevice(
  db: Queryable,
  userId: number,
  req: Request,
): Promise<{ deviceId: number; deviceToken: string }> {
  const deviceToken = randomBytes(24).toString('base64url');
  let deviceId = 0;
  for (const fp of deviceFingerprints(req, deviceToken)) {
    const r = await db.query<{ id: number }>(
      `insert into user_devices (user_id, fingerprint) values ($1, $2)
       on conflict (user_id, fingerprint) do update set last_seen_at = now() returning id`,
      [userId, fp],
    );
    deviceId ||= Number(r.rows[0].id);
  }
  return { deviceId, deviceToken };
}

export async function issueDeviceCode(db: Queryable, userId: number): Promise<string> {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  // One live code at a time: a new one retires the others.
  await db.query('update device_codes set used_at = now() where user_id = $1 and used_at is null', [userId]);
  await db.query(
    `insert into device_codes (user_id, code_hash, expires_at) values ($1, $2, now() + make_interval(mins => $3))`,
    [userId, sha(code), CODE_TTL_MINUTES],
  );
  return code;
}

export type CodeVerdict = 'valid' | 'wrong' | 'expired';

/** Checks a typed code against the user's latest code; a valid one is used up. */
export async function verifyDeviceCode(db: Queryable, userId: number, code: string): Promise<CodeVerdict> {
  const r = await db.query<{ id: number; code_hash: string; expired: boolean; used: boolean; attempts: number }>(
    `select id, code_hash, expires_at < now() as expired, used_at is not null as used, attempts
       from device_codes where user_id = $1 order by id desc limit 1`,
    [userId],
  );
  const latest = r.rows[0];
  if (!latest || latest.used) return 'wrong';
  const typed = sha(code.trim().toUpperCase());
  if (latest.expired || latest.attempts >= CODE_MAX_ATTEMPTS)
    return typed === latest.code_hash || latest.attempts >= CODE_MAX_ATTEMPTS ? 'expired' : 'wrong';
  if (typed !== latest.code_hash) {
    await db.query('update device_codes set attempts = attempts + 1 where id = $1', [latest.id]);
    return 'wrong';
  }
  await db.query('update device_codes set used_at = now() where id = $1', [latest.id]);
  return 'valid';
}
