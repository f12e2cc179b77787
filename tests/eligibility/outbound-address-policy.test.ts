import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';
import { availityAccount, claimWorld, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { startCoreServer, type TestCoreServer } from '../helpers/core-server.ts';
import { ACTIVE_PLAN, payerAnswers } from '../helpers/payer-answers.ts';
import { checkedTarget, isPublicAddress, outboundRules, urlProblem } from '../../dev-server/outbound/address-policy.ts';
import { parseIp } from '../../src/domain/ip-address.ts';
import { createMailTransport } from '../../dev-server/mail/mail-transport.ts';

let app: TestApp;
let root: Api;
let w: ClaimWorld;
let core: TestCoreServer;
let account: number;
/** A service of this machine's own network the tenant must never reach: every request it gets is counted. */
let internal: Server;
let internalHits = 0;
let internalPort: number;
/** A port nothing listens on. */
let closedPort: number;

const listening = async <T extends { listen: (...a: never[]) => unknown; address: () => unknown }>(s: T) => {
  await new Promise<void>((r) => (s.listen as (p: number, h: string, cb: () => void) => void)(0, '127.0.0.1', r));
  return (s.address() as AddressInfo).port;
};

beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  w = await claimWorld(app.db);
  core = await startCoreServer((q) => payerAnswers(q, () => ACTIVE_PLAN));
  account = await availityAccount(app.db, root, w, {
    connection: 'none',
    realtime_url: core.url,
    realtime_envelope: 'soap',
    realtime_user: 'sunbilling',
    realtime_secret: 'core-secret-9',
  });
  internal = createHttpServer((req, res) => {
    internalHits++;
    res.writeHead(500, { 'content-type': 'application/soap+xml' });
    res.end('<Envelope><Fault><Text>internal-service-secret-words</Text></Fault></Envelope>');
  });
  internalPort = await listening(internal);
  const closed = createTcpServer();
  closedPort = await listening(closed);
  await new Promise((r) => closed.close(r));
});
afterAll(async () => {
  await core.stop();
  await new Promise((r) => internal.close(r));
  await app.close();
});
beforeEach(() => {
  internalHits = 0;
  core.replies.length = 0;
});

const storedUrl = async () =>
  (await app.db.query<{ u: string }>('select realtime_url as u from clearing_house_accounts where id = $1', [account]))
    .rows[0].u;
/** An address kept before this rule existed (or by the database's owner): what the connection itself must refuse. */
const storeUrl = (url: string) =>
  app.db.query('update clearing_house_accounts set realtime_url = $2 where id = $1', [account, url]);
/** The account changed as the form changes it (with the version it read). */
const putAccount = async (values: Record<string, unknown>) => {
  const { version } = (await root('GET', `/clearing-house-account/${account}`)).body;
  return root('PUT', `/clearing-house-account/${account}`, { ...values, version });
};
const noAnswer = (url: string) =>
  `Could not be asked: The clearing house's real-time service at ${new URL(url).host} gave no answer to the question; try again later, or check the account's real-time address.`;

/** Every form of this machine's address the attack run reached, and the ports it told apart. */
const loopbackForms = () => [
  `http://127.0.0.1:${internalPort}/core`,
  `http://localhost:${internalPort}/core`,
  `http://2130706433:${internalPort}/core`,
  `http://0x7f.1:${internalPort}/core`,
  `http://127.1:${internalPort}/core`,
  `http://0177.0.0.1:${internalPort}/core`,
  `http://[::ffff:127.0.0.1]:${internalPort}/core`,
  `http://[::1]:${internalPort}/core`,
  `http://0.0.0.0:${internalPort}/core`,
  `http://169.254.169.254/latest/meta-data/`,
  `http://10.0.0.1/core`,
  `http://127.0.0.1:${new URL(app.url).port}/api/v1/openapi.json`,
  `http://127.0.0.1:5432/`,
  `http://127.0.0.1:${closedPort}/`,
];

