import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

export const RESET_MINUTES = 60;
/** A new account's first password link lives longer: the person may read it the next day. */
export const WELCOME_HOURS = 72;

/** A single-use reset token; only its hash is stored. The link is /#/newCredentials?token=… */
export async function issueResetToken(db: Queryable, userId: number, minutes: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.query('update password_resets set used_at = now() where user_id = $1 and used_at is null', [userId]);
  await db.query(
    `insert into password_resets (user_id, token_hash, expires_at) values ($1, $2, now() + make_interval(mins => $3))`,
    [userId, sha(token), minutes],
  );
  return token;
}

export type ResetLookup = { kind: 'valid'; id: number; userId: number } | { kind: 'invalid' } | { kind: 'expired' };

export async function findResetToken(db: Queryable, token: string): Promise<ResetLookup> {
  const r = await db.query<{ id: number; user_id: number; expired: boolean; used: boolean }>(
    'select id, user_id, expires_at < now() as expired, used_at is not null as used from password_resets where token_hash = $1 for update',
    [sha(token)],
  );
  const row = r.rows[0];
  if (!row || row.used) return { kind: 'invalid' };
  if (row.expired) return { kind: 'expired' };
  return { kind: 'valid', id: Number(row.id), userId: Number(row.user_id) };
}
