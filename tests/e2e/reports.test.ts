import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_SETUP_TIMEOUT } from '../helpers/demo-template.ts';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';
import type { Api } from '../helpers/test-app.ts';
import { isoToUsDate } from '../../src/domain/formats.ts';

let e: E2E;
let page: Page;
let errors: string[];
let manager: Api;

beforeAll(async () => {
  e = await startE2E({ withDemo: true });
  const bc = Number((await e.app.db.query<{ id: string }>('select min(id) as id from billing_companies')).rows[0].id);
  await e.app.createUser({ email: 'manager@reports.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  ({ page, errors } = await signIn(e, 'manager@reports.test'));
  // The figures the manager's screen shows, asked by a Super User for the manager's billing company.
  await e.app.createUser({ email: 'root@reports.test', roles: ['superuser'] });
  const root = e.app.as(await e.app.login('root@reports.test'));
  manager = (method, path, body) =>
    root(method, `${path}${path.includes('?') ? '&' : '?'}billing_companies=${bc}`, body);
  page.setDefaultTimeout(15_000);
}, DEMO_SETUP_TIMEOUT);
afterAll(() => e.close());

describe('a billing manager closes the month', () => {
  it("opens Month End Aging, groups it by insurance and reads each payer's subtotal and the grand total", async () => {
    const win = await openFromStart(page, 'Reports');
    await win.getByTestId('report-month-end-aging').click();
    await win.getByTestId('report-group-1').click();
    await page.getByRole('option', { name: 'Insurance', exact: true }).click();
    await win.getByRole('button', { name: 'Run' }).click();
    const rows = win.getByTestId('report-rows');
    await rows.locator('tr[data-kind="total"]').waitFor();
    expect(await rows.locator('tr[data-kind="group"]').count()).toBeGreaterThan(0);
    expect(await win.getByRole('columnheader', { name: 'Billing company' }).count()).toBe(0);
  });

  it('exports XLSX: numeric cells, the same grand total as the screen', async () => {
    const win = page.getByTestId('window-Reports');
    const shown = (await win
      .getByTestId('report-rows')
      .locator('tr[data-kind="total"] td')
      .last()
      .textContent())!.trim();
    await win.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click(),
    ]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0];
    const last = sheet.getRow(sheet.rowCount).getCell(sheet.columnCount).value;
    expect(typeof last).toBe('number');
    expect((last as number).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })).toBe(
      shown,
    );
  });

  it('opens the KPI dashboard and drills from the denial rate to the claims behind it', async () => {
    const win = page.getByTestId('window-Reports');
    await win.getByTestId('report-kpis').click();
    await win.getByTestId('kpi-denial_rate').waitFor();
    expect(await win.getByTestId('kpi-denial_rate').textContent()).toContain('HFMA');
    await win.getByTestId('kpi-denial_rate-value').click();
    const drill = win.getByTestId('kpi-drill');
    await drill.waitFor();
    // The claims open below the cards, and the window is scrolled to them: their heading is where the person looks.
    const headingShown = () =>
      drill.evaluate((el) => {
        let box: HTMLElement | null = el.parentElement;
        while (box && !(box.scrollHeight > box.clientHeight && getComputedStyle(box).overflowY !== 'visible'))
          box = box.parentElement;
        const view = (box ?? document.documentElement).getBoundingClientRect();
        const top = el.getBoundingClientRect().top;
        return top >= view.top && top < view.bottom;
      });
    await expect.poll(headingShown).toBe(true);
    // The card says "N of M adjudicated claims"; the drill-down lists those N.
    const denied = /(\d+) of \d+ adjudicated/.exec((await win.getByTestId('kpi-denial_rate').textContent())!)![1];
    expect(Number(denied)).toBeGreaterThan(0);
    expect(await drill.textContent()).toContain(`the ${denied} claims behind it`);
    const first = drill.getByRole('button').first();
    const code = (await first.textContent())!.trim();
    await first.click();
    await page.getByTestId('window-Claims Management').getByRole('heading', { name: code }).waitFor();
  });

  it("the default year is not compared with the year before it, which starts before the demo's first claim: the card says when the records begin", async () => {
    const win = page.getByTestId('window-Reports');
    const k = (await manager('GET', '/reports/kpis')).body;
    expect(k.previous.denial_rate).toBeNull();
    expect(await win.getByTestId('kpi-denial_rate-trend').textContent()).toBe(
      `The records begin on ${isoToUsDate(k.previous.records_from)}: no full period before to compare with`,
    );
  });

  it('each KPI card says how it moved since the period as long before, in words and in colour', async () => {
    const win = page.getByTestId('window-Reports');
    // June to November against the 183 days before them: the demo has claims in both.
    const k = (await manager('GET', '/reports/kpis?from=06/01/2026&to=11/30/2026')).body;
    // The claim the drill-down opened lies over the dashboard: it is closed, and the Reports window is back on top.
    await page.getByTestId('window-Claims Management').getByRole('button', { name: 'Close' }).first().click();
    const period = win.getByTestId('kpi-period');
    await period.getByLabel('From', { exact: true }).fill('06/01/2026');
    await period.getByLabel('To', { exact: true }).fill('11/30/2026');
    await period.getByRole('button', { name: 'Run' }).click();
    const since = `since the ${isoToUsDate(k.previous.period.from)}–${isoToUsDate(k.previous.period.to)} period`;
    const trend = win.getByTestId('kpi-denial_rate-trend');
    await expect.poll(() => trend.textContent()).toContain(since);
    const text = (await trend.textContent())!;
    const change = k.denial_rate.bp - k.previous.denial_rate;
    const size = Math.abs(change);
    const points = `${Math.trunc(size / 100)}.${String(size % 100).padStart(2, '0')} points`;
    expect(text).toBe(change === 0 ? `No change ${since}` : `${change > 0 ? '▲' : '▼'} ${points} ${since}`);
    // A denial rate going down is good news (green); up, bad (red).
    const colour = await trend.evaluate((el) => getComputedStyle(el).color);
    if (change !== 0) expect(colour).toBe(change < 0 ? 'rgb(46, 125, 50)' : 'rgb(211, 47, 47)');
    for (const key of ['days_in_ar', 'clean_claim_rate', 'first_pass_resolution', 'net_collection_rate', 'ar_over_90'])
      expect(await win.getByTestId(`kpi-${key}-trend`).textContent()).toMatch(/since the|No figure|No change/);
  });

  it('the top denial reasons say what each code means', async () => {
    const reasons = await page
      .getByTestId('window-Reports')
      .getByTestId('kpi-top-reasons')
      .locator('li')
      .allTextContents();
    expect(reasons.length).toBeGreaterThan(0);
    for (const r of reasons) expect(r).toMatch(/^[A-Z]{2}-\w+ .{4,}: \d+ claims$/);
  });

  it('marks a report as a favourite, which then leads the list', async () => {
    const win = page.getByTestId('window-Reports');
    await win.getByTestId('favourite-payer-mix').first().click();
    await win.getByTestId('report-fav-payer-mix').waitFor();
    expect(await win.getByTestId('favourite-payer-mix').first().getAttribute('aria-pressed')).toBe('true');
  });

  it('saves a custom report of two columns of Payer mix, and it opens with only those', async () => {
    const win = page.getByTestId('window-Reports');
    await win.getByTestId('report-payer-mix').click();
    await win.getByRole('button', { name: 'Save as custom report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as custom report' });
    await dialog.getByLabel('Custom report name').fill('Charges by payer');
    for (const keep of ['Insurance', 'Charges'])
      expect(await dialog.getByRole('checkbox', { name: keep, exact: true }).isChecked()).toBe(true);
    for (const label of await dialog
      .getByRole('checkbox')
      .evaluateAll((boxes) => boxes.map((b) => b.closest('label')?.textContent ?? ''))) {
      if (label && !['Insurance', 'Charges', 'Share with my billing company'].includes(label))
        await dialog.getByRole('checkbox', { name: label, exact: true }).uncheck();
    }
    await dialog.getByRole('button', { name: 'Save' }).click();
    await win.getByRole('heading', { name: 'Charges by payer' }).waitFor();
    await win.getByRole('button', { name: 'Run' }).click();
    await win.getByTestId('report-rows').locator('tr[data-kind="total"]').waitFor();
    expect(await win.getByRole('columnheader').allTextContents()).toEqual(['Insurance', 'Charges']);
  });

  it('raised no error in the page', () => {
    expect(errors).toEqual([]);
  });
});
