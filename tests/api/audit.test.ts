import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let root: Api;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
});
afterAll(() => app.close());

describe('audit trail', () => {
  it('records create, update and status change with old and new values, user, IP and URL', async () => {
    const c = await root(
      'POST',
      '/modifier',
      { code: 'GA', description: 'Waiver on file' },
      { 'user-agent': 'audit-test' },
    );
    await root('PUT', `/modifier/${c.body.id}`, {
      description: 'Waiver of liability on file',
      version: c.body.version,
    });
    await root('PATCH', `/modifier/change-status/${c.body.id}`, { status: false });
    const r = await root('PATCH', `/audit-all-by-entity/modifier/${c.body.id}`, { sortBy: 'id' });
    expect(r.body.count).toBe(3);
    const [created, updated, status] = r.body.data;
    expect(created).toMatchObject({
      event: 'created',
      old_values: null,
      user_agent: 'audit-test',
      user: { email: 'root@test.com' },
    });
    expect(updated).toMatchObject({
      event: 'updated',
      old_values: { description: 'Waiver on file' },
      new_values: { description: 'Waiver of liability on file' },
      url: `/api/v1/modifier/${c.body.id}`,
    });
    expect(status).toMatchObject({
      event: 'status_changed',
      old_values: { active: true },
      new_values: { active: false },
    });
    expect(created.ip).toBeTruthy();
  });

  it('pages audit history 10 at a time by default', async () => {
    const c = await root('POST', '/modifier', { code: 'GY', description: 'Statutorily excluded' });
    for (let i = 0; i < 11; i++) await root('PUT', `/modifier/${c.body.id}/note`, { note: `n${i}` });
    const r = await root('PATCH', `/audit-all-by-entity/modifier/${c.body.id}`);
    expect(r.body.data).toHaveLength(10);
    expect(r.body.count).toBe(12);
    expect(r.body.numberOfPages).toBe(2);
  });

  it('the database refuses to update or delete audit rows', async () => {
    await expect(app.db.query('update audits set event = $1', ['x'])).rejects.toThrow(/append-only/);
    await expect(app.db.query('delete from audits')).rejects.toThrow(/append-only/);
  });

  it('rolls an update back to the old data and audits the rollback', async () => {
    const c = await root('POST', '/modifier', { code: 'GT', description: 'Telehealth' });
    await root('PUT', `/modifier/${c.body.id}`, { description: 'Changed by mistake', version: c.body.version });
    const audits = (await root('PATCH', `/audit-all-by-entity/modifier/${c.body.id}`, { sortBy: 'id' })).body.data;
    const r = await root('PATCH', `/rollback-audit/${audits[1].id}/by-entity/modifier/${c.body.id}`);
    expect(r.status).toBe(200);
    expect((await root('GET', `/modifier/${c.body.id}`)).body.description).toBe('Telehealth');
    const after = (await root('PATCH', `/audit-all-by-entity/modifier/${c.body.id}`, { sortBy: 'id', sortDesc: true }))
      .body.data[0];
    expect(after.event).toBe('rolled_back');
  });

  it('refuses to roll back a creation with a clear message', async () => {
    const c = await root('POST', '/modifier', { code: 'JW', description: 'Drug wasted' });
    const created = (await root('PATCH', `/audit-all-by-entity/modifier/${c.body.id}`)).body.data[0];
    const r = await root('PATCH', `/rollback-audit/${created.id}/by-entity/modifier/${c.body.id}`);
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/creation cannot be rolled back/);
  });

  it('restores a deleted record by rolling back its deletion', async () => {
    const bc = await app.createBillingCompany('Restore Co', 'RC');
    const p = await root('POST', '/patient', {
      first_name: 'Rita',
      last_name: 'Stone',
      date_of_birth: '05/06/1960',
      billing_company_id: bc,
    });
    await root('DELETE', `/patient/${p.body.id}`);
    const del = (await root('PATCH', `/audit-all-by-entity/patient/${p.body.id}`, { sortDesc: true })).body.data[0];
    expect(del.event).toBe('deleted');
    expect((await root('PATCH', `/rollback-audit/${del.id}/by-entity/patient/${p.body.id}`)).status).toBe(200);
    expect((await root('GET', `/patient/${p.body.id}`)).body).toMatchObject({
      first_name: 'Rita',
      date_of_birth: '05/06/1960',
    });
  });

  it('answers one audit entry and all entries by user', async () => {
    const all = await root('POST', '/audit-all', { itemsPerPage: 5 });
    expect(all.body.data).toHaveLength(5);
    const one = await root('POST', '/audit-one', { id: all.body.data[0].id });
    expect(one.body.id).toBe(all.body.data[0].id);
    const mine = await root('POST', '/audit-all-by-user/', {});
    expect(mine.body.count).toBe(all.body.count);
  });
});

