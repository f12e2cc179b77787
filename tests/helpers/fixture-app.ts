import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { diffSnapshots } from '../../generators/migration-diff.ts';
import { loadEntities } from '../../src/platform/load-schemas.ts';
import { tableModel } from '../../src/platform/table-model.ts';
import { startAsSuperUser } from './test-app.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

/**
 * The product's schemas plus the test fixtures (a work order with a declared state machine, an
 * append-only journal entry), their tables made the way a generated migration makes them. The
 * platform's generic keywords are proved on these before any module of the product uses them.
 */
export async function startWithFixtures() {
  const dir = mkdtempSync(join(tmpdir(), 'fixture-schemas-'));
  cpSync(join(ROOT, 'schemas'), dir, { recursive: true });
  for (const f of ['work-order.schema.json', 'journal-entry.schema.json'])
    cpSync(join(ROOT, 'tests/fixtures/schemas', f), join(dir, 'entities', f));
  const entities = loadEntities(join(dir, 'entities'));
  const fixtures = entities.filter((e) => ['work-order', 'journal-entry'].includes(e.name));
  const started = await startAsSuperUser({ schemasDir: dir });
  const { sql } = diffSnapshots({}, Object.fromEntries(fixtures.map((e) => [e.resource.table, tableModel(e)])));
  for (const statement of sql) await started.app.db.query(statement);
  return { ...started, entities, schemasDir: dir };
}
