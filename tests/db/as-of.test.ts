import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOf, nowOf } from '../../dev-server/db/as-of.ts';
import type { Database } from '../../dev-server/db/database.ts';
import { freshDatabase } from '../helpers/test-database.ts';

// The demo replays its history through the product's operations "as of" each past day.
let db: Database;
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(() => db.close());
const moment = new Date('2025-06-15T17:00:00.000Z');

describe('a database as of a past moment', () => {
  it('stamps the rows it writes with that moment: created_at defaults and history rows alike', async () => {
    const then = asOf(db, moment);
    await then.query(
      `insert into state_transitions (entity, entity_id, to_state, note) values ('claim', 0, 3, 'as of')`,
    );
    await then.transaction((tx) =>
      tx.query(
        `insert into state_transitions (entity, entity_id, to_state, note) values ('claim', 0, 4, 'as of, in a transaction')`,
      ),
    );
    const rows = (
      await db.query<{ created_at: Date }>(`select created_at from state_transitions where entity_id = 0 order by id`)
    ).rows;
    expect(rows.map((r) => new Date(r.created_at).toISOString())).toEqual([moment.toISOString(), moment.toISOString()]);
  });

  it('gives code the same moment (nowOf), and the real now to the database it wraps', async () => {
    expect(nowOf(asOf(db, moment)).toISOString()).toBe(moment.toISOString());
    expect(nowOf(db).getTime()).toBeGreaterThan(moment.getTime());
  });

  it('leaves the database it wraps on the real clock: a row written outside it is stamped now', async () => {
    await db.query(`insert into state_transitions (entity, entity_id, to_state, note) values ('claim', 0, 5, 'now')`);
    const [row] = (await db.query<{ created_at: Date }>(`select created_at from state_transitions where note = 'now'`))
      .rows;
    expect(new Date(row.created_at).getTime()).toBeGreaterThan(moment.getTime());
  });
});
