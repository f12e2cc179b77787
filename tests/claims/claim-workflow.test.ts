import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { expectReadableLayout } from '../helpers/pdf-layout.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
let other: ClaimWorld;
let biller: Api;
let outsider: Api;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  other = await claimWorld(app.db, 'LSR');
  await app.createUser({ email: 'biller@sun.test', roles: ['biller'], billingCompanyIds: [w.bc] });
  await app.createUser({ email: 'biller@lsr.test', roles: ['biller'], billingCompanyIds: [other.bc] });
  biller = app.as(await app.login('biller@sun.test'));
  outsider = app.as(await app.login('biller@lsr.test'));
});
afterAll(() => app.close());

const stored = async (id: number) =>
  (await app.db.query<Record<string, any>>('select * from claims where id = $1', [id])).rows[0];
const created = async (over: Record<string, unknown> = {}) => {
  const r = await root('POST', '/claim', goodClaim(w, over));
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body;
};
/** A claim placed in a status directly (the road to it is not what is tested). */
const claimIn = async (status: number) => {
  const c = await created();
  await app.db.query('update claims set status_id = $2 where id = $1', [c.id, status]);
  return c;
};

describe('saving', () => {
  it('a draft keeps what is not finished yet and stays Draft', async () => {
    const r = await biller('POST', '/claim/draft', {
      format_id: 1,
      patient_id: w.patient,
      company_id: w.company,
      diagnoses: [{ code: 'I10' }],
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status_id: 1, verified: false, status: { name: 'Draft' } });
    expect((await stored(r.body.id)).status_id).toBe(1);
  });

  it('a complete save becomes Not submitted, with the note the predecessor wrote', async () => {
    const c = await created();
    expect(c.status_id).toBe(2);
    expect(c.status_history.map((h: any) => h.notes_history[0].note)).toEqual([
      'Created',
      'Claim created successfully, system verification',
    ]);
  });

  it('billed amount = Σ units × price (half up to the cent); amount paid = Σ copays; date of service = earliest from date', async () => {
    const c = await created({
      services: [
        {
          from_service: '03/04/2026',
          to_service: '03/04/2026',
          procedure_code: '99213',
          diagnosis_pointers: ['A'],
          days_or_units: '1.5',
          price: 333,
          copay: 2000,
        },
        {
          from_service: '03/05/2026',
          to_service: '03/05/2026',
          procedure_code: '85025',
          diagnosis_pointers: ['A'],
          days_or_units: '2',
          price: 2500,
        },
      ],
    });
    expect(c.services.map((l: any) => l.line_charge)).toEqual([500, 5000]);
    expect(c).toMatchObject({ billed_amount: 5500, amount_paid: 2000, date_of_service: '03/04/2026' });
    expect(Number((await stored(c.id)).billed_amount)).toBe(5500);
  });

  it("the past-due date is the last date of service plus the primary payer's timely filing", async () => {
    expect((await created()).past_due_date).toBe('05/31/2026');
  });

  it('the claim number reads company-DOS-initials and the zero-padded id', async () => {
    const c = await created();
    expect(c.code).toBe(`SUN-03022026-LP${String(c.id).padStart(6, '0')}`);
  });

  it('a claim without policies is self pay', async () => {
    const c = await created({ insurance_policy_ids: [] });
    expect(c.self_pay).toBe(true);
    expect((await stored(c.id)).self_pay).toBe(true);
  });

  it('an update must name the version it edited; a stale one is refused', async () => {
    const c = await created();
    expect((await root('PUT', `/claim/${c.id}`, goodClaim(w))).status).toBe(428);
    const ok = await root('PUT', `/claim/${c.id}`, {
      ...goodClaim(w, { prior_authorization: 'AUTH-9' }),
      version: c.version,
    });
    expect(ok.status).toBe(200);
    const stale = await root('PUT', `/claim/${c.id}`, { ...goodClaim(w), version: c.version });
    expect(stale.status).toBe(409);
    expect((await stored(c.id)).prior_authorization).toBe('AUTH-9');
  });

  it('an update replaces the lines and audits what they were', async () => {
    const c = await created();
    const r = await root('PUT', `/claim/${c.id}`, {
      ...goodClaim(w, { services: [goodClaim(w).services[0]] }),
      version: c.version,
    });
    expect(r.body.services).toHaveLength(1);
    expect(
      Number(
        (await app.db.query<{ n: number }>('select count(*) n from claim_services where claim_id = $1', [c.id])).rows[0]
          .n,
      ),
    ).toBe(1);
    expect(r.body.billed_amount).toBe(12500);
  });

  it('a submitted claim cannot be edited', async () => {
    const c = await claimIn(3);
    const r = await root('PUT', `/claim/${c.id}`, { ...goodClaim(w), version: c.version });
    expect(r.status).toBe(422);
    expect(r.body.errors.status_id).toEqual(['A claim in status Submitted cannot be edited.']);
  });

  it("another billing company's claim does not exist for a biller", async () => {
    const c = await created();
    expect((await outsider('GET', `/claim/${c.id}`)).status).toBe(404);
    expect((await outsider('GET', '/claim/get-all-server')).body.count).toBe(0);
    expect((await outsider('PATCH', `/claim/change-status/${c.id}`, { status_id: 1, note: 'x' })).status).toBe(404);
    expect((await stored(c.id)).status_id).toBe(2);
  });

  it('only a draft or not-submitted claim is deleted, with its lines', async () => {
    const c = await created();
    expect((await root('DELETE', `/claim/${c.id}`)).status).toBe(200);
    expect(await stored(c.id)).toBeUndefined();
    expect(
      Number(
        (await app.db.query<{ n: number }>('select count(*) n from claim_services where claim_id = $1', [c.id])).rows[0]
          .n,
      ),
    ).toBe(0);
    const sent = await claimIn(3);
    expect((await root('DELETE', `/claim/${sent.id}`)).status).toBe(422);
    expect(await stored(sent.id)).toBeDefined();
  });
});

