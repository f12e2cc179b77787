import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../dev-server/api-modules.ts';
import { loadEntities } from '../../src/platform/load-schemas.ts';
import { DEMO_PASSWORD } from '../../dev-server/demo/demo-data.ts';
import { DEMO_SETUP_TIMEOUT } from '../helpers/demo-template.ts';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

/** The entities whose records are a patient's information (x-resource.phi). */
const PHI_ENTITIES = loadEntities(new URL('../../schemas/entities', import.meta.url).pathname)
  .filter((e) => e.resource.phi)
  .map((e) => e.resource.module);

/** Reads that are not one record's: a report export is recorded as an export act (step-up, x-limit export). */
const NOT_ONE_RECORD = ['/reports/{key}/export'];

describe('every route that answers a patient’s information about one record declares its read', () => {
  it('a read of one record that answers a file or a PHI record declares phi (audited) on the route', () => {
    const undeclared = API_ROUTES.filter(
      (r) =>
        r.method === 'get' &&
        r.path.includes('{') &&
        !NOT_ONE_RECORD.includes(r.path) &&
        (r.answers.kind === 'file' || PHI_ENTITIES.some((e) => JSON.stringify(r.answers).includes(`/${e}Record`))) &&
        !r.phi,
    ).map((r) => r.path);
    expect(undeclared).toEqual([]);
  });

  it('claim notes are a patient’s information: their reads are recorded like the claim’s', () => {
    expect(PHI_ENTITIES).toContain('claim_note');
  });
});

let app: TestApp;
let root: Api;
/** One of each record of the demo that these reads are about. */
const ids: Record<string, number> = {};

beforeAll(async () => {
  app = await startTestApp({ withDemo: true });
  root = app.as(await app.login('superuser@demo.test', DEMO_PASSWORD));
  const one = async (sql: string) => Number((await app.db.query<{ id: string }>(sql)).rows[0].id);
  ids.claim = await one('select claim_id as id from payment_services order by id limit 1');
  ids.era = await one('select id from era_files where file_id is not null order by id limit 1');
  ids.eraFile = await one('select file_id as id from era_files where file_id is not null order by id limit 1');
  ids.exchange = await one(
    `select id from exchange_files where file_id is not null and kind like '837%' order by id limit 1`,
  );
  ids.batch = await one('select id from claim_batches where file_id is not null order by id limit 1');
  ids.patient = await one('select patient_id as id from insurance_policies order by id limit 1');
  ids.denied = await one(`select id from claims where denied_at is not null order by id limit 1`);
  ids.note = await one('select id from claim_notes order by id limit 1');
}, DEMO_SETUP_TIMEOUT);
afterAll(() => app.close());

/** The read rows written for a record since `since`: what was read, in whose chain, and never what it holds. */
const readsOf = async (entity: string, id: number, since: number) =>
  (
    await app.db.query<{ new_values: Record<string, unknown>; bc: string | null; old_values: unknown }>(
      `select new_values, billing_company_id as bc, old_values from audits
        where event = 'read' and entity = $1 and entity_id = $2 and id > $3 order by id`,
      [entity, id, since],
    )
  ).rows;
const lastAudit = async () => Number((await app.db.query<{ n: string }>('select max(id) as n from audits')).rows[0].n);

const READS: Array<[string, () => string, string, () => number, string]> = [
  ["a claim's payments", () => `/claim/${ids.claim}/payments`, 'claim', () => ids.claim, 'payments'],
  ["an ERA's preview PDF", () => `/payments/eras/${ids.era}/preview`, 'era_file', () => ids.era, 'preview'],
  ["an ERA's check", () => `/payments/eras/check/${ids.era}`, 'era_file', () => ids.era, 'check'],
  [
    "an 837's raw contents",
    () => `/clearing-house-file/${ids.exchange}/content`,
    'clearing_house_file',
    () => ids.exchange,
    'content',
  ],
  [
    "a batch's CMS-1500 forms",
    () => `/claim/batch/show-batch-forms/${ids.batch}`,
    'claim_batch',
    () => ids.batch,
    'claim_forms',
  ],
  ['a denial', () => `/denial/${ids.denied}`, 'claim', () => ids.denied, 'denial'],
  [
    "a patient's policy list",
    () => `/patient/${ids.patient}/get-list-policies`,
    'patient',
    () => ids.patient,
    'policies',
  ],
  ["an 835 file's bytes", () => `/files/${ids.eraFile}/content`, 'file', () => ids.eraFile, 'content'],
];

describe('reads of a patient’s information leave a read row', () => {
  it.each(READS)(
    'reading %s leaves a read row naming the view, in the billing company’s chain',
    async (_what, path, entity, id, view) => {
      const since = await lastAudit();
      const r = await root('GET', path());
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const rows = await readsOf(entity, id(), since);
      expect(rows).toHaveLength(1);
      expect(rows[0].new_values.view).toBe(view);
      expect(rows[0].old_values).toBeNull();
      expect(rows[0].bc).not.toBeNull();
    },
  );

  it('reading a claim note leaves a read row', async () => {
    const since = await lastAudit();
    expect((await root('GET', `/claim-note/${ids.note}`)).status).toBe(200);
    expect(await readsOf('claim_note', ids.note, since)).toHaveLength(1);
  });

  it('a read that is refused leaves no read row', async () => {
    const since = await lastAudit();
    expect((await root('GET', '/payments/eras/check/999999999')).status).toBe(404);
    expect(await readsOf('era_file', 999999999, since)).toEqual([]);
  });

  it("another billing company's file is not found and leaves nothing in that company's trail", async () => {
    const manager = app.as(await app.login('billingmanager@demo.test', DEMO_PASSWORD));
    const theirs = Number(
      (
        await app.db.query<{ id: string }>(
          `select e.id from era_files e where e.billing_company_id not in
             (select billing_company_id from billing_company_users bu join users u on u.id = bu.user_id
               where u.email = 'billingmanager@demo.test') order by e.id limit 1`,
        )
      ).rows[0].id,
    );
    const since = await lastAudit();
    expect((await manager('GET', `/payments/eras/${theirs}/preview`)).status).toBe(404);
    expect(await readsOf('era_file', theirs, since)).toEqual([]);
  });
});
