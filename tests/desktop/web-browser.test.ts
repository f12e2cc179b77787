import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let ana: Api;
let ben: Api;
beforeAll(async () => {
  app = await startTestApp();
  const bc = await app.createBillingCompany('Browser BC', 'BBC');
  await app.createUser({ email: 'ana@browser.test', roles: ['collector'], billingCompanyIds: [bc] });
  await app.createUser({ email: 'ben@browser.test', roles: ['biller'], billingCompanyIds: [bc] });
  ana = app.as(await app.login('ana@browser.test'));
  ben = app.as(await app.login('ben@browser.test'));
  await app.db.query(`insert into insurance_companies (payer_id, code, name, website, status) values
    ('60054', 'AET', 'Aetna', 'www.aetna.com/providers', true), ('87726', 'UHC', 'UnitedHealthcare', 'https://www.uhcprovider.com', true),
    ('11111', 'NOS', 'No Site Health', null, true), ('22222', 'OLD', 'Closed Payer', 'https://closed.example.com', false)`);
});
afterAll(() => app.close());

describe('web browser', () => {
  it('lists the portals of the active payers with a website, by name, each address ready to open', async () => {
    const r = await ana('GET', '/web-browser/portals');
    expect(r.body.data.map((p: { name: string; url: string }) => [p.name, p.url])).toEqual([
      ['Aetna', 'https://www.aetna.com/providers'],
      ['UnitedHealthcare', 'https://www.uhcprovider.com'],
    ]);
    expect(
      (await ana('GET', '/web-browser/portals?query=united')).body.data.map((p: { name: string }) => p.name),
    ).toEqual(['UnitedHealthcare']);
  });

  it("a bookmark is its owner's: another person neither lists nor removes it", async () => {
    const b = await ana('POST', '/bookmarks', { title: 'Availity', url: 'availity.com' });
    expect(b.status).toBe(201);
    expect(b.body.url).toBe('https://availity.com');
    expect((await ben('GET', '/bookmarks')).body).toEqual([]);
    expect((await ben('DELETE', `/bookmarks/${b.body.id}`)).status).toBe(404);
    expect((await ana('GET', '/bookmarks')).body).toEqual([
      { id: b.body.id, title: 'Availity', url: 'https://availity.com' },
    ]);
  });

  it('its owner removes a bookmark, and the removal is audited', async () => {
    const b = await ana('POST', '/bookmarks', { title: 'Payer portal', url: 'https://portal.example.com' });
    expect((await ana('DELETE', `/bookmarks/${b.body.id}`)).body).toEqual({ id: b.body.id, deleted: true });
    expect((await app.db.query('select 1 from bookmarks where id = $1', [b.body.id])).rows).toEqual([]);
    const audit = await app.db.query<{ event: string }>(
      `select event from audits where entity = 'bookmark' and entity_id = $1 order by id`,
      [b.body.id],
    );
    expect(audit.rows.map((r) => r.event)).toContain('deleted');
  });

  it('an address that is not http(s) is refused and nothing is kept', async () => {
    const r = await ana('POST', '/bookmarks', { title: 'Trap', url: 'javascript:alert(1)' });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ url: ['The address must be a web address (http or https).'] });
    expect((await app.db.query(`select 1 from bookmarks where title = 'Trap'`)).rows).toEqual([]);
  });
});
