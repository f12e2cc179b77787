// Screen throughput as staff get it: a biller enters a 3-line professional claim from a patient search, a poster
// posts a 3-line EOB (CO-45 and PR-2), a collector works ten denials (a follow-up with a note and the next date each),
// a billing manager discharges an admission from its checklist. Real server, real Chromium, keys typed at a typist's
// pace (bench/staff-pace.ts). Each flow's keys, clicks and time, and how fast each screen answered what was done.
// Run: npm run bench:screens (builds the client first when it is stale). Prints a Markdown table.
import type { Page } from 'playwright-core';
import { PASSWORD, startTestApp } from '../tests/helpers/test-app.ts';
import { launchBrowser } from '../tests/e2e/browser.ts';
import { openFromStart, signIn, type E2E } from '../tests/e2e/e2e-app.ts';
import { claimWorld, goodClaim } from '../tests/helpers/claim-fixtures.ts';
import { claimsForEra } from '../tests/helpers/era-claims.ts';
import { deniedInFull, keyInsurance835 } from '../tests/helpers/key-insurance-835.ts';
import { daysAgo, goodAdmission } from '../tests/helpers/admission-fixtures.ts';
import { insuranceCheck } from '../tests/helpers/payment-fixtures.ts';
import { AIM_MS, KEY_MS, Staff, type Tally } from './staff-pace.ts';

const app = await startTestApp();
const browser = await launchBrowser();
const e: E2E = { app, browser, origin: app.url.replace(/\/api\/v1$/, ''), close: async () => {} };
const w = await claimWorld(app.db);
await app.createUser({ email: 'root@screens.bench', roles: ['superuser'] });
const root = app.as(await app.login('root@screens.bench'));
for (const [email, role] of [
  ['biller@screens.bench', 'biller'],
  ['poster@screens.bench', 'billingmanager'],
  ['collector@screens.bench', 'collector'],
  ['manager@screens.bench', 'billingmanager'],
])
  await app.createUser({ email, roles: [role], billingCompanyIds: [w.bc] });

// A billing company's patients: 1,000 beside the one the biller looks for, some sharing her last name.
await app.db.query(
  `insert into patients (billing_company_id, company_id, first_name, last_name, date_of_birth, sex)
   select $1, $2, (array['Ana','Carlos','Maria','Jose','Lucas','Elena','Diego','Sofia','Mateo','Valeria'])[1 + g % 10],
          (array['Garcia','Rodriguez','Martinez','Hernandez','Lopez','Gonzalez','Perez','Sanchez','Ramirez','Torres'])[1 + (g / 10) % 10],
          date '1950-01-01' + (g * 17) % 20000, case when g % 2 = 0 then 'F' else 'M' end
     from generate_series(1, 1000) g`,
  [w.bc, w.company],
);
// Her last visit, so a new claim starts from its clinic and provider.
await root('POST', '/claim/verify-register', goodClaim(w));

const results: Array<{ flow: string; tally: Tally; goal: string; met: (t: Tally) => boolean }> = [];
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** Signed in as staff, with a Staff at the keyboard. */
async function at(email: string): Promise<{ page: Page; s: Staff }> {
  const { page } = await signIn(e, email, PASSWORD);
  page.setDefaultTimeout(20_000);
  return { page, s: new Staff(page) };
}

