import type { Database, Queryable } from '../db/database.ts';

/** Failures before the warning, and the failure that blocks (the predecessor's numbers). */
export const WARN_AT = 3;
export const BLOCK_AT = 4;
export const BLOCK_HOURS = 24;
/**
 * From this many different e-mails failing from one address within the window, the address backs off: each further
 * try waits BACKOFF_FIRST_S after the last failure, doubling with each e-mail more, up to the window. A person behind
 * the same NAT who signs in from a device their account knows (its device token) is not held back.
 */
export const ADDRESS_LIMIT = 20;
export const ADDRESS_WINDOW_MINUTES = 15;
export const BACKOFF_FIRST_S = 15;

export type Standing = { kind: 'open' } | { kind: 'blocked' } | { kind: 'address-limited'; retryAfterS: number };

const key = (email: string) => email.trim().toLowerCase();

/** The wait an address owes after `emails` different e-mails failed from it (0 below the limit). */
export function addressBackoffS(emails: number): number {
  if (emails < ADDRESS_LIMIT) return 0;
  return Math.min(ADDRESS_WINDOW_MINUTES * 60, BACKOFF_FIRST_S * 2 ** Math.min(emails - ADDRESS_LIMIT, 16));
}

/** Whether this e-mail may try from this address now. */
export async function standing(db: Queryable, email: string, ip: string): Promise<Standing> {
  const r = await db.query<{ blocked: boolean; emails: number; since_last_s: number }>(
    `select coalesce((select blocked_until > now() from sign_in_throttles where email = $1 and ip = $2), false) as blocked,
            count(*)::int as emails,
            coalesce(floor(extract(epoch from now() - max(last_failure_at))), 0)::int as since_last_s
       from sign_in_throttles where ip = $2 and last_failure_at > now() - make_interval(mins => $3)`,
    [key(email), ip, ADDRESS_WINDOW_MINUTES],
  );
  const s = r.rows[0];
  // Many different e-mails failing from one address is someone trying accounts, not a person who forgot a password.
  const wait = addressBackoffS(s.emails) - s.since_last_s;
  if (wait > 0) return { kind: 'address-limited', retryAfterS: wait };
  return s.blocked ? { kind: 'blocked' } : { kind: 'open' };
}

/**
 * Counts a failed sign-in for the e-mail from the address and answers how many in a row; the
 * BLOCK_AT-th blocks that e-mail from that address for 24 hours.
 */
export async function recordFailure(db: Database, email: string, ip: string): Promise<number> {
  return db.transaction(async (tx) => {
    const r = await tx.query<{ failures: number }>(
      `insert into sign_in_throttles (email, ip, failures) values ($1, $2, 1)
       on conflict (email, ip) do update set failures = sign_in_throttles.failures + 1, last_failure_at = now()
       returning failures`,
      [key(email), ip],
    );
    const failures = Number(r.rows[0].failures);
    if (failures >= BLOCK_AT) {
      await tx.query(
        `update sign_in_throttles set failures = 0, blocked_until = now() + make_interval(hours => $3) where email = $1 and ip = $2`,
        [key(email), ip, BLOCK_HOURS],
      );
    }
    return failures;
  });
}

/** A successful sign-in starts the count again for that e-mail and address. */
export const clearFailures = (db: Queryable, email: string, ip: string) =>
  db.query('delete from sign_in_throttles where email = $1 and ip = $2', [key(email), ip]);

/** Unlocking (someone with user.unlock, or the owner through a password reset): every address's block on the e-mail goes. */
export const unblockEmail = (db: Queryable, email: string) =>
  db.query('delete from sign_in_throttles where email = $1', [key(email)]);

/** Whether the account is blocked from some address (what user management shows). */
export const blockedSql = (emailColumn: string) =>
  `exists (select 1 from sign_in_throttles t where t.email = lower(${emailColumn}) and t.blocked_until > now())`;
