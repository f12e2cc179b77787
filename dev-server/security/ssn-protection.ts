import { createHmac, randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database.ts';
import { isSealed, openSecret, sealSecret } from './secret-box.ts';

/**
 * A user's SSN is kept as an HMAC (to find a user by SSN) and its last four digits (to show and
 * search). The number itself is never stored, so no response, audit row or backup can reveal it. The HMAC's key is
 * kept in the database sealed under the secrets key (which is not): nine digits are few, and a copy of the database
 * holding the key in the clear would give back every SSN by trying them all.
 */
const keys = new WeakMap<object, Promise<string>>();

function keyFor(db: Queryable): Promise<string> {
  if (process.env.SSN_HMAC_KEY) return Promise.resolve(process.env.SSN_HMAC_KEY);
  let k = keys.get(db);
  if (!k) {
    k = (async () => {
      await db.query(`insert into app_secrets (name, value) values ('ssn_hmac', $1) on conflict (name) do nothing`, [
        sealSecret(randomBytes(32).toString('base64')),
      ]);
      const stored = (await db.query<{ value: string }>(`select value from app_secrets where name = 'ssn_hmac'`))
        .rows[0].value;
      if (isSealed(stored)) return openSecret(stored);
      // Kept in the clear by an earlier version: sealed now, in place.
      await db.query(`update app_secrets set value = $1 where name = 'ssn_hmac' and value = $2`, [
        sealSecret(stored),
        stored,
      ]);
      return stored;
    })();
    keys.set(db, k);
    // A key that cannot be opened now (a wrong secrets key) is tried again once the key is put right.
    k.catch(() => keys.delete(db));
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