// 1. The biller: a 3-line professional claim, starting from the patient search.
{
  const { page, s } = await at('biller@screens.bench');
  s.begin();
  await s.click(page.getByTestId('start-button'));
  await s.answered(
    () => s.click(page.getByTestId('start-Patient Management')),
    page.getByTestId('window-Patient Management').getByTestId('list-rows'),
  );
  const patients = page.getByTestId('window-Patient Management');
  await s.click(patients.getByLabel('Search'));
  await s.answered(
    () => s.type('perez lu'),
    patients.getByTestId('list-rows').locator('tr').filter({ hasText: 'Lucia' }),
  );
  await s.answered(
    () => s.click(patients.getByTestId('list-rows').locator('tr').filter({ hasText: 'Lucia' }).first()),
    patients.getByRole('button', { name: 'New claim' }),
  );
  const claims = page.getByTestId('window-Claims Management');
  await s.answered(
    () => s.click(patients.getByRole('button', { name: 'New claim' })),
    () =>
      s.until(async () =>
        /^Lucia Perez/.test(await claims.getByRole('combobox', { name: /^Patient( \*)?$/ }).inputValue()),
      ),
  );
  const cell = (row: number, col: string) => claims.locator(`[data-cell="${row}:${col}"]`);
  const typeCells = async (values: string[]) => {
    for (const v of values) {
      if (v) await s.type(v);
      await s.press('Tab');
    }
  };
  await s.click(claims.getByRole('button', { name: 'Add diagnosis' }));
  await s.type('J06.9');
  await s.press('Enter');
  await s.type('R05.9');
  await s.answered(
    () => s.click(claims.getByRole('button', { name: 'Add line' })),
    () => s.until(() => cell(0, 'from_service').evaluate((el) => el === document.activeElement)),
  );
  await typeCells(['3/2', '3/2', '99213', '25', '11', 'AB', '1', '125', '']);
  await s.answered(
    () => s.press('Enter'),
    () => s.until(async () => (await cell(1, 'from_service').inputValue()) === '03/02/2026'),
  );
  await s.press('Tab', 2);
  await typeCells(['36415', '', '11', 'A', '1', '15', '']);
  await s.press('Enter');
  await s.press('Tab', 2);
  await typeCells(['85025', '', '11', 'A', '1', '25']);
  await s.answered(
    () => s.click(claims.getByRole('button', { name: 'Save and verify' })),
    claims.getByTestId('state-control').getByTestId('state-chip').filter({ hasText: 'Not submitted' }),
  );
  const saved = (
    await app.db.query<{ n: number }>(`select count(*)::int n from claims where verified and billed_amount = 16500`)
  ).rows[0].n;
  if (saved !== 1) throw new Error('the bench claim was not saved verified for $165.00');
  results.push({
    flow: 'Biller: 3-line professional claim from a patient search (to verified)',
    tally: s.end(),
    goal: '≤ 45 s, ≤ 60 keys beyond the data',
    met: (t) => t.ms <= 45_000 && t.otherKeys <= 60,
  });
  await page.context().close();
}

// 2. The poster: a 3-line EOB, CO-45 and PR-2 proposed from allowed and paid.
{
  const c = await root(
    'POST',
    '/claim/verify-register',
    goodClaim(w, {
      services: ['99213', '36415', '85025'].map((code, i) => ({
        from_service: '03/02/2026',
        to_service: '03/02/2026',
        procedure_code: code,
        diagnosis_pointers: ['A'],
        days_or_units: '1',
        price: [12500, 1500, 2500][i],
      })),
    }),
  );
  await app.db.query('update claims set status_id = 3 where id = $1', [c.body.id]);
  await insuranceCheck(root, w, { name: 'Check 4455 SUN Health', amount: 9000, reference: 'CHK4455' });
  const { page, s } = await at('poster@screens.bench');
  const win = await openFromStart(page, 'Payments Management');
  s.begin();
  await s.answered(
    () => s.click(win.getByText('Check 4455 SUN Health').first()),
    win.getByRole('tab', { name: 'Payments' }),
  );
  await s.answered(() => s.click(win.getByRole('tab', { name: 'Payments' })), win.getByText('CHK4455'));
  await s.answered(() => s.click(win.getByText('CHK4455').first()), win.getByRole('button', { name: 'Distribute' }));
  const dialog = page.getByTestId('distribution-dialog');
  await s.answered(
    () => s.click(win.getByRole('button', { name: 'Distribute' })),
    dialog.getByLabel(/^Patient or claim number/),
  );
  await s.answered(() => s.type('Perez'), dialog.getByLabel('Paid'));
  const lines = dialog.locator('[data-testid^="line-"]');
  // Line 1: allowed 85, paid 70: CO-45 40.00 and PR-2 15.00 proposed, taken with Enter.
  await s.click(lines.nth(0).getByLabel('Allowed'));
  await s.type('85');
  await s.press('Tab');
  await s.answered(
    () => s.type('70'),
    () =>
      s.until(async () =>
        /CO-45 40\.00/.test((await lines.nth(0).locator('[data-testid^="propose-"]').textContent()) ?? ''),
      ),
  );
  await s.press('Enter');
  // Lines 2 and 3: allowed and paid, the proposal taken the same way.
  for (const [n, allowed, paid] of [
    [1, '15', '10'],
    [2, '25', '10'],
  ] as const) {
    await s.click(lines.nth(n).getByLabel('Allowed'));
    await s.type(allowed);
    await s.press('Tab');
    await s.answered(
      () => s.type(paid),
      () => s.until(async () => (await lines.nth(n).locator('[data-testid^="propose-"]').count()) > 0),
    );
    await s.press('Enter');
  }
  await s.until(async () => (await dialog.getByTestId('left').textContent()) === '0.00');
  await s.answered(
    () => s.click(dialog.getByRole('button', { name: 'Save distribution' })),
    () => dialog.waitFor({ state: 'detached' }),
  );
  const posted = (await app.db.query<{ n: number }>(`select count(*)::int n from payment_services`)).rows[0].n;
  if (posted !== 3) throw new Error(`the bench EOB posted ${posted} lines, not 3`);
  results.push({
    flow: 'Poster: 3-line EOB with CO-45 / PR-2, from the payment to saved',
    tally: s.end(),
    goal: '≤ 30 s',
    met: (t) => t.ms <= 30_000,
  });
  await page.context().close();
}

