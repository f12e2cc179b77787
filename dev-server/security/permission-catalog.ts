import { readFileSync } from 'node:fs';

interface CatalogFile {
  modules: Array<{ prefix: string; name: string; actions: string[] }>;
  roles: Array<{ id: number; slug: string; name: string; type: number; grants: string[]; except: string[] }>;
}

export const catalog: CatalogFile = JSON.parse(
  readFileSync(new URL('../../schemas/permissions.json', import.meta.url), 'utf8'),
);

export const allPermissionSlugs = (): string[] =>
  catalog.modules.flatMap((m) => m.actions.map((a) => `${m.prefix}.${a}`));

/** Glob match where * stands for any run of characters, dots included ("*.view", "audit.*"). */
const matches = (pattern: string, slug: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  ).test(slug);

export function defaultRoleSlugs(role: CatalogFile['roles'][number]): string[] {
  return allPermissionSlugs().filter(
    (s) => role.grants.some((g) => matches(g, s)) && !role.except.some((x) => matches(x, s)),
  );
}

/** Role types (predecessor RoleType): 1 system roles see every billing company. */
export const SYSTEM_ROLE_TYPE = 1;

/** Roles whose people always sign in with an authenticator: whoever can change everything or everyone. */
export const ALWAYS_MFA_ROLES = ['superuser', 'billingmanager', 'accountmanager'];
