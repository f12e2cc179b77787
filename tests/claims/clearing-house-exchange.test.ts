import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import x12 from 'node-x12';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishedJob } from '../helpers/wait-for-job.ts';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, electronicBatch, readyClaims, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { startSftpServer, type TestSftpServer } from '../helpers/sftp-server.ts';
import { ack277, ack999 } from '../helpers/ack-files.ts';
import { readInterchanges } from '../../src/domain/x12/interchange-reader.ts';
import { read837P } from '../../src/domain/x12/claim-837p-reader.ts';
import { claimDueAccounts } from '../../dev-server/exchange/inbound-poll.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
let sftp: TestSftpServer;
let account: number;
const PASSWORD = 'clearing-house-pw-1';

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser({ withJobs: true }));
  w = await claimWorld(app.db);
  sftp = await startSftpServer(mkdtempSync(join(tmpdir(), 'sftp-')), { username: 'sunbilling', password: PASSWORD });
  for (const d of ['outbound', 'inbound']) mkdirSync(join(sftp.root, d));
  const house = (
    await app.db.query<{ id: number }>(
      `insert into clearing_houses (code, name, status) values ('AVAIL', 'Availity', true) returning id`,
    )
  ).rows[0].id;
  const r = await root('POST', '/clearing-house-account', {
    billing_company_id: w.bc,
    clearing_house_id: house,
    submitter_id: 'SUN0001',
    receiver_id: '030240928',
    usage: 'T',
    sender_qualifier: 'ZZ',
    receiver_qualifier: '01',
    file_name_pattern: '{submitter}_{control}.837',
    connection: 'sftp',
    host: '127.0.0.1',
    port: sftp.port,
    username: 'sunbilling',
    auth_method: 'password',
    secret: PASSWORD,
    outbound_folder: '/outbound',
    inbound_folder: '/inbound',
    poll_minutes: 15,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  account = r.body.id;
});
afterAll(async () => {
  await sftp.stop();
  await app.close();
});

const statuses = async (ids: number[]) =>
  (
    await app.db.query<{ status_id: number }>('select status_id from claims where id = any($1::bigint[]) order by id', [
      ids,
    ])
  ).rows.map((r) => r.status_id);
const newBatch = async (n: number, name: string) => {
  const ids = await readyClaims(root, w, n);
  return { id: await electronicBatch(root, w, account, ids, name), ids };
};
const outbound = () => readdirSync(join(sftp.root, 'outbound')).sort();
const deliver = (name: string, text: string) => writeFileSync(join(sftp.root, 'inbound', name), text);

