import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { DEMO_SETUP_TIMEOUT } from '../helpers/demo-template.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedJob } from '../helpers/wait-for-job.ts';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { pdfText } from '../helpers/pdf-text.ts';

let app: TestApp;
let root: Api;
const n = async (sql: string, params: unknown[] = []) =>
  Number(Object.values((await app.db.query<Record<string, unknown>>(sql, params)).rows[0])[0] ?? 0);
const BUCKETS = [
  'aging_0_30',
  'aging_31_60',
  'aging_61_90',
  'aging_91_120',
  'aging_121_150',
  'aging_151_180',
  'aging_181_210',
  'aging_211_240',
  'aging_241',
];

// What payers owe per claim, written here apart from the report's source: billed (insured, not a draft) less payer
// postings' paid, their adjustments other than PR (a denial's do not count) and PR; write-offs and refunds on the insurance side.
// What payers owe: the charges billed to insurance less what the first payer paid, adjusted and left to the patient
// (a secondary's postings move money between the patient's share and that payer only), plus insurance refunds less write-offs.
const INSURANCE_OWED = `
  select coalesce(sum(c.billed_amount), 0)
       - coalesce((select sum(p.paid) from payment_services p join payments y on y.id = p.payment_id join claims k on k.id = p.claim_id where y.source_id <> 1 and coalesce(p.paid_as, 'P') = 'P' and k.status_id <> 1 and k.billing_company_id = any($1::bigint[])), 0)
       - coalesce((select sum((a->>'amount')::bigint) from payment_services p join payments y on y.id = p.payment_id join claims k on k.id = p.claim_id, jsonb_array_elements(p.adjustments) a
                    where y.source_id <> 1 and coalesce(p.paid_as, 'P') = 'P' and a->>'group' <> 'PR' and coalesce(p.claim_status, '') <> '4' and k.status_id <> 1 and k.billing_company_id = any($1::bigint[])), 0)
       - coalesce((select sum(p.patient_responsibility) from payment_services p join payments y on y.id = p.payment_id join claims k on k.id = p.claim_id where y.source_id <> 1 and coalesce(p.paid_as, 'P') = 'P' and k.status_id <> 1 and k.billing_company_id = any($1::bigint[])), 0)
       + coalesce((select sum(case when e.kind = 'refund' then e.amount else -e.amount end) from ledger_entries e join claims k on k.id = e.claim_id where e.responsibility = 'insurance' and k.status_id <> 1 and k.billing_company_id = any($1::bigint[])), 0)
    from claims c where c.status_id <> 1 and jsonb_array_length(coalesce(c.insurance_policy_ids, '[]'::jsonb)) > 0 and c.billing_company_id = any($1::bigint[])`;

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser({ withJobs: true, withDemo: true }));
}, DEMO_SETUP_TIMEOUT);
afterAll(() => app.close());

const all = async () =>
  (await app.db.query<{ id: string }>('select id from billing_companies order by id')).rows.map((r) => Number(r.id));

/** Two Billing Managers of the first billing company, signed in: whose saved reports are whose. */
async function twoManagers(domain: string, one: string, two: string): Promise<[Api, Api]> {
  const [first] = await all();
  const signedIn = async (name: string) => {
    await app.createUser({ email: `${name}@${domain}.test`, roles: ['billingmanager'], billingCompanyIds: [first] });
    return app.as(await app.login(`${name}@${domain}.test`));
  };
  return [await signedIn(one), await signedIn(two)];
}

describe('the reports list', () => {
  it('offers the reports by classification, with the filters and columns of each', async () => {
    const list = (await root('GET', '/reports')).body as Array<{ key: string; classification: number }>;
    expect(list.map((r) => r.key)).toEqual(
      expect.arrayContaining(['charge-transaction', 'daily-insurance-aging', 'month-end-aging', 'payments-posted']),
    );
    const def = (await root('GET', '/reports/month-end-aging')).body;
    expect(def.columns.map((c: { key: string }) => c.key)).toContain('billing_company');
    expect(def.filters.map((f: { key: string }) => f.key)).toEqual([
      'billing_companies',
      'companies',
      'insurance_companies',
      'aging_date',
      'aging_by',
    ]);
  });
});

