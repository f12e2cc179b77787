import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';

/*
 * Issue 56 §1–2: the name of a record is readable by every role that reads something pointing at it (a payment
 * processor's batch names a company, a payment its payer), in the billing company's own records only; the full record
 * stays behind its own permission.
 */
let app: TestApp;
let root: Api;
let processor: Api;
let client: Api;
let company: number;
let otherCompany: number;
let payer: number;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  const bc = await app.createBillingCompany('Names Billing', 'NB');
  const other = await app.createBillingCompany('Other Billing', 'OB');
  for (const role of ['paymentprocessor', 'client'])
    await app.createUser({ email: `${role}@names.test`, roles: [role], billingCompanyIds: [bc] });
  processor = app.as(await app.login('paymentprocessor@names.test'));
  client = app.as(await app.login('client@names.test'));
  const made = async (path: string, body: object) => {
    const r = await root('POST', path, body);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return Number(r.body.id);
  };
  company = await made('/company', {
    name: 'Bayside Clinic',
    abbreviation: 'BC',
    npi: '1234567893',
    billing_company_id: bc,
  });
  otherCompany = await made('/company', {
    name: 'Elsewhere Clinic',
    abbreviation: 'EC',
    npi: '1234567000',
    billing_company_id: other,
  });
  payer = await made('/insurance-company', { name: 'Sunshine Health', payer_id: 'SUN01' });
});
afterAll(() => app.close());

describe('names are readable where they are pointed at; records stay protected', () => {
  it("a payment processor reads the names of its billing company's companies for a payment batch's picker", async () => {
    const r = await processor('GET', '/company/get-list');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      { id: company, name: expect.stringContaining('Bayside Clinic'), billing_company_id: expect.any(Number) },
    ]);
    expect(r.body.map((c: { id: number }) => c.id)).not.toContain(otherCompany);
  });

  it("a payment processor reads a payer's name for a payment, asked by id as a list's cell asks", async () => {
    const r = await processor('GET', `/insurance-company/get-list?ids=${payer}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual([expect.objectContaining({ id: payer, name: expect.stringContaining('Sunshine Health') })]);
  });

  it('the name carries no more than a picker shows: no address, tax id or NPI', async () => {
    const r = await processor('GET', '/company/get-list');
    expect(Object.keys(r.body[0]).sort()).toEqual(['billing_company_id', 'id', 'name']);
  });

  it("the company's full record and its list stay behind company.view", async () => {
    expect((await processor('GET', `/company/${company}`)).status).toBe(403);
    expect((await processor('GET', '/company/get-all-server')).status).toBe(403);
  });

  it('a role that reads nothing pointing at a record does not read its name', async () => {
    const r = await client('GET', '/company/get-list');
    expect(r.status).toBe(403);
  });
});
