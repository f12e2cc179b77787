import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let root: Api;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  for (let i = 1; i <= 7; i++) await root('POST', '/diagnosis', { code: `J4${i}`, description: `Asthma variant ${i}` });
  const bc = (await root('POST', '/billing-company', { name: 'Asthma Care Billing', abbreviation: 'ACB' })).body.id;
  // Diagnoses named after a person, and a patient of that name: staff looking for "Smith" mean the patient.
  for (const [code, description] of [
    ['S5251', "Smith's fracture of right radius"],
    ['S5252', "Smith's fracture of left radius"],
    ['S5253', "Smith's fracture, unspecified radius"],
    ['S5254', 'Smith fracture variant A'],
    ['S5255', 'Smith fracture variant B'],
    ['S5256', 'Smith fracture variant C'],
  ]) {
    await root('POST', '/diagnosis', { code, description });
  }
  const made = await root('POST', '/patient', {
    billing_company_id: bc,
    first_name: 'Wei',
    last_name: 'Smith',
    date_of_birth: '04/12/1980',
  });
  if (made.status !== 201) throw new Error(JSON.stringify(made.body));
});
afterAll(() => app.close());

describe('spotlight search', () => {
  it('needs at least 3 characters', async () => {
    expect((await root('GET', '/search/as')).status).toBe(422);
  });

  it('answers at most 5 results, each with entity, id, display name and module', async () => {
    const r = await root('GET', '/search/asthma');
    expect(r.body).toHaveLength(5);
    expect(r.body[0]).toEqual({
      entity: expect.any(String),
      id: expect.any(Number),
      name: expect.any(String),
      module: expect.any(String),
      route: expect.any(String),
    });
  });

  it('narrows to one entity with a search filter', async () => {
    const r = await root('GET', '/search/asthma?filter=billing_company');
    expect(r.body.map((x: { name: string }) => x.name)).toEqual(['ACB - Asthma Care Billing']);
  });

  it('lists the search filters the user may use', async () => {
    const r = await root('GET', '/search-filters/');
    expect(r.body.map((f: { id: string }) => f.id)).toEqual(
      expect.arrayContaining(['billing_company', 'diagnosis', 'modifier', 'patient']),
    );
  });

  it('uses the trigram index rather than a scan', async () => {
    await app.db.query('set enable_seqscan = off');
    const plan = await app.db.query<{ 'QUERY PLAN': string }>(
      "explain select id from diagnoses where lower(coalesce(code::text, '') || ' ' || coalesce(short_description::text, '') || ' ' || coalesce(description::text, '')) like '%asthma%'",
    );
    await app.db.query('set enable_seqscan = on');
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('diagnoses_search_trgm');
  });
});

describe('a broad search on a large list', () => {
  it('counts its matches up to 10,000 and says so, instead of counting them all', async () => {
    const bcRow = await app.db.query<{ id: number }>(
      `insert into billing_companies (name, abbreviation) values ('Broad Search', 'BS') returning id`,
    );
    const bc = bcRow.rows[0].id;
    await app.db.query(
      `insert into patients (billing_company_id, first_name, last_name, date_of_birth, status)
       select $1, 'Ana', 'Broadsearch' || g, date '1980-01-01', true from generate_series(1, 10050) g`,
      [bc],
    );
    const broad = await root(
      'GET',
      `/patient/get-all-server?query=broadsearch&billing_company_id=${bc}&itemsPerPage=25&page=2&sortBy=last_name`,
    );
    expect(broad.status).toBe(200);
    expect(broad.body).toMatchObject({ count: 10_000, count_capped: true, numberOfPages: 400 });
    expect(broad.body.data).toHaveLength(25);
    const narrow = await root('GET', `/patient/get-all-server?query=broadsearch1005&billing_company_id=${bc}`);
    // Broadsearch1005 and Broadsearch10050: a narrow search is counted exactly.
    expect(narrow.body.count).toBe(2);
    expect(narrow.body.count_capped).toBeUndefined();
  });

  it('across every billing company also stops counting at 10,000, and pages in name order', async () => {
    const broad = await root(
      'GET',
      '/patient/get-all-server?query=broadsearch&itemsPerPage=25&page=2&sortBy=last_name',
    );
    expect(broad.body).toMatchObject({ count: 10_000, count_capped: true, numberOfPages: 400 });
    // Name order is the key's byte order, last name then first: "broadsearch1002 ana" before "broadsearch10020 ana".
    const byKey = Array.from({ length: 10_050 }, (_, i) => `broadsearch${i + 1} ana`).sort();
    expect(
      broad.body.data.map((p: { last_name: string; first_name: string }) =>
        `${p.last_name} ${p.first_name}`.toLowerCase(),
      ),
    ).toEqual(byKey.slice(25, 50));
  });
});

