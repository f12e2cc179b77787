import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChains } from '../../dev-server/audit/audit-chain.ts';
import { readAnchors, verifyAuditAnchors, writeAuditAnchors } from '../../dev-server/db/audit-anchors.ts';
import { rotateSecretsKey } from '../../dev-server/security/key-rotation.ts';
import { writeAudit } from '../../dev-server/db/audit-writer.ts';
import type { Database, Queryable } from '../../dev-server/db/database.ts';
import { migrate } from '../../dev-server/db/migrate.ts';
import { openPglite } from '../../dev-server/db/pglite-database.ts';
import { systemActor } from '../../dev-server/security/actor.ts';
import { freshDatabase } from '../helpers/test-database.ts';

let db: Database;
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(() => db.close());

/** Three changes to a patient of the billing company, audited as the product audits them. */
async function history(on: Queryable, billingCompanyId: number) {
  const actor = systemActor(billingCompanyId, 'audit-chain-test');
  for (const [i, name] of ['Ana', 'Anna', 'Ana María'].entries())
    await writeAudit(on, actor, {
      entity: 'patient',
      event: i ? 'updated' : 'created',
      entityId: 7,
      billingCompanyId,
      oldValues: i ? { first_name: 'before' } : null,
      newValues: { first_name: name },
    });
  return (
    await on.query<{ id: number; chain_seq: number; prev_hash: string; row_hash: string }>(
      'select id, chain_seq, prev_hash, row_hash from audits where billing_company_id = $1 order by chain_seq',
      [billingCompanyId],
    )
  ).rows;
}

/** A change made behind the database's back: the append-only trigger set aside, as only a superuser could. */
const behindTheBack = async (sql: string, params: unknown[]) => {
  await db.exec('alter table audits disable trigger audits_no_update');
  await db.query(sql, params);
  await db.exec('alter table audits enable trigger audits_no_update');
};

describe('the audit trail proves itself', () => {
  it("each row joins the end of its billing company's chain, its hash covering the row before it", async () => {
    const rows = await history(db, 101);
    expect(rows.map((r) => Number(r.chain_seq))).toEqual([1, 2, 3]);
    expect(rows[0].prev_hash).toBe('');
    expect(rows[1].prev_hash).toBe(rows[0].row_hash);
    expect(rows[2].prev_hash).toBe(rows[1].row_hash);
    // Another billing company's rows make a chain of their own.
    expect((await history(db, 102)).map((r) => Number(r.chain_seq))).toEqual([1, 2, 3]);
    expect(await verifyAuditChains(db)).toMatchObject({ breaks: [] });
  });

  it('a row changed after it was written is named, at that row', async () => {
    const rows = await history(db, 103);
    await behindTheBack(`update audits set new_values = '{"first_name": "Mallory"}' where id = $1`, [rows[1].id]);
    expect((await verifyAuditChains(db)).breaks).toEqual([
      { chain: 103, auditId: Number(rows[1].id), seq: 2, problem: 'row_changed' },
    ]);
  });

  it('a row removed is named at the row that followed it', async () => {
    const rows = await history(db, 104);
    await behindTheBack('delete from audits where id = $1', [rows[1].id]);
    const breaks = (await verifyAuditChains(db)).breaks.filter((b) => b.chain === 104);
    expect(breaks).toEqual([{ chain: 104, auditId: Number(rows[2].id), seq: 3, problem: 'row_removed_before' }]);
  });
});

/**
 * What the database's owner can do to the chain: change a row, then compute the hash of it and of every row after it
 * again with the database's own function, one row at a time as the trigger did.
 */
async function rehashFrom(chain: number, fromSeq: number) {
  await db.exec('alter table audits disable trigger audits_no_update');
  const rows = (
    await db.query<{ id: number; chain_seq: number }>(
      'select id, chain_seq from audits where billing_company_id = $1 and chain_seq >= $2 order by chain_seq',
      [chain, fromSeq],
    )
  ).rows;
  for (const r of rows)
    await db
      .query(
        `update audits a set prev_hash = coalesce((select p.row_hash from audits p where p.billing_company_id = $2 and p.chain_seq = a.chain_seq - 1), '')
        where a.id = $1`,
        [r.id, chain],
      )
      .then(() => db.query('update audits a set row_hash = audit_row_hash(a.prev_hash, a) where a.id = $1', [r.id]));
  await db.exec('alter table audits enable trigger audits_no_update');
}

