import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, defaultRoleSlugs } from '../../dev-server/auth/permission-catalog.ts';
import { loadEntities } from '../../src/platform/load-schemas.ts';
import { planRoutes } from '../../src/platform/route-plan.ts';
import { identityRoutes } from '../../dev-server/users/identity-routes.ts';
import { masterDataRoutes } from '../../dev-server/master-data/master-data-routes.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const entities = loadEntities(join(ROOT, 'schemas/entities'));
let app: TestApp;
const tokens = new Map<string, string>();

beforeAll(async () => {
  app = await startTestApp();
  const bc = await app.createBillingCompany('Walk Billing', 'WB');
  for (const role of catalog.roles) {
    await app.createUser({ email: `${role.slug}@walk.test`, roles: [role.slug], billingCompanyIds: role.type === 1 ? [] : [bc] });
    tokens.set(role.slug, await app.login(`${role.slug}@walk.test`));
  }
});
afterAll(() => app.close());

describe('every generic route checks its module action for every default role', () => {
  for (const role of catalog.roles) {
    it(`${role.name} gets 403 exactly where the role lacks the permission`, async () => {
      const held = new Set(defaultRoleSlugs(role));
      const mismatches: string[] = [];
      for (const entity of entities) {
        for (const route of planRoutes(entity)) {
          const path = route.path.replace('{id}', '999999').replace(/\{\w+\}/g, 'nothing');
          const r = await app.as(tokens.get(role.slug)!)(route.method.toUpperCase(), path, ['post', 'put', 'patch'].includes(route.method) ? {} : undefined);
          const slug = `${entity.resource.permission}.${route.action}`;
          if ((r.status === 403) === held.has(slug)) mismatches.push(`${route.method} ${path} (${slug}) → ${r.status}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});

describe('every hand-written identity route checks its declared permission for every default role', () => {
  for (const role of catalog.roles) {
    it(`${role.name} gets 403 exactly where the role holds none of the route's permissions`, async () => {
      const held = new Set(defaultRoleSlugs(role));
      const mismatches: string[] = [];
      for (const route of [...masterDataRoutes, ...identityRoutes]) {
        const path = route.path.replace(/\{(id|user|role)\}/g, '999999').replace(/\{\w+\}/g, 'nothing');
        const r = await app.as(tokens.get(role.slug)!)(route.method.toUpperCase(), path, ['post', 'put', 'patch'].includes(route.method) ? {} : undefined);
        const needed = route.permission === null ? null : [route.permission].flat();
        const allowed = needed === null || needed.some((p) => held.has(p));
        if ((r.status === 403) === allowed) mismatches.push(`${route.method} ${path} (${needed ?? 'signed in'}) → ${r.status}`);
      }
      expect(mismatches).toEqual([]);
    });
  }
});
