import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { daysAgo, goodAdmission } from '../helpers/admission-fixtures.ts';
import { ADMISSION_MESSAGES, DISCHARGE_NEEDS } from '../../src/domain/admissions/admission-rules.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
let unit: number;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  unit = Number(
    (
      await app.db.query<{ id: number }>(
        `insert into units (billing_company_id, company_id, code, name, rooms, status) values ($1, $2, 'MS', 'Medical-Surgical', $3, true) returning id`,
        [
          w.bc,
          w.company,
          JSON.stringify([
            { code: '101', name: 'Room 101', capacity: 2 },
            { code: '102', name: 'Room 102', capacity: 1 },
          ]),
        ],
      )
    ).rows[0].id,
  );
  await app.db.query(`update facilities set bill_classification_ids = '[11]' where id = $1`, [w.facility]);
});
afterAll(() => app.close());

const day = daysAgo;
const good = (over: Record<string, unknown> = {}) => goodAdmission(w, unit, over);
const refused = async (body: Record<string, unknown>, field: string, message: string) => {
  const before = Number((await app.db.query<{ n: string }>('select count(*) n from admissions')).rows[0].n);
  const r = await root('POST', '/admission', body);
  expect(r.status, JSON.stringify(r.body)).toBe(422);
  expect(r.body.errors[field], JSON.stringify(r.body.errors)).toContain(message);
  expect(Number((await app.db.query<{ n: string }>('select count(*) n from admissions')).rows[0].n)).toBe(before);
};
const occupation = async (room: string) =>
  (
    await app.db.query<{ rooms: Array<{ code: string; ocupation: number }> }>('select rooms from units where id = $1', [
      unit,
    ])
  ).rows[0].rooms.find((r) => r.code === room)?.ocupation;

describe('admissions: the rules of document 3 §5', () => {
  it('the admission date cannot be after today', () =>
    refused(
      good({ admission_date: day(-1), services: [] }),
      'admission_date',
      'The admission date must not be after today.',
    ));
  it('the statement through date cannot be before the from date', () =>
    refused(
      good({ statement_from: day(1), statement_through: day(2) }),
      'statement_through',
      ADMISSION_MESSAGES.statementOrder,
    ));
  it('statement dates fall within the stay', () =>
    refused(
      good({ statement_from: day(5), statement_through: day(1) }),
      'statement_from',
      ADMISSION_MESSAGES.statementOutsideStay,
    ));
  it('service dates fall within the stay', () =>
    refused(
      good({
        services: [{ from_service: day(4), to_service: day(4), revenue_code: '0300', days_or_units: '1', price: 100 }],
      }),
      'services.0.from_service',
      ADMISSION_MESSAGES.serviceOutsideStay,
    ));
  it('service dates fall within the statement period', () =>
    refused(
      good({ statement_from: day(1), statement_through: day(1) }),
      'services.0.from_service',
      ADMISSION_MESSAGES.serviceOutsideStatement,
    ));
  it('a table to date is not before its from date', () =>
    refused(
      good({ other_information: [{ field_id: '14', qualifier: '431', from_date: day(1), to_date: day(2) }] }),
      'other_information.0.to_date',
      ADMISSION_MESSAGES.tableToBeforeFrom,
    ));
  it('services are sequential', () =>
    refused(
      good({ services: [good().services[1], good().services[0]] }),
      'services.1.from_service',
      'This line starts before the previous line ends.',
    ));
  it('the same service twice on the same date is refused', () =>
    refused(
      good({ services: [good().services[1], good().services[1]] }),
      'services.1.revenue_code',
      ADMISSION_MESSAGES.sameServiceSameDay,
    ));
  it('an outside-lab charge is required when outside lab is checked', () =>
    refused(
      good({ outside_lab: true }),
      'outside_lab_charge',
      'The outside lab charge is required when outside lab is checked.',
    ));
  it('the outside-lab charge cannot exceed the services total', () =>
    refused(
      good({ outside_lab: true, outside_lab_charge: 999999 }),
      'outside_lab_charge',
      'The outside lab charge cannot exceed the billed amount.',
    ));
  it('an attending health professional is required', () =>
    refused(
      good({ attending_provider_id: undefined }),
      'attending_provider_id',
      'The attending provider field is required.',
    ));
  it('an authorization number allows only * / - between letters and digits, per policy', () =>
    refused(
      good({ policies: [{ insurance_policy_id: w.policy, authorization_number: '-AU#1' }] }),
      'policies.0.authorization_number',
      'Policy W123456789 has an incorrect authorization number',
    ));
  it('too many units of room and board in a row is refused', () =>
    refused(
      good({ services: [{ ...good().services[0], days_or_units: '5' }] }),
      'services.0.days_or_units',
      'Too many units applied to the admission/claim in row 1',
    ));
  // The fixture's two days of room and board for its two nights so far are accepted by every admission below.
  it('room and board is billed by the night: three days for the two nights stayed so far are refused', () =>
    refused(
      good({
        services: [{ ...good().services[0], from_service: daysAgo(2), to_service: daysAgo(0), days_or_units: '3' }],
      }),
      'services.0.days_or_units',
      'The room and board lines bill 3 days, more than the 2 night(s) of the stay: the day of discharge is not billed.',
    ));
  it('the policy must be in force on the admission date', () =>
    refused(
      good({ policies: [{ insurance_policy_id: w.secondary }] }),
      'policies.0.insurance_policy_id',
      `The policy S998877 is not in force on ${day(2)}.`,
    ));
  it('a room outside the unit is refused', () =>
    refused(good({ room: '999' }), 'room', 'The room 999 is not in this unit.'));
});

