import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let admin: Api;

beforeAll(async () => {
  ({ app, root: admin } = await startAsSuperUser());
});
afterAll(() => app.close());

const count = async (table: string) =>
  Number((await app.db.query<{ n: number }>(`select count(*) n from ${table}`)).rows[0].n);

describe('generic resource routes', () => {
  it('creates a diagnosis and answers it by id and by code', async () => {
    const created = await admin('POST', '/diagnosis/', {
      code: 'E119',
      description: 'Type 2 diabetes mellitus without complications',
      start_date: '10/01/2025',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      code: 'E119',
      start_date: '10/01/2025',
      active: true,
      display_name: 'E119 - Type 2 diabetes mellitus without complications',
    });
    expect((await admin('GET', `/diagnosis/${created.body.id}`)).body.code).toBe('E119');
    expect((await admin('GET', '/diagnosis/get-by-code/e119')).body.id).toBe(created.body.id);
  });

  it('a list answers the records named by ?ids in one request, and refuses ids that are not ids', async () => {
    const a = await admin('POST', '/diagnosis/', { code: 'J45909', description: 'Unspecified asthma, uncomplicated' });
    const b = await admin('POST', '/diagnosis/', { code: 'I10X', description: 'Essential (primary) hypertension' });
    const r = await admin('GET', `/diagnosis/get-all-server?ids=${b.body.id},${a.body.id}&itemsPerPage=10`);
    expect(r.body.data.map((d: { id: number }) => d.id).sort()).toEqual([a.body.id, b.body.id].sort());
    expect((await admin('GET', '/diagnosis/get-all-server?ids=1,x')).status).toBe(422);
  });

  it('the total counts every match on any page, also a page past the end', async () => {
    for (const code of ['Z001', 'Z002', 'Z003'])
      await admin('POST', '/diagnosis/', { code, description: `Total check ${code}` });
    const page2 = await admin('GET', '/diagnosis/get-all-server?query=total check&itemsPerPage=2&page=2');
    expect([page2.body.count, page2.body.data.length, page2.body.numberOfPages]).toEqual([3, 1, 2]);
    const past = await admin('GET', '/diagnosis/get-all-server?query=total check&itemsPerPage=2&page=5');
    expect([past.body.count, past.body.data.length]).toEqual([3, 0]);
  });

  it('answers an unknown code with the spec message', async () => {
    const r = await admin('GET', '/diagnosis/get-by-code/ZZZ999');
    expect(r.status).toBe(404);
    expect(r.body.message).toBe('Diagnosis code not found');
  });

  it('refuses a duplicate diagnosis code with the spec message', async () => {
    await admin('POST', '/diagnosis', { code: 'I10', description: 'Essential (primary) hypertension' });
    const r = await admin('POST', '/diagnosis', { code: 'i10', description: 'Again' });
    expect(r.status).toBe(422);
    expect(r.body).toEqual({
      code: 'duplicate',
      message: 'This diagnosis is already registered',
      errors: { code: ['This diagnosis is already registered'] },
    });
  });

  it('refuses a duplicate billing company name with the spec message', async () => {
    await admin('POST', '/billing-company/create', { name: 'North Billing', abbreviation: 'NB' });
    const r = await admin('POST', '/billing-company', { name: 'north billing', abbreviation: 'NB2' });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('The billing company is already registered');
  });

  it('lists required fields that are missing, each with its message', async () => {
    const r = await admin('POST', '/modifier', {});
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      code: ['The code field is required.'],
      description: ['The description field is required.'],
    });
  });

  it('refuses unknown fields', async () => {
    const r = await admin('POST', '/modifier', { code: 'GA', description: 'Waiver', colour: 'red' });
    expect(r.status).toBe(422);
    expect(r.body.errors.colour).toEqual(['The field colour is not allowed.']);
  });

  it('refuses wrong types', async () => {
    const r = await admin('POST', '/modifier', { code: 12, description: 'x' });
    expect(r.status).toBe(422);
    expect(r.body.errors.code).toEqual(['The code must be a string.']);
  });

  it('refuses a modifier code longer than 2 characters', async () => {
    const r = await admin('POST', '/modifier', { code: 'GAX', description: 'x' });
    expect(r.status).toBe(422);
    expect(r.body.errors.code[0]).toMatch(/2 characters/);
  });

  it('refuses an impossible date', async () => {
    const r = await admin('POST', '/modifier', { code: 'GY', description: 'x', start_date: '02/30/2025' });
    expect(r.status).toBe(422);
    expect(r.body.errors.start_date).toEqual(['The start date is not a valid date (mm/dd/yyyy).']);
  });

  it('answers malformed JSON with 400 and a clear message', async () => {
    const r = await admin('POST', '/modifier', '{"code": "GA",', { 'content-type': 'application/json' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ message: 'The request body is not valid JSON.', code: 'body_not_json' });
  });

  it('answers an oversized body with 413', async () => {
    const r = await admin('POST', '/modifier', { code: 'GA', description: 'x'.repeat(1_100_000) });
    expect(r.status).toBe(413);
  });

  it('answers a JSON body that is not an object with 422', async () => {
    const r = await admin('POST', '/modifier', [1, 2]);
    expect(r.status).toBe(422);
  });

  it('writes nothing when a request fails', async () => {
    const before = [await count('modifiers'), await count('audits')];
    await admin('POST', '/modifier', { code: 'GAX', description: 'x' });
    await admin('POST', '/diagnosis', { code: 'I10', description: 'dup' });
    expect([await count('modifiers'), await count('audits')]).toEqual(before);
  });

  it('updates with PUT, keeping fields the body leaves out', async () => {
    const c = await admin('POST', '/modifier', { code: 'KX', description: 'Requirements met', note: 'keep' });
    const u = await admin('PUT', `/modifier/${c.body.id}`, {
      description: 'Requirements specified in the medical policy have been met',
      version: c.body.version,
    });
    expect(u.status).toBe(200);
    expect(u.body).toMatchObject({
      code: 'KX',
      note: 'keep',
      description: 'Requirements specified in the medical policy have been met',
    });
  });

  it('accepts the record it served back on PUT (read-only fields are ignored)', async () => {
    const c = await admin('POST', '/modifier', { code: 'LT', description: 'Left side' });
    const full = (await admin('GET', `/modifier/${c.body.id}`)).body;
    const u = await admin('PUT', `/modifier/${c.body.id}`, { ...full, description: 'Left side of body' });
    expect(u.status).toBe(200);
    expect(u.body.description).toBe('Left side of body');
  });

  it('updates only the note through PUT {id}/note and refuses other fields there', async () => {
    const c = await admin('POST', '/modifier', { code: 'RT', description: 'Right side' });
    expect((await admin('PUT', `/modifier/${c.body.id}/note`, { note: 'bilateral?' })).body.note).toBe('bilateral?');
    expect((await admin('PUT', `/modifier/${c.body.id}/note`, { description: 'no' })).status).toBe(422);
  });

  it('change-status sets the status the body names, and the same call twice leaves it so', async () => {
    const c = await admin('POST', '/modifier', { code: 'TC', description: 'Technical component' });
    expect((await admin('PATCH', `/modifier/change-status/${c.body.id}`)).status).toBe(422);
    expect((await admin('PATCH', `/modifier/change-status/${c.body.id}`, { status: false })).body.active).toBe(false);
    expect((await admin('PATCH', `/modifier/change-status/${c.body.id}`, { status: false })).body.active).toBe(false);
    expect((await admin('PATCH', `/modifier/change-status/${c.body.id}`, { status: true })).body.active).toBe(true);
  });

  it('answers 404 for a missing or non-numeric id', async () => {
    expect((await admin('GET', '/modifier/999999')).status).toBe(404);
    expect((await admin('GET', '/modifier/abc')).status).toBe(404);
    expect((await admin('GET', '/no-such-thing')).status).toBe(404);
  });

  it('deletes only where the spec lists DELETE', async () => {
    expect((await admin('DELETE', '/modifier/1')).status).toBe(404);
    const bc = await app.createBillingCompany('Delete Co', 'DC');
    const p = await admin('POST', '/patient', {
      first_name: 'Ann',
      last_name: 'Lee',
      date_of_birth: '01/02/1980',
      billing_company_id: bc,
    });
    expect((await admin('DELETE', `/patient/${p.body.id}`)).status).toBe(200);
    expect((await admin('GET', `/patient/${p.body.id}`)).status).toBe(404);
  });

  it('pages, sorts and filters the server list', async () => {
    for (const [code, d] of [
      ['A01', 'Typhoid'],
      ['A02', 'Salmonella'],
      ['A03', 'Shigellosis'],
    ])
      await admin('POST', '/diagnosis', { code, description: d, type: 'ICD-10' });
    const r = await admin('GET', '/diagnosis/get-all-server?query=a0&itemsPerPage=2&page=1&sortBy=code&sortDesc=true');
    expect(r.body.count).toBe(3);
    expect(r.body.numberOfPages).toBe(2);
    expect(r.body.data.map((d: { code: string }) => d.code)).toEqual(['A03', 'A02']);
    const filtered = await admin('GET', '/diagnosis/get-all-server?description=salmon');
    expect(filtered.body.data.map((d: { code: string }) => d.code)).toEqual(['A02']);
  });

  it('refuses to sort by a field the schema does not mark sortable', async () => {
    const r = await admin('GET', '/diagnosis/get-all-server?sortBy=note');
    expect(r.status).toBe(422);
    expect(r.body.errors.sortBy).toBeDefined();
  });

  it('refuses a page size above 1000', async () => {
    expect((await admin('GET', '/diagnosis/get-all-server?itemsPerPage=5000')).status).toBe(422);
  });

  it('answers get-list as id and display name pairs', async () => {
    const r = await admin('GET', '/billing-company/get-list');
    expect(r.body).toContainEqual({ id: expect.any(Number), name: 'NB - North Billing' });
  });

  it('serves code lists with stable ids', async () => {
    const r = await admin('GET', '/diagnosis/type');
    expect(r.body).toEqual([
      { id: 1, name: 'ICD-10' },
      { id: 2, name: 'ICD-9' },
    ]);
  });

  it('takes a billing company with a logo as multipart and refuses a logo over 1 MB', async () => {
    const form = new FormData();
    form.set('name', 'Logo Billing');
    form.set('abbreviation', 'LB');
    form.set(
      'logo',
      new Blob([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 0])], { type: 'image/png' }),
      'logo.png',
    );
    const ok = await admin('POST', '/billing-company/create', form);
    expect(ok.status).toBe(201);
    expect(ok.body.logo).toMatch(/^api\/v1\/files\/\d+\/content$/);
    const big = new FormData();
    big.set('name', 'Big Logo');
    big.set('abbreviation', 'BL');
    big.set('logo', new Blob([new Uint8Array(1024 * 1024 + 1)], { type: 'image/png' }), 'big.png');
    const r = await admin('POST', '/billing-company/create', big);
    expect(r.status).toBe(422);
    expect(r.body.errors.logo).toEqual(['The photo does not meet the parameters']);
  });

  it('answers every GET path document 2 lists for billing company, diagnosis and modifier', async () => {
    const d = (await admin('POST', '/diagnosis', { code: 'M5450', description: 'Low back pain, unspecified' })).body;
    const m = (await admin('POST', '/modifier', { code: 'XE', description: 'Separate encounter' })).body;
    const b = (await admin('POST', '/billing-company', { name: 'Paths Billing', abbreviation: 'PB' })).body;
    const paths = [
      '/billing-company/get-all-server',
      `/billing-company/${b.id}`,
      '/billing-company/get-list',
      '/billing-company',
      '/diagnosis/',
      '/diagnosis',
      '/diagnosis/classification/M5450',
      '/diagnosis/get-by-code/M5450',
      `/diagnosis/${d.id}`,
      '/diagnosis/type/ICD-10/classification',
      '/diagnosis/type',
      `/modifier/${m.id}`,
      '/modifier',
      '/modifier/get-by-code/XE',
      '/modifier/get-list',
      '/modifier/classification',
      '/modifier/type',
    ];
    const statuses = await Promise.all(paths.map(async (p) => `${p} ${(await admin('GET', p)).status}`));
    expect(statuses).toEqual(paths.map((p) => `${p} 200`));
  });

  it('serves the OpenAPI document listing the spec paths', async () => {
    const r = await app.as(null)('GET', '/openapi.json');
    expect(r.body.openapi).toBe('3.1.0');
    expect(Object.keys(r.body.paths)).toEqual(
      expect.arrayContaining([
        '/billing-company/create',
        '/billing-company/change-status/{id}',
        '/diagnosis/get-by-code/{code}',
        '/modifier/{id}/note',
      ]),
    );
  });
});

