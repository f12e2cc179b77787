import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.ts';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((a) => a.close())));
const origin = (app: TestApp) => app.url.replace(/\/api\/v1$/, '');

describe('security headers on every answer', () => {
  it('the app and the API send a Content-Security-Policy, nosniff, and allow framing only by the product itself', async () => {
    const app = await startTestApp();
    apps.push(app);
    for (const url of [`${origin(app)}/`, `${app.url}/openapi.json`, `${app.url}/auth/me`]) {
      const r = await fetch(url);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp, url).toContain("frame-ancestors 'self'");
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("object-src 'none'");
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-inline/);
      // Nothing on the page makes code at run time (the forms' validators are compiled ahead): no eval to allow.
      expect(csp, url).not.toMatch(/script-src[^;]*unsafe-eval/);
      expect(r.headers.get('x-content-type-options'), url).toBe('nosniff');
      expect(r.headers.get('x-frame-options'), url).toBe('SAMEORIGIN');
    }
  });

  it('the host pages allowed to embed the product are a setting', async () => {
    const app = await startTestApp({ frameAncestors: ['https://portal.example.com'] });
    apps.push(app);
    const r = await fetch(`${origin(app)}/`);
    expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'self' https://portal.example.com");
    expect(r.headers.get('x-frame-options')).toBeNull();
  });
});

describe('what browsers and proxies keep', () => {
  it('no API answer may be kept: a patient, a sign-in and a refusal all say Cache-Control: no-store', async () => {
    const app = await startTestApp();
    apps.push(app);
    await app.createUser({ email: 'root@cache.test', roles: ['superuser'] });
    const signIn = await app.as(null)('POST', '/auth/login', { email: 'root@cache.test', password: PASSWORD });
    expect(signIn.headers.get('cache-control')).toBe('no-store');
    const root = app.as(signIn.body.access_token);
    const bc = await app.createBillingCompany('Cache BC', 'CB');
    const p = await root('POST', '/patient', {
      first_name: 'Ana',
      last_name: 'Ruiz',
      date_of_birth: '01/02/1980',
      billing_company_id: bc,
    });
    expect((await root('GET', `/patient/${p.body.id}`)).headers.get('cache-control')).toBe('no-store');
    expect((await app.as(null)('GET', '/patient')).headers.get('cache-control')).toBe('no-store');
  });
});
