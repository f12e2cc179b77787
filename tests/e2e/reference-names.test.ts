import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';

// Issue 19 items 4 and 8: records are chosen and read by name, never by an id to type or a raw number.
let e: E2E;
let page: Page;
let win: Locator;
let patient: number;

beforeAll(async () => {
  e = await startE2E();
  const bc = await e.app.createBillingCompany('Names Billing', 'NMB');
  const company = async (code: string, name: string, npi: string) =>
    Number(
      (
        await e.app.db.query<{ id: string }>(
          `insert into companies (billing_company_id, code, name, npi) values ($1, $2, $3, $4) returning id`,
          [bc, code, name, npi],
        )
      ).rows[0].id,
    );
  const miami = await company('MP', 'Miami Pediatrics', '1234567893');
  const coral = await company('CC', 'Coral Clinic', '1234567000');
  const facility = async (code: string, name: string, npi: string, companies: number[]) =>
    e.app.db.query(
      `insert into facilities (billing_company_id, npi, code, name, facility_type_ids, place_of_service, taxonomies, address, city, state, zip, company_ids)
     values ($1, $2, $3, $4, '[4]', '11', '["261QF0400X"]', '1 Bay St', 'Miami', 'FL', '33101', $5)`,
      [bc, npi, code, name, JSON.stringify(companies)],
    );
  await facility('F-BOTH', 'Bayside Health Center', '1234567893', [miami, coral]);
  await facility('F-CORAL', 'Coral Annex', '1234567000', [coral]);
  await e.app.createUser({ email: 'manager@names.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  // A patient whose middle name and address were changed after it was created.
  // Written through the API by a Super User (a browser signing in is the manager's first device: no code asked).
  await e.app.createUser({ email: 'root@names.test', roles: ['superuser'] });
  const api = e.app.as(await e.app.login('root@names.test'));
  const created = await api('POST', '/patient', {
    billing_company_id: bc,
    first_name: 'Rosa',
    last_name: 'Diaz',
    date_of_birth: '03/02/1981',
    company_id: miami,
    addresses: [
      {
        address_type_id: 2,
        address: '10 Ocean Dr',
        city: 'Miami',
        state: 'FL',
        zip: '33139',
        country: 'US',
        main_address: true,
      },
    ],
  });
  patient = created.body.id;
  const changed = await api('PUT', `/patient/${patient}`, {
    middle_name: 'Elena',
    version: created.body.version,
    addresses: [
      {
        address_type_id: 2,
        address: '22 Bay Rd',
        city: 'Miami',
        state: 'FL',
        zip: '33140',
        country: 'US',
        main_address: true,
      },
    ],
  });
  if (changed.status !== 200) throw new Error(JSON.stringify(changed.body));
  ({ page } = await signIn(e, 'manager@names.test'));
  page.setDefaultTimeout(15_000);
  win = await openFromStart(page, 'Facility Management');
});
afterAll(() => e.close());

describe('the companies of a facility', () => {
  it('are a filter chosen by name', async () => {
    await win.getByText('Coral Annex').waitFor();
    await win.getByRole('button', { name: 'Filters', exact: true }).click();
    await page.getByTestId('filter-company_ids').click();
    await page.getByRole('option', { name: 'Miami Pediatrics' }).click();
    await page.getByRole('button', { name: 'Filters', exact: true }).last().click();
    await expect.poll(() => win.getByTestId('list-rows').locator('tr').count()).toBe(1);
    expect(await win.getByTestId('list-rows').textContent()).toContain('Bayside Health Center');
  });

  it('read as their names on the record', async () => {
    await win.getByText('Bayside Health Center').click();
    await win
      .getByText('Miami Pediatrics, Coral Clinic')
      .or(win.getByText('Coral Clinic, Miami Pediatrics'))
      .first()
      .waitFor();
  });
});

describe("a patient's history", () => {
  it('names each change as the form does and reads an address as an address', async () => {
    const patients = await openFromStart(page, 'Patient Management');
    await patients.getByText('Diaz').first().click();
    await patients.getByRole('button', { name: 'History' }).click();
    const change = patients.getByTestId(
      `audit-${Number((await e.app.db.query<{ id: string }>(`select max(id) as id from audits where entity = 'patient' and entity_id = $1 and event <> 'read'`, [patient])).rows[0].id)}`,
    );
    await change.waitFor();
    const text = (await change.textContent())!;
    expect(text).toContain('Middle name: — → Elena');
    expect(text).toContain('10 Ocean Dr, Miami, FL, 33139');
    expect(text).toContain('22 Bay Rd, Miami, FL, 33140');
    expect(text).not.toMatch(/[a-z]+_[a-z_]+|\{"/);
  });
});