describe('the outbound address policy', () => {
  it('only public unicast addresses are public: loopback, private, link-local, multicast and unspecified are not', () => {
    const notPublic = [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '::',
      '::1',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::7f00:1',
      '2002:7f00:1::1',
      '2001:db8::1',
      '2001::1',
    ];
    const isPublic = ['8.8.8.8', '34.120.1.1', '172.32.0.1', '2606:4700::1111', '2a00:1450:4001::200e'];
    expect(notPublic.filter((a) => isPublicAddress(parseIp(a)!))).toEqual([]);
    expect(isPublic.filter((a) => !isPublicAddress(parseIp(a)!))).toEqual([]);
  });

  it('OUTBOUND_ALLOW names a host, an address or a range, each with a port or without; a wrong entry is reported', () => {
    const rules = outboundRules({ OUTBOUND_ALLOW: 'ch.internal:8443, 10.20.0.0/16,[::1]:990,127.0.0.1, not a host' });
    expect(rules.allow).toHaveLength(4);
    expect(rules.bad).toEqual(['not a host']);
    const env = { OUTBOUND_ALLOW: '10.20.0.0/16,127.0.0.1:4000' };
    expect(urlProblem('http://10.20.3.4/rt', env)).toBeInstanceOf(URL);
    expect(urlProblem('http://10.21.3.4/rt', env)).toBe('10.21.3.4 is not a public address');
    expect(urlProblem('http://127.0.0.1:4000/rt', env)).toBeInstanceOf(URL);
    expect(urlProblem('http://127.0.0.1:4001/rt', env)).toBe('127.0.0.1 is not a public address');
  });

  it('a name is checked by every address it resolves to, not by how it is written', async () => {
    await expect(checkedTarget('localhost', 80, {})).rejects.toThrow(/not a public address/);
    await expect(checkedTarget('localhost', 80, { OUTBOUND_ALLOW: 'localhost' })).resolves.toMatchObject({
      host: 'localhost',
    });
  });

  it('a production installation sends real-time questions over https only', () => {
    expect(urlProblem('http://core.example.com/rt', { NODE_ENV: 'production' })).toBe('http in production');
    expect(urlProblem('http://core.example.com/rt', { X12_USAGE: 'P' })).toBe('http in production');
    expect(urlProblem('https://core.example.com/rt', { X12_USAGE: 'P' })).toBeInstanceOf(URL);
    expect(urlProblem('http://core.example.com/rt', {})).toBeInstanceOf(URL);
  });
});