describe('look-up lists of the patient (predecessor-facts §6)', () => {
  it('responsibility types answer code - description with stable ids', async () => {
    const r = await admin('GET', '/patient/get-list-responsibility-type');
    expect(r.body.slice(0, 3)).toEqual([
      { id: 1, name: 'P - Primary' },
      { id: 2, name: 'S - Secondary' },
      { id: 3, name: 'T - Tertiary' },
    ]);
    expect(r.body).toHaveLength(12);
  });

  it('policy types answer general and Medicare-secondary lists', async () => {
    const r = await admin('GET', '/patient/get-list-insurance-policy-type');
    expect(r.body.general.map((i: { name: string }) => i.name)).toEqual([
      '1 - Health',
      '2 - Auto',
      '3 - Work Comp',
      'I - Industrial',
      'L - Liability',
      'O - Other',
    ]);
    expect(r.body.secondary.map((i: { name: string }) => i.name.split(' - ')[0])).toEqual([
      '12',
      '13',
      '14',
      '15',
      '16',
      '41',
      '42',
      '43',
      '47',
    ]);
  });

  it('address types leave out the ones not offered (Payment)', async () => {
    const r = await admin('GET', '/patient/get-list-address-type');
    expect(r.body).toEqual([
      { id: 1, name: 'Work' },
      { id: 2, name: 'House / Residence' },
      { id: 3, name: 'Other' },
    ]);
  });

  it('relationships carry their X12 codes', async () => {
    const r = await admin('GET', '/patient/get-list-relationship');
    expect(r.body.map((i: { name: string }) => i.name)).toContain('G8 - Other relationship');
  });
});
