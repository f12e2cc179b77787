import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../dev-server/db/database.ts';
import { rotateSecretsKey } from '../../dev-server/security/key-rotation.ts';
import {
  UnreadableSecretError,
  openSecret,
  sealSecret,
  sealedWithNewestKey,
  secretKeys,
} from '../../dev-server/security/secret-box.ts';
import { ssnHash } from '../../dev-server/security/ssn-protection.ts';
import { freshDatabase } from '../helpers/test-database.ts';

let db: Database;
const saved = { file: process.env.SECRETS_KEY_FILE, key: process.env.SECRETS_KEY };

/** A secret as the first version sealed it (v1: no key id), under the given key. */
function sealedV1(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
  return ['v1', iv.toString('base64'), c.getAuthTag().toString('base64'), body.toString('base64')].join('.');
}

const sealedValues = async () =>
  (
    await db.query<{ v: string }>(
      `select value as v from app_secrets union all select totp_secret from user_mfa order by 1`,
    )
  ).rows.map((r) => r.v);

beforeAll(async () => {
  db = await freshDatabase();
  const u = await db.query<{ id: number }>(
    `insert into users (email, password_hash) values ('k@keys.test', 'x') returning id`,
  );
  await db.query(`insert into user_mfa (user_id, totp_secret) values ($1, 'placeholder')`, [u.rows[0].id]);
});
beforeEach(async () => {
  delete process.env.SECRETS_KEY;
  process.env.SECRETS_KEY_FILE = join(mkdtempSync(join(tmpdir(), 'keys-')), 'secrets.key');
  await db.query(`delete from app_secrets`);
  await db.query(`update user_mfa set totp_secret = $1`, [sealedV1('JBSWY3DPEHPK3PXP', secretKeys()[0])]);
});
afterAll(async () => {
  for (const [name, value] of [
    ['SECRETS_KEY_FILE', saved.file],
    ['SECRETS_KEY', saved.key],
  ] as const)
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  await db.close();
});

describe('rotating the secrets key', () => {
  it('every sealed secret opens after a rotation, sealed under the new key, and the old key leaves the key file', async () => {
    const oldKey = secretKeys()[0];
    const ssnKeyBefore = await ssnHash(db, '612-34-5678');
    const plainBefore = (await sealedValues()).map(openSecret).sort();
    const r = await rotateSecretsKey(db);
    expect(r.resealed).toBe(2);
    const ring = secretKeys();
    expect(ring).toHaveLength(1);
    expect(ring[0].equals(oldKey)).toBe(false);
    expect(statSync(process.env.SECRETS_KEY_FILE!).mode & 0o777).toBe(0o600);
    const after = await sealedValues();
    expect(after.every(sealedWithNewestKey)).toBe(true);
    expect(after.map(openSecret).sort()).toEqual(plainBefore);
    expect(plainBefore).toContain('JBSWY3DPEHPK3PXP');
    // The SSN fingerprint key itself is unchanged (only its seal is), so every SSN on file still finds its person.
    const { createHmac } = await import('node:crypto');
    const ssnKey = openSecret(
      (await db.query<{ value: string }>(`select value from app_secrets where name = 'ssn_hmac'`)).rows[0].value,
    );
    expect(createHmac('sha256', ssnKey).update('612345678').digest('hex')).toBe(ssnKeyBefore);
  });

  it('a secret sealed under a key no longer in the ring is refused with a message that says why', async () => {
    const stale = sealSecret('sftp-password');
    await rotateSecretsKey(db);
    expect(() => openSecret(stale)).toThrow(UnreadableSecretError);
    expect(() => openSecret(stale)).toThrow(/the encryption key is not the one it was sealed with/);
  });

  it('a rotation is written to the audit trail', async () => {
    const before = (await db.query(`select 1 from audits where event = 'keys_rotated'`)).rows.length;
    await rotateSecretsKey(db);
    const rows = await db.query<{ new_values: { resealed: number }; billing_company_id: number | null }>(
      `select new_values, billing_company_id from audits where event = 'keys_rotated' order by id desc`,
    );
    expect(rows.rows).toHaveLength(before + 1);
    expect(rows.rows[0]).toMatchObject({ new_values: { resealed: 1 }, billing_company_id: null });
  });

  it('with SECRETS_KEY holding one key the rotation refuses and changes nothing', async () => {
    process.env.SECRETS_KEY = randomBytes(32).toString('base64');
    await db.query(`update user_mfa set totp_secret = $1`, [sealSecret('JBSWY3DPEHPK3PXP')]);
    const before = await sealedValues();
    await expect(rotateSecretsKey(db)).rejects.toThrow(/put the new key first \(SECRETS_KEY=new,old\)/);
    expect(await sealedValues()).toEqual(before);
  });

  it('with SECRETS_KEY=new,old the rotation seals everything under the new key', async () => {
    const old = randomBytes(32);
    process.env.SECRETS_KEY = old.toString('base64');
    await db.query(`update user_mfa set totp_secret = $1`, [sealSecret('JBSWY3DPEHPK3PXP')]);
    process.env.SECRETS_KEY = `${randomBytes(32).toString('base64')},${old.toString('base64')}`;
    await rotateSecretsKey(db);
    process.env.SECRETS_KEY = process.env.SECRETS_KEY.split(',')[0];
    const after = await sealedValues();
    expect(after.every(sealedWithNewestKey)).toBe(true);
    expect(after.map(openSecret)).toEqual(['JBSWY3DPEHPK3PXP']);
  });
});