// 3. The collector: ten denials, each a follow-up with what the payer said and the next date.
{
  const text = keyInsurance835({
    control: 31,
    trace: 'BENCH-DEN',
    claims: Array.from({ length: 10 }, (_, i) => deniedInFull(`DN-${i + 1}`, 11000 + i * 1000, i % 2 ? '16' : '50')),
  });
  await claimsForEra(app.db, w, text);
  await root('POST', '/payments/eras/sync', { billing_company_id: w.bc, content: text, name: 'bench-denials.835' });
  const era = (await app.db.query<{ id: number }>(`select id from era_files where name = 'bench-denials.835'`)).rows[0];
  await root('POST', '/payments/eras/process', { id: era.id });
  const { page, s } = await at('collector@screens.bench');
  const win = await openFromStart(page, 'Denial Management');
  const rows = win.getByTestId('list-rows').locator('tr');
  await rows.nth(9).waitFor();
  s.begin();
  for (let i = 0; i < 10; i++) {
    // The first denial by a click; back on the worklist the row just worked has the focus: ArrowDown, Enter.
    if (i === 0) await s.answered(() => s.click(rows.nth(0)), win.getByRole('tab', { name: 'Follow-ups' }));
    else {
      await s.until(() => rows.nth(i - 1).evaluate((el) => el === document.activeElement));
      await s.press('ArrowDown');
      await s.answered(() => s.press('Enter'), win.getByRole('tab', { name: 'Follow-ups' }));
    }
    await s.answered(
      () => s.click(win.getByRole('tab', { name: 'Follow-ups' })),
      win.getByTestId('children-denial-tracking').getByRole('button', { name: 'Create' }),
    );
    const child = win.getByTestId('children-denial-tracking');
    await s.answered(() => s.click(child.getByRole('button', { name: 'Create' })), child.getByLabel('Representative'));
    await s.click(child.getByLabel('Representative'));
    await s.type('Dana');
    await s.click(child.getByLabel('Note').first());
    await s.type('Resubmit with records');
    await s.click(child.getByLabel('Follow up'));
    await s.type('12/15/2026');
    await s.answered(() => s.click(child.getByRole('button', { name: 'Save' })), page.getByText('Created').first());
    await s.answered(() => s.click(win.getByRole('button', { name: 'Back to list' }).first()), rows.nth(9));
  }
  const tracked = (await app.db.query<{ n: number }>(`select count(distinct claim_id)::int n from denial_trackings`))
    .rows[0].n;
  if (tracked !== 10) throw new Error(`the collector followed up ${tracked} denials, not 10`);
  results.push({
    flow: 'Collector: ten denials, a follow-up note and the next date each',
    tally: s.end(),
    goal: '≤ 180 s',
    met: (t) => t.ms <= 180_000,
  });
  await page.context().close();
}