describe('Daily Insurance Responsibility Aging', () => {
  it('its grand total is what payers owe by an independent sum, and the nine buckets add up to it', async () => {
    const r = await root('GET', '/reports/daily-insurance-aging/records?groupBy=insurance');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.totals.sums.total).toBe(await n(INSURANCE_OWED, [await all()]));
    expect(r.body.totals.sums.total).toBeGreaterThan(0);
    expect(BUCKETS.reduce((s, b) => s + r.body.totals.sums[b], 0)).toBe(r.body.totals.sums.total);
  });

  it("each payer's group total is that payer's rows, summed in SQL", async () => {
    const r = await root('GET', '/reports/daily-insurance-aging/records?groupBy=insurance&showDetails=false');
    const sumOfGroups = r.body.groups.reduce((s: number, g: { sums: { total: number } }) => s + g.sums.total, 0);
    expect(sumOfGroups).toBe(r.body.totals.sums.total);
    const g = r.body.groups[0];
    const exported = await root(
      'GET',
      `/reports/daily-insurance-aging/records?groupBy=insurance&insurance_companies=${await n('select id from insurance_companies where name = $1', [g.keys.insurance])}`,
    );
    expect(exported.body.totals.sums.total).toBe(g.sums.total);
  });

  it('pages as document 1 says: 22 rows then 20; 21 then 19 when filtered', async () => {
    const p1 = await root('GET', '/reports/daily-insurance-aging/records?page=1');
    const p2 = await root('GET', '/reports/daily-insurance-aging/records?page=2');
    expect(p1.body.count).toBeGreaterThan(42);
    expect([p1.body.rows.length, p2.body.rows.length]).toEqual([22, 20]);
    const companies = (await app.db.query<{ id: string }>('select id from companies order by id')).rows
      .map((x) => x.id)
      .join(',');
    const f1 = await root('GET', `/reports/daily-insurance-aging/records?page=1&companies=${companies}`);
    const f2 = await root('GET', `/reports/daily-insurance-aging/records?page=2&companies=${companies}`);
    expect([f1.body.rows.length, f2.body.rows.length]).toEqual([21, 19]);
    expect(f1.body.rows.map((x: { claim: string }) => x.claim)).not.toContain(f2.body.rows[0].claim);
  });

  it('ages from the first submission the claim keeps, which a later submission does not move', async () => {
    expect(
      await n(`select count(*) from claims c where c.first_submitted_at is distinct from
      (select min(t.created_at)::date from state_transitions t where t.entity = 'claim' and t.entity_id = c.id and t.to_state = 3)`),
    ).toBe(0);
    const sent = await n('select id from claims where first_submitted_at is not null order by id limit 1');
    await app.db.query(`update claims set first_submitted_at = date '2020-01-02' where id = $1`, [sent]);
    await app.db.query(
      `insert into state_transitions (entity, entity_id, billing_company_id, from_state, to_state) select 'claim', id, billing_company_id, 5, 3 from claims where id = $1`,
      [sent],
    );
    expect(
      await n(`select to_char(first_submitted_at, 'YYYY-MM-DD') = '2020-01-02' from claims where id = $1`, [sent]),
    ).toBe(1);
    const bySubmission = await root('GET', '/reports/daily-insurance-aging/records?aging_by=submission');
    expect(bySubmission.body.totals.sums.total).toBe(
      (await root('GET', '/reports/daily-insurance-aging/records')).body.totals.sums.total,
    );
  });

  it('ages by date of service by default, or by the last posting', async () => {
    const byService = await root('GET', '/reports/daily-insurance-aging/records');
    const byPosting = await root('GET', '/reports/daily-insurance-aging/records?aging_by=posting');
    expect(byPosting.body.totals.sums.total).toBe(byService.body.totals.sums.total);
    expect(byPosting.body.totals.sums.aging_0_30).toBeGreaterThanOrEqual(byService.body.totals.sums.aging_0_30);
  });
});

