import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let root: Api;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  for (let i = 1; i <= 7; i++) await root('POST', '/diagnosis', { code: `J4${i}`, description: `Asthma variant ${i}` });
  await root('POST', '/billing-company', { name: 'Asthma Care Billing', abbreviation: 'ACB' });
});
afterAll(() => app.close());

describe('spotlight search', () => {
  it('needs at least 3 characters', async () => {
    expect((await root('GET', '/search/as')).status).toBe(422);
  });

  it('answers at most 5 results, each with entity, id, display name and module', async () => {
    const r = await root('GET', '/search/asthma');
    expect(r.body).toHaveLength(5);
    expect(r.body[0]).toEqual({ entity: expect.any(String), id: expect.any(Number), name: expect.any(String), module: expect.any(String), route: expect.any(String) });
  });

  it('narrows to one entity with a search filter', async () => {
    const r = await root('GET', '/search/asthma?filter=billing_company');
    expect(r.body.map((x: { name: string }) => x.name)).toEqual(['ACB - Asthma Care Billing']);
  });

  it('lists the search filters the user may use', async () => {
    const r = await root('GET', '/search-filters/');
    expect(r.body.map((f: { id: string }) => f.id)).toEqual(expect.arrayContaining(['billing_company', 'diagnosis', 'modifier', 'patient']));
  });

  it('uses the trigram index rather than a scan', async () => {
    await app.db.query('set enable_seqscan = off');
    const plan = await app.db.query<{ 'QUERY PLAN': string }>("explain select id from diagnoses where lower(coalesce(code::text, '') || ' ' || coalesce(short_description::text, '') || ' ' || coalesce(description::text, '')) like '%asthma%'");
    await app.db.query('set enable_seqscan = on');
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('diagnoses_search_trgm');
  });
});
