import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
const draftOf = (api: Api, patient: number) => api('GET', `/patient/${patient}/claim-draft`);

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
});
afterAll(() => app.close());

describe("a new claim from the patient's record", () => {
  it('starts with the patient, their active policies only and their own clinic when they have no claim yet', async () => {
    const r = await draftOf(root, w.patient);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // The secondary policy ended in 2024: it is not offered for a new claim.
    expect(r.body).toEqual({
      billing_company_id: w.bc,
      format_id: 1,
      company_id: w.company,
      patient_id: w.patient,
      insurance_policy_ids: [w.policy],
    });
  });

  it('carries the clinic, facility, providers and place of service of the latest claim', async () => {
    const saved = await root(
      'POST',
      '/claim',
      goodClaim(w, { facility_id: w.facility, referring_provider_id: w.referring, referring_qualifier: 'DN' }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const r = await draftOf(root, w.patient);
    expect(r.body).toMatchObject({
      company_id: w.company,
      facility_id: w.facility,
      attending_provider_id: w.attending,
      referring_provider_id: w.referring,
      place_of_service: saved.body.place_of_service,
      insurance_policy_ids: [w.policy],
    });
  });

  it('needs the right to create claims, and is a read of the patient in their access log', async () => {
    await app.createUser({ email: 'poster@test.com', roles: ['paymentprocessor'], billingCompanyIds: [w.bc] });
    const poster = app.as(await app.login('poster@test.com'));
    expect((await draftOf(poster, w.patient)).status).toBe(403);
    const reads = await app.db.query(
      `select 1 from audits where entity = 'patient' and entity_id = $1 and event = 'read'`,
      [w.patient],
    );
    expect(reads.rows.length).toBeGreaterThan(0);
  });

  it("answers 404 for another billing company's patient", async () => {
    const bc = await app.createBillingCompany('Other Billing', 'OTH');
    await app.createUser({ email: 'other@test.com', roles: ['biller'], billingCompanyIds: [bc] });
    const other = app.as(await app.login('other@test.com'));
    expect((await draftOf(other, w.patient)).status).toBe(404);
  });
});
