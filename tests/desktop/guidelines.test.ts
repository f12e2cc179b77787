import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let manager: Api;
let biller: Api;
let elsewhere: Api;
let payer = 0;
beforeAll(async () => {
  app = await startTestApp();
  const bc = await app.createBillingCompany('Guidelines BC', 'GBC');
  const other = await app.createBillingCompany('Other Guidelines BC', 'OGB');
  await app.createUser({ email: 'manager@guidelines.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  await app.createUser({ email: 'biller@guidelines.test', roles: ['biller'], billingCompanyIds: [bc] });
  await app.createUser({
    email: 'manager@other-guidelines.test',
    roles: ['billingmanager'],
    billingCompanyIds: [other],
  });
  manager = app.as(await app.login('manager@guidelines.test'));
  biller = app.as(await app.login('biller@guidelines.test'));
  elsewhere = app.as(await app.login('manager@other-guidelines.test'));
  payer = Number(
    (
      await app.db.query<{ id: string }>(
        `insert into insurance_companies (payer_id, code, name) values ('60054', 'AET', 'Aetna') returning id`,
      )
    ).rows[0].id,
  );
});
afterAll(() => app.close());

describe('guidelines', () => {
  it("a manager writes a payer's guideline; a biller of the billing company finds it by the payer and by a word of it", async () => {
    const r = await manager('POST', '/guideline', {
      title: 'Aetna filing',
      insurance_company_id: payer,
      body: '# Aetna\n- Timely filing: **90 days**',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const byPayer = await biller('GET', `/guideline/get-all-server?insurance_company_id=${payer}`);
    expect(byPayer.body.data.map((g: { id: number }) => g.id)).toEqual([r.body.id]);
    const byWord = await biller('GET', '/guideline/get-all-server?query=timely');
    expect(byWord.body.data.map((g: { body: string }) => g.body)).toEqual(['# Aetna\n- Timely filing: **90 days**']);
  });

  it('a biller reads guidelines but does not write them', async () => {
    const r = await biller('POST', '/guideline', { title: 'Mine', body: 'text' });
    expect(r.status).toBe(403);
    expect((await app.db.query(`select 1 from guidelines where title = 'Mine'`)).rows).toEqual([]);
  });

  it('another billing company neither lists nor reads them', async () => {
    const list = await elsewhere('GET', '/guideline/get-all-server');
    expect(list.body.data).toEqual([]);
    const id = Number(
      (await app.db.query<{ id: string }>(`select id from guidelines where title = 'Aetna filing'`)).rows[0].id,
    );
    expect((await elsewhere('GET', `/guideline/${id}`)).status).toBe(404);
  });

  it('a guideline needs a title and a text', async () => {
    const r = await manager('POST', '/guideline', { insurance_company_id: payer });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual(['body', 'title']);
  });
});