describe('the clearing-house exchange over SFTP', () => {
  let first: { id: number; ids: number[] };
  let control: number;

  it('keeps the SFTP password sealed: never answered, never stored as typed', async () => {
    const shown = await root('GET', `/clearing-house-account/${account}`);
    expect(shown.body).not.toHaveProperty('secret');
    expect(shown.body).not.toHaveProperty('secret_encrypted');
    const row = (
      await app.db.query<{ secret_encrypted: string }>(
        'select secret_encrypted from clearing_house_accounts where id = $1',
        [account],
      )
    ).rows[0];
    expect(row.secret_encrypted).toMatch(/^v2\.[0-9a-f]{8}\./);
    expect(row.secret_encrypted).not.toContain(PASSWORD);
    const audits = await app.db.query<{ v: string }>(
      `select new_values::text as v from audits where entity = 'clearing-house-account' and entity_id = $1`,
      [account],
    );
    expect(audits.rows.map((a) => a.v).join(' ')).not.toContain(PASSWORD);
  });

  it('an SFTP connection without host, user or outbound folder is refused field by field', async () => {
    const { version } = (await root('GET', `/clearing-house-account/${account}`)).body;
    const r = await root('PUT', `/clearing-house-account/${account}`, { host: null, username: null, version });
    expect(r.status).toBe(422);
    expect(r.body.errors).toMatchObject({
      host: ['An SFTP connection needs this field.'],
      username: ['An SFTP connection needs this field.'],
    });
    expect(
      (await app.db.query<{ host: string }>('select host from clearing_house_accounts where id = $1', [account]))
        .rows[0].host,
    ).toBe('127.0.0.1');
  });

  it('sends a batch: the 837 arrives whole in the outbound folder, reads with our reader and node-x12, and its claims are Submitted', async () => {
    first = await newBatch(3, 'Sftp March');
    const sent = await root('PATCH', `/claim/batch/submit-to-clearing-house/${first.id}`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    control = sent.body.control_number;
    const name = `SUN0001_${String(control).padStart(9, '0')}.837`;
    expect(outbound()).toEqual([name]);
    const text = readFileSync(join(sftp.root, 'outbound', name), 'utf8');
    const doc = readInterchanges(text);
    expect(doc.findings).toEqual([]);
    expect(text.slice(0, 106).split('*')[7]).toBe('01');
    const claims = read837P(doc.interchanges[0].groups[0].transactions[0], doc.separators!).claims;
    expect(claims).toHaveLength(3);
    const parsed = new x12.X12Parser(true).parse(text) as any;
    expect(parsed.functionalGroups[0].transactions[0].segments.filter((s: any) => s.tag === 'CLM')).toHaveLength(3);
    expect(await statuses(first.ids)).toEqual([3, 3, 3]);
    const log = await app.db.query<{ id: number }>(
      'select id, direction, kind, result, name, batch_id from exchange_files where batch_id = $1',
      [first.id],
    );
    expect(log.rows).toEqual([
      { id: expect.anything(), direction: 'out', kind: '837P', result: 'sent', name, batch_id: first.id },
    ]);
    const kept = await fetch(`${app.url}/clearing-house-file/${log.rows[0].id}/content`, {
      headers: { authorization: `Bearer ${await app.login('root@test.com')}` },
    });
    expect(kept.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await kept.text()).toBe(text);
    const key = (
      await app.db.query<{ f: string }>('select host_fingerprint as f from clearing_house_accounts where id = $1', [
        account,
      ])
    ).rows[0].f;
    expect(key).toBe(sftp.hostKeyFingerprint);
  });

  it('the poll applies a 999 accepting the file and a 277CA accepting all claims but one: that one is Rejected with its reason in plain words', async () => {
    const codes = (
      await app.db.query<{ code: string }>('select code from claims where id = any($1::bigint[]) order by id', [
        first.ids,
      ])
    ).rows.map((r) => r.code);
    deliver('a-999.x12', ack999(901, control, true));
    deliver(
      'b-277ca.x12',
      ack277(902, [
        { code: codes[0], stc: 'A2:20' },
        { code: codes[1], stc: 'A7:562:85' },
        { code: codes[2], stc: 'A2:20' },
      ]),
    );
    const r = await root('POST', `/clearing-house-account/${account}/poll`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.received.map((x: { kind: string; result: string }) => [x.kind, x.result])).toEqual([
      ['999', 'applied'],
      ['277CA', 'applied'],
    ]);
    expect(await statuses(first.ids)).toEqual([3, 5, 3]);
    const history = (await root('GET', `/claim/${first.ids[1]}`)).body.status_history.at(-1);
    expect(history).toMatchObject({
      status: 'Rejected',
      notes_history: [
        { note: expect.stringMatching(/^Rejected by the payer \(277CA\): Rejected: invalid information/) },
      ],
    });
    expect(readdirSync(join(sftp.root, 'inbound'))).toEqual([]);
    const batch = (await root('GET', `/claim/batch/get-all-server?ids=${first.id}`)).body.data[0];
    expect(batch).toMatchObject({
      status_id: 1,
      total_processed: 3,
      total_accepted_by_clearing_house: 2,
      total_denied_by_clearing_house: 1,
      answers_accepted: 2,
      answers_rejected: 1,
    });
  });

  it('a claim the 277CA rejected joins the denial worklist, aged from the day it was rejected', async () => {
    const r = await root('GET', '/denial/get-all-server?status_id=5');
    const rejected = r.body.data.find((c: { id: number }) => c.id === first.ids[1]);
    expect(rejected).toMatchObject({ status_id: 5, age_days: 0, denial_codes: [] });
  });

  it("the submission report lists the batch's 837 and the acknowledgments that answered it, newest first", async () => {
    const r = await root('GET', `/claim/batch/report-submission?batch_id=${first.id}`);
    expect(
      r.body.map((e: { direction: string; kind: string; result: string }) => `${e.direction} ${e.kind} ${e.result}`),
    ).toEqual(['in 277CA applied', 'in 999 applied', 'out 837P sent']);
    expect(r.body[0]).toMatchObject({
      claims_accepted: 2,
      claims_rejected: 1,
      batch_code: expect.stringMatching(/^SFMA-\d{5}-\d{4}$/),
    });
    expect((await root('GET', '/claim/batch/report-submission?from=13/45/2026')).status).toBe(422);
  });

  it('the same 277CA delivered twice is applied once', async () => {
    const notes = async () =>
      Number(
        (
          await app.db.query<{ n: number }>('select count(*) n from claim_notes where claim_id = any($1::bigint[])', [
            first.ids,
          ])
        ).rows[0].n,
      );
    const before = await notes();
    const codes = (
      await app.db.query<{ code: string }>('select code from claims where id = any($1::bigint[]) order by id', [
        first.ids,
      ])
    ).rows.map((r) => r.code);
    deliver(
      'b-277ca-again.x12',
      ack277(902, [
        { code: codes[0], stc: 'A2:20' },
        { code: codes[1], stc: 'A7:562:85' },
        { code: codes[2], stc: 'A2:20' },
      ]),
    );
    const r = await root('POST', `/clearing-house-account/${account}/poll`);
    expect(r.body.received).toMatchObject([{ kind: '277CA', result: 'duplicate', duplicate: true }]);
    expect(r.body.received[0].message).toMatch(/^Already received on \d\d\/\d\d\/\d{4}/);
    expect(await notes()).toBe(before);
    expect(await statuses(first.ids)).toEqual([3, 5, 3]);
  });

  it('a garbled file is kept and shown with its findings, and changes nothing', async () => {
    deliver('garbled.txt', 'this is not an X12 file\n');
    const r = await root('POST', `/clearing-house-account/${account}/poll`);
    expect(r.body.received).toMatchObject([{ kind: null, result: 'unreadable' }]);
    const row = (
      await app.db.query<{ result: string; kind: string; file_kind: string; message: string }>(
        `select e.result, e.kind, f.kind as file_kind, e.message from exchange_files e join files f on f.id = e.file_id where e.id = $1`,
        [r.body.received[0].exchange_id],
      )
    ).rows[0];
    expect(row).toMatchObject({ result: 'unreadable', kind: 'unknown', file_kind: 'received' });
    expect(row.message).toMatch(/could not be read/);
    const listed = await root('GET', '/clearing-house-file/get-all-server?result=unreadable');
    expect(listed.body.data.map((x: { name: string }) => x.name)).toContain('garbled.txt');
    expect(await statuses(first.ids)).toEqual([3, 5, 3]);
  });

  it('the server down: a clear error, the claims stay Not submitted; the retry sends', async () => {
    const b = await newBatch(1, 'Down time');
    const files = outbound();
    await sftp.stop();
    const down = await root('PATCH', `/claim/batch/submit-to-clearing-house/${b.id}`);
    expect(down.status).toBe(422);
    expect(down.body.message).toBe("The batch couldn't be sent");
    expect(down.body.errors.connection[0]).toMatch(/refused the connection \(it may be down\)/);
    expect(await statuses(b.ids)).toEqual([2]);
    expect(
      (await app.db.query<{ status_id: number }>('select status_id from claim_batches where id = $1', [b.id])).rows[0]
        .status_id,
    ).toBe(3);
    expect((await app.db.query('select result from exchange_files where batch_id = $1', [b.id])).rows).toEqual([
      { result: 'send_failed' },
    ]);
    const prepared = (
      await app.db.query<{ control_number: string; send_state: string }>(
        'select control_number, send_state from claim_batches where id = $1',
        [b.id],
      )
    ).rows[0];
    expect(prepared.send_state).toBe('prepared');
    await sftp.start();
    const retry = await root('PATCH', `/claim/batch/submit-to-clearing-house/${b.id}`);
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(await statuses(b.ids)).toEqual([3]);
    expect(outbound().length).toBe(files.length + 1);
    // Send again sent the file written the first time: the same interchange control number, never a second one.
    expect(retry.body.control_number).toBe(Number(prepared.control_number));
    expect(retry.body.send_state ?? null).toBeNull();
  });

  it('a batch whose send is under way cannot be edited; one prepared but not sent is, and its next send writes a new 837', async () => {
    const b = await newBatch(2, 'Edit while sending');
    await sftp.stop();
    expect((await root('PATCH', `/claim/batch/submit-to-clearing-house/${b.id}`)).status).toBe(422);
    await sftp.start();
    const before = (
      await app.db.query<{ control_number: string }>('select control_number from claim_batches where id = $1', [b.id])
    ).rows[0];
    await app.db.query(`update claim_batches set send_state = 'sending' where id = $1`, [b.id]);
    let shown = (await root('GET', `/claim/batch/${b.id}`)).body;
    const refused = await root('PUT', `/claim/batch/${b.id}`, { claim_ids: [b.ids[0]], version: shown.version });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.status_id).toEqual([
      'The batch is being sent; it can be changed once the send is over.',
    ]);
    await app.db.query(`update claim_batches set send_state = 'prepared' where id = $1`, [b.id]);
    shown = (await root('GET', `/claim/batch/${b.id}`)).body;
    const edited = await root('PUT', `/claim/batch/${b.id}`, { claim_ids: [b.ids[0]], version: shown.version });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(
      (await app.db.query('select send_state, control_number, file_id from claim_batches where id = $1', [b.id])).rows,
    ).toEqual([{ send_state: null, control_number: null, file_id: null }]);
    const sent = await root('PATCH', `/claim/batch/submit-to-clearing-house/${b.id}`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.control_number).not.toBe(Number(before.control_number));
  });

  it('a server presenting another key is refused and nothing is sent', async () => {
    await app.db.query(`update clearing_house_accounts set host_fingerprint = 'SHA256:someoneelse' where id = $1`, [
      account,
    ]);
    const b = await newBatch(1, 'Impostor');
    const files = outbound();
    const r = await root('PATCH', `/claim/batch/submit-to-clearing-house/${b.id}`);
    expect(r.status).toBe(422);
    expect(r.body.errors.connection[0]).toMatch(/presented a different key/);
    expect(outbound()).toEqual(files);
    expect(await statuses(b.ids)).toEqual([2]);
    await root('POST', `/clearing-house-account/${account}/forget-server-key`);
    expect((await root('POST', `/clearing-house-account/${account}/test-connection`)).body).toMatchObject({
      ok: true,
      host_fingerprint: sftp.hostKeyFingerprint,
    });
  });

  it('sending as a job reports its steps and ends with the batch Submitted', async () => {
    const b = await newBatch(2, 'Job run');
    const queued = await root('POST', '/jobs/batch-send', { batch_id: b.id });
    expect(queued.status, JSON.stringify(queued.body)).toBe(202);
    const job = await finishedJob(root, queued.body.id);
    expect(job).toMatchObject({ state: 'completed', done: 4, total: 4, percent: 100 });
    expect(await statuses(b.ids)).toEqual([3, 3]);
  });

  it('the scheduler takes each connected account once per poll interval', async () => {
    await app.db.query('update clearing_house_accounts set last_polled_at = null where id = $1', [account]);
    expect((await claimDueAccounts(app.db)).map((a) => a.id)).toContain(account);
    expect((await claimDueAccounts(app.db)).map((a) => a.id)).not.toContain(account);
  });
});

