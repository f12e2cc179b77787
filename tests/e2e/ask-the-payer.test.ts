import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_SETUP_TIMEOUT } from '../helpers/demo-template.ts';
import { DEMO_PASSWORD } from '../../dev-server/demo/demo-data.ts';
import { startCoreServer, type TestCoreServer } from '../helpers/core-server.ts';
import { ACTIVE_PLAN, payerAnswers } from '../helpers/eligibility-payer.ts';
import { openFromStart, serverFailures, signIn, startE2E, type E2E } from './e2e-app.ts';
import { CLAIM_STATUS } from '../../src/generated/ids.ts';

/*
 * A biller asks the payer from the claim they are writing, on the demo: the clearing house account answers in real
 * time (a CAQH CORE server of the test's own, over HTTP), and the claim's policy shows the coverage and what the
 * patient will owe, in words.
 */
let e: E2E;
let core: TestCoreServer;
let page: Page;
const claim = { id: 0, code: '', policy: 0 };

beforeAll(async () => {
  e = await startE2E({ withDemo: true });
  core = await startCoreServer((q) => payerAnswers(q, () => ACTIVE_PLAN), 'X12_271_Response_005010X279A1');
  const row = (
    await e.app.db.query<{ id: number; code: string; policy: number; bc: number }>(
      `select c.id::int as id, c.code, (c.insurance_policy_ids->>0)::int as policy, c.billing_company_id::int as bc
         from claims c
         join billing_company_users bu on bu.billing_company_id = c.billing_company_id
         join users u on u.id = bu.user_id and u.email = 'biller@demo.test'
        where c.status_id = $1 and jsonb_array_length(c.insurance_policy_ids) = 1
        order by c.id limit 1`,
      [CLAIM_STATUS.DRAFT],
    )
  ).rows[0];
  expect(row, 'a draft claim of the demo biller with one policy').toBeDefined();
  Object.assign(claim, row);
  // The demo's clearing house account gets a real-time address: the test's CORE server.
  await e.app.db.query(
    `update clearing_house_accounts set realtime_url = $2, realtime_envelope = 'soap', realtime_user = 'demo' where billing_company_id = $1`,
    [row.bc, core.url],
  );
  ({ page } = await signIn(e, 'biller@demo.test', DEMO_PASSWORD));
  page.setDefaultTimeout(15_000);
}, DEMO_SETUP_TIMEOUT);
afterAll(async () => {
  await core.stop();
  await e.close();
});

describe('a biller asks the payer', () => {
  it("checks a demo patient's eligibility from the claim and sees the deductible remaining and the copay", async () => {
    const win = await openFromStart(page, 'Claims Management');
    await win.getByLabel('Search', { exact: true }).fill(claim.code);
    await win.getByTestId(`row-${claim.id}`).click();
    await win.getByRole('button', { name: 'Edit', exact: true }).click();
    const policies = win.getByRole('group', { name: 'Insurance policies billed' });
    await policies.getByRole('button', { name: 'Check eligibility' }).first().click();
    const said = win.getByTestId(`eligibility-${claim.policy}`);
    await expect.poll(() => said.innerText()).toContain('just now');
    const text = await said.innerText();
    expect(text).toContain('Active coverage');
    expect(text).toContain('deductible remaining $750.00 of $1,500.00');
    expect(text).toContain('copay $25.00');
    // The question went to the payer through the CORE server, and the answer is kept on the policy.
    expect(core.requests.at(-1)?.fields.PayloadType).toBe('X12_270_Request_005010X279A1');
    const kept = await e.app.db.query<{ copay: string; channel: string }>(
      `select copay, channel from eligibility_checks where insurance_policy_id = $1 order by id desc limit 1`,
      [claim.policy],
    );
    expect(kept.rows.map((r) => [Number(r.copay), r.channel])).toEqual([[2500, 'realtime']]);
    expect(serverFailures(page)).toEqual([]);
  });
});
