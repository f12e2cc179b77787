import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { systemActor } from '../../dev-server/security/actor.ts';
import { DEMO_SETUP_TIMEOUT } from '../helpers/demo-template.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { validateX12 } from '../helpers/x12-validator.ts';
import { ourFirstTransaction, theirFirstTransaction } from '../helpers/x12-read-back.ts';

/**
 * Every X12 file of the demo's history (thousands: each batch's 837, the 999 and 277CA that answered it, each payer's
 * 835) read by the independent validator. The files do not depend on the database engine, so this runs once per CI,
 * on the embedded one, not again on the PostgreSQL server (it is the suite's longest test).
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ withDemo: true });
}, DEMO_SETUP_TIMEOUT);
afterAll(() => app.close());
const rows = async (sql: string) => (await app.db.query<Record<string, unknown>>(sql)).rows;

it("every demo batch's 837 and every demo remittance's 835 pass the independent 5010 validator", async () => {
  process.env.EXCHANGE_DIR = mkdtempSync(join(tmpdir(), 'demo-exchange-all-'));
  try {
    await app.createUser({ email: 'x12@demo-check.test', roles: ['superuser'] });
    const root = app.as(await app.login('x12@demo-check.test'));
    const waiting = (await root('GET', '/claim/batch/get-all-server?status_id=3&transmission=E&itemsPerPage=100')).body
      .data as Array<{ id: number }>;
    for (const b of waiting) {
      const sent = await root('PATCH', `/claim/batch/submit-to-clearing-house/${b.id}`);
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    const system = systemActor(null, 'x12-check');
    // The 837s of every batch the history sent and of today's, the 999s and 277CAs that answered them, every payer's 835.
    const kept = (await rows(
      `select id, kind, name from files where kind in ('x12-out', 'ack', 'era') order by id`,
    )) as Array<{ id: number; kind: string; name: string }>;
    const texts: Record<string, string> = {};
    // pyx12 has no 5010 maps for eligibility (270/271) or the 276, and its 277 claim-status map (X212) is not in its
    // map list: those are read back with node-x12 and our reader instead.
    const inquiries: string[] = [];
    for (const f of kept) {
      const text = (await app.files.read(await app.files.get(system, Number(f.id)))).toString('latin1');
      if (/\*005010X(279A1|212)~/.test(text)) inquiries.push(text);
      else texts[`${f.id}-${f.kind}-${f.name}`.replace(/[^A-Za-z0-9._-]/g, '_')] = text;
    }
    const kinds = inquiries.map((text) => theirFirstTransaction(text).header.elements[0].value);
    expect([...new Set(kinds)].sort()).toEqual(['270', '271', '276', '277']);
    for (const text of inquiries) expect(ourFirstTransaction(text).doc.findings).toEqual([]);
    expect(kept.filter((f) => f.kind === 'x12-out').length).toBeGreaterThanOrEqual(3);
    expect(kept.filter((f) => f.kind === 'era').length).toBeGreaterThanOrEqual(2);
    const checked = await validateX12(texts);
    expect(checked.output.split('\n').filter((l) => !/: OK$/.test(l) && l.trim())).toEqual([]);
    expect(checked.ok).toBe(true);
    // What CI prints: how many of the product's own files the validator read.
    mkdirSync('.test-data', { recursive: true });
    const count = (kind: string) => kept.filter((f) => f.kind === kind).length;
    writeFileSync(
      '.test-data/x12-checked.txt',
      `${count('x12-out')} demo 837, ${count('ack')} demo 999/277CA and ${count('era')} demo 835 files passed x12valid\n`,
    );
  } finally {
    delete process.env.EXCHANGE_DIR;
  }
}, 600_000);

it("every demo X12 file, a question or its answer, carries the installation's one usage indicator (ISA15)", async () => {
  const { x12UsageIndicator } = await import('../../dev-server/x12/x12-settings.ts');
  const system = systemActor(null, 'x12-usage');
  const kept = (await rows(`select id, kind from files where kind in ('x12-out', 'ack', 'era') order by id`)) as Array<{
    id: number;
    kind: string;
  }>;
  const usages = new Set<string>();
  for (const f of kept) {
    const text = (await app.files.read(await app.files.get(system, Number(f.id)))).toString('latin1');
    usages.add(`${f.kind} ${text.slice(text.indexOf('ISA'), text.indexOf('ISA') + 106).split('*')[15]}`);
  }
  expect([...usages].sort()).toEqual(['ack', 'era', 'x12-out'].map((k) => `${k} ${x12UsageIndicator()}`));
});