describe('the clearing-house exchange through local folders', () => {
  let folderAccount: number;
  let exchangeDir: string;
  beforeAll(async () => {
    exchangeDir = mkdtempSync(join(tmpdir(), 'exchange-'));
    process.env.EXCHANGE_DIR = exchangeDir;
    const house = (
      await app.db.query<{ id: number }>(
        `insert into clearing_houses (code, name, status) values ('OFFICE', 'Office Ally', true) returning id`,
      )
    ).rows[0].id;
    const r = await root('POST', '/clearing-house-account', {
      billing_company_id: w.bc,
      clearing_house_id: house,
      submitter_id: 'SUNOA',
      receiver_id: '330897513',
      connection: 'folder',
      outbound_folder: 'office-ally/out',
      inbound_folder: 'office-ally/in',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    folderAccount = r.body.id;
  });
  afterAll(() => {
    delete process.env.EXCHANGE_DIR;
  });

  it('a folder outside the exchange directory cannot be named', async () => {
    const r = await root('POST', '/clearing-house-account', {
      billing_company_id: w.bc,
      clearing_house_id: 1,
      submitter_id: 'EVIL1',
      connection: 'folder',
      outbound_folder: '../../etc',
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toContain('outbound_folder');
  });

  it('a batch goes to the outbound folder and a 999 rejecting it, left in the inbound folder, returns its claims to Rejected', async () => {
    const ids = await readyClaims(root, w, 2);
    const b = await root('POST', '/claim/batch', {
      billing_company_id: w.bc,
      name: 'Folder run',
      company_id: w.company,
      transmission: 'E',
      clearing_house_account_id: folderAccount,
      claim_ids: ids,
    });
    const sent = await root('PATCH', `/claim/batch/submit-to-clearing-house/${b.body.id}`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(readdirSync(join(exchangeDir, String(w.bc), 'office-ally/out'))).toEqual([
      expect.stringMatching(/^SUNOA_\d{9}_\d{8}\.837$/),
    ]);
    mkdirSync(join(exchangeDir, String(w.bc), 'office-ally/in'), { recursive: true });
    writeFileSync(
      join(exchangeDir, String(w.bc), 'office-ally/in', 'ack.999'),
      ack999(903, sent.body.control_number, false, 'SUNOA'),
    );
    const r = await root('POST', `/clearing-house-account/${folderAccount}/poll`);
    expect(r.body.received).toMatchObject([{ kind: '999', result: 'applied' }]);
    expect(await statuses(ids)).toEqual([5, 5]);
    expect(
      Number(
        (
          await app.db.query<{ n: string }>(
            'select count(*) as n from claims where id = any($1::bigint[]) and denied_at = current_date',
            [ids],
          )
        ).rows[0].n,
      ),
    ).toBe(2);
    const history = await root('GET', `/claim/batch/${b.body.id}/exchanges`);
    expect(history.body.map((e: { direction: string; kind: string }) => `${e.direction} ${e.kind}`)).toEqual([
      'out 837P',
      'in 999',
    ]);
  });
});