// 4. The billing manager: an admission discharged from its checklist.
{
  const unit = (
    await app.db.query<{ id: number }>(
      `insert into units (billing_company_id, company_id, code, name, rooms, status) values ($1, $2, 'MS', 'Medical-Surgical', $3, true) returning id`,
      [w.bc, w.company, JSON.stringify([{ code: '101', name: 'Room 101', capacity: 2 }])],
    )
  ).rows[0].id;
  await app.db.query(`update facilities set bill_classification_ids = '[11]' where id = $1`, [w.facility]);
  const admitted = await root(
    'POST',
    '/admission',
    goodAdmission(w, unit, {
      services: [
        { from_service: daysAgo(2), to_service: daysAgo(1), revenue_code: '0120', days_or_units: '2', price: 90000 },
      ],
    }),
  );
  if (admitted.status !== 201) throw new Error(JSON.stringify(admitted.body));
  const { page, s } = await at('manager@screens.bench');
  const win = await openFromStart(page, 'Admission / Encounter Management');
  await win.getByText(admitted.body.code).first().waitFor();
  s.begin();
  await s.answered(
    () => s.click(win.getByText(admitted.body.code).first()),
    win.getByRole('button', { name: 'Discharge' }),
  );
  const dialog = page.getByTestId('discharge-dialog');
  await s.answered(() => s.click(win.getByRole('button', { name: 'Discharge' })), dialog.getByLabel('Discharge date'));
  const choose = async (label: string, option: RegExp) => {
    await s.click(dialog.getByRole('combobox', { name: label }).first());
    await s.click(page.getByRole('option', { name: option }).first());
  };
  // Discharged today: the discharge date and the statement's last day come filled with it.
  await s.click(dialog.getByLabel('Discharge time'));
  await s.type('11');
  await choose('Admission type', /Urgent/);
  await choose('Admission source', /^1 /);
  await choose('Patient status', /^01 /);
  await s.until(async () => (await dialog.locator('[data-ready="false"]').count()) === 0);
  await s.answered(
    () => s.click(dialog.getByRole('button', { name: 'Discharge' })),
    win.getByTestId('state-chip').filter({ hasText: 'Discharged' }),
  );
  results.push({
    flow: 'Billing manager: an admission discharged from its checklist',
    tally: s.end(),
    goal: '(none set)',
    met: () => true,
  });
  await page.context().close();
}

await browser.close();
await app.close();

const answers = results.flatMap((r) => r.tally.answers);
console.log(`Pace: a key every ${KEY_MS} ms, ${AIM_MS} ms to aim each click. Times are wall clock with that pace.\n`);
console.log(
  '| flow | time | data keys | other keys | clicks | screen answers p50 / p95 / max | goal | met |\n|---|---|---|---|---|---|---|---|',
);
for (const r of results) {
  const t = r.tally;
  console.log(
    `| ${r.flow} | ${(t.ms / 1000).toFixed(1)} s | ${t.dataKeys} | ${t.otherKeys} | ${t.clicks} | ${pct(t.answers, 50).toFixed(0)} / ${pct(t.answers, 95).toFixed(0)} / ${Math.max(...t.answers).toFixed(0)} ms | ${r.goal} | ${r.met(t) ? 'yes' : 'no'} |`,
  );
}
console.log(
  `\nEvery screen answer (${answers.length}): p50 ${pct(answers, 50).toFixed(0)} ms, p95 ${pct(answers, 95).toFixed(0)} ms, max ${Math.max(...answers).toFixed(0)} ms; within 300 ms: ${answers.filter((a) => a <= 300).length} of ${answers.length}.`,
);
for (const r of results)
  for (const slow of r.tally.slow) console.log(`- over 300 ms in "${r.flow}": ${slow.what} — ${slow.ms.toFixed(0)} ms`);