describe('admit, discharge, undo, bill', () => {
  let id: number;
  it('admits into a room: a code, the patient name, the policy number, the length of stay; the room counts the patient', async () => {
    const r = await root('POST', '/admission', good());
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    id = r.body.id;
    expect(r.body).toMatchObject({
      code: `ADM-${String(id).padStart(6, '0')}`,
      patient_name: 'Lucia Perez',
      status_id: 1,
      los: 2,
      policies: [{ policy_number: 'W123456789' }],
    });
    expect(await occupation('101')).toBe(1);
  });

  it('a full room is not offered, and is refused', async () => {
    const first = await root('POST', '/admission', good({ room: '102' }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    const offered = (await root('GET', `/admission/rooms?unit_id=${unit}`)).body.map((x: { id: string }) => x.id);
    expect(offered).toEqual(['101']);
    await refused(good({ room: '102' }), 'room', 'The room is full.');
    await root('DELETE', `/admission/${first.body.id}`);
    expect(await occupation('102')).toBe(0);
  });

  it("the policies offered are the patient's active ones, primary first", async () => {
    const r = await root('GET', `/admission/policies?patient_id=${w.patient}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.map((x: { id: number }) => x.id)).toEqual([w.policy]);
    expect(r.body[0].name).toBe('P · W123456789 · SUN Health Plan');
  });

  it('a company without units says so', async () => {
    const other = Number(
      (
        await app.db.query<{ id: number }>(
          `insert into companies (billing_company_id, code, name, npi) values ($1, 'SUN-C9', 'Empty Clinic', '1234567893') returning id`,
          [w.bc],
        )
      ).rows[0].id,
    );
    const r = await root('GET', `/admission/units?company_id=${other}`);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('There are no units/rooms registered for this company');
  });

  it('a discharge lacking what the UB-04 needs is refused with the list of what is missing', async () => {
    const r = await root('PUT', `/admission/${id}/discharge`, {});
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('The admission cannot be discharged yet.');
    for (const k of [
      'discharge_date',
      'discharge_hour',
      'statement_from',
      'statement_through',
      'admission_type',
      'admission_source',
      'patient_status',
    ] as const)
      expect(r.body.errors[k]).toContain(DISCHARGE_NEEDS[k]);
    expect(r.body.errors.policies).toBeUndefined();
    expect(
      (await app.db.query<{ status_id: number }>('select status_id from admissions where id = $1', [id])).rows[0]
        .status_id,
    ).toBe(1);
  });

  it('a complete discharge frees the room and leaves a system note', async () => {
    const r = await root('PUT', `/admission/${id}/discharge`, {
      discharge_date: day(0),
      discharge_hour: 11,
      statement_from: day(2),
      statement_through: day(0),
      admission_type: '3',
      admission_source: '1',
      patient_status: '01',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status_id: 2, discharge_date: day(0), discharge_hour: 11, los: 2 });
    expect(await occupation('101')).toBe(0);
    const notes = await app.db.query<{ kind: string; note: string }>(
      'select kind, note from admission_notes where admission_id = $1',
      [id],
    );
    expect(notes.rows).toEqual([{ kind: 'system', note: `Discharged on ${day(0)} at 11:00` }]);
  });

  it('undoing a discharge needs a reason; with one, the patient is back in the room', async () => {
    const without = await root('PATCH', `/admission/${id}/transition`, { status_id: 1 });
    expect(without.status).toBe(422);
    expect(Object.keys(without.body.errors)).toEqual(['note']);
    const back = await root('PATCH', `/admission/${id}/transition`, {
      status_id: 1,
      note: 'Discharged the wrong patient',
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.status_id).toBe(1);
    expect(back.body.discharge_date).toBeUndefined();
    expect(await occupation('101')).toBe(1);
    const again = await root('PUT', `/admission/${id}/discharge`, { discharge_date: day(0), discharge_hour: 11 });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });

  it('transfer to billing makes an institutional claim that verifies, linked both ways; the admission is Billed', async () => {
    const r = await root('POST', `/admission/${id}/transfer-to-billing`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toMatchObject({ status_id: 3, claim_id: expect.any(Number) });
    const claim = (await root('GET', `/claim/${r.body.claim_id}`)).body;
    expect(claim).toMatchObject({
      format_id: 2,
      status_id: 2,
      verified: true,
      admission_id: id,
      type_of_bill: '0111',
      admission_date: day(2),
      discharge_date: day(0),
      statement_from: day(2),
      statement_through: day(0),
      admission_type: '3',
      patient_status: '01',
      diagnoses: [{ code: 'E11.9', poa: 'Y' }],
      billed_amount: 182500,
    });
    expect(claim.services.map((s: { revenue_code: string }) => s.revenue_code)).toEqual(['0120', '0300']);
    const edit = await root('PUT', `/admission/${id}`, { discharge_info: 'late edit', version: r.body.version });
    expect(edit.status).toBe(422);
    expect(edit.body.errors.status_id).toEqual(['A billed admission cannot be changed.']);
  });

  it('the census shows each room with its capacity and the patients in it now', async () => {
    const open = await root('POST', '/admission', good({ admission_date: day(0), services: [] }));
    expect(open.status, JSON.stringify(open.body)).toBe(201);
    const c = (await root('GET', '/admission/census')).body;
    expect(
      c.rooms.map((r: { room: string; occupied: number; capacity: number }) => [r.room, r.occupied, r.capacity]),
    ).toEqual([
      ['101', 1, 2],
      ['102', 0, 1],
    ]);
    expect(c.rooms[0].patients).toMatchObject([{ code: open.body.code, patient: 'Lucia Perez' }]);
    expect(c.totals).toEqual({ capacity: 3, occupied: 1 });
  });

  it('notes and tracking entries are added, changed and deleted at the spec paths', async () => {
    const n = await root('POST', `/admission/${id}/tracking`, {
      note: 'Called the payer for the authorization',
      follow_up: day(-3),
    });
    expect(n.status, JSON.stringify(n.body)).toBe(201);
    const c = await root('PUT', `/admission/${id}/tracking/${n.body.id}`, {
      note: 'Authorization confirmed',
      version: n.body.version,
    });
    expect(c.body.note).toBe('Authorization confirmed');
    expect((await root('DELETE', `/admission/${id}/notes/${n.body.id}`)).status).toBe(404);
    expect((await root('DELETE', `/admission/${id}/tracking/${n.body.id}`)).status).toBe(200);
  });
});

describe('the look-ups of document 3 §7 "Admission"', () => {
  it('every one answers', async () => {
    const admission = (await app.db.query<{ id: number }>('select id from admissions order by id limit 1')).rows[0].id;
    for (const path of [
      '/admission/programs',
      '/admission/fundings',
      '/admission/signed-assignments',
      '/admission/information-releases',
      '/admission/fields',
      '/admission/qualifiers',
      '/admission/health-care-qualifiers',
      '/admission/revenue-codes?program=DTX',
      `/admission/procedures/${w.company}`,
      `/admission/${w.patient}/policies`,
      `/company/${w.company}/programs`,
      '/claim/admission',
      `/claim/admission/${admission}`,
      `/admission/units?company_id=${w.company}`,
      `/admission/rooms?unit_id=${unit}`,
      '/admission/census',
    ]) {
      const r = await root('GET', path);
      expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
    }
  });

  it("a program's revenue codes are offered for it", async () => {
    const r = await root('GET', '/admission/revenue-codes?program=DTX');
    expect(r.body.map((x: { id: string }) => x.id)).toEqual(['0116', '0126', '0136', '0250', '0300']);
  });

  it('the procedures offered are those the company bills', async () => {
    const r = await root('GET', `/admission/procedures/${w.company}`);
    expect(r.body).toEqual([{ id: '36415', name: '36415 - Routine venipuncture', price: 1500 }]);
  });
});

describe("a stay's policy as the person picks it", () => {
  it("lists the patient's policies in force, primary first", async () => {
    const r = await root('GET', `/admission/policies?patient_id=${w.patient}`);
    expect(r.status).toBe(200);
    expect(r.body[0]).toEqual({ id: w.policy, name: expect.stringContaining('W123456789') });
  });

  it("warns in the policy's name, at once, that the payer's latest 271 said inactive, and lists it last", async () => {
    await app.db.query(
      `insert into eligibility_checks (billing_company_id, patient_id, insurance_policy_id, service_date, channel, state, trace, coverage, answered_at)
       values ($1, $2, $3, current_date, 'realtime', 'answered', 'ADM-271', 'inactive', '2026-11-20T15:00:00Z')`,
      [w.bc, w.patient, w.policy],
    );
    try {
      const r = await root('GET', `/admission/policies?patient_id=${w.patient}`);
      const mine = r.body.find((p: { id: number }) => p.id === w.policy);
      expect(mine.name).toMatch(/W123456789.* — the payer's 271 of 11\/20\/2026 says inactive$/);
      expect(r.body.at(-1).id).toBe(w.policy);
      await app.db.query(`update users set language = 'es' where email = 'root@test.com'`);
      const es = await root('GET', `/admission/policies?patient_id=${w.patient}`);
      expect(es.body.find((p: { id: number }) => p.id === w.policy).name).toContain(
        ' — el 271 del pagador del 11/20/2026 dice inactiva',
      );
    } finally {
      await app.db.query(`update users set language = 'en' where email = 'root@test.com'`);
      await app.db.query(`delete from eligibility_checks where trace = 'ADM-271'`);
    }
  });
});
