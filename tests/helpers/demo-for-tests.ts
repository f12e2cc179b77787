import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../../dev-server/db/database.ts';
import type { FileStore } from '../../dev-server/storage/file-store.ts';
import { loadDemoData } from '../../dev-server/demo/demo-data.ts';
import { loadDemoHistory } from '../../dev-server/demo/demo-history.ts';
import { loadEntities } from '../../src/platform/load-schemas.ts';

/**
 * The demo as a first start leaves it once its history job has run: data, then eighteen months of
 * claims sent, answered and paid. The history's 837s go to a folder of the test's own (not ./data).
 */
export async function loadDemoForTests(
  app: { db: Database; files: FileStore },
  opts: Parameters<typeof loadDemoData>[1],
) {
  const demo = await loadDemoData(app.db, opts);
  const before = process.env.EXCHANGE_DIR;
  process.env.EXCHANGE_DIR = mkdtempSync(join(tmpdir(), 'demo-history-'));
  try {
    return {
      ...demo,
      ...(await loadDemoHistory(
        {
          db: app.db,
          entities: loadEntities(new URL('../../schemas/entities', import.meta.url).pathname),
          files: app.files,
        },
        demo.fates,
      )),
    };
  } finally {
    if (before === undefined) delete process.env.EXCHANGE_DIR;
    else process.env.EXCHANGE_DIR = before;
  }
}
