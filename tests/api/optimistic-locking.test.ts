import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let root: Api;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
});
afterAll(() => app.close());

const stored = async (id: number) =>
  (
    await app.db.query<{ description: string; version: number }>(
      'select description, version from modifiers where id = $1',
      [id],
    )
  ).rows[0];

describe('optimistic locking', () => {
  it('every record answers its version, and each saved edit moves it on by one', async () => {
    const c = await root('POST', '/modifier', { code: 'QW', description: 'Waived test' });
    expect(c.body.version).toBe(1);
    const u = await root('PUT', `/modifier/${c.body.id}`, { description: 'CLIA waived test', version: 1 });
    expect(u.body.version).toBe(2);
    expect((await stored(c.body.id)).version).toBe(2);
  });

  it('a stale PUT answers 409 and changes nothing', async () => {
    const c = await root('POST', '/modifier', { code: 'QX', description: 'First' });
    expect((await root('PUT', `/modifier/${c.body.id}`, { description: 'Saved by Ana', version: 1 })).status).toBe(200);
    const stale = await root('PUT', `/modifier/${c.body.id}`, { description: 'Saved by Luis over Ana', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(
      /changed by someone else after you opened it \(you edited version 1; it is now at version 2\)/,
    );
    expect(await stored(c.body.id)).toEqual({ description: 'Saved by Ana', version: 2 });
    const audits = await app.db.query(
      `select 1 from audits where entity = 'modifier' and entity_id = $1 and event = 'updated'`,
      [c.body.id],
    );
    expect(audits.rows).toHaveLength(1);
  });

  it('an If-Match header names the version as well as the body does', async () => {
    const c = await root('POST', '/modifier', { code: 'QY', description: 'First' });
    expect((await root('PUT', `/modifier/${c.body.id}`, { description: 'Second' }, { 'if-match': '"2"' })).status).toBe(
      409,
    );
    expect((await root('PUT', `/modifier/${c.body.id}`, { description: 'Second' }, { 'if-match': '"1"' })).status).toBe(
      200,
    );
  });

  it('a PUT that names no version is refused with 428, so no edit overwrites blindly', async () => {
    const c = await root('POST', '/modifier', { code: 'QZ', description: 'First' });
    const r = await root('PUT', `/modifier/${c.body.id}`, { description: 'Blind' });
    expect(r.status).toBe(428);
    expect(r.body.message).toMatch(/Send the version of the record you edited/);
    expect((await stored(c.body.id)).description).toBe('First');
  });

  it('a stale delete answers 409 and keeps the record', async () => {
    const p = await root('POST', '/user-restriction-by-ip', {
      ip_beginning: '10.0.0.1',
      applies_to: 'billing_company',
      billing_company_id: await app.createBillingCompany('Lock BC', 'LK'),
    });
    expect(p.status).toBe(201);
    await root('PUT', `/user-restriction-by-ip/${p.body.id}`, { ip_beginning: '10.0.0.2', version: 1 });
    expect((await root('DELETE', `/user-restriction-by-ip/${p.body.id}`, undefined, { 'if-match': '1' })).status).toBe(
      409,
    );
    expect((await app.db.query('select 1 from ip_restrictions where id = $1', [p.body.id])).rows).toHaveLength(1);
  });
});
