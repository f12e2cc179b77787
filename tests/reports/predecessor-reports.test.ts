import { DEMO_SETUP_TIMEOUT } from '../helpers/demo-template.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';

// The audit, records and collection reports (predecessor-facts §5), each checked against a sum written here apart from its source.
let app: TestApp;
let root: Api;
const n = async (sql: string, params: unknown[] = []) =>
  Number(Object.values((await app.db.query<Record<string, unknown>>(sql, params)).rows[0])[0] ?? 0);
const period = 'from=01/01/2000&to=12/31/2099';
type Group = { level: number; keys: Record<string, unknown>; count: number; sums: Record<string, number> };

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser({ withDemo: true }));
}, DEMO_SETUP_TIMEOUT);
afterAll(() => app.close());

describe('Posted Payment Transaction Audit', () => {
  it('counts every posting and sums what was paid, by deposit month', async () => {
    const r = await root(
      'GET',
      `/reports/posted-payment-audit/records?${period}&groupBy=deposit_month&showDetails=false`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.totals.sums.trans_count).toBe(await n('select count(*) from payment_services'));
    expect(r.body.totals.sums.amount).toBe(await n('select sum(paid) from payment_services'));
    expect(r.body.groups.every((g: Group) => /^\d{2}\/\d{4}$/.test(String(g.keys.deposit_month)))).toBe(true);
  });
});

describe('the records reports', () => {
  it('General patient lists every patient once with the claims processed for them', async () => {
    const r = await root('GET', `/reports/general-patient/records?${period}`);
    expect(r.body.count).toBe(await n('select count(*) from patients'));
    expect(r.body.totals.sums.claims_processed).toBe(await n('select count(*) from claims where status_id <> 1'));
    expect(['Female', 'Male', null]).toContain(r.body.rows[0].sex);
  });

  it("the predecessor's module key opens the same report", async () => {
    const byKey = await root('GET', `/reports/general-patient/records?${period}`);
    const byModule = await root('GET', `/reports/records?module=JBEPEUZRBK&${period}`);
    expect(byModule.body.totals).toEqual(byKey.body.totals);
  });

  it("Detailed patient masks the SSN, and a Billing Manager's column set drops the billing company and the address", async () => {
    const [first] = (await app.db.query<{ id: string }>('select id from billing_companies order by id')).rows.map((x) =>
      Number(x.id),
    );
    await app.createUser({ email: 'bm@records.test', roles: ['billingmanager'], billingCompanyIds: [first] });
    const bm = app.as(await app.login('bm@records.test'));
    const r = await bm('GET', `/reports/detailed-patient/records?${period}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const keys = r.body.columns.map((c: { key: string }) => c.key);
    expect(keys).not.toContain('billing_company');
    expect(keys).not.toContain('address');
    expect(keys).toContain('city');
    expect(r.body.count).toBe(await n('select count(*) from patients where billing_company_id = $1', [first]));
    const withSsn = r.body.rows.find((x: { ssn: string | null }) => x.ssn);
    if (withSsn) expect(withSsn.ssn).toMatch(/^\*\*\*-\*\*-\d{4}$/);
    expect(
      (await root('GET', `/reports/detailed-patient/records?${period}`)).body.columns.map(
        (c: { key: string }) => c.key,
      ),
    ).toContain('address');
  });

  it('General Facility names its types and place of service, and counts the claims processed there', async () => {
    const r = await root('GET', `/reports/general-facility/records?${period}`);
    expect(r.body.count).toBe(await n('select count(*) from facilities'));
    expect(r.body.totals.sums.claims_processed).toBe(
      await n('select count(*) from claims where status_id <> 1 and facility_id is not null'),
    );
    const typed = r.body.rows.find((x: { facility_types: string | null }) => x.facility_types);
    expect(typed.facility_types).toMatch(/[A-Za-z]/);
  });

  it('General Healthcare Professional counts the claims each rendered', async () => {
    const r = await root(
      'GET',
      `/reports/general-health-professional/records?${period}&groupBy=health_professional_type&showDetails=false`,
    );
    expect(r.body.totals.sums.professionals).toBe(await n('select count(*) from health_professionals'));
    expect(r.body.totals.sums.claims_processed).toBe(
      await n('select count(*) from claims where status_id <> 1 and attending_provider_id is not null'),
    );
  });
});

describe('Bad Debt Cost', () => {
  it("is each patient write-off, with the patient's statements before it", async () => {
    const r = await root('GET', `/reports/bad-debt-cost/records?${period}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.count).toBeGreaterThan(0);
    expect(r.body.totals.sums.writeoffs_amount).toBe(
      await n(`select sum(amount) from ledger_entries where kind = 'write_off' and responsibility = 'patient'`),
    );
    const row = r.body.rows[0];
    const first = (
      await app.db.query<{ d: string }>(
        `select to_char(min(s.statement_date), 'MM/DD/YYYY') as d from patient_statements s join patients p on p.id = s.patient_id where p.med_num = $1`,
        [row.patient_account],
      )
    ).rows[0].d;
    expect(row.first_bill_date).toBe(first);
    expect(row.third_bill_date).not.toBeNull();
    expect(row.reason).toBe('Bad debt (sent to collections)');
  });
});

