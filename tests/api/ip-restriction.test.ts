import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN } from '../../dev-server/auth/sign-in.ts';
import { IP_RESTRICTED } from '../../dev-server/auth/sessions.ts';
import { PASSWORD, startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let root: Api;
let n = 0;
beforeAll(async () => {
  // The tests name the client's address as a proxy on this machine would (X-Forwarded-For from loopback).
  app = await startTestApp({ trustProxy: 'loopback' });
  await app.createUser({ email: 'root@ip.test', roles: ['superuser'] });
  root = app.as(await app.login('root@ip.test'));
});
afterAll(() => app.close());

// Requests reach the server from loopback, which is trusted to say the client's address.
const from = (ip: string) => ({ 'x-forwarded-for': ip });
// A device both people have used, so only the IP rule decides (the device check comes after it).
const DEVICE = 'ip-test-device-token-000001';
const login = (email: string, ip: string) =>
  app.as(null)('POST', '/auth/login', { email, password: PASSWORD, device_token: DEVICE }, from(ip));

async function company() {
  const bc = await app.createBillingCompany(`IP BC ${++n}`, `IP${n}`);
  const billerId = await app.createUser({ email: `biller${n}@ip.test`, roles: ['biller'], billingCompanyIds: [bc] });
  const collectorId = await app.createUser({
    email: `collector${n}@ip.test`,
    roles: ['collector'],
    billingCompanyIds: [bc],
  });
  await app.db.query(`insert into user_devices (user_id, fingerprint) select u, $2 from unnest($1::bigint[]) u`, [
    [billerId, collectorId],
    `t:${createHash('sha256').update(DEVICE).digest('hex')}`,
  ]);
  return {
    bc,
    biller: { id: billerId, email: `biller${n}@ip.test` },
    collector: { id: collectorId, email: `collector${n}@ip.test` },
  };
}
const restrict = (bc: number, body: Record<string, unknown>) =>
  root('POST', '/user-restriction-by-ip', { billing_company_id: bc, ...body });
const roleId = async (slug: string) =>
  Number((await app.db.query<{ id: number }>('select id from roles where slug = $1', [slug])).rows[0].id);

describe('IP restriction', () => {
  it("with no restriction a billing company's users sign in from anywhere", async () => {
    const c = await company();
    expect((await login(c.biller.email, '203.0.113.9')).status).toBe(200);
  });

  it('a company-wide single address lets in only that address', async () => {
    const c = await company();
    expect((await restrict(c.bc, { ip_beginning: '203.0.113.10', applies_to: 'billing_company' })).status).toBe(201);
    const outside = await login(c.biller.email, '203.0.113.11');
    expect(outside.status).toBe(401);
    expect(outside.body.message).toBe(SIGN_IN.ipNotAllowed);
    expect((await login(c.biller.email, '203.0.113.10')).status).toBe(200);
  });

  it('a range lets in every address from its first to its last', async () => {
    const c = await company();
    await restrict(c.bc, { ip_beginning: '198.51.100.10', ip_finish: '198.51.100.20', applies_to: 'billing_company' });
    expect((await login(c.biller.email, '198.51.100.15')).status).toBe(200);
    expect((await login(c.biller.email, '198.51.100.21')).body.message).toBe(SIGN_IN.ipNotAllowed);
  });

  it("an entry for one user whitelists that user; the company's other users are then shut out", async () => {
    const c = await company();
    await restrict(c.bc, { ip_beginning: '192.0.2.5', applies_to: 'user', user_id: c.biller.id });
    expect((await login(c.biller.email, '192.0.2.5')).status).toBe(200);
    expect((await login(c.collector.email, '192.0.2.5')).body.message).toBe(SIGN_IN.ipNotAllowed);
  });

  it('an entry for a role applies to the users holding it', async () => {
    const c = await company();
    await restrict(c.bc, { ip_beginning: '192.0.2.77', applies_to: 'role', role_id: await roleId('collector') });
    expect((await login(c.collector.email, '192.0.2.77')).status).toBe(200);
    expect((await login(c.biller.email, '192.0.2.77')).body.message).toBe(SIGN_IN.ipNotAllowed);
  });

  it("a restriction added during a session refuses that session's next request with 403", async () => {
    const c = await company();
    const token = (await login(c.biller.email, '203.0.113.50')).body.access_token;
    await restrict(c.bc, { ip_beginning: '203.0.113.60', applies_to: 'billing_company' });
    const r = await app.as(token)('GET', '/patient', undefined, from('203.0.113.50'));
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ error: IP_RESTRICTED, ip_restriction: true });
  });

  it('IPv6 addresses and ranges work too', async () => {
    const c = await company();
    await restrict(c.bc, { ip_beginning: '2001:db8::1', ip_finish: '2001:db8::ff', applies_to: 'billing_company' });
    expect((await login(c.biller.email, '2001:db8::42')).status).toBe(200);
    expect((await login(c.biller.email, '2001:db8::1:0')).body.message).toBe(SIGN_IN.ipNotAllowed);
  });

  it('an address that is not an IP is refused', async () => {
    const c = await company();
    const r = await restrict(c.bc, { ip_beginning: '300.1.1.1', applies_to: 'billing_company' });
    expect(r.status).toBe(422);
    expect(r.body.errors.ip_beginning).toBeDefined();
  });

  it('a range whose last address comes before its first is refused', async () => {
    const c = await company();
    const r = await restrict(c.bc, { ip_beginning: '10.0.0.9', ip_finish: '10.0.0.1', applies_to: 'billing_company' });
    expect(r.status).toBe(422);
    expect(r.body.errors.ip_finish).toBeDefined();
  });

  it('an entry for a user must name the user', async () => {
    const c = await company();
    const r = await restrict(c.bc, { ip_beginning: '10.0.0.9', applies_to: 'user' });
    expect(r.status).toBe(422);
    expect(r.body.errors.user_id).toBeDefined();
  });

  it('Super Users, who belong to no billing company, are never restricted', async () => {
    const c = await company();
    await restrict(c.bc, { ip_beginning: '203.0.113.200', applies_to: 'billing_company' });
    const r = await app.as(null)(
      'POST',
      '/auth/login',
      { email: 'root@ip.test', password: PASSWORD },
      from('198.18.0.1'),
    );
    expect(r.body.message).not.toBe(SIGN_IN.ipNotAllowed);
  });
});

