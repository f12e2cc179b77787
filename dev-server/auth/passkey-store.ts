import type { Queryable } from '../db/database.ts';

/** A passkey as it is kept: the credential's id and public key, its signature counter and how it is reached. */
export interface PasskeyRow {
  id: number;
  credential_id: string;
  public_key: Buffer;
  counter: number;
  transports: string[];
}

/** A person's passkeys, or the one of theirs with this credential id. */
export const passkeysOf = async (db: Queryable, userId: number, credentialId?: string) =>
  (
    await db.query<PasskeyRow>(
      `select id, credential_id, public_key, counter, transports from user_passkeys
        where user_id = $1 and ($2::text is null or credential_id = $2) order by id`,
      [userId, credentialId ?? null],
    )
  ).rows;

/** A person's passkeys as their profile lists them. */
export async function listPasskeys(db: Queryable, userId: number) {
  const r = await db.query<{ id: number; name: string; created_at: string; last_used_at: string | null }>(
    `select id, name, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
            to_char(last_used_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as last_used_at
       from user_passkeys where user_id = $1 order by id`,
    [userId],
  );
  return r.rows.map((p) => ({ ...p, id: Number(p.id) }));
}
