import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { loadEntities } from '../../src/platform/load-schemas.ts';
import { refusedPairs, stateName } from '../../src/platform/state-machine.ts';

const machine = loadEntities(new URL('../../schemas/entities', import.meta.url).pathname).find(
  (e) => e.name === 'claim',
)!.states!;
let app: TestApp;
let root: Api;
let w: ClaimWorld;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
});
afterAll(() => app.close());

async function claimIn(status: number) {
  const r = await root('POST', '/claim', goodClaim(w));
  await app.db.query('update claims set status_id = $2 where id = $1', [r.body.id, status]);
  return r.body.id as number;
}
const statusOf = async (id: number) =>
  Number(
    (await app.db.query<{ status_id: number }>('select status_id from claims where id = $1', [id])).rows[0].status_id,
  );

describe('the claim status table, enforced on the server', () => {
  it("the seven statuses keep the predecessor ids and colours, Draft's text darkened to reach 4.5:1 contrast", () => {
    // The predecessor's Draft was #707070 on #F2F2F2 (4.4:1, under WCAG AA); the same grey family at #595959 reads 6.2:1.
    expect(machine.states.map((s) => [s.id, s.name, s.colors.light.background, s.colors.light.text])).toEqual([
      [1, 'Draft', '#F2F2F2', '#595959'],
      [2, 'Not submitted', '#FBECDD', '#B04D12'],
      [3, 'Submitted', '#FFFAEC', '#B04D12'],
      [4, 'Approved', '#E9FDF2', '#1B6D49'],
      [5, 'Rejected', '#FFF1F1', '#A72821'],
      [6, 'Denied', '#FFDEDC', '#A72821'],
      [7, 'Complete', '#D1FFE5', '#1B6D49'],
    ]);
  });

  for (const t of machine.transitions.filter((x) => !x.system)) {
    it(`a person may move a claim from ${stateName(machine, t.from)} to ${stateName(machine, t.to)}, with a note`, async () => {
      const id = await claimIn(t.from);
      const r = await root('PATCH', `/claim/change-status/${id}`, {
        status_id: t.to,
        note: `Moved to ${stateName(machine, t.to)}`,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(await statusOf(id)).toBe(t.to);
      expect(r.body.status_history.at(-1)).toMatchObject({
        status_id: t.to,
        notes_history: [{ note: `Moved to ${stateName(machine, t.to)}` }],
      });
    });
  }

  for (const t of machine.transitions.filter((x) => x.system)) {
    it(`only the system moves a claim from ${stateName(machine, t.from)} to ${stateName(machine, t.to)}`, async () => {
      const id = await claimIn(t.from);
      const r = await root('PATCH', `/claim/change-status/${id}`, { status_id: t.to, note: 'By hand' });
      expect(r.status).toBe(422);
      expect(await statusOf(id)).toBe(t.from);
    });
  }

  for (const [from, to] of refusedPairs(machine)) {
    it(`${stateName(machine, from)} → ${stateName(machine, to)} is refused with "Action not allowed"`, async () => {
      const id = await claimIn(from);
      const r = await root('PATCH', `/claim/change-status/${id}`, { status_id: to, note: 'Try' });
      expect(r.status).toBe(422);
      expect(r.body.message).toMatch(/^Action not allowed/);
      expect(await statusOf(id)).toBe(from);
    });
  }
});
