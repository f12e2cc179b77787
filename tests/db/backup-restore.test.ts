import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { loadDemoForTests } from '../helpers/demo-for-tests.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../dev-server/app.ts';
import { verifyAuditChains } from '../../dev-server/audit/audit-chain.ts';
import { backedUpRow, writeBackup } from '../../dev-server/db/backup.ts';
import { productTables } from '../../dev-server/db/backup-format.ts';
import type { Database, Queryable } from '../../dev-server/db/database.ts';
import { openPglite } from '../../dev-server/db/pglite-database.ts';
import { RestoreRefusedError, restoreBackup } from '../../dev-server/db/restore.ts';
import { DEMO_PASSWORD } from '../../dev-server/demo/demo-data.ts';
import { createMailTransport } from '../../dev-server/mail/mail-transport.ts';
import { localBlobStorage } from '../../dev-server/storage/blob-storage.ts';
import { FileStore } from '../../dev-server/storage/file-store.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { newPostgresDatabase, usePostgres } from '../helpers/test-database.ts';

const run = promisify(execFile);
const ROOT = new URL('../..', import.meta.url).pathname;
const SSN = '612-34-5678';

let app: TestApp;
let backup: Buffer;
let patientId: number;
let billerToken: string;
/** the source as it was when backed up (tests below read it through the API, which records reads) */
let sourcePrints: Record<string, string>;
let sourceAuditRows: number;

/** Everything the backup carries, as bytes. */
async function backupOf(db: Database, blobsDir = '.test-data/files'): Promise<Buffer> {
  const out = new PassThrough();
  const parts: Buffer[] = [];
  out.on('data', (c: Buffer) => parts.push(c));
  await writeBackup(db, localBlobStorage(blobsDir), out);
  return Buffer.concat(parts);
}

/** An empty database of the run's engine: a new PostgreSQL database, or a new embedded one. */
async function emptyDatabase(engine: 'pglite' | 'postgres' = usePostgres ? 'postgres' : 'pglite'): Promise<Database> {
  return engine === 'pglite' ? openPglite() : newPostgresDatabase();
}

/**
 * Each table's rows and a fingerprint of their contents, read with SQL of the test's own (not the backup's code):
 * two databases that read the same have the same fingerprints.
 */
async function fingerprints(db: Database): Promise<Record<string, string>> {
  return db.transaction(async (tx: Queryable) => {
    await tx.query(`set local timezone = 'UTC'`);
    const out: Record<string, string> = {};
    for (const t of await productTables(tx)) {
      const r = await tx.query<{ n: number; h: string }>(
        `select count(*)::int as n, md5(coalesce(string_agg(x, '' order by x), '')) as h
           from (select md5((${backedUpRow(t.name)})::text) as x from "${t.name}" t) s`,
      );
      out[t.name] = `${r.rows[0].n}:${r.rows[0].h}`;
    }
    return out;
  });
}

async function restoreInto(target: Database, bytes: Buffer, blobsDir = mkdtempSync(join(tmpdir(), 'restore-files-'))) {
  return restoreBackup(target, localBlobStorage(blobsDir), Readable.from([bytes]));
}

beforeAll(async () => {
  // A small demo of its own (every table filled, a short history): backups and restores grow with the data, and
  // five of them run here; the shared demo would make each several times longer without testing more.
  app = await startTestApp();
  await loadDemoForTests(app, { patientsPerBillingCompany: 6, claimsPerBillingCompany: 100 });
  billerToken = await app.login('biller@demo.test', DEMO_PASSWORD);
  const created = await app.as(billerToken)('POST', '/patient', {
    first_name: 'Nora',
    last_name: 'Vance',
    date_of_birth: '04/05/1971',
    ssn: SSN,
  });
  expect(created.status).toBe(201);
  patientId = created.body.id;
  backup = await backupOf(app.db);
  sourcePrints = await fingerprints(app.db);
  sourceAuditRows = (await verifyAuditChains(app.db)).rows;
}, 300_000);
afterAll(() => app.close());

