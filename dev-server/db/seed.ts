import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hashPassword } from '../security/passwords.ts';
import { allPermissionSlugs, catalog, defaultRoleSlugs } from '../security/permission-catalog.ts';
import type { Database } from './database.ts';

/**
 * Brings the permission catalogue and the default roles in line with schemas/permissions.json.
 * A role's default grants are written only when the role is first created, so that what an
 * administrator later changes is kept across restarts.
 */
const ADMIN_SEED_LOCK = 7_244_837_002; // beside migrate's lock

export async function seedAccess(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const slugs = allPermissionSlugs();
    await tx.query(
      `insert into permissions (slug, module, action)
       select s, split_part(s, '.', 1), substr(s, length(split_part(s, '.', 1)) + 2) from unnest($1::text[]) s
       on conflict (slug) do nothing`,
      [slugs],
    );
    for (const role of catalog.roles) {
      const created = await tx.query(
        `insert into roles (id, slug, name, type) values ($1, $2, $3, $4) on conflict (id) do nothing returning id`,
        [role.id, role.slug, role.name, role.type],
      );
      if (!created.rowCount) continue;
      await tx.query(
        `insert into role_permissions (role_id, permission_id) select $1, id from permissions where slug = any($2::text[])`,
        [role.id, defaultRoleSlugs(role)],
      );
    }
    await tx.query(`select setval(pg_get_serial_sequence('roles', 'id'), greatest((select max(id) from roles), 100))`);
  });
}

/** Where a first start keeps the generated administrator password (under DATA_DIR). */
export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

/**
 * On first start: an administrator (Super User) from ADMIN_EMAIL / ADMIN_PASSWORD, else a random password written to
 * DATA_DIR/initial-admin-password (mode 600), printed only with DEV_PRINT_SECRETS=1.
 */
export async function seedAdministrator(db: Database, env = process.env, log = console.log): Promise<void> {
  const existing = `select 1 from user_roles ur join roles r on r.id = ur.role_id where r.slug = 'superuser' limit 1`;
  if ((await db.query(existing)).rowCount) return;
  const email = env.ADMIN_EMAIL ?? 'admin@example.com';
  const password = env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url') + 'a1!';
  const hash = await hashPassword(password);
  const created = await db.transaction(async (tx) => {
    // Processes starting together on one new database: one creates the administrator, the others find it.
    await tx.query('select pg_advisory_xact_lock($1)', [ADMIN_SEED_LOCK]);
    if ((await tx.query(existing)).rowCount) return false;
    const u = await tx.query<{ id: number }>(
      `insert into users (email, password_hash, first_name, last_name) values ($1, $2, 'System', 'Administrator') returning id`,
      [email, hash],
    );
    await tx.query(
      `insert into user_roles (user_id, role_id) select $1, id from roles where slug = 'superuser' and billing_company_id is null`,
      [u.rows[0].id],
    );
    return true;
  });
  if (!created) return;
  if (env.ADMIN_PASSWORD) return log(`Administrator created: ${email}`);
  // A generated password never goes to the log (logs are shipped and kept): into a file only this account reads.
  const dir = env.DATA_DIR ?? './data';
  mkdirSync(dir, { recursive: true });
  const file = join(dir, INITIAL_PASSWORD_FILE);
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  log(`Administrator created: ${email}; its password is in ${file} (delete the file after signing in and changing it)`);
  if (env.DEV_PRINT_SECRETS === '1') log(`Administrator password (DEV_PRINT_SECRETS=1): ${password}`);
}
