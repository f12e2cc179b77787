import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedPairs, stateName, type StateMachine } from '../../src/platform/state-machine.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Api, TestApp } from '../helpers/test-app.ts';
import { startWithFixtures } from '../helpers/fixture-app.ts';

let app: TestApp;
let root: Api;
let bc: number;
let machine: StateMachine;

beforeAll(async () => {
  let entities: Entity[];
  ({ app, root, entities } = await startWithFixtures());
  machine = entities.find((e) => e.name === 'work-order')!.states!;
  bc = await app.createBillingCompany('States Billing', 'SB');
});
afterAll(() => app.close());

/** A work order standing in a given state (placed there directly: the walk to it is not what is tested). */
async function orderIn(state: number): Promise<number> {
  const r = await root('POST', '/work-order', { title: `Order in ${state}`, billing_company_id: bc });
  expect(r.status).toBe(201);
  await app.db.query('update work_orders set state_id = $2 where id = $1', [r.body.id, state]);
  return r.body.id;
}
const stateOf = async (id: number) =>
  Number(
    (await app.db.query<{ state_id: number }>('select state_id from work_orders where id = $1', [id])).rows[0].state_id,
  );
const historyCount = async (id: number) =>
  Number(
    (
      await app.db.query<{ n: number }>(
        `select count(*) n from state_transitions where entity = 'work_order' and entity_id = $1`,
        [id],
      )
    ).rows[0].n,
  );

describe('a declared state machine', () => {
  it('a new record starts in the initial state, whatever the body says, with a history row', async () => {
    const ok = await root('POST', '/work-order', { title: 'New', billing_company_id: bc, state_id: 5 });
    expect(ok.status).toBe(201);
    expect(ok.body.state_id).toBe(machine.initial);
    const h = (await root('GET', `/work-order/${ok.body.id}/state-history`)).body;
    expect(h).toMatchObject([{ from_state: null, to_state: 1, to_name: 'Draft', user: { email: 'root@test.com' } }]);
  });

  it('every transition of the table a person may take is allowed and recorded (who, from, to, note)', async () => {
    const personal = machine.transitions.filter((t) => !t.system);
    for (const t of personal) {
      const id = await orderIn(t.from);
      const r = await root('PATCH', `/work-order/${id}/transition`, { to: t.to, note: `moving ${t.from} to ${t.to}` });
      expect(r.status, `${t.from} → ${t.to}`).toBe(200);
      expect(r.body.state_id).toBe(t.to);
      const rows = await app.db.query<{ from_state: number; to_state: number; note: string; user_id: number | null }>(
        'select from_state, to_state, note, user_id from state_transitions where entity = $1 and entity_id = $2 order by id desc limit 1',
        ['work_order', id],
      );
      expect(rows.rows[0]).toMatchObject({ from_state: t.from, to_state: t.to, note: `moving ${t.from} to ${t.to}` });
      expect(rows.rows[0].user_id).not.toBeNull();
    }
  });

  it('every pair the table does not hold is refused with "Action not allowed" and changes nothing', async () => {
    for (const [from, to] of refusedPairs(machine)) {
      const id = await orderIn(from);
      const before = await historyCount(id);
      const r = await root('PATCH', `/work-order/${id}/transition`, { to, note: 'try' });
      expect(r.status, `${from} → ${to}`).toBe(422);
      expect(r.body.message).toBe(
        `Action not allowed: Order in ${from} cannot go from ${stateName(machine, from)} to ${stateName(machine, to)}.`,
      );
      expect(await stateOf(id)).toBe(from);
      expect(await historyCount(id)).toBe(before);
    }
  });

  it('a transition only the system takes is refused to a person', async () => {
    for (const t of machine.transitions.filter((x) => x.system)) {
      const id = await orderIn(t.from);
      expect((await root('PATCH', `/work-order/${id}/transition`, { to: t.to })).status).toBe(422);
      expect(await stateOf(id)).toBe(t.from);
    }
  });

  it('a transition the table marks with a note is refused without one', async () => {
    const t = machine.transitions.find((x) => x.noteRequired)!;
    const id = await orderIn(t.from);
    const r = await root('PATCH', `/work-order/${id}/transition`, { to: t.to, note: '  ' });
    expect(r.status).toBe(422);
    expect(r.body.errors.note).toEqual(['A note is required to move from Rejected to Draft.']);
    expect(await stateOf(id)).toBe(t.from);
  });

  it('the answer is in Spanish for a Spanish reader, state names included', async () => {
    const id = await orderIn(1);
    await app.db.query(`update users set language = 'es' where email = 'root@test.com'`);
    const r = await root('PATCH', `/work-order/${id}/transition`, { to: 5 });
    const states = await root('GET', '/work-order/states');
    await app.db.query(`update users set language = 'en' where email = 'root@test.com'`);
    expect(r.body.message).toBe('Acción no permitida: Order in 1 no puede pasar de Borrador a Terminada.');
    expect(states.body[0]).toEqual({ id: 1, name: 'Borrador', colors: machine.states[0].colors, public: true });
  });

  it("a person without the transition's permission is refused with 403", async () => {
    await app.createUser({ email: 'biller@states.test', roles: ['collector'], billingCompanyIds: [bc] });
    const collector = app.as(await app.login('biller@states.test'));
    const id = await orderIn(1);
    // A collector holds neither claim.status nor claim.create here: the route itself is closed.
    expect((await collector('PATCH', `/work-order/${id}/transition`, { to: 2 })).status).toBe(403);
    expect(await stateOf(id)).toBe(1);
  });

  it('next-states offers exactly the transitions the person may take from the current state', async () => {
    const id = await orderIn(3);
    const r = await root('GET', `/work-order/${id}/next-states`);
    expect(r.body).toEqual({ current: 3, next: [5] });
  });

  it('states answers ids, names and light and dark colours', async () => {
    const r = await root('GET', '/work-order/states');
    expect(r.body[0]).toEqual({ id: 1, name: 'Draft', colors: machine.states[0].colors, public: true });
    expect(r.body.find((s: { id: number }) => s.id === 4).public).toBe(false);
  });

  it('the state cannot be written by an update, only by a transition', async () => {
    const id = await orderIn(1);
    const current = (await root('GET', `/work-order/${id}`)).body;
    const r = await root('PUT', `/work-order/${id}`, { title: 'Renamed', state_id: 5, version: current.version });
    expect(r.status).toBe(422);
    expect(await stateOf(id)).toBe(1);
  });

  it('a transition from a stale version answers 409', async () => {
    const id = await orderIn(1);
    const { version } = (await root('GET', `/work-order/${id}`)).body;
    expect((await root('PATCH', `/work-order/${id}/transition`, { to: 2, version })).status).toBe(200);
    const r = await root('PATCH', `/work-order/${id}/transition`, { to: 1, version });
    expect(r.status).toBe(409);
    expect(await stateOf(id)).toBe(2);
  });
});