describe("a billing company cannot aim the server at the server's own network", () => {
  it('a real-time address of this machine or a private network is refused as typed, in every form, and not kept', async () => {
    const kept = await storedUrl();
    for (const url of loopbackForms()) {
      const r = await putAccount({ realtime_url: url });
      expect(r.status, url).toBe(422);
      expect(r.body.errors.realtime_url, url).toEqual([
        'This address is this server itself or a private network, which the product never connects to; give the clearing house’s public address (the installation can allow a private one in OUTBOUND_ALLOW).',
      ]);
    }
    expect(await storedUrl()).toBe(kept);
  });

  it('a kept address that reaches this machine is never connected to, and every one fails in the same words', async () => {
    const kept = await storedUrl();
    try {
      for (const url of [...loopbackForms(), `http://${hostname()}:${internalPort}/core`]) {
        await storeUrl(url);
        const r = await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy });
        expect(r.body.check.state, url).toBe('failed');
        expect(r.body.message, url).toBe(noAnswer(url));
      }
      expect(internalHits).toBe(0);
      const errors = await app.db.query<{ error: string }>(
        `select distinct regexp_replace(error, ' at \\S+ gave', ' at HOST gave') as error from eligibility_checks where state = 'failed'`,
      );
      expect(errors.rows.map((e) => e.error)).toEqual([
        "The clearing house's real-time service at HOST gave no answer to the question; try again later, or check the account's real-time address.",
      ]);
    } finally {
      await storeUrl(kept);
    }
  });

  it('a redirect is never followed: the address it names gets nothing', async () => {
    core.replies.push({
      raw: { status: 302, headers: { location: `http://127.0.0.1:${internalPort}/core` }, body: '' },
    });
    const r = await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy });
    expect(r.body.message).toBe(noAnswer(core.url));
    expect(internalHits).toBe(0);
  });

  it("a SOAP fault's words or another service's page are never repeated to the tenant", async () => {
    const fault =
      '<soapenv:Envelope><soapenv:Body><soapenv:Fault><soapenv:Text>FATAL: pg_hba.conf secret-words</soapenv:Text></soapenv:Fault></soapenv:Body></soapenv:Envelope>';
    for (const status of [200, 500, 404]) {
      core.replies.push({ raw: { status, headers: { 'content-type': 'application/soap+xml' }, body: fault } });
      if (status === 500) core.replies.push({ raw: { status, headers: { 'content-type': 'text/html' }, body: fault } });
      const r = await root('POST', '/eligibility/ask', { insurance_policy_id: w.policy });
      expect(r.body.message, String(status)).toBe(noAnswer(core.url));
      const row = await app.db.query<{ error: string }>('select error from eligibility_checks where id = $1', [
        r.body.check.id,
      ]);
      expect(row.rows[0].error).not.toContain('secret-words');
    }
  });

  it('an SFTP host of this machine is refused as typed, and a kept one is never connected to', async () => {
    const r = await putAccount({
      connection: 'sftp',
      host: '127.0.0.1',
      port: 22,
      username: 'sun',
      secret: 'pw',
      outbound_folder: '/outbound',
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['host']);
    let connections = 0;
    const listener = createTcpServer((s) => {
      connections++;
      s.destroy();
    });
    const port = await listening(listener);
    try {
      await putAccount({
        connection: 'sftp',
        host: 'sftp.example.com',
        port,
        username: 'sun',
        secret: 'pw',
        outbound_folder: '/outbound',
      }).then((ok) => expect(ok.status, JSON.stringify(ok.body)).toBe(200));
      await app.db.query(`update clearing_house_accounts set host = '127.0.0.1' where id = $1`, [account]);
      const tried = await root('POST', `/clearing-house-account/${account}/test-connection`);
      expect(tried.status).toBe(422);
      expect(tried.body.errors.connection[0]).toBe(
        `The clearing house's SFTP server 127.0.0.1:${port} could not be reached or refused the connection (it may be down).`,
      );
      expect(connections).toBe(0);
    } finally {
      await new Promise((done) => listener.close(done));
      await app.db.query(`update clearing_house_accounts set connection = 'none', host = null where id = $1`, [
        account,
      ]);
    }
  });

  it('the mail server goes through the same policy: a relay on this machine only when OUTBOUND_ALLOW names it', async () => {
    let connections = 0;
    const relay = createTcpServer((s) => {
      connections++;
      s.end('554 not taking mail\r\n');
    });
    const port = await listening(relay);
    const mail = { to: 'someone@example.com', subject: 'Code', text: 'Code: 1', kind: 'device-code' };
    try {
      const refused = await createMailTransport({ SMTP_URL: `smtp://127.0.0.1:${port}` }, () => {}).send(app.db, mail);
      const row = async (id: number) =>
        (await app.db.query<{ error: string | null }>('select error from mail_outbox where id = $1', [id])).rows[0];
      expect((await row(refused)).error).toMatch(/not a public address/);
      expect(connections).toBe(0);
      const allowed = await createMailTransport(
        { SMTP_URL: `smtp://127.0.0.1:${port}`, OUTBOUND_ALLOW: `127.0.0.1:${port}` },
        () => {},
      ).send(app.db, mail);
      expect((await row(allowed)).error).not.toBeNull();
      expect(connections).toBe(1);
    } finally {
      await new Promise((done) => relay.close(done));
    }
  });
});
