import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalog, defaultRoleSlugs } from '../../dev-server/security/permission-catalog.ts';
import { loadEntities } from '../../src/platform/load-schemas.ts';
import { actionSlug, planRoutes } from '../../src/platform/route-plan.ts';
import { nameReaders } from '../../src/platform/name-readers.ts';
import { API_ROUTES, HAND_WRITTEN_ROUTES, SESSION_ROUTES } from '../../dev-server/api-modules.ts';
import { satisfies } from '../../dev-server/http/guarded-routes.ts';
import { generateOpenApi } from '../../generators/openapi.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const entities = loadEntities(join(ROOT, 'schemas/entities'));
// A names list (get-list) is read by whoever reads a record pointing at it (tests/api/names-readable.test.ts).
const readers = nameReaders(entities);
let app: TestApp;
const tokens = new Map<string, string>();

beforeAll(async () => {
  app = await startTestApp({ withJobs: true });
  const bc = await app.createBillingCompany('Walk Billing', 'WB');
  for (const role of catalog.roles) {
    await app.createUser({
      email: `${role.slug}@walk.test`,
      roles: [role.slug],
      billingCompanyIds: role.type === 1 ? [] : [bc],
    });
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
          const r = await app.as(tokens.get(role.slug)!)(
            route.method.toUpperCase(),
            path,
            ['post', 'put', 'patch'].includes(route.method) ? {} : undefined,
          );
          const slug = actionSlug(entity.resource, route.action);
          const allowed =
            route.kind === 'getList' ? readers.get(entity.name)!.some((s) => held.has(s)) : held.has(slug);
          if ((r.status === 403) === allowed) mismatches.push(`${route.method} ${path} (${slug}) → ${r.status}`);
        }
      }
      expect(mismatches).toEqual([]);
    });
  }
});

describe('every hand-written route (audit, search, files, jobs, master data, identity) checks its declared permission for every default role', () => {
  for (const role of catalog.roles) {
    it(`${role.name} gets 403 exactly where the role holds none of the route's permissions`, async () => {
      const held = new Set(defaultRoleSlugs(role));
      const mismatches: string[] = [];
      for (const route of HAND_WRITTEN_ROUTES) {
        const path = route.path
          .replace(/\{(id|user|role|auditId|entityId)\}/g, '999999')
          .replace(/\{\w+\}/g, 'nothing');
        const r = await app.as(tokens.get(role.slug)!)(
          route.method.toUpperCase(),
          path,
          ['post', 'put', 'patch'].includes(route.method) ? {} : undefined,
        );
        const needed = route.permission === null ? null : [route.permission].flat();
        const allowed = needed === null || needed.some((p) => satisfies(held, p));
        if ((r.status === 403) === allowed)
          mismatches.push(`${route.method} ${path} (${needed ?? 'signed in'}) → ${r.status}`);
      }
      expect(mismatches).toEqual([]);
    });
  }
});

describe('the open sign-in routes answer every caller without a permission', () => {
  it('no open route refuses for want of a permission, or is missing, for someone who is not signed in', async () => {
    const wrong: string[] = [];
    for (const route of SESSION_ROUTES) {
      const r = await app.as(null)(route.method.toUpperCase(), route.path, route.method === 'post' ? {} : undefined);
      // check-token's own 403 ("Token is Invalid") is the spec's answer about the token, not a permission refusal.
      if (r.status === 404 || (r.status === 403 && r.body.message === 'This action is unauthorized.'))
        wrong.push(`${route.method} ${route.path} → ${r.status}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('OpenAPI lists every route that answers', () => {
  it('every planned, hand-written and open route is in the document', () => {
    const doc = generateOpenApi(entities, API_ROUTES) as { paths: Record<string, Record<string, unknown>> };
    const listed = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`)),
    );
    const routes = [...entities.flatMap((e) => planRoutes(e)), ...API_ROUTES].map((r) => `${r.method} ${r.path}`);
    expect(routes.filter((r) => !listed.has(r))).toEqual([]);
  });
});