describe('rules a Billing Manager writes', () => {
  async function managerOf(bc: number, ip: string) {
    const email = `manager${++n}@ip.test`;
    await app.createUser({ email, roles: ['billingmanager'], billingCompanyIds: [bc] });
    const r = await login(email, ip);
    return app.as(r.body.access_token);
  }

  it('a rule that would lock out the manager writing it is refused, and one that keeps them in is taken', async () => {
    const c = await company();
    const manager = await managerOf(c.bc, '198.51.100.200');
    const lockout = await manager(
      'POST',
      '/user-restriction-by-ip',
      { ip_beginning: '203.0.113.10', applies_to: 'billing_company' },
      from('198.51.100.200'),
    );
    expect(lockout.status).toBe(422);
    expect(lockout.body.errors.ip_beginning).toEqual([
      'This rule would lock you out: your current address (198.51.100.200) would no longer be allowed. Add a rule that allows it first.',
    ]);
    expect(
      (await app.db.query('select 1 from ip_restrictions where billing_company_id = $1', [c.bc])).rows,
    ).toHaveLength(0);
    const keepsMe = await manager(
      'POST',
      '/user-restriction-by-ip',
      { ip_beginning: '198.51.100.1', ip_finish: '198.51.100.254', applies_to: 'billing_company' },
      from('198.51.100.200'),
    );
    expect(keepsMe.status).toBe(201);
  });

  it('a rule may not name a user of another billing company', async () => {
    const mine = await company();
    const theirs = await company();
    const manager = await managerOf(mine.bc, '198.51.100.201');
    const r = await manager(
      'POST',
      '/user-restriction-by-ip',
      { ip_beginning: '198.51.100.201', applies_to: 'user', user_id: theirs.biller.id },
      from('198.51.100.201'),
    );
    expect(r.status).toBe(422);
    expect(r.body.errors.user_id).toEqual(['The selected record belongs to another billing company.']);
  });

  it('before saving, the preview says who the rule concerns and who it would lock out', async () => {
    const c = await company();
    await login(c.biller.email, '192.0.2.10');
    const manager = await managerOf(c.bc, '192.0.2.20');
    const r = await manager(
      'POST',
      '/user-restriction-by-ip/preview',
      { ip_beginning: '192.0.2.20', applies_to: 'billing_company' },
      from('192.0.2.20'),
    );
    expect(r.status).toBe(200);
    expect(r.body.locks_you_out).toBe(false);
    const biller = r.body.affected.find((a: { email: string }) => a.email === c.biller.email);
    expect(biller).toMatchObject({ last_ip: '192.0.2.10', allowed_before: true, allowed_after: false });
    expect(r.body.locked_out).toBeGreaterThanOrEqual(1);
  });
});