describe('a Super User searching every billing company at once', () => {
  const names = (r: { body: { data: Array<{ first_name: string; last_name: string }> } }) =>
    r.body.data.map((p) => `${p.first_name} ${p.last_name}`);
  let east = 0;
  beforeAll(async () => {
    east = (await root('POST', '/billing-company', { name: 'East Okafor Billing', abbreviation: 'EOB' })).body.id;
    const west = (await root('POST', '/billing-company', { name: 'West Okafor Billing', abbreviation: 'WOB' })).body.id;
    for (const [bc, first_name, last_name, med_num] of [
      [east, 'Mary', 'Okafor'],
      [east, 'Bob', 'Nokafor'],
      [west, 'Adam', 'Okafor'],
      [west, 'Ana', 'Okaforson', 'OK-90417'],
    ] as const) {
      const made = await root('POST', '/patient', {
        billing_company_id: bc,
        first_name,
        last_name,
        date_of_birth: '03/03/1970',
        ...(med_num ? { med_num } : {}),
      });
      if (made.status !== 201) throw new Error(JSON.stringify(made.body));
    }
  });

  it('finds last names from their start, from every billing company, in name order', async () => {
    const r = await root('GET', '/patient/get-all-server?query=okaf&sortBy=last_name');
    expect(names(r)).toEqual(['Adam Okafor', 'Mary Okafor', 'Ana Okaforson']);
    expect(r.body.count).toBe(3);
  });

  it('finds "last, first" and "first last" alike', async () => {
    expect(names(await root('GET', `/patient/get-all-server?query=${encodeURIComponent('okafor, ma')}`))).toEqual([
      'Mary Okafor',
    ]);
    expect(names(await root('GET', `/patient/get-all-server?query=${encodeURIComponent('Adam Okafor')}`))).toEqual([
      'Adam Okafor',
    ]);
  });

  it('finds "last name, birth date" typed in one box, across billing companies and within one', async () => {
    const north = (await root('POST', '/billing-company', { name: 'North Okafor Billing', abbreviation: 'NOB' })).body
      .id;
    const made = await root('POST', '/patient', {
      billing_company_id: north,
      first_name: 'Rosa',
      last_name: 'Okafor',
      date_of_birth: '11/05/1962',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const q = (text: string, extra = '') => `/patient/get-all-server?query=${encodeURIComponent(text)}${extra}`;
    expect(names(await root('GET', q('okafor, 11/05/1962')))).toEqual(['Rosa Okafor']);
    expect(names(await root('GET', q('Okafor 11/05/1962', `&billing_company_id=${north}`)))).toEqual(['Rosa Okafor']);
    expect(names(await root('GET', q('okafor, 03/03/1970', '&sortBy=last_name')))).toEqual([
      'Adam Okafor',
      'Mary Okafor',
      'Ana Okaforson',
    ]);
  });

  it('still finds a number anywhere (a medical number)', async () => {
    expect(names(await root('GET', '/patient/get-all-server?query=90417'))).toEqual(['Ana Okaforson']);
    expect(names(await root('GET', `/patient/get-all-server?query=${encodeURIComponent('okaf 90417')}`))).toEqual([
      'Ana Okaforson',
    ]);
  });

  it('searches every field anywhere once a billing company is picked', async () => {
    const r = await root('GET', `/patient/get-all-server?query=okaf&sortBy=last_name&billing_company_id=${east}`);
    expect(names(r)).toEqual(['Bob Nokafor', 'Mary Okafor']);
  });

  it('walks the name key index, not a scan of every patient', async () => {
    await app.db.query('set enable_seqscan = off');
    const plan = await app.db.query<{ 'QUERY PLAN': string }>(
      "explain select id from patients where name_key like 'okaf%' order by name_key, id limit 25",
    );
    await app.db.query('set enable_seqscan = on');
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('patients_name_key_idx');
  });
});

describe('finding a patient', () => {
  it('spotlight lists the patient before code sets that share the name', async () => {
    const r = await root('GET', '/search/smith');
    expect(r.body[0]).toMatchObject({ entity: 'patient', name: expect.stringContaining('Smith') });
  });

  it('finds a name typed in either order', async () => {
    for (const q of ['Smith Wei', 'wei smith']) {
      const r = await root('GET', `/patient/get-all-server?query=${encodeURIComponent(q)}`);
      expect(
        r.body.data.map((p: { last_name: string }) => p.last_name),
        q,
      ).toEqual(['Smith']);
    }
    expect((await root('GET', `/search/${encodeURIComponent('Smith Wei')}`)).body[0]).toMatchObject({
      entity: 'patient',
    });
  });

  it('finds a date of birth typed as mm/dd/yyyy', async () => {
    const r = await root('GET', `/patient/get-all-server?query=${encodeURIComponent('04/12/1980')}`);
    expect(r.body.data.map((p: { first_name: string }) => p.first_name)).toEqual(['Wei']);
    expect((await root('GET', `/patient/get-all-server?query=${encodeURIComponent('04/13/1980')}`)).body.data).toEqual(
      [],
    );
  });
});
