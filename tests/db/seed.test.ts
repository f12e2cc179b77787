import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../dev-server/db/database.ts';
import { seedAdministrator } from '../../dev-server/db/seed.ts';
import { freshDatabase } from '../helpers/test-database.ts';

let db: Database;
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(() => db.close());

describe('first start', () => {
  it('creates a Super User with a random password printed once, and never again', async () => {
    const lines: string[] = [];
    await seedAdministrator(db, {}, (l) => lines.push(l));
    await seedAdministrator(db, {}, (l) => lines.push(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Administrator created: admin@example\.com with password \S{16,}/);
    const r = await db.query<{ slug: string }>(
      "select r.slug from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id where u.email = 'admin@example.com'",
    );
    expect(r.rows).toEqual([{ slug: 'superuser' }]);
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
