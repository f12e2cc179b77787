import { allowOutbound } from '../helpers/outbound-allow.ts';
import { toIsoDate } from '../../src/domain/formats.ts';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { write835 } from '../../src/domain/x12/era-835-writer.ts';
import { moveLegacyExchangeFolders } from '../../dev-server/exchange/legacy-folders.ts';

/**
 * The attack of issue 35: one billing company's manager pointing an account at another's exchange
 * (folders, submitter id, SFTP mailbox) and the connection test used to look around the server's network.
 */
let app: TestApp;
let root: Api;
let sun: ClaimWorld;
let lsr: ClaimWorld;
let sunManager: Api;
let exchangeDir: string;
let house: number;
const LSR_SUBMITTER = 'LSR3143088';

const era = (receiver: string, payeeNpi: string) =>
  write835({
    sender: 'AVAILITY',
    receiver,
    control: 7001,
    date: toIsoDate('2026-03-20'),
    payments: [
      {
        payer: {
          name: 'LONE STAR HEALTH',
          id: '74095',
          address: { line1: 'PO BOX 14079', city: 'LEXINGTON', state: 'KY', zip: '40512' },
          contact: { phone: '8005550100' },
        },
        payee: { name: 'LONE STAR CLINIC', npi: payeeNpi },
        method: 'CHK',
        date: toIsoDate('2026-03-20'),
        trace: 'CHK-7001',
        claims: [
          {
            patientControlNumber: 'LSR1-03022026-LP000001',
            status: '1',
            charge: 14000,
            paid: 10000,
            patientResponsibility: 0,
            payerControlNumber: 'PCN1',
            patient: { lastName: 'PEREZ', firstName: 'LUCIA', memberId: 'W123456789' },
            from: toIsoDate('2026-03-02'),
            lines: [
              {
                procedure: '99213',
                charge: 14000,
                paid: 10000,
                date: toIsoDate('2026-03-02'),
                adjustments: [{ group: 'CO', reason: '45', amount: 4000 }],
              },
            ],
          },
        ],
      },
    ],
  });
const npiOf = async (bc: number) =>
  (await app.db.query<{ npi: string }>('select npi from companies where billing_company_id = $1 limit 1', [bc])).rows[0]
    .npi;
const eraCount = async (bc: number) =>
  Number(
    (await app.db.query<{ n: string }>('select count(*) as n from era_files where billing_company_id = $1', [bc]))
      .rows[0].n,
  );
const accountCount = async (bc: number) =>
  Number(
    (
      await app.db.query<{ n: string }>(
        'select count(*) as n from clearing_house_accounts where billing_company_id = $1',
        [bc],
      )
    ).rows[0].n,
  );

beforeAll(async () => {
  exchangeDir = mkdtempSync(join(tmpdir(), 'exchange-isolation-'));
  process.env.EXCHANGE_DIR = exchangeDir;
  ({ app, root } = await startAsSuperUser());
  sun = await claimWorld(app.db, 'SUN');
  lsr = await claimWorld(app.db, 'LSR');
  house = (
    await app.db.query<{ id: number }>(
      `insert into clearing_houses (code, name, status) values ('AVAIL', 'Availity', true) returning id`,
    )
  ).rows[0].id;
  const lsrAccount = await root('POST', '/clearing-house-account', {
    billing_company_id: lsr.bc,
    clearing_house_id: house,
    submitter_id: LSR_SUBMITTER,
    receiver_id: '030240928',
    connection: 'folder',
    outbound_folder: 'lsr/outbound',
    inbound_folder: 'lsr/inbound',
  });
  expect(lsrAccount.status, JSON.stringify(lsrAccount.body)).toBe(201);
  await app.createUser({ email: 'bm@sun.test', roles: ['billingmanager'], billingCompanyIds: [sun.bc] });
  sunManager = app.as(await app.login('bm@sun.test'));
});
afterAll(async () => {
  await app.close();
  delete process.env.EXCHANGE_DIR;
});