describe('the other reports', () => {
  it("Charge Transaction's total is the period's service lines", async () => {
    const r = await root('GET', '/reports/charge-transaction/records?from=01/01/2020&to=12/31/2030&groupBy=company');
    expect(r.body.totals.sums.charge).toBe(
      await n(
        `select sum(s.line_charge) from claim_services s join claims c on c.id = s.claim_id where c.status_id <> 1 and s.from_service between '2020-01-01' and '2030-12-31'`,
      ),
    );
    expect(r.body.totals.sums.lines).toBe(
      await n(
        `select count(*) from claim_services s join claims c on c.id = s.claim_id where c.status_id <> 1 and s.from_service between '2020-01-01' and '2030-12-31'`,
      ),
    );
  });

  it("Payments Posted's total is what payments paid in the period", async () => {
    const r = await root('GET', '/reports/payments-posted/records?from=01/01/2020&to=12/31/2030');
    expect(r.body.totals.sums.paid).toBe(
      await n(
        `select sum(p.paid) from payment_services p join payments y on y.id = p.payment_id where y.payment_date between '2020-01-01' and '2030-12-31'`,
      ),
    );
    expect(r.body.totals.sums.paid).toBeGreaterThan(0);
  });

  it('Month End Aging counts only what was posted by the month end, both responsibilities', async () => {
    const today = new Date();
    const us = `${String(today.getMonth() + 1).padStart(2, '0')}/${String(today.getDate()).padStart(2, '0')}/${today.getFullYear()}`;
    const now = await root(
      'GET',
      `/reports/month-end-aging/records?aging_date=${us}&groupBy=responsibility&showDetails=false`,
    );
    const sides = Object.fromEntries(
      now.body.groups.map((g: { keys: { responsibility: string }; sums: { total: number } }) => [
        g.keys.responsibility,
        g.sums.total,
      ]),
    );
    expect(sides.Insurance).toBe(await n(INSURANCE_OWED, [await all()]));
    expect(Object.keys(sides).sort()).toEqual(['Insurance', 'Patient']);
    const bad = await root('GET', '/reports/month-end-aging/records?aging_date=13/45/2026');
    expect(bad.status).toBe(422);
  });
});

describe('payer mix and productivity', () => {
  it("Payer mix's charges and payments are the period's claims and what payers paid on them", async () => {
    const r = await root(
      'GET',
      '/reports/payer-mix/records?from=01/01/2020&to=12/31/2030&groupBy=insurance&showDetails=false',
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.totals.sums.charges).toBe(
      await n(
        `select sum(billed_amount) from claims where status_id <> 1 and date_of_service between '2020-01-01' and '2030-12-31'`,
      ),
    );
    expect(r.body.totals.sums.payments_amount).toBe(
      await n(`select sum(p.paid) from payment_services p join payments y on y.id = p.payment_id join claims c on c.id = p.claim_id
      where y.source_id <> 1 and c.status_id <> 1 and c.date_of_service between '2020-01-01' and '2030-12-31'`),
    );
    expect(r.body.groups.reduce((s: number, g: { sums: { charges: number } }) => s + g.sums.charges, 0)).toBe(
      r.body.totals.sums.charges,
    );
  });

  it("Productivity counts each professional's charge lines, and its groups add up to the whole", async () => {
    const r = await root(
      'GET',
      '/reports/professional-productivity/records?from=01/01/2020&to=12/31/2030&groupBy=provider&showDetails=false',
    );
    expect(r.body.totals.sums.charge_count).toBe(
      await n(
        `select count(*) from claim_services s join claims c on c.id = s.claim_id where c.status_id <> 1 and c.date_of_service between '2020-01-01' and '2030-12-31'`,
      ),
    );
    expect(r.body.groups.reduce((s: number, g: { sums: { claims: number } }) => s + g.sums.claims, 0)).toBe(
      r.body.totals.sums.claims,
    );
  });
});