describe('backup and restore', () => {
  it('a restored database reads the same as the one backed up, table by table and row by row', async () => {
    const target = await emptyDatabase();
    try {
      const summary = await restoreInto(target, backup);
      expect(summary.rows).toBeGreaterThan(1000);
      expect(await fingerprints(target)).toEqual(sourcePrints);
    } finally {
      await target.close();
    }
  });

  it('a restored database passes the audit check with every row of the trail', async () => {
    const target = await emptyDatabase();
    try {
      await restoreInto(target, backup);
      const after = await verifyAuditChains(target);
      expect(after.breaks).toEqual([]);
      expect(after.rows).toBe(sourceAuditRows);
      expect(after.rows).toBeGreaterThan(0);
    } finally {
      await target.close();
    }
  });

  it("a restored database shows a patient's record through the API as it was, and keeps the stored files", async () => {
    const target = await emptyDatabase();
    const filesDir = mkdtempSync(join(tmpdir(), 'restore-files-'));
    let server: Server | undefined;
    try {
      const summary = await restoreInto(target, backup, filesDir);
      const shas = (await app.db.query<{ sha256: string }>('select distinct sha256 from files')).rows;
      expect(shas.length).toBeGreaterThan(0);
      expect(summary.blobs).toBe(shas.length);
      const blobs = localBlobStorage(filesDir);
      for (const { sha256 } of shas) expect(blobs.has(sha256)).toBe(true);
      server = await new Promise<Server>((resolve) => {
        const s = createApp({
          db: target,
          files: new FileStore(target, blobs),
          filesDir,
          rateLimitMax: 100_000,
          mail: createMailTransport({}, () => {}),
        }).listen(0, '127.0.0.1', () => resolve(s));
      });
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
      const login = await fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'biller@demo.test', password: DEMO_PASSWORD }),
      });
      const token = ((await login.json()) as { access_token: string }).access_token;
      const restored = await (
        await fetch(`${url}/patient/${patientId}`, { headers: { authorization: `Bearer ${token}` } })
      ).json();
      const original = (await app.as(billerToken)('GET', `/patient/${patientId}`)).body;
      expect(restored).toEqual(original);
      expect(restored).toMatchObject({ first_name: 'Nora', ssn_last4: '5678' });
    } finally {
      await new Promise((r) => (server ? server.close(r) : r(null)));
      await target.close();
    }
  });

  it('a backup made on one engine restores on the other (embedded to a PostgreSQL server, and back)', async () => {
    const target = await emptyDatabase(usePostgres ? 'pglite' : 'postgres');
    try {
      await restoreInto(target, backup);
      expect(await fingerprints(target)).toEqual(sourcePrints);
    } finally {
      await target.close();
    }
  });

  it('an SSN typed in appears nowhere in a backup, nor its fingerprint key in the clear', async () => {
    const text = gunzipSync(backup).toString('utf8');
    expect(text).toContain('"ssn_last4":"5678"');
    expect(text).not.toContain('612345678');
    expect(text).not.toContain(SSN);
    const key = (await app.db.query<{ value: string }>(`select value from app_secrets where name = 'ssn_hmac'`)).rows[0]
      .value;
    expect(key).toMatch(/^v2\./);
  });

  it('a backup holds no live link or code from the mail outbox: the message is kept, not its text', async () => {
    const link = 'https://rcp.example/reset?token=live-reset-token-7Q2';
    const fresh = await backupOf(app.db);
    expect(gunzipSync(fresh).toString('utf8')).not.toContain('live-reset-token-7Q2');
    await createMailTransport({}, () => {}).send(app.db, {
      to: 'nora@backup.test',
      subject: 'Set your password',
      text: `Open ${link}`,
      kind: 'password-reset',
    });
    const text = gunzipSync(await backupOf(app.db)).toString('utf8');
    expect(text).not.toContain('live-reset-token-7Q2');
    expect(text).toContain('"recipient":"nora@backup.test"');
    expect(text).toContain('(not kept in backups)');
  });

  it('a backup cut short restores nothing, and the database stays empty for a whole one', async () => {
    const lines = gunzipSync(backup).toString('utf8').trimEnd().split('\n');
    const cut = gzipSync(lines.slice(0, -1).join('\n') + '\n');
    const target = await emptyDatabase();
    try {
      await expect(restoreInto(target, cut)).rejects.toThrow(/The backup is incomplete/);
      expect((await target.query<{ n: number }>('select count(*)::int as n from users')).rows[0].n).toBe(0);
      await restoreInto(target, backup);
      expect(await fingerprints(target)).toEqual(sourcePrints);
    } finally {
      await target.close();
    }
  });

  it('a backup made by a newer version is refused and writes nothing', async () => {
    const lines = gunzipSync(backup).toString('utf8').split('\n');
    const header = JSON.parse(lines[0]);
    header.migrations.push({ name: '9999_from_the_future.sql', checksum: 'x' });
    const newer = gzipSync([JSON.stringify(header), ...lines.slice(1)].join('\n'));
    const target = await emptyDatabase();
    try {
      await expect(restoreInto(target, newer)).rejects.toThrow(
        new RestoreRefusedError(
          'The backup was made by a newer version (it has migration 9999_from_the_future.sql); restore it with that version.',
        ),
      );
      const tables = await target.query(`select 1 from pg_tables where schemaname = 'public'`);
      expect(tables.rows).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('a database in use is never restored over', async () => {
    await expect(restoreInto(app.db, backup)).rejects.toThrow(/The database already holds data/);
  });
});

describe('the backup commands as an operator runs them', () => {
  it('npm run restore brings a backup into a new data directory, then audit:verify and backup read it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'restore-cli-'));
    const file = join(dataDir, '..', `${dataDir.split('/').pop()}.rcmbackup`);
    writeFileSync(file, backup);
    const env = { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir };
    const tsx = [join(ROOT, 'node_modules/tsx/dist/cli.mjs')];
    const restored = await run(process.execPath, [...tsx, 'dev-server/cli/restore.ts', file], { cwd: ROOT, env });
    expect(restored.stdout).toMatch(/Restored the backup made at .*: [\d,]+ rows of \d+ tables and \d+ stored files\./);
    expect(restored.stdout).toMatch(/The audit trail holds/);
    // A new data directory has a key of its own: the operator is told the backup's key must come along.
    expect(restored.stdout).toMatch(/1 sealed secrets .* do not open with this machine's key: put the backup's key/);
    const verified = await run(process.execPath, [...tsx, 'dev-server/cli/audit-verify.ts'], { cwd: ROOT, env });
    expect(verified.stdout).toMatch(/The audit trail holds: [\d,]+ rows/);
    // The embedded database's own files hold no SSN either.
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (readFileSync(p).includes('612345678')) found.push(p);
      }
    };
    walk(join(dataDir, 'pglite'));
    expect(found).toEqual([]);
    const again = join(dataDir, 'again.rcmbackup');
    const backedUp = await run(process.execPath, [...tsx, 'dev-server/cli/backup.ts', again], { cwd: ROOT, env });
    expect(backedUp.stdout).toMatch(/Backed up [\d,]+ rows of \d+ tables, \d+ sequences and \d+ stored files into/);
    expect(statSync(again).mode & 0o777).toBe(0o600);
  }, 120_000);
});