describe("one billing company cannot reach another's clearing-house exchange", () => {
  it("another billing company's submitter id with the same clearing house and receiver is refused, and nothing is written", async () => {
    const r = await sunManager('POST', '/clearing-house-account', {
      clearing_house_id: house,
      submitter_id: LSR_SUBMITTER,
      receiver_id: '030240928',
      connection: 'folder',
      outbound_folder: 'lsr/outbound',
      inbound_folder: 'lsr/inbound',
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.submitter_id).toEqual([
      "Another billing company already sends with this submitter id to this clearing house; a submitter id is one billing company's.",
    ]);
    expect(await accountCount(sun.bc)).toBe(0);
  });

  it("another billing company's submitter id is refused whatever receiver is written beside it", async () => {
    for (const receiver_id of ['330897513X', '00330897513', undefined]) {
      const r = await sunManager('POST', '/clearing-house-account', {
        clearing_house_id: house,
        submitter_id: LSR_SUBMITTER,
        receiver_id,
        connection: 'none',
      });
      expect(r.status, String(receiver_id)).toBe(422);
      expect(Object.keys(r.body.errors)).toEqual(['submitter_id']);
    }
    expect(await accountCount(sun.bc)).toBe(0);
  });

  it("folders are read under the billing company's own root: the same folder names never reach another's files", async () => {
    const lsrInbound = join(exchangeDir, String(lsr.bc), 'lsr/inbound');
    mkdirSync(lsrInbound, { recursive: true });
    writeFileSync(join(lsrInbound, 'lone-star.835'), era(LSR_SUBMITTER, await npiOf(lsr.bc)));
    const mine = await sunManager('POST', '/clearing-house-account', {
      clearing_house_id: house,
      submitter_id: 'SUN7700001',
      receiver_id: '030240928',
      connection: 'folder',
      outbound_folder: 'lsr/outbound',
      inbound_folder: 'lsr/inbound',
    });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const polled = await sunManager('POST', `/clearing-house-account/${mine.body.id}/poll`);
    expect(polled.status).toBe(200);
    expect(polled.body.received).toEqual([]);
    expect(readdirSync(lsrInbound)).toEqual(['lone-star.835']);
    expect(await eraCount(sun.bc)).toBe(0);
    expect(existsSync(join(exchangeDir, String(sun.bc), 'lsr/inbound'))).toBe(true);
  });

  it("a link planted in a billing company's folders leads nowhere: not to another's folder, not to the server's files", async () => {
    const lsrInbound = join(exchangeDir, String(lsr.bc), 'lsr/inbound');
    mkdirSync(lsrInbound, { recursive: true });
    writeFileSync(join(lsrInbound, 'linked.835'), era(LSR_SUBMITTER, await npiOf(lsr.bc)));
    const sunRoot = join(exchangeDir, String(sun.bc));
    mkdirSync(join(sunRoot, 'linked'), { recursive: true });
    symlinkSync(lsrInbound, join(sunRoot, 'linked/inbound'));
    const account = (
      await app.db.query<{ id: number; outbound_folder: string; inbound_folder: string }>(
        'select id, outbound_folder, inbound_folder from clearing_house_accounts where billing_company_id = $1',
        [sun.bc],
      )
    ).rows[0];
    const folders = (outbound: string, inbound: string) =>
      app.db.query('update clearing_house_accounts set outbound_folder = $2, inbound_folder = $3 where id = $1', [
        account.id,
        outbound,
        inbound,
      ]);
    try {
      await folders('linked/outbound', 'linked/inbound');
      const polled = await sunManager('POST', `/clearing-house-account/${account.id}/poll`);
      expect(polled.status).toBe(422);
      expect(JSON.stringify(polled.body)).toContain('The folder linked/inbound is outside the exchange directory.');
      expect(readdirSync(lsrInbound)).toContain('linked.835');
      // A link as a file of our own inbound folder is not a file the clearing house left: it is never read.
      mkdirSync(join(sunRoot, 'own/inbound'), { recursive: true });
      symlinkSync('/etc/hostname', join(sunRoot, 'own/inbound/hostname.835'));
      await folders('own/outbound', 'own/inbound');
      const ownPoll = await sunManager('POST', `/clearing-house-account/${account.id}/poll`);
      expect(ownPoll.status).toBe(200);
      expect(ownPoll.body.received).toEqual([]);
    } finally {
      await folders(account.outbound_folder, account.inbound_folder);
    }
  });

  it('a file in our folder addressed to another submitter is set aside, not taken in, and the log says so without keeping it', async () => {
    const account = (
      await app.db.query<{ id: number }>('select id from clearing_house_accounts where billing_company_id = $1', [
        sun.bc,
      ])
    ).rows[0].id;
    const inbound = join(exchangeDir, String(sun.bc), 'lsr/inbound');
    writeFileSync(join(inbound, 'misrouted.835'), era(LSR_SUBMITTER, await npiOf(lsr.bc)));
    const filesBefore = Number(
      await app.db.query<{ n: string }>('select count(*) as n from files').then((r) => r.rows[0].n),
    );
    const polled = await sunManager('POST', `/clearing-house-account/${account}/poll`);
    expect(polled.body.received).toMatchObject([{ name: 'misrouted.835', result: 'set_aside', file_id: null }]);
    expect(polled.body.message).toBe("0 file(s) received; 1 set aside: not this account's.");
    expect(readdirSync(join(inbound, 'not-ours'))).toEqual(['misrouted.835']);
    expect(readdirSync(inbound).filter((f) => f !== 'not-ours')).toEqual([]);
    expect(await eraCount(sun.bc)).toBe(0);
    expect(Number(await app.db.query<{ n: string }>('select count(*) as n from files').then((r) => r.rows[0].n))).toBe(
      filesBefore,
    );
    const log = (
      await app.db.query<{ result: string; file_id: number | null; message: string }>(
        `select result, file_id, message from exchange_files where billing_company_id = $1 and name = 'misrouted.835'`,
        [sun.bc],
      )
    ).rows;
    expect(log).toEqual([
      { result: 'set_aside', file_id: null, message: expect.stringContaining(`addressed to ${LSR_SUBMITTER}`) },
    ]);
  });

  it('an 835 addressed to our submitter id but paying a provider that is not ours is set aside', async () => {
    const account = (
      await app.db.query<{ id: number }>('select id from clearing_house_accounts where billing_company_id = $1', [
        sun.bc,
      ])
    ).rows[0].id;
    const inbound = join(exchangeDir, String(sun.bc), 'lsr/inbound');
    writeFileSync(join(inbound, 'other-payee.835'), era('SUN7700001', await npiOf(lsr.bc)));
    const polled = await sunManager('POST', `/clearing-house-account/${account}/poll`);
    expect(polled.body.received).toMatchObject([{ name: 'other-payee.835', result: 'set_aside' }]);
    expect(polled.body.received[0].message).toMatch(/not a provider of this billing company/);
    expect(await eraCount(sun.bc)).toBe(0);
  });

  it('an 835 addressed to our submitter id and paying our clinic is taken in', async () => {
    const account = (
      await app.db.query<{ id: number }>('select id from clearing_house_accounts where billing_company_id = $1', [
        sun.bc,
      ])
    ).rows[0].id;
    writeFileSync(join(exchangeDir, String(sun.bc), 'lsr/inbound', 'ours.835'), era('SUN7700001', await npiOf(sun.bc)));
    const polled = await sunManager('POST', `/clearing-house-account/${account}/poll`);
    expect(polled.body.received).toMatchObject([{ name: 'ours.835', result: 'era_received' }]);
    expect(await eraCount(sun.bc)).toBe(1);
  });

  it('an SFTP host and user another billing company uses needs a Super User', async () => {
    const other = (
      await app.db.query<{ id: number }>(
        `insert into clearing_houses (code, name, status) values ('OA', 'Office Ally', true) returning id`,
      )
    ).rows[0].id;
    const lsrSftp = await root('POST', '/clearing-house-account', {
      billing_company_id: lsr.bc,
      clearing_house_id: other,
      submitter_id: 'LSR0000009',
      connection: 'sftp',
      host: 'sftp.availity.example',
      port: 22,
      username: 'lonestar',
      auth_method: 'password',
      secret: 'pw-lone-star',
      outbound_folder: '/out',
    });
    expect(lsrSftp.status, JSON.stringify(lsrSftp.body)).toBe(201);
    const body = {
      clearing_house_id: other,
      submitter_id: 'SUN0000009',
      connection: 'sftp',
      host: 'SFTP.availity.example',
      port: 22,
      username: 'lonestar',
      auth_method: 'password',
      secret: 'guess',
      outbound_folder: '/out',
    };
    const r = await sunManager('POST', '/clearing-house-account', body);
    expect(r.status).toBe(422);
    expect(r.body.errors.host).toEqual([
      'Another billing company already uses this SFTP host and user; only a Super User can set an account on it.',
    ]);
    expect(await accountCount(sun.bc)).toBe(1);
    expect((await root('POST', '/clearing-house-account', { ...body, billing_company_id: sun.bc })).status).toBe(201);
  });
});

describe('"Test the connection" says no more than reachable, refused or bad credentials', () => {
  let silent: Server;
  let silentPort: number;
  const sockets = new Set<Socket>();
  beforeAll(async () => {
    // A port that answers but speaks no SSH (a database, a web server on the server's own network).
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.end('HTTP/1.1 400 Bad Request\r\nServer: internal-admin/2.4\r\n\r\n');
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    silentPort = (silent.address() as { port: number }).port;
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  /**
   * A Sunshine account (on a clearing house of its own) pointed at a port an installation allows (OUTBOUND_ALLOW, a
   * clearing house on its private network: nothing else of this machine is ever connected to), then tested.
   */
  const probe = async (port: number) => {
    const disallow = allowOutbound(`127.0.0.1:${port}`);
    try {
      return await probeAllowed(port);
    } finally {
      disallow();
    }
  };
  const probeAllowed = async (port: number) => {
    const probeHouse = (
      await app.db.query<{ id: number }>(
        `insert into clearing_houses (code, name, status) values ($1, $1, true) returning id`,
        [`PROBE${port}`],
      )
    ).rows[0].id;
    const created = await sunManager('POST', '/clearing-house-account', {
      clearing_house_id: probeHouse,
      submitter_id: `SUNP${port}`,
      connection: 'sftp',
      host: '127.0.0.1',
      port,
      username: 'probe',
      auth_method: 'password',
      secret: 'x',
      outbound_folder: '/out',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return sunManager('POST', `/clearing-house-account/${created.body.id}/test-connection`);
  };

  it('a port that speaks something else answers exactly as a closed one, naming nothing it heard', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const speaking = await probe(silentPort);
    const closed = await probe(closedPort);
    expect(speaking.status).toBe(422);
    expect(closed.status).toBe(422);
    const said = (r: typeof speaking, port: number) => r.body.errors.connection[0].replace(String(port), 'PORT');
    expect(said(speaking, silentPort)).toBe(
      "The clearing house's SFTP server 127.0.0.1:PORT could not be reached or refused the connection (it may be down).",
    );
    expect(said(closed, closedPort)).toBe(said(speaking, silentPort));
    expect(JSON.stringify(speaking.body)).not.toMatch(/internal-admin|HTTP|handshake|ECONN/i);
  });
});

describe('folders of an older installation', () => {
  it("are moved under their billing company's root on start, unless two billing companies named the same folder", async () => {
    const sunAccount = (
      await app.db.query<{ id: number }>(
        'select id from clearing_house_accounts where billing_company_id = $1 and connection = $2 order by id limit 1',
        [sun.bc, 'folder'],
      )
    ).rows[0].id;
    const lsrAccount = (
      await app.db.query<{ id: number }>(
        'select id from clearing_house_accounts where billing_company_id = $1 and connection = $2 order by id limit 1',
        [lsr.bc, 'folder'],
      )
    ).rows[0].id;
    await app.db.query(
      `update clearing_house_accounts set outbound_folder = 'old-sun/out', inbound_folder = 'both/in' where id = $1`,
      [sunAccount],
    );
    await app.db.query(
      `update clearing_house_accounts set outbound_folder = 'old-lsr/out', inbound_folder = 'both/in' where id = $1`,
      [lsrAccount],
    );
    for (const d of ['old-sun/out', 'both/in']) {
      mkdirSync(join(exchangeDir, d), { recursive: true });
      writeFileSync(join(exchangeDir, d, 'waiting.x12'), 'ISA');
    }
    expect(await moveLegacyExchangeFolders(app.db)).toBe(1);
    expect(readdirSync(join(exchangeDir, String(sun.bc), 'old-sun/out'))).toEqual(['waiting.x12']);
    expect(existsSync(join(exchangeDir, 'old-sun/out'))).toBe(false);
    // Whose files these are cannot be told: they stay where they were.
    expect(readdirSync(join(exchangeDir, 'both/in'))).toEqual(['waiting.x12']);
  });
});
