import { cpSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, type GenerateResult } from '../../generators/generate.ts';
import { migrate } from '../../dev-server/db/migrate.ts';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'low-code-'));
const dirs = {
  schemasDir: join(work, 'schemas'),
  migrationsDir: join(work, 'migrations'),
  generatedDir: join(work, 'generated'),
};
let result: GenerateResult;
let app: TestApp;
let root: Api;

beforeAll(async () => {
  cpSync(join(ROOT, 'schemas'), dirs.schemasDir, { recursive: true });
  cpSync(join(ROOT, 'dev-server/db/migrations'), dirs.migrationsDir, { recursive: true });
  const file = join(dirs.schemasDir, 'entities/diagnosis.schema.json');
  const schema = JSON.parse(readFileSync(file, 'utf8'));
  schema.properties.icd_chapter = {
    type: 'string',
    title: 'ICD chapter',
    maxLength: 5,
    'x-list': { column: true, sortable: true, filter: 'equals' },
  };
  writeFileSync(file, JSON.stringify(schema, null, 2));
  result = await generate(dirs);
  app = await startTestApp({ schemasDir: dirs.schemasDir, openApiPath: join(dirs.generatedDir, 'openapi.json') });
  await migrate(app.db, [dirs.migrationsDir]);
  await app.createUser({ email: 'root@test.com', roles: ['superuser'] });
  root = app.as(await app.login('root@test.com'));
});
afterAll(() => app.close());

describe('adding a field to one schema file', () => {
  it('generates a migration that adds the column and its index', () => {
    const sql = readFileSync(result.migration!, 'utf8');
    // The next number after the last landed migration.
    const landed = readdirSync(new URL('../../dev-server/db/migrations/', import.meta.url))
      .filter((f) => /^\d{4}_/.test(f))
      .map((f) => Number(f.slice(0, 4)));
    expect(result.migration).toMatch(new RegExp(`${String(Math.max(...landed) + 1).padStart(4, '0')}_schemas\\.sql$`));
    expect(sql).toContain('alter table diagnoses add column icd_chapter text;');
    expect(sql).toContain('create index diagnoses_icd_chapter_idx on diagnoses (icd_chapter);');
  });

  it('generates the TypeScript type with the field', () => {
    expect(readFileSync(join(dirs.generatedDir, 'diagnosis.ts'), 'utf8')).toMatch(/icd_chapter\?: ICDChapter;/);
  });

  it('lists the field in the OpenAPI document', async () => {
    const doc = (await app.as(null)('GET', '/openapi.json')).body;
    expect(doc.components.schemas.diagnosis.properties.icd_chapter).toEqual({
      type: 'string',
      title: 'ICD chapter',
      maxLength: 5,
    });
  });

  it('the API stores, filters and sorts by the field', async () => {
    const c = await root('POST', '/diagnosis', { code: 'E119', description: 'Type 2 diabetes', icd_chapter: 'IV' });
    expect(c.status).toBe(201);
    expect(c.body.icd_chapter).toBe('IV');
    const list = await root('GET', '/diagnosis/get-all-server?icd_chapter=IV&sortBy=icd_chapter');
    expect(list.body.count).toBe(1);
  });

  it('the API validates the field from the same schema', async () => {
    const r = await root('POST', '/diagnosis', { code: 'I10', description: 'Hypertension', icd_chapter: 'TOO LONG' });
    expect(r.status).toBe(422);
    expect(r.body.errors.icd_chapter).toEqual(['The icd chapter may not be greater than 5 characters.']);
  });

  it('a second run finds nothing more to generate', async () => {
    const again = await generate({ ...dirs, check: true });
    expect(again.stale).toEqual([]);
  });
});
