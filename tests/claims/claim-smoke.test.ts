import { afterAll, beforeAll, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';

let app: TestApp; let root: Api; let w: ClaimWorld;
beforeAll(async () => { ({ app, root } = await startAsSuperUser()); w = await claimWorld(app.db); });
afterAll(() => app.close());

it('smoke', async () => {
  const r = await root('POST', '/claim', goodClaim(w));
  console.log(r.status, JSON.stringify(r.body).slice(0, 3000));
  const v = await root('POST', '/claim/verify', { ids: [r.body.id] });
  console.log(v.status, JSON.stringify(v.body).slice(0, 2000));
  const l = await root('GET', '/claim/get-all-server?status_id=2');
  console.log(l.status, JSON.stringify(l.body).slice(0, 1000));
  const rules = await root('GET', '/claim/rules');
  console.log(rules.status, JSON.stringify(rules.body).slice(0, 300));
});
