import { randomBytes } from 'node:crypto';
import { writeAudit } from '../db/audit-writer.ts';
import { quoteIdent } from '../db/backup-format.ts';
import type { Database, Queryable } from '../db/database.ts';
import { systemActor } from './actor.ts';
import { resignAuditAnchors } from '../db/audit-anchors.ts';
import { isSealed, openSecret, sealSecret, secretKeys, writeSecretKeys } from './secret-box.ts';

/** Where sealed secrets live: every `{field}_encrypted` column (x-db.protect "encrypt") and the two named here. */
async function sealedColumns(db: Queryable): Promise<Array<{ table: string; column: string }>> {
  const r = await db.query<{ table: string; column: string }>(
    `select table_name::text as table, column_name::text as column from information_schema.columns
      where table_schema = 'public' and column_name like '%\\_encrypted' order by 1, 2`,
  );
  return [{ table: 'app_secrets', column: 'value' }, { table: 'user_mfa', column: 'totp_secret' }, ...r.rows];
}

/** Calls back with every sealed secret where it lives (values not sealed, such as an old plain key, are passed by). */
async function eachSealed(
  db: Queryable,
  visit: (at: { table: string; col: string }, sealed: string) => Promise<void> | void,
): Promise<void> {
  for (const { table, column } of await sealedColumns(db)) {
    const col = quoteIdent(column);
    const rows = await db.query<{ v: string }>(`select ${col} as v from ${quoteIdent(table)} where ${col} is not null`);
    for (const { v } of rows.rows) if (isSealed(v)) await visit({ table: quoteIdent(table), col }, v);
  }
}

/** How many sealed secrets the current keys cannot open (a restore on a machine without the backup's key). */
export async function unreadableSecrets(db: Queryable): Promise<number> {
  let count = 0;
  await eachSealed(db, (_at, v) => {
    try {
      openSecret(v);
    } catch {
      count++;
    }
  });
  return count;
}

/** Seals every sealed secret again under the ring's newest key; answers how many there were. */
async function resealAll(tx: Queryable): Promise<number> {
  let count = 0;
  await eachSealed(tx, async ({ table, col }, v) => {
    // Sealed values are unique (a random IV each), so the value itself finds its row.
    await tx.query(`update ${table} set ${col} = $1 where ${col} = $2`, [sealSecret(openSecret(v)), v]);
    count++;
  });
  return count;
}

/**
 * Replaces the secrets key. With a key file: a new key joins the ring first (so this and any running process can
 * open what is sealed either way), every secret is sealed again in one transaction, then the old keys leave the file.
 * With SECRETS_KEY, which this command cannot write: the operator puts the new key first (SECRETS_KEY=new,old), runs
 * this, then drops the old one.
 */
export async function rotateSecretsKey(db: Database): Promise<{ resealed: number; keyFile: boolean }> {
  const fromEnv = !!process.env.SECRETS_KEY;
  const ring = secretKeys();
  if (fromEnv && ring.length < 2)
    throw new Error('SECRETS_KEY holds one key: put the new key first (SECRETS_KEY=new,old) and run this again.');
  if (!fromEnv) writeSecretKeys([randomBytes(32), ...ring]);
  const resealed = await db.transaction(async (tx) => {
    const n = await resealAll(tx);
    await writeAudit(tx, systemActor(null, 'keys:rotate'), {
      entity: 'platform',
      event: 'keys_rotated',
      entityId: 0,
      billingCompanyId: null,
      oldValues: null,
      newValues: { resealed: n },
    });
    return n;
  });
  // The audit anchors are signed again under the new key while the old one still verifies them.
  resignAuditAnchors();
  if (!fromEnv) writeSecretKeys([secretKeys()[0]]);
  return { resealed, keyFile: !fromEnv };
}