describe('exports', () => {
  const download = async (format: string) => {
    const res = await fetch(`${app.url}/reports/daily-insurance-aging/export?format=${format}&groupBy=insurance`, {
      headers: { authorization: `Bearer ${await app.login('root@test.com')}` },
    });
    return {
      status: res.status,
      type: res.headers.get('content-type') ?? '',
      bytes: Buffer.from(await res.arrayBuffer()),
    };
  };

  it('CSV, XLSX and PDF carry the same grand total as the screen', async () => {
    const total = (await root('GET', '/reports/daily-insurance-aging/records?groupBy=insurance')).body.totals.sums
      .total as number;
    const money = (cents: number) => (cents / 100).toFixed(2);
    const csv = await download('csv');
    const rows = Papa.parse<string[]>(csv.bytes.toString('utf8')).data.filter((r) => r.length > 1);
    const header = rows[0];
    expect(rows.at(-1)![header.indexOf('Total')]).toBe(money(total));
    const xlsx = await download('xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as never);
    const sheet = book.worksheets[0];
    const col = (sheet.getRow(1).values as unknown[]).indexOf('Total');
    const last = sheet.getRow(sheet.rowCount).getCell(col).value;
    expect(typeof last).toBe('number');
    expect(Math.round((last as number) * 100)).toBe(total);
    const pdf = await download('pdf');
    expect(pdf.type).toBe('application/pdf');
    expect(await pdfText(pdf.bytes)).toContain((total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 }));
  });
});

describe('long exports', () => {
  it('run as a job with progress, and the file it leaves holds the same total as the screen', async () => {
    const total = (await root('GET', '/reports/daily-insurance-aging/records?groupBy=insurance')).body.totals.sums
      .total as number;
    const queued = await root('POST', '/reports/daily-insurance-aging/export-jobs', {
      format: 'csv',
      groupBy: 'insurance',
    });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const job = await finishedJob(root, queued.body.id);
    expect(job).toMatchObject({ state: 'completed', done: 3, total: 3, percent: 100 });
    const res = await fetch(`${app.url}/files/${job.result!.file_id}/content`, {
      headers: { authorization: `Bearer ${await app.login('root@test.com')}` },
    });
    const rows = Papa.parse<string[]>(await res.text()).data.filter((r) => r.length > 1);
    expect(rows.at(-1)![rows[0].indexOf('Total')]).toBe((total / 100).toFixed(2));
  });

  it('are checked before they are queued: a bad date is a 422 and no job', async () => {
    const before = await n('select count(*) from jobs');
    const r = await root('POST', '/reports/month-end-aging/export-jobs', { format: 'xlsx', aging_date: '13/45/2026' });
    expect(r.status).toBe(422);
    expect(r.body.errors.aging_date).toEqual(['The date must be mm/dd/yyyy.']);
    expect(await n('select count(*) from jobs')).toBe(before);
  });
});

describe('Census', () => {
  it('counts the patients in the house today, by facility', async () => {
    const r = await root('GET', '/reports/census/records?groupBy=facility');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const inHouse = await n(
      'select count(*) from admissions where admission_date <= current_date and (discharge_date is null or discharge_date >= current_date)',
    );
    expect(inHouse).toBeGreaterThan(0);
    expect(r.body.totals.sums.patients).toBe(inHouse);
    expect(r.body.groups.reduce((s: number, g: { sums: { patients: number } }) => s + g.sums.patients, 0)).toBe(
      inHouse,
    );
  });
});

