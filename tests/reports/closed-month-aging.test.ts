import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
let entered: number;

/** A February visit's claim, as goodClaim bills it. */
const february = () => {
  const claim = goodClaim(w);
  return {
    ...claim,
    services: claim.services.map((s: Record<string, unknown>) => ({
      ...s,
      from_service: '02/10/2026',
      to_service: '02/10/2026',
    })),
  };
};
const februaryAging = async () => {
  const r = await root('GET', '/reports/month-end-aging/records?aging_date=02/28/2026&showDetails=false');
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.totals.sums.total as number;
};

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  // A claim entered in February (its row stamped as the day it was keyed), then February closed.
  const c = await root('POST', '/claim/verify-register', february());
  expect(c.status, JSON.stringify(c.body)).toBe(201);
  entered = c.body.id;
  await app.db.query(`update claims set created_at = '2026-02-11T15:00:00Z' where id = $1`, [entered]);
  const closed = await root('POST', '/books', { billing_company_id: w.bc, month: '02/2026' });
  expect(closed.status, JSON.stringify(closed.body)).toBe(201);
});
afterAll(() => app.close());

describe("a closed month's aging", () => {
  it('reads the same after a late charge for the month is entered', async () => {
    const before = await februaryAging();
    expect(before).toBeGreaterThan(0);
    const late = await root('POST', '/claim/verify-register', february());
    expect(late.status, JSON.stringify(late.body)).toBe(201);
    expect(await februaryAging()).toBe(before);
  });

  it('refuses a change to the charge of a claim entered in it, naming its day and the closed-through day; other changes go through', async () => {
    const change = app.db.query('update claims set billed_amount = billed_amount + 100 where id = $1', [entered]);
    await expect(change).rejects.toMatchObject({ code: 'RC001', detail: '2026-02-11 2026-02-28' });
    const note = await app.db.query(`update claims set updated_at = now() where id = $1`, [entered]);
    expect(note.rowCount).toBe(1);
  });
});
