import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let root: Api;
let bc: number;
let patient: { id: number; version: number };
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  bc = await app.createBillingCompany('Input Billing', 'IB');
  patient = (
    await root('POST', '/patient', {
      first_name: 'Rosa',
      last_name: 'Diaz',
      date_of_birth: '03/04/1970',
      billing_company_id: bc,
    })
  ).body;
});
afterAll(() => app.close());

const lastName = async () =>
  (await app.db.query<{ last_name: string }>('select last_name from patients where id = $1', [patient.id])).rows[0]
    .last_name;
const raw = (method: string, path: string, body: string | Uint8Array, headers: Record<string, string>) =>
  app
    .login('root@test.com')
    .then((t) =>
      fetch(app.url + path, { method, body: body as BodyInit, headers: { authorization: `Bearer ${t}`, ...headers } }),
    );

describe('bad input is a clear 4xx on the field it concerns, and writes nothing', () => {
  it('a NUL character in a text field', async () => {
    const r = await root('PUT', `/patient/${patient.id}`, { last_name: 'ab\u0000cd', version: patient.version });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ last_name: ['The text may not contain a NUL character.'] });
    expect(await lastName()).toBe('Diaz');
  });

  it('a NUL character in a search term or a look-up', async () => {
    expect((await root('GET', `/patient/get-all-server?query=${encodeURIComponent('Di\u0000az')}`)).status).toBe(422);
    expect((await root('GET', `/search/${encodeURIComponent('Dia\u0000z')}`)).status).toBe(422);
  });

  it('a __proto__ or constructor key in a JSON body', async () => {
    const proto = await root(
      'PUT',
      `/patient/${patient.id}`,
      '{"__proto__": {"admin": true}, "last_name": "Ruiz", "version": 1}',
    );
    expect(proto.status).toBe(422);
    expect(Object.keys(proto.body.errors)).toEqual(['__proto__']);
    expect(
      (await root('POST', '/modifier', { constructor: { prototype: { x: 1 } }, code: 'ZZ', description: 'x' })).status,
    ).toBe(422);
    expect(await lastName()).toBe('Diaz');
  });

  it('a body nested deeper than any form, refused by its depth instead of a crash', async () => {
    const before = await app.db.query('select count(*)::int as n from patients');
    const deep = '{"first_name":'.repeat(5000) + '"x"' + '}'.repeat(5000);
    const r = await root('POST', '/patient', `{"last_name": "Deep", "date_of_birth": "01/01/1980", "nested": ${deep}}`);
    expect(r.status).toBe(422);
    expect(Object.values(r.body.errors)).toEqual([['The data is nested too deeply (at most 32 levels).']]);
    expect((await app.db.query('select count(*)::int as n from patients')).rows).toEqual(before.rows);
  });

  it('a body that is a list, null or a bare value where a record is expected (a sticky note)', async () => {
    for (const body of ['[]', 'null', '"x"', '5']) {
      const r = await root('POST', '/sticky-notes', body);
      expect(r.status, body).toBe(422);
      expect(r.body.errors._, body).toEqual(['The request body must be a JSON object.']);
    }
    expect((await app.db.query<{ n: number }>('select count(*)::int as n from sticky_notes')).rows[0].n).toBe(0);
  });

  it("a setting or a thread's subject named after a JavaScript member (toString) is no setting and no subject", async () => {
    const setting = await root('PUT', '/user/profile', { toString: true });
    expect(setting.status).toBe(422);
    const thread = await root('POST', '/messenger/threads', {
      billing_company_id: bc,
      subject: 'Hello',
      body: 'Hi',
      member_ids: [1],
      about_kind: 'toString',
      about_id: 1,
    });
    expect(thread.status).toBe(422);
    expect(thread.body.errors).toEqual({
      about_kind: ['The thread must be about a claim, a patient or a payment, with its id.'],
    });
  });

  it('a number too large for an id, in the body and in the address', async () => {
    const company = (
      await root('POST', '/company', {
        name: 'Input Clinic',
        abbreviation: 'IC',
        npi: '1234567893',
        billing_company_id: bc,
      })
    ).body;
    const unit = await root('POST', '/unit', { company_id: 1e300, code: 'U1', name: 'Unit', billing_company_id: bc });
    expect(unit.status).toBe(422);
    expect(Object.keys(unit.body.errors)).toEqual(['company_id']);
    expect(company.id).toBeGreaterThan(0);
    expect((await root('GET', '/patient/1e300')).status).toBe(404);
    expect((await root('GET', '/patient/99999999999999999999')).status).toBe(404);
    expect((await root('PATCH', '/rollback-audit/1e300/by-entity/patient/1')).status).toBe(404);
  });

  it('an impossible date in a range filter', async () => {
    const r = await root('GET', '/patient/get-all-server?date_of_birth_from=13/45/2020');
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ date_of_birth_from: ['The date must be mm/dd/yyyy.'] });
  });

  it('a gzip header on a body that is not gzip, and a gzip body cut short', async () => {
    expect(
      (
        await raw('PUT', `/patient/${patient.id}`, '{"last_name": "Ruiz"}', {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await raw('PUT', `/patient/${patient.id}`, gzipSync('{"last_name": "Ruiz"}').subarray(0, 10), {
          'content-type': 'application/json',
          'content-encoding': 'gzip',
        })
      ).status,
    ).toBe(400);
    expect(await lastName()).toBe('Diaz');
  });

  it('a multipart body cut off in the middle', async () => {
    const r = await raw(
      'POST',
      '/user/img-profile',
      '--XyZ\r\nContent-Disposition: form-data; name="img"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
      { 'content-type': 'multipart/form-data; boundary=XyZ' },
    );
    expect(r.status).toBe(400);
    expect((await r.json()).message).toBe('The upload was cut off or is malformed.');
  });

  it('a /files address with an encoded ".." reaches nothing', async () => {
    const base = app.url.replace(/\/api\/v1$/, '');
    for (const path of [
      '/files/photos/..%2f..%2fpackage.json',
      '/files/..%2F..%2F.env',
      '/api/v1/files/..%2f..%2fpackage.json',
    ]) {
      const r = await fetch(base + path);
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      expect(r.status, path).toBeLessThan(500);
      expect(await r.text()).not.toContain('"dependencies"');
    }
  });

  it('a name made only of spaces is no name', async () => {
    const r = await root('POST', '/patient', {
      first_name: '   ',
      last_name: 'Diaz',
      date_of_birth: '03/04/1970',
      billing_company_id: bc,
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.first_name).toEqual(['The first name field is required.']);
  });

  it('surrounding spaces are dropped from what is stored', async () => {
    const r = await root('POST', '/modifier', { code: ' QK ', description: '  Medical direction  ' });
    expect(r.body).toMatchObject({ code: 'QK', description: 'Medical direction' });
  });

  it('null for a required field in an update is refused, and the old value stays', async () => {
    const r = await root('PUT', `/patient/${patient.id}`, { last_name: null, version: patient.version });
    expect(r.status).toBe(422);
    expect(r.body.errors.last_name).toEqual(['The last name field is required.']);
    expect(await lastName()).toBe('Diaz');
  });

  it('null for an optional field clears it', async () => {
    const m = (await root('POST', '/modifier', { code: 'QJ', description: 'Prisoner', note: 'temporary' })).body;
    const r = await root('PUT', `/modifier/${m.id}`, { note: null, version: m.version });
    expect(r.status).toBe(200);
    expect(r.body.note).toBeUndefined();
    expect(
      (await app.db.query<{ note: string | null }>('select note from modifiers where id = $1', [m.id])).rows[0].note,
    ).toBeNull();
  });

  it('a JSON body sent as another content type is refused as an unsupported type', async () => {
    const r = await raw(
      'POST',
      '/patient',
      JSON.stringify({ first_name: 'Ana', last_name: 'Diaz', date_of_birth: '03/04/1970', billing_company_id: bc }),
      { 'content-type': 'text/plain' },
    );
    expect(r.status).toBe(415);
    expect((await r.json()).message).toBe(
      'The request body must be JSON (application/json) or multipart/form-data, not text/plain.',
    );
  });
});