describe('the KPI dashboard', () => {
  const period = 'from=01/01/2020&to=12/31/2030';
  it('counts each KPI from the rows it comes from', async () => {
    const r = await root('GET', `/reports/kpis?${period}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const k = r.body;
    // Net collection reads the claims the payers answered (Approved, Denied, Complete): one still with its payer is not yet collectible.
    expect(k.net_collection_rate.payments).toBe(
      await n(
        `select sum(p.paid) from payment_services p join claims c on c.id = p.claim_id where c.status_id in (4, 6, 7) and c.date_of_service between '2020-01-01' and '2030-12-31'`,
      ),
    );
    expect(k.net_collection_rate.charges).toBe(
      await n(
        `select sum(billed_amount) from claims where status_id in (4, 6, 7) and date_of_service between '2020-01-01' and '2030-12-31'`,
      ),
    );
    expect(k.net_collection_rate.bp).toBe(
      Math.round(
        (k.net_collection_rate.payments * 10000) / (k.net_collection_rate.charges - k.net_collection_rate.contractual),
      ),
    );
    expect(k.clean_claim_rate.submitted).toBe(
      await n(
        `select count(*) from (select entity_id from state_transitions where entity = 'claim' and to_state = 3 group by entity_id having min(created_at)::date between '2020-01-01' and '2030-12-31') x`,
      ),
    );
    expect(k.clean_claim_rate.clean).toBeLessThanOrEqual(k.clean_claim_rate.submitted);
    expect(k.ar_over_90.bp).toBe(Math.round((k.ar_over_90.over_90 * 10000) / k.ar_over_90.ar));
    expect(k.monthly.reduce((s: number, m: { charges: number }) => s + m.charges, 0)).toBe(
      await n(
        `select sum(billed_amount) from claims where status_id <> 1 and date_of_service between '2020-01-01' and '2030-12-31'`,
      ),
    );
  });

  it('drills from the denial rate to the claims behind it, by CARC group too', async () => {
    const k = (await root('GET', `/reports/kpis?${period}`)).body;
    expect(k.denial_rate.denied).toBeGreaterThan(0);
    expect(k.denial_rate.denied).toBe(
      await n(`select count(*) from (select entity_id, (array_agg(to_state order by created_at, id))[1] as first from state_transitions
      where entity = 'claim' and to_state in (4, 6, 7) group by entity_id having min(created_at)::date between '2020-01-01' and '2030-12-31') x where first = 6`),
    );
    const all = await root('GET', `/reports/kpis/denial_rate/claims?${period}`);
    expect(all.body.count).toBe(k.denial_rate.denied);
    const group = k.denial_rate.groups[0];
    expect((await root('GET', `/reports/kpis/denial_rate/claims?${period}&group=${group.group}`)).body.count).toBe(
      group.claims,
    );
    expect((await root('GET', `/reports/kpis/nothing/claims?${period}`)).status).toBe(422);
  });

  it('each KPI comes with the same KPI of the period as long just before, for its trend', async () => {
    // June to November (183 days) against the 183 days before them: the demo has claims in both.
    const k = (await root('GET', '/reports/kpis?from=06/01/2026&to=11/30/2026')).body;
    expect(k.previous.period).toEqual({ from: '2025-11-30', to: '2026-05-31' });
    const before = (await root('GET', '/reports/kpis?from=11/30/2025&to=05/31/2026')).body;
    expect(k.previous).toEqual({
      period: { from: '2025-11-30', to: '2026-05-31' },
      records_from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      days_in_ar: before.days_in_ar.value,
      clean_claim_rate: before.clean_claim_rate.bp,
      first_pass_resolution: before.first_pass_resolution.bp,
      denial_rate: before.denial_rate.bp,
      net_collection_rate: before.net_collection_rate.bp,
      ar_over_90: before.ar_over_90.bp,
      contract_collection_rate: before.contract_collection_rate.bp,
      underpayment_rate: before.underpayment_rate.bp,
    });
    expect(before.denial_rate.adjudicated).toBeGreaterThan(0);
  });

  it('a period that starts before the first claim on record is not compared with: no figure, and the day the records begin', async () => {
    const first = (
      await app.db.query<{ d: string }>(
        `select to_char(min(date_of_service), 'YYYY-MM-DD') as d from claims where status_id <> 1`,
      )
    ).rows[0].d;
    // A year that ends the day before the records begin, and the year after it.
    const day = new Date(`${first}T00:00:00Z`);
    const us = (d: Date) =>
      `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
    const to = new Date(day.getTime() + 364 * 86_400_000);
    const k = (await root('GET', `/reports/kpis?from=${us(day)}&to=${us(to)}`)).body;
    expect(k.denial_rate.adjudicated).toBeGreaterThan(0);
    expect(k.previous).toMatchObject({
      records_from: first,
      days_in_ar: null,
      denial_rate: null,
      net_collection_rate: null,
      ar_over_90: null,
    });
  });

  it('the top denial reasons say what each code means', async () => {
    const k = (await root('GET', `/reports/kpis?${period}`)).body;
    expect(k.denial_rate.top_reasons.length).toBeGreaterThan(0);
    for (const r of k.denial_rate.top_reasons as Array<{ code: string; meaning: string }>) {
      expect(r.meaning.length, r.code).toBeGreaterThan(3);
      expect(r.meaning).not.toBe(r.code);
    }
  });
});

describe('presets', () => {
  const filters = { values: { aging_by: 'posting', companies: ['1'] }, groupBy: ['insurance'], details: false };
  it("a preset keeps its filters and restores them; a private one is its owner's alone, a shared one the billing company's", async () => {
    const [a, b] = await twoManagers('presets', 'a', 'b');
    const mine = await a('POST', '/report-presets', {
      name: 'Payers, by posting',
      report_key: 'daily-insurance-aging',
      filters,
      shared: false,
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const shared = await a('POST', '/report-presets', {
      name: 'Team view',
      report_key: 'daily-insurance-aging',
      filters,
      shared: true,
    });
    expect((await a('GET', `/report-presets/${mine.body.id}`)).body.filters).toEqual(filters);
    expect(
      (await b('GET', '/report-presets?report_key=daily-insurance-aging')).body.data.map(
        (p: { name: string }) => p.name,
      ),
    ).toEqual(['Team view']);
    expect((await b('GET', `/report-presets/${mine.body.id}`)).status).toBe(404);
    expect((await b('DELETE', `/report-presets/${shared.body.id}`)).status).toBe(403);
    expect((await a('DELETE', `/report-presets/${shared.body.id}`)).status).toBe(200);
    expect(await n('select count(*) from report_presets')).toBe(1);
  });

  it("a Super User narrows the presets to one billing company, as the list's Billing company filter asks", async () => {
    const [first, second] = await all();
    for (const [bc, name] of [
      [first, 'First office view'],
      [second, 'Second office view'],
    ] as const) {
      expect(
        (
          await root('POST', '/report-presets', {
            name,
            report_key: 'daily-insurance-aging',
            filters,
            shared: true,
            billing_company_id: bc,
          })
        ).status,
      ).toBe(201);
    }
    const names = async (q: string) =>
      (await root('GET', `/report-presets?${q}`)).body.data.map((p: { name: string }) => p.name);
    expect(await names(`billing_company_id=${second}`)).toEqual(['Second office view']);
    expect(await names('')).toEqual(expect.arrayContaining(['First office view', 'Second office view']));
    expect((await root('GET', '/report-presets?billing_company_id=abc')).body.errors.billing_company_id).toEqual([
      'The billing company must be an id.',
    ]);
    await app.db.query(`delete from report_presets where name like '% office view'`);
  });

  it('a preset names a report that exists', async () => {
    const r = await root('POST', '/report-presets', {
      name: 'X',
      report_key: 'no-such-report',
      filters: {},
      billing_company_id: (await all())[0],
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.report_key).toEqual(['There is no such report.']);
  });
});

describe('custom reports', () => {
  it("shows only the columns picked, in the order picked, with the base report's totals; private until shared", async () => {
    const [c, d] = await twoManagers('custom', 'c', 'd');
    const saved = await c('POST', '/custom-reports', {
      name: 'Charges by payer',
      report_key: 'payer-mix',
      columns: ['charges', 'insurance'],
      shared: false,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const key = `custom-${saved.body.id}`;
    const listed = (await c('GET', '/reports')).body.find((r: { key: string }) => r.key === key);
    expect(listed).toMatchObject({ name: 'Charges by payer', type: 2, base: 'payer-mix', classification: 2 });
    const run = await c('GET', `/reports/${key}/records?from=01/01/2020&to=12/31/2030`);
    expect(run.body.columns.map((x: { key: string }) => x.key)).toEqual(['charges', 'insurance']);
    expect(Object.keys(run.body.rows[0]).sort()).toEqual(['charges', 'insurance']);
    expect(run.body.totals.sums.charges).toBe(
      (await c('GET', '/reports/payer-mix/records?from=01/01/2020&to=12/31/2030')).body.totals.sums.charges,
    );
    expect((await d('GET', `/reports/${key}/records`)).status).toBe(404);
    await c('PUT', `/custom-reports/${saved.body.id}`, { shared: true });
    expect((await d('GET', `/reports/${key}/records`)).status).toBe(200);
    expect((await d('PUT', `/custom-reports/${saved.body.id}`, { name: 'Mine now' })).status).toBe(403);
  });

  it('a custom report is read by its owner and deleted by its owner only, and is then gone', async () => {
    const [e, f] = await twoManagers('custom', 'e', 'f');
    const saved = await e('POST', '/custom-reports', {
      name: 'Insurance only',
      report_key: 'payer-mix',
      columns: ['insurance'],
      shared: true,
    });
    expect((await e('GET', `/custom-reports/${saved.body.id}`)).body).toMatchObject({
      id: saved.body.id,
      name: 'Insurance only',
      columns: ['insurance'],
    });
    expect((await f('DELETE', `/custom-reports/${saved.body.id}`)).status).toBe(403);
    expect((await e('DELETE', `/custom-reports/${saved.body.id}`)).body).toEqual({ id: saved.body.id });
    expect(await n('select count(*) from custom_reports where id = $1', [saved.body.id])).toBe(0);
    expect((await e('GET', `/custom-reports/${saved.body.id}`)).status).toBe(404);
  });

  it('takes only columns of its base report', async () => {
    const r = await root('POST', '/custom-reports', {
      name: 'X',
      report_key: 'payer-mix',
      columns: ['insurance', 'ssn'],
      billing_company_id: (await all())[0],
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.columns).toEqual(['Not a column of the report: ssn.']);
    expect(await n('select count(*) from custom_reports where name = $1', ['X'])).toBe(0);
  });
});

describe('favourites', () => {
  it("are each person's own, listed with ?favorite=true, and kept across sign-ins", async () => {
    const [first] = await all();
    await app.createUser({ email: 'f@fav.test', roles: ['billingmanager'], billingCompanyIds: [first] });
    const f = app.as(await app.login('f@fav.test'));
    expect((await f('PUT', '/reports/census/favorite', { favorite: true })).body).toEqual({
      key: 'census',
      favorite: true,
    });
    expect(
      (await app.as(await app.login('f@fav.test'))('GET', '/reports?favorite=true')).body.map(
        (r: { key: string }) => r.key,
      ),
    ).toEqual(['census']);
    expect((await root('GET', '/reports?favorite=true')).body).toEqual([]);
    await f('PUT', '/reports/census/favorite', { favorite: false });
    expect((await f('GET', '/reports?favorite=true')).body).toEqual([]);
  });

  it('name a report that exists, with true or false', async () => {
    expect((await root('PUT', '/reports/nothing-here/favorite', { favorite: true })).status).toBe(404);
    const bad = await root('PUT', '/reports/census/favorite', { favorite: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.favorite).toEqual(['The favorite field must be true or false.']);
  });
});

describe('a Billing Manager', () => {
  it("sees only the own billing company's rows and never the billing company column", async () => {
    const [first, second] = await all();
    await app.createUser({ email: 'bm@reports.test', roles: ['billingmanager'], billingCompanyIds: [first] });
    const bm = app.as(await app.login('bm@reports.test'));
    const r = await bm('GET', `/reports/daily-insurance-aging/records?billing_companies=${second}`);
    expect(r.body.count).toBe(0);
    const own = await bm('GET', '/reports/daily-insurance-aging/records');
    expect(own.body.totals.sums.total).toBe(await n(INSURANCE_OWED, [[first]]));
    expect(own.body.columns.map((c: { key: string }) => c.key)).not.toContain('billing_company');
    expect((await bm('GET', '/reports/daily-insurance-aging/records?groupBy=billing_company')).status).toBe(422);
  });
});
