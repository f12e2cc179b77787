import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, goodClaim, type ClaimWorld } from '../helpers/claim-fixtures.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
});
afterAll(() => app.close());

const xray = {
  from_service: '03/02/2026',
  to_service: '03/02/2026',
  procedure_code: '71046',
  diagnosis_pointers: ['A'],
  days_or_units: '1',
  price: 9000,
};
const authRule = (over: Record<string, unknown> = {}) => ({
  billing_company_id: w.bc,
  name: 'Imaging needs prior authorization',
  insurance_company_ids: [w.payer],
  checks: [
    {
      when: [{ field: 'services.procedure_code', operator: 'between', values: ['70000', '79999'] }],
      require: { field: 'prior_authorization', operator: 'filled' },
      message: 'This payer needs a prior authorization for imaging.',
    },
  ],
  ...over,
});

describe('claim rules (the scrubber)', () => {
  it('a payer rule finds what it requires missing, on the field, when the claim is verified', async () => {
    const rule = await root('POST', '/claim/rules', authRule());
    expect(rule.status, JSON.stringify(rule.body)).toBe(201);
    const r = await root(
      'POST',
      '/claim/verify-register',
      goodClaim(w, { prior_authorization: undefined, services: [xray] }),
    );
    expect(r.status).toBe(422);
    expect(r.body.errors.prior_authorization).toEqual([
      'This payer needs a prior authorization for imaging. (Imaging needs prior authorization)',
    ]);
    expect((await root('POST', '/claim/verify-register', goodClaim(w, { services: [xray] }))).status).toBe(201);
    await root('DELETE', `/claim/rules/${rule.body.id}`);
  });

  it('a rule of another payer does not apply', async () => {
    const rule = await root('POST', '/claim/rules', authRule({ insurance_company_ids: [999999] }));
    expect(rule.status).toBe(201);
    expect(
      (await root('POST', '/claim/verify-register', goodClaim(w, { prior_authorization: undefined, services: [xray] })))
        .status,
    ).toBe(201);
    await root('DELETE', `/claim/rules/${rule.body.id}`);
  });

  it('modifier 25 needs a second procedure line: the finding lands on the services', async () => {
    const rule = await root('POST', '/claim/rules', {
      billing_company_id: w.bc,
      name: 'Modifier 25',
      checks: [
        {
          when: [{ field: 'services.modifiers', operator: 'contains', values: ['25'] }],
          require: { field: 'services.count', operator: 'at_least', values: ['2'] },
          message: 'Modifier 25 needs a second procedure line.',
        },
      ],
    });
    const one = goodClaim(w, { services: [goodClaim(w).services[0]] });
    const r = await root('POST', '/claim/verify-register', one);
    expect(r.body.errors.services).toEqual(['Modifier 25 needs a second procedure line. (Modifier 25)']);
    await root('DELETE', `/claim/rules/${rule.body.id}`);
  });

  it('a rule with the same configuration as another is refused: "Exists a rule with this configuration"', async () => {
    const first = await root('POST', '/claim/rules', authRule());
    const again = await root('POST', '/claim/rules', authRule({ name: 'Other name, same scope' }));
    expect(again.status).toBe(422);
    expect(again.body.errors.name).toEqual(['Exists a rule with this configuration']);
    expect(
      Number(
        (await app.db.query<{ n: number }>('select count(*) n from claim_rules where billing_company_id = $1', [w.bc]))
          .rows[0].n,
      ),
    ).toBe(1);
    await root('DELETE', `/claim/rules/${first.body.id}`);
  });

  it('a rule needs at least one check', async () => {
    const before = Number((await app.db.query<{ n: number }>('select count(*) n from claim_rules')).rows[0].n);
    const r = await root('POST', '/claim/rules', authRule({ checks: [] }));
    expect(r.status).toBe(422);
    expect(r.body.errors.checks).toEqual(['The checks needs at least one item.']);
    expect(Number((await app.db.query<{ n: number }>('select count(*) n from claim_rules')).rows[0].n)).toBe(before);
  });

  it('the preview runs a rule over a chosen claim and says it in words', async () => {
    const rule = await root('POST', '/claim/rules', authRule());
    const claim = await root(
      'POST',
      '/claim/draft',
      goodClaim(w, { prior_authorization: undefined, services: [xray] }),
    );
    const p = await root('GET', `/claim/rules/show-preview/${rule.body.id}?claim_id=${claim.body.id}`);
    expect(p.body).toMatchObject({
      passes: false,
      findings: [{ field: 'prior_authorization', rule: 'Imaging needs prior authorization' }],
    });
    expect(p.body.checks[0]).toEqual({
      when: ['Line: procedure is between (two values) 70000 and 79999'],
      require: 'Prior authorization number is filled',
      message: 'This payer needs a prior authorization for imaging.',
    });
    await root('DELETE', `/claim/rules/${rule.body.id}`);
  });
});

describe('claim sub-statuses', () => {
  it('code and name are unique ignoring case: "The sub-status already exists"', async () => {
    expect(
      (
        await root('POST', '/claim-sub-status', {
          billing_company_id: w.bc,
          code: 'MREC',
          name: 'Medical records requested',
          claim_status_ids: [3, 6],
        })
      ).status,
    ).toBe(201);
    const dup = await root('POST', '/claim-sub-status', {
      billing_company_id: w.bc,
      code: 'mrec',
      name: 'Another',
      claim_status_ids: [3],
    });
    expect(dup.status).toBe(422);
    expect(Object.values(dup.body.errors).flat()).toContain('The sub-status already exists');
  });

  it("lists are grouped by status as the predecessor's get-list", async () => {
    const r = await root('GET', '/claim-sub-status/get-list?status_id=3,6');
    expect(r.body).toEqual([
      { header: 'Submitted' },
      { id: expect.any(Number), name: 'Medical records requested', group: 'Submitted' },
      { header: 'Denied' },
      { id: expect.any(Number), name: 'Medical records requested', group: 'Denied' },
    ]);
  });

  it('a billing company disables a sub-status and it is no longer offered', async () => {
    const s = (await root('GET', '/claim-sub-status/get-list?status_id=3')).body[0];
    expect((await root('PATCH', `/claim-sub-status/change-status/${s.id}`, { status: false })).status).toBe(200);
    expect((await root('GET', '/claim-sub-status/get-list?status_id=3')).body).toEqual([]);
    expect((await root('GET', `/claim-sub-status/get-list-by-billing-company/3/${w.bc}`)).body).toEqual([
      expect.objectContaining({ id: s.id, status: false }),
    ]);
  });
});