describe("the audit trail's anchors, signed outside the database", () => {
  const anchors = () => join(mkdtempSync(join(tmpdir(), 'audit-anchors-')), 'anchors.jsonl');

  it("a row changed and its chain computed again by the database's owner is found against the anchor", async () => {
    const file = anchors();
    const rows = await history(db, 201);
    await writeAuditAnchors(db, file);
    await behindTheBack(`update audits set new_values = '{"first_name": "Mallory"}' where id = $1`, [rows[1].id]);
    await rehashFrom(201, 2);
    // The chain alone holds again: this is what the anchor is for.
    expect((await verifyAuditChains(db)).breaks.filter((b) => b.chain === 201)).toEqual([]);
    const { breaks } = await verifyAuditAnchors(db, file);
    expect(breaks.filter((b) => b.chain === 201)).toMatchObject([
      { chain: 201, seq: 3, problem: 'anchored_row_changed' },
    ]);
  });

  it('a tail cut off the chain is found against the anchor', async () => {
    const file = anchors();
    const rows = await history(db, 202);
    await writeAuditAnchors(db, file);
    await behindTheBack('delete from audits where id = $1', [rows[2].id]);
    expect((await verifyAuditChains(db)).breaks.filter((b) => b.chain === 202)).toEqual([]);
    const { breaks } = await verifyAuditAnchors(db, file);
    expect(breaks.filter((b) => b.chain === 202)).toMatchObject([
      { chain: 202, seq: 3, problem: 'anchored_rows_removed' },
    ]);
  });

  it('an anchor written without the key does not verify', async () => {
    const file = anchors();
    await history(db, 203);
    const [genuine] = (await writeAuditAnchors(db, file)).filter((a) => a.chain === 203);
    writeFileSync(file, JSON.stringify({ ...genuine, seq: 2, head: 'f'.repeat(64) }) + '\n');
    expect((await verifyAuditAnchors(db, file)).breaks).toMatchObject([{ chain: 203, problem: 'anchor_forged' }]);
  });

  it('a sound trail matches every anchor, and an anchor is written only for a chain that moved', async () => {
    const file = anchors();
    await history(db, 204);
    const first = await writeAuditAnchors(db, file);
    expect(first.some((a) => a.chain === 204 && a.seq === 3)).toBe(true);
    expect((await writeAuditAnchors(db, file)).filter((a) => a.chain === 204)).toEqual([]);
    const checked = await verifyAuditAnchors(db, file);
    expect(checked.breaks.filter((b) => [204].includes(b.chain))).toEqual([]);
  });

  it('keys:rotate signs the anchors again under the new key, and they still verify', async () => {
    const file = anchors();
    const keyFile = join(mkdtempSync(join(tmpdir(), 'audit-keys-')), 'secrets.key');
    const before = { key: process.env.SECRETS_KEY_FILE, anchors: process.env.AUDIT_ANCHOR_FILE };
    process.env.SECRETS_KEY_FILE = keyFile;
    process.env.AUDIT_ANCHOR_FILE = file;
    try {
      await history(db, 205);
      const [old] = (await writeAuditAnchors(db, file)).filter((a) => a.chain === 205);
      await rotateSecretsKey(db);
      const [now] = readAnchors(file).filter((a) => a.chain === 205);
      expect(now.key).not.toBe(old.key);
      expect((await verifyAuditAnchors(db, file)).breaks.filter((b) => b.chain === 205)).toEqual([]);
    } finally {
      for (const [k, v] of [
        ['SECRETS_KEY_FILE', before.key],
        ['AUDIT_ANCHOR_FILE', before.anchors],
      ] as const)
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
    }
  });
});

describe('npm run audit:verify', () => {
  it('proves a sound trail with exit 0, and names the first broken row with exit 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-verify-'));
    const run = () =>
      promisify(execFile)('npx', ['tsx', 'dev-server/cli/audit-verify.ts'], {
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '' },
      }).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
      );
    const own = await openPglite(join(dir, 'pglite'));
    await migrate(own);
    const rows = await history(own, 5);
    await own.close();
    const sound = await run();
    expect(sound.code).toBe(0);
    expect(sound.out).toContain('The audit trail holds: 3 rows in 1 chains');

    const again = await openPglite(join(dir, 'pglite'));
    await again.exec('alter table audits disable trigger audits_no_update');
    await again.query(`update audits set user_id = 1 where id = $1`, [rows[2].id]);
    await again.close();
    const broken = await run();
    expect(broken.code).toBe(1);
    expect(broken.out).toContain(
      `BROKEN: chain of billing company 5 at audit row ${rows[2].id} (number 3 in its chain): the row was changed after it was written`,
    );
  }, 120_000);
});