describe("a claim is a patient's information", () => {
  it('opening a claim leaves a read in the audit trail, and it counts among the accesses to its patient', async () => {
    const c = (await biller('POST', '/claim/draft', goodClaim(w))).body;
    expect((await biller('GET', `/claim/${c.id}`)).status).toBe(200);
    const reads = await app.db.query<{ n: number }>(
      `select count(*)::int as n from audits where entity = 'claim' and entity_id = $1 and event = 'read'`,
      [c.id],
    );
    expect(reads.rows[0].n).toBe(1);
    const accesses = (await root('GET', `/patient/${w.patient}/accesses?itemsPerPage=100`)).body.data as Array<{
      record: string;
      record_id: number;
      event: string;
    }>;
    expect(accesses).toContainEqual(expect.objectContaining({ record: 'claim', record_id: c.id, event: 'read' }));
  });
});

describe('verification', () => {
  it('verifies claims by ids: a passing draft is verified and becomes Not submitted', async () => {
    const d = (await root('POST', '/claim/draft', goodClaim(w))).body;
    const r = await root('POST', '/claim/verify', { ids: [d.id] });
    expect(r.body).toMatchObject({ verified: 1, failed: 0, results: [{ id: d.id, verified: true, errors: {} }] });
    expect(await stored(d.id)).toMatchObject({ status_id: 2, verified: true });
  });

  it('a failing claim answers all its findings and is marked not verified', async () => {
    const saved = await root(
      'POST',
      '/claim/draft',
      goodClaim(w, { diagnoses: [{ code: 'Q99.99' }, { code: 'R05.9' }] }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const d = saved.body;
    const r = await root('POST', '/claim/verify', { ids: [d.id] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.results[0]).toMatchObject({
      verified: false,
      errors: { 'diagnoses.0.code': ['Diagnosis code not found'] },
    });
    expect(await stored(d.id)).toMatchObject({ status_id: 1, verified: false });
  });

  it("a claim priced by a contract stays verified when verified again: the line's expected amount is the server's, not an input", async () => {
    const ok = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, {
        services: goodClaim(w).services.map((l) => ({ ...l, from_service: '03/20/2026', to_service: '03/20/2026' })),
      }),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    // What contract pricing writes on each line.
    await app.db.query('update claim_services set expected_allowed = 9000 where claim_id = $1', [ok.body.id]);
    const r = await root('POST', '/claim/verify', { ids: [ok.body.id] });
    expect(r.body).toMatchObject({ verified: 1, failed: 0, results: [{ id: ok.body.id, verified: true, errors: {} }] });
    expect(await stored(ok.body.id)).toMatchObject({ status_id: 2, verified: true });
  });

  it('verify-register saves and verifies in one step, or writes nothing', async () => {
    const ok = await root('POST', '/claim/verify-register', goodClaim(w));
    expect(ok.status).toBe(201);
    expect(await stored(ok.body.id)).toMatchObject({ status_id: 2, verified: true });
    const before = Number((await app.db.query<{ n: number }>('select count(*) n from claims')).rows[0].n);
    const bad = await root('POST', '/claim/verify-register', goodClaim(w, { services: [] }));
    expect(bad.status).toBe(422);
    expect(Number((await app.db.query<{ n: number }>('select count(*) n from claims')).rows[0].n)).toBe(before);
  });

  it('the default verification list is status 1 or 2 and not verified', async () => {
    const d = (await root('POST', '/claim/draft', goodClaim(w))).body;
    const r = await root('GET', '/claim/get-all-server?status_id=1,2&verified=false&itemsPerPage=1000');
    expect(r.body.data.map((c: any) => c.id)).toContain(d.id);
    expect(r.body.data.every((c: any) => [1, 2].includes(c.status_id) && c.verified !== true)).toBe(true);
  });

  it('a likely duplicate (same patient, date, procedure and provider) is flagged, not refused', async () => {
    await created();
    const r = await root('POST', '/claim/verify-register', goodClaim(w));
    expect(r.status).toBe(201);
    expect(r.body.warnings.services[0]).toMatch(/^Possible duplicate of claim SUN-03022026-LP\d{6}/);
  });
});

describe('status workflow', () => {
  it('a status change needs a note', async () => {
    const c = await claimIn(3);
    const r = await root('PATCH', `/claim/change-status/${c.id}`, { status_id: 4 });
    expect(r.status).toBe(422);
    expect(r.body.errors.note[0]).toMatch(/note is required/);
    expect((await stored(c.id)).status_id).toBe(3);
  });

  it("a sub-status must belong to the new status in the claim's billing company", async () => {
    const sub = await root('POST', '/claim-sub-status', {
      billing_company_id: w.bc,
      code: 'PEND',
      name: 'Pending payer review',
      claim_status_ids: [3],
    });
    expect(sub.status).toBe(201);
    const c = await claimIn(3);
    const wrong = await root('PATCH', `/claim/change-status/${c.id}`, {
      status_id: 4,
      sub_status_id: sub.body.id,
      note: 'Paid in full',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.sub_status_id).toEqual([
      'The sub-status does not belong to the chosen status or is disabled.',
    ]);
    expect((await stored(c.id)).status_id).toBe(3);
    const same = await root('PATCH', `/claim/change-status/${c.id}`, { status_id: 3, sub_status_id: sub.body.id });
    expect(same.status).toBe(200);
    expect(same.body.status.sub_status).toMatchObject({ id: sub.body.id, name: 'Pending payer review' });
    expect(same.body.status_history.find((h: any) => h.status_id === 3).sub_status_history[0].sub_status).toBe(
      'Pending payer review',
    );
  });

  it('a change with sub-status and note lands in the history and the breadcrumb', async () => {
    const c = await claimIn(3);
    const r = await root('PATCH', `/claim/change-status/${c.id}`, { status_id: 6, note: 'Denied: not covered' });
    expect(r.status).toBe(200);
    expect(r.body.status_map.map((s: any) => [s.status, s.active])).toEqual([
      ['Draft', false],
      ['Not submitted', false],
      ['Denied', true],
    ]);
    expect(r.body.status_history.at(-1).notes_history[0].note).toBe('Denied: not covered');
  });

  it('a note is added to the current status; a tracking entry and a status check are kept', async () => {
    const c = await created();
    expect((await root('PATCH', `/claim/add-note-current-status/${c.id}`, {})).status).toBe(422);
    await root('PATCH', `/claim/add-note-current-status/${c.id}`, { note: 'Waiting for the referral letter' });
    await root('PATCH', `/claim/add-tracking-claim/${c.id}`, {
      interface_type: 'call',
      rep_name: 'Dana',
      ref_number: 'R-77',
      note: 'Payer has no record yet',
    });
    await root('PATCH', `/claim/add-check-status-claim/${c.id}`, { response: 'In process', check_date: '03/20/2026' });
    const shown = await root('GET', `/claim/${c.id}`);
    expect(shown.body.notes.map((n: any) => n.kind)).toEqual(['note', 'tracking', 'check_status']);
    expect((await root('GET', `/claim/get-check-status/${c.id}`)).body[0].details).toMatchObject({
      response: 'In process',
    });
  });

  it("the list of statuses offered from Submitted is the predecessor's, with the current one", async () => {
    const r = await root('GET', '/claim/get-list-status?current_id=3');
    expect(r.body.map((s: any) => s.name)).toEqual(['Approved', 'Rejected', 'Denied', 'Submitted']);
  });
});

describe('look-ups of the claim form', () => {
  it('the people who created claims are offered as a filter, and the list filters by them', async () => {
    const c = await biller('POST', '/claim', goodClaim(w));
    const people = (await biller('GET', '/claim/get-list-user-created')).body;
    const me = people.find((p: any) => p.name === 'biller@sun.test');
    expect(me).toBeDefined();
    const mine = await biller('GET', `/claim/get-all-server?created_by=${me.id}&itemsPerPage=100`);
    expect(mine.body.data.map((x: any) => x.id)).toContain(c.body.id);
    expect(mine.body.data.every((x: any) => x.created_by === me.id)).toBe(true);
    const all = Number(
      (await app.db.query<{ n: number }>('select count(*) n from claims where billing_company_id = $1', [w.bc])).rows[0]
        .n,
    );
    expect(mine.body.count).toBeLessThan(all);
  });

  it('condition codes are searched by code or words', async () => {
    const r = await root('GET', '/claim/get-list-condition-codes?search=homeless');
    expect(r.body).toEqual([{ id: '17', name: '17 - Patient is homeless' }]);
  });

  it("a facility's bill classifications and the qualifiers of an information field", async () => {
    expect((await root('GET', '/claim/get-list-qualifier-by-field?id=14')).body.map((q: any) => q.id)).toEqual([
      '431',
      '484',
    ]);
    expect((await root('GET', '/claim/get-list-claim-field-informations')).body.length).toBe(5);
  });
});

describe('preview and eligibility', () => {
  it('the preview is a PDF that reads the claim number, the patient, the lines and the total', async () => {
    const c = await created();
    const res = await fetch(`${app.url}/claim/show-claim-preview`, {
      method: 'POST',
      headers: { authorization: await tokenOf('root@test.com'), 'content-type': 'application/json' },
      body: JSON.stringify({ id: c.id }),
    });
    expect(res.headers.get('content-type')).toContain('application/pdf');
    const bytes = await res.arrayBuffer();
    await expectReadableLayout(bytes, 'portrait');
    const text = await pdfText(bytes);
    for (const s of [c.code, 'Lucia Perez', '99213', '36415', '140.00']) expect(text).toContain(s);
  });

  it('the preview prints no "?" where a character or an empty value is', async () => {
    const c = await created();
    const res = await fetch(`${app.url}/claim/show-claim-preview`, {
      method: 'POST',
      headers: { authorization: await tokenOf('root@test.com'), 'content-type': 'application/json' },
      body: JSON.stringify({ id: c.id }),
    });
    expect(await pdfText(await res.arrayBuffer())).not.toContain('?');
  });

  it('eligibility says which policies are in force on the date of service', async () => {
    const r = await root('POST', '/claim/check-eligibility', { patient_id: w.patient, date_of_service: '03/02/2026' });
    expect(r.body.map((p: any) => [p.policy_number, p.eligibility])).toEqual(
      expect.arrayContaining([
        ['W123456789', 'Eligible policy'],
        ['S998877', 'Ineligible policy'],
      ]),
    );
  });

  it("eligibility answers the payer's latest 271 over the policy on file: inactive after active is ineligible", async () => {
    for (const [at, coverage] of [
      ['2026-03-01T10:00:00Z', 'active'],
      ['2026-03-03T10:00:00Z', 'inactive'],
    ] as const)
      await app.db.query(
        `insert into eligibility_checks (billing_company_id, patient_id, insurance_policy_id, service_date, channel, state, trace, coverage, answered_at)
         values ($1, $2, $3, '2026-03-02', 'realtime', 'answered', $4, $5, $6)`,
        [w.bc, w.patient, w.policy, `E-${at}`, coverage, at],
      );
    try {
      const r = await root('POST', '/claim/check-eligibility', {
        patient_id: w.patient,
        date_of_service: '03/02/2026',
      });
      expect(r.body.find((p: any) => p.policy_number === 'W123456789')).toMatchObject({
        eligibility: 'Ineligible policy',
        said_by: 'payer',
        payer_said_on: '03/03/2026',
      });
      expect(r.body.find((p: any) => p.policy_number === 'S998877')).toMatchObject({ said_by: 'policy' });
    } finally {
      await app.db.query('delete from eligibility_checks where insurance_policy_id = $1', [w.policy]);
    }
  });
});

async function tokenOf(email: string) {
  return `Bearer ${await app.login(email)}`;
}