describe("reads of a patient's information", () => {
  /** A billing company with a patient and its manager, who reads the patient's records. */
  async function patientWithReader(n: number) {
    const bc = await app.createBillingCompany(`Reads BC ${n}`, `RB${n}`);
    await app.createUser({ email: `reader${n}@audit.test`, roles: ['billingmanager'], billingCompanyIds: [bc] });
    const reader = app.as(await app.login(`reader${n}@audit.test`));
    const p = await reader('POST', '/patient', {
      first_name: 'Lucia',
      last_name: 'Vega',
      date_of_birth: '05/06/1977',
      ssn: '123-45-6789',
    });
    return { bc, reader, patient: p.body as { id: number } };
  }
  const readsOf = async (patientId: number) =>
    (
      await app.db.query<{ event: string; new_values: unknown; user_email: string; ip: string }>(
        `select a.event, a.new_values, u.email as user_email, a.ip from audits a join users u on u.id = a.user_id
          where a.entity = 'patient' and a.entity_id = $1 and a.event = 'read' order by a.id`,
        [patientId],
      )
    ).rows;

  it("opening a patient, their ledger and their statement each leave a read in the audit trail, holding none of the patient's data", async () => {
    const { reader, patient } = await patientWithReader(1);
    expect((await reader('GET', `/patient/${patient.id}`)).status).toBe(200);
    expect((await reader('GET', `/ledger/${patient.id}`)).status).toBe(200);
    expect((await reader('GET', `/ledger/${patient.id}/statement?preview=true`)).status).toBe(200);
    const reads = await readsOf(patient.id);
    expect(reads.map((r) => [r.event, r.new_values, r.user_email])).toEqual([
      ['read', null, 'reader1@audit.test'],
      ['read', { view: 'ledger' }, 'reader1@audit.test'],
      ['read', { view: 'statement_preview' }, 'reader1@audit.test'],
    ]);
    expect(reads.every((r) => r.ip === '127.0.0.1' || r.ip === '::ffff:127.0.0.1')).toBe(true);
    expect(JSON.stringify(reads)).not.toMatch(/Lucia|Vega|6789/);
  });

  it("a record's history lists its changes, not who read it (that is the accesses report's)", async () => {
    const { reader, patient } = await patientWithReader(4);
    await reader('GET', `/patient/${patient.id}`);
    const history = await reader('PATCH', `/audit-all-by-entity/patient/${patient.id}`, { sortBy: 'id' });
    expect(history.body.data.map((a: { event: string }) => a.event)).toEqual(['created']);
  });

  it('reading a code list leaves no read: only patient information is recorded', async () => {
    const before = (await app.db.query<{ n: number }>(`select count(*)::int as n from audits where event = 'read'`))
      .rows[0].n;
    const dx = await root('POST', '/diagnosis', { code: 'Z01.00', description: 'Eye exam' });
    await root('GET', `/diagnosis/${dx.body.id}`);
    expect(
      (await app.db.query<{ n: number }>(`select count(*)::int as n from audits where event = 'read'`)).rows[0].n,
    ).toBe(before);
  });

  it("a privacy officer lists who accessed a patient's records, newest first; another company's manager cannot", async () => {
    const { reader, patient } = await patientWithReader(2);
    await reader('GET', `/patient/${patient.id}`);
    await reader('GET', `/ledger/${patient.id}`);
    const r = await reader('GET', `/patient/${patient.id}/accesses`);
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(3);
    expect(
      r.body.data.map((a: { record: string; event: string; view: string | null; user_email: string }) => [
        a.record,
        a.event,
        a.view,
        a.user_email,
      ]),
    ).toEqual([
      ['patient', 'read', 'ledger', 'reader2@audit.test'],
      ['patient', 'read', null, 'reader2@audit.test'],
      ['patient', 'created', null, 'reader2@audit.test'],
    ]);
    const other = await patientWithReader(3);
    expect((await other.reader('GET', `/patient/${patient.id}/accesses`)).status).toBe(404);
  });
  it('a list of patients taken away as an export leaves a read per patient, saying export and its format, holding none of their data', async () => {
    const { reader, patient } = await patientWithReader(5);
    const r = await reader('GET', '/patient/get-all-server?export=xlsx&itemsPerPage=1000');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.map((p: { id: number }) => p.id)).toEqual([patient.id]);
    const reads = await readsOf(patient.id);
    expect(reads.map((x) => [x.new_values, x.user_email])).toEqual([
      [{ view: 'export', format: 'xlsx' }, 'reader5@audit.test'],
    ]);
    expect(JSON.stringify(reads)).not.toMatch(/Lucia|Vega|6789/);
    const accesses = await reader('GET', `/patient/${patient.id}/accesses`);
    expect(accesses.body.data[0]).toMatchObject({ record: 'patient', event: 'read', view: 'export' });
  });

  it('browsing the same list, page after page, is not an export and leaves no read', async () => {
    const { reader, patient } = await patientWithReader(6);
    expect((await reader('GET', '/patient/get-all-server')).status).toBe(200);
    expect(await readsOf(patient.id)).toEqual([]);
  });

  it('an export of patients asks the person to confirm it is them when their last proof is old, and records nothing until then', async () => {
    const { reader, patient } = await patientWithReader(7);
    await app.db.query(
      `update sessions set stepped_up_at = now() - interval '1 hour' where user_id = (select id from users where email = $1)`,
      ['reader7@audit.test'],
    );
    const r = await reader('GET', '/patient/get-all-server?export=csv');
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ step_up_required: true, method: 'password' });
    expect(r.body.data).toBeUndefined();
    expect(await readsOf(patient.id)).toEqual([]);
  });

  it('an export of a code list needs no proof and records nothing; an unknown format is refused', async () => {
    const before = (await app.db.query<{ n: number }>(`select count(*)::int as n from audits where event = 'read'`))
      .rows[0].n;
    await app.db.query(`update sessions set stepped_up_at = now() - interval '1 hour'`);
    expect((await root('GET', '/diagnosis/get-all-server?export=pdf')).status).toBe(200);
    const bad = await root('GET', '/diagnosis/get-all-server?export=docx');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ export: ['A list is exported as csv, xlsx or pdf.'] });
    expect(
      (await app.db.query<{ n: number }>(`select count(*)::int as n from audits where event = 'read'`)).rows[0].n,
    ).toBe(before);
  });
});
