import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let ana: Api;
let ben: Api;
let client: Api;
let anaId: number;
beforeAll(async () => {
  app = await startTestApp();
  const bc = await app.createBillingCompany('Filters BC', 'FBC');
  anaId = await app.createUser({ email: 'ana@filters.test', roles: ['collector'], billingCompanyIds: [bc] });
  await app.createUser({ email: 'ben@filters.test', roles: ['collector'], billingCompanyIds: [bc] });
  await app.createUser({ email: 'cli@filters.test', roles: ['client'], billingCompanyIds: [bc] });
  ana = app.as(await app.login('ana@filters.test'));
  ben = app.as(await app.login('ben@filters.test'));
  client = app.as(await app.login('cli@filters.test'));
});
afterAll(() => app.close());

const rows = async (userId: number) =>
  (
    await app.db.query<{ entity: string; name: string; filters: Record<string, unknown> }>(
      'select entity, name, filters from saved_filters where user_id = $1 order by id',
      [userId],
    )
  ).rows;

describe('saved list filters', () => {
  it('a filter is saved for its list under a name, relative dates kept relative, and listed back to its owner', async () => {
    const mine = { assigned_user_id: anaId, follow_up_date_to: '@today' };
    const r = await ana('POST', '/saved-filters', { entity: 'denial', name: 'My follow-ups today', filters: mine });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ entity: 'denial', name: 'My follow-ups today', filters: mine });
    expect(await rows(anaId)).toEqual([{ entity: 'denial', name: 'My follow-ups today', filters: mine }]);
    expect((await ana('GET', '/saved-filters?entity=denial')).body).toEqual([
      { id: r.body.id, entity: 'denial', name: 'My follow-ups today', filters: mine },
    ]);
    expect((await ana('GET', '/saved-filters?entity=claim')).body).toEqual([]);
  });

  it('saving again under the same name replaces the filters, and the change is audited', async () => {
    const first = await ana('POST', '/saved-filters', {
      entity: 'denial',
      name: 'Big ones',
      filters: { billed_amount_min: 100000 },
    });
    const again = await ana('POST', '/saved-filters', {
      entity: 'denial',
      name: 'Big ones',
      filters: { billed_amount_min: 250000 },
    });
    expect(again.body.id).toBe(first.body.id);
    expect((await rows(anaId)).filter((x) => x.name === 'Big ones')).toEqual([
      { entity: 'denial', name: 'Big ones', filters: { billed_amount_min: 250000 } },
    ]);
    const audit = (
      await app.db.query<{ event: string; new_values: { filters: unknown } }>(
        `select event, new_values from audits where entity = 'saved_filter' and entity_id = $1 order by id`,
        [first.body.id],
      )
    ).rows;
    expect(audit.map((a) => [a.event, a.new_values.filters])).toEqual([
      ['created', { billed_amount_min: 100000 }],
      ['updated', { billed_amount_min: 250000 }],
    ]);
  });

  it('a filter the list does not offer, a bad date or an empty set is refused with the field named, and nothing is saved', async () => {
    const before = await rows(anaId);
    const bad = await ana('POST', '/saved-filters', {
      entity: 'denial',
      name: 'Odd',
      filters: { password: 'x', follow_up_date_from: 'next week' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      'filters.password': ['The list cannot be filtered by password.'],
      'filters.follow_up_date_from': ['A filter value must be text of at most 200 characters, a number or true/false.'],
    });
    const empty = await ana('POST', '/saved-filters', { entity: 'denial', name: 'Nothing', filters: { q: '' } });
    expect(empty.body.errors).toEqual({ filters: ['There are no filters to save: choose some first.'] });
    const unnamed = await ana('POST', '/saved-filters', { entity: 'denial', name: ' ', filters: { q: 'x' } });
    expect(unnamed.body.errors).toEqual({ name: ['The saved filter needs a name of 1 to 60 characters.'] });
    expect(await rows(anaId)).toEqual(before);
  });

  it('a list the person may not read cannot have saved filters', async () => {
    expect((await client('GET', '/saved-filters?entity=denial')).status).toBe(403);
    expect((await client('POST', '/saved-filters', { entity: 'denial', name: 'x', filters: { q: 'a' } })).status).toBe(
      403,
    );
    expect((await ana('GET', '/saved-filters?entity=nothing')).status).toBe(422);
    const clientId = Number(
      (await app.db.query<{ id: string }>(`select id from users where email = 'cli@filters.test'`)).rows[0].id,
    );
    expect(await rows(clientId)).toEqual([]);
  });

  it("another person neither lists nor deletes someone's saved filter; its owner deletes it", async () => {
    const mine = (await ana('POST', '/saved-filters', { entity: 'denial', name: 'Mine', filters: { q: 'aetna' } }))
      .body;
    expect((await ben('GET', '/saved-filters?entity=denial')).body).toEqual([]);
    expect((await ben('DELETE', `/saved-filters/${mine.id}`)).status).toBe(404);
    expect((await rows(anaId)).some((x) => x.name === 'Mine')).toBe(true);
    expect((await ana('DELETE', `/saved-filters/${mine.id}`)).status).toBe(200);
    expect((await rows(anaId)).some((x) => x.name === 'Mine')).toBe(false);
  });
});
