import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_SETUP_TIMEOUT } from '../helpers/demo-template.ts';
import { DEMO_PASSWORD } from '../../dev-server/demo/demo-data.ts';
import { startCoreServer, type TestCoreServer } from '../helpers/core-server.ts';
import { ACTIVE_PLAN, payerAnswers, payerStatusAnswers } from '../helpers/payer-answers.ts';
import { isoDayOf } from '../../src/domain/formats.ts';
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
const pending = { id: 0, code: '' };

beforeAll(async () => {
  e = await startE2E({ withDemo: true });
  // The test's payer: every coverage active with its cost sharing; every claim asked about denied (not eligible).
  core = await startCoreServer((q, type) =>
    type.includes('276')
      ? payerStatusAnswers(q, () => ({ category: 'F2', status: '97', on: isoDayOf(new Date()) }))
      : payerAnswers(q, () => ACTIVE_PLAN),
  );
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
  // A claim the payer has had for 45 days and more without a word: Submitted that long ago, still Submitted.
  const waiting = (
    await e.app.db.query<{ id: number; code: string }>(
      `select c.id::int as id, c.code from claims c
        where c.billing_company_id = $1 and c.status_id = $2
          and (select max(t.created_at) from state_transitions t where t.entity = 'claim' and t.entity_id = c.id and t.to_state = $2) < now() - interval '45 days'
        order by c.id limit 1`,
      [row.bc, CLAIM_STATUS.SUBMITTED],
    )
  ).rows[0];
  expect(waiting, 'a demo claim Submitted 45 days ago and more').toBeDefined();
  Object.assign(pending, waiting);
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
    // Left without saving: the claim's form closes with its window.
    await win.getByRole('button', { name: 'Close' }).first().click();
    await win.waitFor({ state: 'detached' });
  });

  it('asks the payer where a claim pending 45 days stands, and the answer moves it to Denied with the reason in words', async () => {
    const win = await openFromStart(page, 'Claims Management');
    await win.getByLabel('Search', { exact: true }).fill(pending.code);
    await win.getByTestId(`row-${pending.id}`).click();
    await win.getByRole('button', { name: 'Ask the payer where it stands' }).click();
    const toast = page.getByText(/Asked in real time; the payer answered: Finalized: denied/);
    await toast.waitFor();
    expect(await toast.innerText()).toContain('The patient is not eligible for these services');
    const row = await e.app.db.query<{ status_id: number; payer_status: string }>(
      'select status_id, payer_status from claims where id = $1',
      [pending.id],
    );
    expect(row.rows[0].status_id).toBe(CLAIM_STATUS.DENIED);
    expect(row.rows[0].payer_status).toBe('Finalized: denied: The patient is not eligible for these services');
    expect(serverFailures(page)).toEqual([]);
    await win.getByRole('button', { name: 'Close' }).first().click();
    await win.waitFor({ state: 'detached' });
  });

  it('asks the payers about two claims chosen on the claims list, in one file, and says so', async () => {
    const two = (
      await e.app.db.query<{ id: number; patient_name: string }>(
        `select c.id::int as id, c.patient_name from claims c
          where c.status_id = $1 and c.patient_id = (
            select patient_id from claims where status_id = $1 and billing_company_id = (select billing_company_id from claims where id = $2)
             group by patient_id having count(*) >= 2 order by patient_id limit 1)
          order by c.id limit 2`,
        [CLAIM_STATUS.SUBMITTED, pending.id],
      )
    ).rows;
    expect(two, 'two Submitted demo claims of one patient').toHaveLength(2);
    const win = await openFromStart(page, 'Claims Management');
    await win.getByLabel('Search', { exact: true }).fill(two[0].patient_name);
    for (const c of two) await win.getByTestId(`row-${c.id}`).getByRole('checkbox').check();
    await win.getByRole('button', { name: 'Ask the payers where they stand (2)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ask the payers where they stand (2)' });
    await dialog.getByRole('button', { name: 'Ask the payers where they stand' }).click();
    const outcome = dialog.getByTestId('bulk-outcome');
    await expect.poll(() => outcome.innerText()).toMatch(/^2 claim status question\(s\) sent through /);
    const asked = await e.app.db.query<{ asked: boolean }>(
      'select status_asked_at is not null as asked from claims where id = any($1::bigint[]) order by id',
      [two.map((c) => c.id)],
    );
    expect(asked.rows).toEqual([{ asked: true }, { asked: true }]);
    expect(serverFailures(page)).toEqual([]);
  });
});