describe('Change by module', () => {
  it("counts every audited change of the billing companies, and the hour bands add up to each person's total", async () => {
    const r = await root('GET', `/reports/change-by-module/records?${period}&groupBy=module&showDetails=false`);
    expect(r.body.totals.sums.changes).toBe(
      await n('select count(*) from audits where billing_company_id is not null'),
    );
    const bands = ['hrs_0_12', 'hrs_12_14', 'hrs_14_16', 'hrs_16_18', 'hrs_18_20', 'hrs_20_22', 'hrs_22_24'];
    for (const g of r.body.groups as Group[]) expect(bands.reduce((s, b) => s + g.sums[b], 0)).toBe(g.sums.changes);
  });
});

describe('SOBG and DPR', () => {
  it("is the insurance balance of the open claims, the same as the day's aging, with each claim's action", async () => {
    const r = await root('GET', '/reports/sobg-dpr/records?groupBy=insurance');
    const aging = await root('GET', '/reports/daily-insurance-aging/records');
    expect(r.body.totals.sums.balance).toBe(aging.body.totals.sums.total);
    expect(r.body.rows[0].age_days).toBeGreaterThanOrEqual(r.body.rows[1].age_days);
    expect(typeof r.body.rows[0].status_id).toBe('string');
  });
});

describe('shares and distinct counts', () => {
  it("Payer mix shows each payer's share of the charges, the whole being 100 %", async () => {
    const r = await root('GET', `/reports/payer-mix/records?${period}&groupBy=insurance&showDetails=false`);
    expect(r.body.totals.sums.charges_share).toBe(10000);
    const g = (r.body.groups as Group[])[0];
    expect(g.sums.charges_share).toBe(Math.round((g.sums.charges * 10000) / r.body.totals.sums.charges));
    const shares = (r.body.groups as Group[]).reduce((s, x) => s + x.sums.charges_share, 0);
    expect(Math.abs(shares - 10000)).toBeLessThanOrEqual(r.body.groups.length);
  });

  it('Productivity counts each patient once, however many claims they had', async () => {
    const r = await root(
      'GET',
      `/reports/professional-productivity/records?${period}&groupBy=provider&showDetails=false`,
    );
    expect(r.body.totals.sums.patient_count).toBe(
      await n('select count(distinct patient_id) from claims where status_id <> 1'),
    );
  });
});

describe('Spanish', () => {
  it('names codes in Spanish for a Spanish reader', async () => {
    await app.createUser({ email: 'es@records.test', roles: ['superuser'] });
    await app.db.query(`update users set language = 'es' where email = 'es@records.test'`);
    const r = await app.as(await app.login('es@records.test'))('GET', `/reports/general-patient/records?${period}`);
    expect(r.body.rows.map((x: { sex: string }) => x.sex)).toContain('Femenino');
  });
});
