import { createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';

/**
 * A user's SSN is kept as an HMAC (to find a user by SSN) and its last four digits (to show and
 * search). The number itself is never stored, so no response, audit row or backup can reveal it.
 */
const keys = new WeakMap<object, Promise<string>>();

function keyFor(db: Queryable): Promise<string> {
  if (process.env.SSN_HMAC_KEY) return Promise.resolve(process.env.SSN_HMAC_KEY);
  let k = keys.get(db);
  if (!k) {
    k = (async () => {
      await db.query(`insert into app_secrets (name, value) values ('ssn_hmac', $1) on conflict (name) do nothing`, [
        randomBytes(32).toString('base64'),
      ]);
      return (await db.query<{ value: string }>(`select value from app_secrets where name = 'ssn_hmac'`)).rows[0].value;
    })();
    keys.set(db, k);
  }
  return k;
}

export const ssnDigits = (ssn: string) => ssn.replace(/\D/g, '');

export async function ssnHash(db: Queryable, ssn: string): Promise<string> {
  return createHmac('sha256', await keyFor(db))
    .update(ssnDigits(ssn))
    .digest('hex');
}

/** The columns stored for an SSN typed in. */
export async function ssnColumns(db: Queryable, ssn: string): Promise<{ ssn_hash: string; ssn_last4: string }> {
  return { ssn_hash: await ssnHash(db, ssn), ssn_last4: ssnDigits(ssn).slice(-4) };
}
