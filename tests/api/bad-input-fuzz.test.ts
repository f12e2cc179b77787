import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HAND_WRITTEN_ROUTES } from '../../dev-server/api-modules.ts';
import { generateOpenApi } from '../../generators/openapi.ts';
import { loadEntities } from '../../src/platform/load-schemas.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const entities = loadEntities(join(ROOT, 'schemas/entities'));
const doc = generateOpenApi(entities, HAND_WRITTEN_ROUTES) as {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: { 'application/json': { schema: { $ref?: string } } } };
        parameters?: Array<{ name: string; in: string }>;
      }
    >
  >;
  components: {
    schemas: Record<string, { properties?: Record<string, { type?: string | string[]; format?: string }> }>;
  };
};

let app: TestApp;
let token: string;
beforeAll(async () => {
  app = await startTestApp({ withJobs: true });
  await app.createBillingCompany('Fuzz Billing', 'FZ');
  await app.createUser({ email: 'root@fuzz.test', roles: ['superuser'] });
  token = await app.login('root@fuzz.test');
});
afterAll(() => app.close());

const BAD_IDS = ['1e300', '99999999999999999999', '%00', '..%2f..%2fpackage.json', '-1', '1.5'];
const NUL = 'ab\u0000cd';

/** Bodies that must be refused whatever the route: each field of the route's schema spoiled in turn, and the generic ones. */
function badBodies(schemaRef: string | undefined): unknown[] {
  // (An object literal with __proto__ would only set its prototype and serialise as {}: the key is written as JSON text.)
  const out: unknown[] = [
    JSON.parse('{"__proto__": {"admin": true}, "name": "x"}'),
    { constructor: { prototype: { admin: true } } },
    [1, 2],
    'text',
    { name: NUL },
  ];
  const props = schemaRef ? (doc.components.schemas[schemaRef.split('/').pop()!]?.properties ?? {}) : {};
  for (const [name, p] of Object.entries(props)) {
    const types = [p.type].flat();
    if (types.includes('string')) out.push({ [name]: NUL }, { [name]: { nested: true } }, { [name]: 'toString' });
    if (types.includes('integer') || types.includes('number')) out.push({ [name]: 1e300 }, { [name]: 'not a number' });
    if (p.format === 'us-date') out.push({ [name]: '13/45/2020' }, { [name]: '02/30/2021' });
  }
  return out;
}

/** Every table a write would touch: entity tables and the platform's own. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = [
    ...entities.map((e) => e.resource.table),
    'audits',
    'files',
    'jobs',
    'state_transitions',
    'billing_company_users',
    'user_roles',
    'sticky_notes',
    'support_requests',
    'mail_outbox',
    'bookmarks',
    'message_threads',
    'message_thread_members',
    'messages',
  ];
  const r = await app.db.query<Record<string, number>>(
    `select ${tables.map((t) => `(select count(*) from ${t})::int as ${t}`).join(', ')}`,
  );
  return r.rows[0];
}

async function send(method: string, path: string, body?: string | Uint8Array, headers: Record<string, string> = {}) {
  const res = await fetch(app.url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, ...headers },
    body: body as BodyInit | undefined,
  });
  // An event stream (Messenger's) stays open by design: its status is the answer, its body is let go.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
  else await res.arrayBuffer();
  return res.status;
}

describe('bad input on every route of the OpenAPI document', () => {
  it('no bad input gets a 5xx, and none writes anything', async () => {
    const before = await rowCounts();
    const failures: string[] = [];
    let requests = 0;
    const expectNo5xx = async (
      method: string,
      path: string,
      body?: string | Uint8Array,
      headers?: Record<string, string>,
    ) => {
      const status = await send(method.toUpperCase(), path, body, headers);
      requests++;
      if (status >= 500)
        failures.push(
          `${method} ${path} ${typeof body === 'string' ? body.slice(0, 80) : body ? '[bytes]' : ''} ${headers ? JSON.stringify(headers) : ''} → ${status}`,
        );
    };
    for (const [template, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        // Path parameters: ids too large for a column, NUL, encoded "..", negatives, fractions.
        for (const bad of BAD_IDS) await expectNo5xx(method, template.replace(/\{\w+\}/g, bad));
        const path = template.replace(/\{\w+\}/g, '1');
        // Query parameters: NUL in every one, impossible dates in range filters, absurd pages.
        const query = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
        if (method === 'get') {
          for (const q of [...query, 'query', 'ids'])
            await expectNo5xx(method, `${path}?${q}=${encodeURIComponent(NUL)}`);
          await expectNo5xx(method, `${path}?page=1e300&itemsPerPage=10`);
          await expectNo5xx(method, `${path}?sortBy=${encodeURIComponent(NUL)}`);
          // Names of JavaScript's own members, where a route looks a value up in a table of its own.
          await expectNo5xx(method, `${path}?sortBy=constructor`);
          for (const q of [...query, 'about_kind']) await expectNo5xx(method, `${path}?${q}=toString`);
          for (const q of query.filter((n) => n.endsWith('_from') || n.endsWith('_to')))
            await expectNo5xx(method, `${path}?${q}=13/45/2020`);
        }
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        // Bodies: every field spoiled in turn, prototype keys, the wrong shape.
        for (const body of badBodies(op.requestBody?.content['application/json'].schema.$ref)) {
          await expectNo5xx(method, path, JSON.stringify(body), { 'content-type': 'application/json' });
        }
        // A body nested thousands deep: refused by its depth, never a stack overflow.
        await expectNo5xx(method, path, '['.repeat(5000) + ']'.repeat(5000), { 'content-type': 'application/json' });
        // The wrong content type, a gzip header on a body that is not gzip, a cut-off multipart body.
        await expectNo5xx(method, path, JSON.stringify({ first_name: 'Ana' }), { 'content-type': 'text/plain' });
        await expectNo5xx(method, path, '{"first_name": "Ana"}', {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
        });
        await expectNo5xx(method, path, gzipSync('{"first_name": "An').subarray(0, 12), {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
        });
        await expectNo5xx(
          method,
          path,
          '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
          { 'content-type': 'multipart/form-data; boundary=XyZ' },
        );
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
    expect(await rowCounts()).toEqual(before);
    // Thousands of requests over every documented route: longer than the suite's per-test limit.
  }, 300_000);
});
