import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../dev-server/db/database.ts';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INITIAL_PASSWORD_FILE, seedAdministrator } from '../../dev-server/db/seed.ts';
import { verifyPassword } from '../../dev-server/security/passwords.ts';
import { freshDatabase } from '../helpers/test-database.ts';

let db: Database;
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(() => db.close());

describe('first start', () => {
  it('creates a Super User whose random password is kept in a file only its owner reads, never in the log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seed-'));
    const lines: string[] = [];
    await seedAdministrator(db, { DATA_DIR: dir }, (l) => lines.push(l));
    await seedAdministrator(db, { DATA_DIR: dir }, (l) => lines.push(l));
    expect(lines).toHaveLength(1);
    const file = join(dir, INITIAL_PASSWORD_FILE);
    const password = readFileSync(file, 'utf8').trim();
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(lines[0]).toBe(
      `Administrator created: admin@example.com; its password is in ${file} (delete the file after signing in and changing it)`,
    );
    const r = await db.query<{ slug: string; password_hash: string }>(
      "select r.slug, u.password_hash from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id where u.email = 'admin@example.com'",
    );
    expect(r.rows.map((x) => x.slug)).toEqual(['superuser']);
    expect(await verifyPassword(password, r.rows[0].password_hash)).toBe(true);
  });

  it('seeds the twelve default roles with their spelled-right permissions', async () => {
    const roles = await db.query<{ slug: string }>('select slug from roles order by id');
    expect(roles.rows.map((r) => r.slug)).toEqual([
      'superuser',
      'superauditor',
      'developmentsupport',
      'healthprofessional',
      'patient',
      'billingmanager',
      'biller',
      'client',
      'paymentprocessor',
      'collector',
      'accountmanager',
      'billingauditor',
    ]);
    const odd = await db.query("select slug from permissions where slug like 'heatlh%' or slug like 'Payment.%'");
    expect(odd.rows).toEqual([]);
  });
});
