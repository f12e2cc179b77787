import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actLimits, type ActLimit, type GuardedAct } from '../../dev-server/security/act-limits.ts';
import { SharedCounts } from '../../dev-server/security/shared-counts.ts';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let bm: Api;
let other: Api;
const HOUR = 3600_000;
const small = (max: number, by: ActLimit['by'] = 'user', exact = true): ActLimit => ({
  max,
  windowMs: HOUR,
  by,
  exact,
});
const limits: Record<GuardedAct, ActLimit> = {
  recovery: small(2, 'address'),
  export: small(2),
  upload: small(2),
  phi_search: small(2, 'user', false),
};

beforeAll(async () => {
  app = await startTestApp({ actLimits: limits });
  const bc = await app.createBillingCompany('Limits Co', 'LIM');
  await app.createUser({ email: 'bm@limits.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  await app.createUser({ email: 'bm2@limits.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  bm = app.as(await app.login('bm@limits.test'));
  other = app.as(await app.login('bm2@limits.test'));
});
afterAll(() => app.close());

const pdf = (n: number) => {
  const f = new FormData();
  const bytes = Buffer.from(`%PDF-1.4\n% EOB ${n}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);
  f.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `eob-${n}.pdf`);
  return f;
};
const filesStored = async () =>
  Number((await app.db.query<{ n: number }>('select count(*) as n from files')).rows[0].n);

describe('limits on acts that expose people or data in bulk', () => {
  it('uploads past the per-person limit answer 429 with how long to wait, and store nothing', async () => {
    expect((await bm('POST', '/files?kind=eob', pdf(1))).status).toBe(201);
    expect((await bm('POST', '/files?kind=eob', pdf(2))).status).toBe(201);
    const before = await filesStored();
    const refused = await bm('POST', '/files?kind=eob', pdf(3));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      code: 'upload_limit',
      message: 'You have uploaded many files in a short time. Try again in 60 minutes.',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await filesStored()).toBe(before);
  });

  it('the limit is per person: a colleague is not refused for it', async () => {
    expect((await other('POST', '/files?kind=eob', pdf(4))).status).toBe(201);
  });

  it('a typed search of patients counts toward the limit; paging the list does not', async () => {
    expect((await bm('GET', '/patient/get-all-server?query=smi')).status).toBe(200);
    expect((await bm('GET', '/patient/get-all-server?query=joh')).status).toBe(200);
    const refused = await bm('GET', '/patient/get-all-server?query=gar');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'You have searched patients many times in a short time. Try again in 60 minutes.',
    );
    expect((await bm('GET', '/patient/get-all-server?page=2')).status).toBe(200);
  });

  it('a report export past the per-person limit is refused', async () => {
    for (let i = 0; i < 2; i++)
      expect((await other('GET', '/reports/daily-insurance-aging/export?format=csv')).status).toBe(200);
    const refused = await other('GET', '/reports/daily-insurance-aging/export?format=csv');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe('You have exported many times in a short time. Try again in 60 minutes.');
  });

  it('account recovery is limited per address, before anyone signs in, and mails nothing past it', async () => {
    const es = { 'accept-language': 'es' };
    const mails = async () =>
      Number((await app.db.query<{ n: number }>('select count(*) as n from mail_outbox')).rows[0].n);
    for (let i = 0; i < 2; i++)
      expect((await app.as(null)('POST', '/auth/forgot-password', { email: 'bm@limits.test' })).status).toBe(200);
    const before = await mails();
    const refused = await app.as(null)('POST', '/auth/forgot-password', { email: 'bm@limits.test' }, es);
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Demasiadas solicitudes de recuperación de cuenta desde esta dirección. Inténtelo de nuevo en 60 minutos.',
    );
    expect(await mails()).toBe(before);
  });

  it('each limit is set by LIMIT_<ACT>=max/seconds', () => {
    const set = actLimits({ LIMIT_EXPORT: '5/60', LIMIT_PHI_SEARCH: 'junk' });
    expect(set.export).toMatchObject({ max: 5, windowMs: 60_000 });
    expect(set.phi_search).toEqual(actLimits({}).phi_search);
  });
});

describe('counts shared through the database', () => {
  const limit = { max: 40, windowMs: HOUR, lease: 4 };
  const allowedOf = async (takes: Promise<{ allowed: boolean }>[]) =>
    (await Promise.all(takes)).filter((t) => t.allowed).length;

  it('a window lets exactly its limit through, however the acts are spread over processes', async () => {
    const processes = [new SharedCounts(app.db), new SharedCounts(app.db), new SharedCounts(app.db)];
    const takes = Array.from({ length: 90 }, (_, i) => processes[i % 3].take('test', 'k1', limit));
    expect(await allowedOf(takes)).toBe(40);
  });

  it('a process is refused early by no more than the leases the others hold unused', async () => {
    const one = new SharedCounts(app.db);
    const two = new SharedCounts(app.db);
    await one.take('test', 'k2', limit);
    let allowedOnTwo = 0;
    while ((await two.take('test', 'k2', limit)).allowed) allowedOnTwo++;
    // The first holds 3 of its lease of 4 unused: 40 − 1 − 3.
    expect(allowedOnTwo).toBe(36);
    expect(await allowedOf(Array.from({ length: 5 }, () => one.take('test', 'k2', limit)))).toBe(3);
  });

  it('a lease of one counts each act in the database as it happens', async () => {
    const counts = new SharedCounts(app.db);
    for (let i = 0; i < 3; i++) await counts.take('test', 'k3', { ...limit, lease: 1 });
    const row = await app.db.query<{ count: number }>(`select count from act_counts where act = 'test' and key = 'k3'`);
    expect(Number(row.rows[0].count)).toBe(3);
  });

  it('a window that has ended begins again at the next act, in memory and in the database', async () => {
    let now = 1_000_000;
    const counts = new SharedCounts(app.db, () => now);
    const small = { max: 2, windowMs: 10_000, lease: 1 };
    for (let i = 0; i < 3; i++) await counts.take('test', 'k4', small);
    expect(await counts.take('test', 'k4', small)).toEqual({ allowed: false, retryAfterS: 10 });
    now += 10_000;
    expect(await counts.take('test', 'k4', small)).toEqual({ allowed: true, retryAfterS: 10 });
    const row = await app.db.query<{ count: number; started_at: number }>(
      `select count, started_at from act_counts where act = 'test' and key = 'k4'`,
    );
    expect({ count: Number(row.rows[0].count), startedAt: Number(row.rows[0].started_at) }).toEqual({
      count: 1,
      startedAt: 1_010_000,
    });
  });
});
