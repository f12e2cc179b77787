import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPageTexts } from '../helpers/pdf-text.ts';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';

// Issue 19 item 1 and the export part of item 8: a list exported as a billing manager reads it.
let e: E2E;
let page: Page;
const PATIENTS = 1000;

beforeAll(async () => {
  e = await startE2E();
  const bc = await e.app.createBillingCompany('Export Billing', 'EXB');
  const company = Number(
    (
      await e.app.db.query<{ id: string }>(
        `insert into companies (billing_company_id, code, name, npi) values ($1, 'MIA-P', 'Miami Pediatrics', '1234567893') returning id`,
        [bc],
      )
    ).rows[0].id,
  );
  await e.app.db.query(
    `
    insert into patients (billing_company_id, company_id, med_num, first_name, last_name, date_of_birth, sex, language, addresses)
    select $1, $2, 'MRN' || lpad(k::text, 5, '0'), 'Pat' || k, 'Exportson', date '1950-01-01' + k * 9, case when k % 2 = 0 then 'F' else 'M' end, 'es',
           jsonb_build_array(jsonb_build_object('address_type_id', 2, 'address', k || ' Park Pl', 'city', 'Miami', 'state', 'FL', 'zip', '33147', 'country', 'US', 'main_address', true))
      from generate_series(1, $3::int) k`,
    [bc, company, PATIENTS],
  );
  await e.app.createUser({ email: 'manager@export.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  ({ page } = await signIn(e, 'manager@export.test'));
  page.setDefaultTimeout(20_000);
});
afterAll(() => e.close());

const exported = async (win: ReturnType<Page['getByTestId']>, format: string) => {
  await win.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: format }).click(),
  ]);
  return readFileSync(await download.path());
};

describe('a list exported', () => {
  it('to PDF: 1,000 patients in a few dozen landscape pages, the header in words, the title, filters and page numbers', async () => {
    const win = await openFromStart(page, 'Patient Management');
    await win
      .getByText(`1–10 of ${PATIENTS.toLocaleString('en-US')}`)
      .or(win.getByText(`1–10 of ${PATIENTS}`))
      .first()
      .waitFor();
    const pages = await pdfPageTexts(await exported(win, 'PDF'));
    expect(pages.length).toBeLessThan(60);
    expect(pages[0]).toContain('Patient');
    expect(pages[0]).toMatch(/Medical number/);
    expect(pages[0]).toMatch(/No filters \(every record\)/);
    expect(pages.at(-1)).toContain(`page ${pages.length} of ${pages.length}`);
    // The header repeats on every page, as words (no letter-by-letter wrapping).
    expect(pages.every((p) => p.includes('Medical number'))).toBe(true);
    expect(pages.join('\n').match(/MRN\d{5}/g)).toHaveLength(PATIENTS);
  });

  it('to CSV: the company by name, codes by their meaning and the address as an address', async () => {
    const win = page.getByTestId('window-Patient Management');
    const csv = Papa.parse<Record<string, string>>((await exported(win, 'CSV')).toString('utf8'), {
      header: true,
      skipEmptyLines: true,
    }).data;
    expect(csv).toHaveLength(PATIENTS);
    const one = csv.find((r) => r['Medical number'] === 'MRN00002')!;
    expect(one.Company).toBe('Miami Pediatrics');
    expect(one.Sex).toBe('Female');
    expect(one['Preferred language']).toBe('Spanish');
    expect(one.Addresses).toContain('2 Park Pl, Miami, FL, 33147');
    expect(one.Addresses).not.toContain('true');
  });
});
