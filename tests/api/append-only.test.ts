import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateOpenApi } from '../../generators/openapi.ts';
import { planRoutes } from '../../src/platform/route-plan.ts';
import type { Entity } from '../../src/platform/entity.ts';
import type { Api, TestApp } from '../helpers/test-app.ts';
import { startWithFixtures } from '../helpers/fixture-app.ts';

let app: TestApp;
let root: Api;
let ledger: Entity;
let bc: number;
beforeAll(async () => {
  let entities: Entity[];
  ({ app, root, entities } = await startWithFixtures());
  ledger = entities.find((e) => e.name === 'journal-entry')!;
  bc = await app.createBillingCompany('Ledger Billing', 'LG');
});
afterAll(() => app.close());

describe('an append-only entity', () => {
  it('has no update, status or delete route in the plan, and OpenAPI documents none', () => {
    const kinds = planRoutes(ledger).map((r) => r.kind);
    expect(kinds).not.toContain('update');
    expect(kinds).not.toContain('delete');
    expect(kinds).not.toContain('changeStatus');
    const doc = generateOpenApi([ledger], []) as { paths: Record<string, Record<string, unknown>> };
    const verbs = Object.values(doc.paths).flatMap((p) => Object.keys(p));
    expect(verbs).not.toContain('put');
    expect(verbs).not.toContain('delete');
    expect(Object.keys(doc.paths['/journal-entry/{id}'])).toEqual(['get']);
  });

  it('answers PUT and DELETE with 404: no such route exists, and the row is unchanged', async () => {
    const e = await root('POST', '/journal-entry', {
      description: 'Copay received',
      amount: 2500,
      billing_company_id: bc,
    });
    expect(e.status).toBe(201);
    expect(
      (await root('PUT', `/journal-entry/${e.body.id}`, { description: 'Changed', amount: 1, version: 1 })).status,
    ).toBe(404);
    expect((await root('DELETE', `/journal-entry/${e.body.id}`)).status).toBe(404);
    expect(
      (await app.db.query('select description, amount from journal_entries where id = $1', [e.body.id])).rows[0],
    ).toEqual({ description: 'Copay received', amount: 2500 });
  });

  it('refuses a rollback from the audit history', async () => {
    const e = await root('POST', '/journal-entry', { description: 'Payment', amount: 10000, billing_company_id: bc });
    const audit = (
      await app.db.query<{ id: number }>(`select id from audits where entity = 'journal_entry' and entity_id = $1`, [
        e.body.id,
      ])
    ).rows[0];
    const r = await root('PATCH', `/rollback-audit/${audit.id}/by-entity/journal-entry/${e.body.id}`);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(
      'Error, unable to restore registry: records of Ledger entry are append-only; record a reversing entry instead.',
    );
  });

  it('a correction is a new reversing row, and the balance is the sum of the rows in SQL', async () => {
    const e = await root('POST', '/journal-entry', {
      description: 'Posted twice',
      amount: 4200,
      billing_company_id: bc,
    });
    const rev = await root('POST', '/journal-entry', {
      description: 'Reversal',
      amount: -4200,
      reverses_id: e.body.id,
      billing_company_id: bc,
    });
    expect(rev.status).toBe(201);
    const sum = await app.db.query<{ total: number }>(
      'select sum(amount)::bigint as total from journal_entries where id = any($1::bigint[])',
      [[e.body.id, rev.body.id]],
    );
    expect(Number(sum.rows[0].total)).toBe(0);
  });

  it('money is integer cents: a fraction of a cent is refused', async () => {
    const r = await root('POST', '/journal-entry', {
      description: 'Half a cent',
      amount: 10.5,
      billing_company_id: bc,
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['amount']);
  });
});

describe('money in lists', () => {
  it('a list answers the sum of its money columns over every match, not the page', async () => {
    const own = await app.createBillingCompany('Sums Billing', 'SM');
    for (const amount of [1000, 2550, -300])
      await root('POST', '/journal-entry', { description: 'Sum me', amount, billing_company_id: own });
    const r = await root('GET', `/journal-entry/get-all-server?billing_company_id=${own}&itemsPerPage=1`);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.count).toBe(3);
    expect(r.body.sums).toEqual({ amount: 3250 });
  });
});
