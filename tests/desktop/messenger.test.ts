import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let ana: Api;
let ben: Api;
let cruz: Api;
let other: Api;
let ids: Record<string, number> = {};
let patientId = 0;
let anaToken = '';
let benToken = '';
beforeAll(async () => {
  app = await startTestApp();
  const bc = await app.createBillingCompany('Messenger BC', 'MBC');
  const bc2 = await app.createBillingCompany('Other Messenger BC', 'OMB');
  ids = {
    ana: await app.createUser({ email: 'ana@msg.test', roles: ['biller'], billingCompanyIds: [bc] }),
    ben: await app.createUser({ email: 'ben@msg.test', roles: ['collector'], billingCompanyIds: [bc] }),
    cruz: await app.createUser({ email: 'cruz@msg.test', roles: ['billingmanager'], billingCompanyIds: [bc] }),
    olga: await app.createUser({ email: 'olga@other-msg.test', roles: ['billingmanager'], billingCompanyIds: [bc2] }),
  };
  anaToken = await app.login('ana@msg.test');
  benToken = await app.login('ben@msg.test');
  ana = app.as(anaToken);
  ben = app.as(benToken);
  cruz = app.as(await app.login('cruz@msg.test'));
  other = app.as(await app.login('olga@other-msg.test'));
  patientId = (
    await cruz('POST', '/patient', { first_name: 'Lucia', last_name: 'Perez', date_of_birth: '02/14/1979', sex: 'F' })
  ).body.id;
});
afterAll(() => app.close());

const thread = (extra: Record<string, unknown> = {}) => ({
  subject: 'Lucia Perez balance',
  member_ids: [ids.ben],
  body: 'Can you call Aetna about her claim?',
  about_kind: 'patient',
  about_id: patientId,
  ...extra,
});

describe('messenger', () => {
  it('a message about a patient reaches the colleague as unread, and reading it clears the count', async () => {
    const t = await ana('POST', '/messenger/threads', thread());
    expect(t.status, JSON.stringify(t.body)).toBe(201);
    expect((await ben('GET', '/messenger/unread')).body).toEqual({ unread: 1 });
    const about = await ben('GET', `/messenger/threads?about_kind=patient&about_id=${patientId}`);
    expect(about.body.data.map((x: { id: number; unread: number }) => [x.id, x.unread])).toEqual([[t.body.id, 1]]);
    const messages = await ben('GET', `/messenger/threads/${t.body.id}/messages`);
    expect(messages.body.map((m: { body: string; email: string }) => [m.email, m.body])).toEqual([
      ['ana@msg.test', 'Can you call Aetna about her claim?'],
    ]);
    await ben('POST', `/messenger/threads/${t.body.id}/read`);
    expect((await ben('GET', '/messenger/unread')).body).toEqual({ unread: 0 });
  });

  it("another billing company's person neither reads a conversation nor can be put in one", async () => {
    const t = (await ana('POST', '/messenger/threads', thread({ subject: 'Private' }))).body;
    expect((await other('GET', `/messenger/threads/${t.id}/messages`)).status).toBe(404);
    expect((await other('POST', `/messenger/threads/${t.id}/messages`, { body: 'hello' })).status).toBe(404);
    expect((await other('GET', '/messenger/threads')).body.data).toEqual([]);
    const refused = await ana('POST', '/messenger/threads', thread({ member_ids: [ids.olga] }));
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      member_ids: ['Everyone in a conversation must work for its billing company.'],
    });
    const elsewhere = await other('POST', '/messenger/threads', {
      subject: 'x',
      member_ids: [ids.olga],
      body: 'x',
      about_kind: 'patient',
      about_id: patientId,
    });
    expect(elsewhere.status).toBe(422);
  });

  it("a patient lists only the company's managers and whom they already write with, not the staff", async () => {
    const bc = Number(
      (
        await app.db.query<{ bc: string }>(
          'select billing_company_id as bc from billing_company_users where user_id = $1',
          [ids.ana],
        )
      ).rows[0].bc,
    );
    await app.createUser({ email: 'pat@msg.test', roles: ['patient'], billingCompanyIds: [bc] });
    const patient = app.as(await app.login('pat@msg.test'));
    const staff = (await ana('GET', '/messenger/people')).body.map((p: { email: string }) => p.email);
    expect(staff).toEqual(expect.arrayContaining(['ben@msg.test', 'cruz@msg.test', 'pat@msg.test']));
    const people = await patient('GET', '/messenger/people');
    expect(people.status).toBe(200);
    expect(people.body.map((p: { email: string }) => p.email)).toEqual(['cruz@msg.test']);
  });

  it('naming a colleague with @ brings them into the conversation', async () => {
    const t = (await ana('POST', '/messenger/threads', thread({ subject: 'Mention' }))).body;
    const r = await ben('POST', `/messenger/threads/${t.id}/messages`, { body: '@cruz should we write this off?' });
    expect(r.body.mentions).toEqual([ids.cruz]);
    const cruzThreads = (await cruz('GET', '/messenger/threads')).body.data.map((x: { id: number }) => x.id);
    expect(cruzThreads).toContain(t.id);
  });

  it("a new message arrives on the member's event stream without asking again", async () => {
    const t = (await ana('POST', '/messenger/threads', thread({ subject: 'Live' }))).body;
    const ctrl = new AbortController();
    const res = await fetch(`${app.url}/messenger/events`, {
      headers: { authorization: `Bearer ${benToken}` },
      signal: ctrl.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    const read = async (until: string) => {
      while (!seen.includes(until)) {
        const { value, done } = await reader.read();
        if (done) break;
        seen += decoder.decode(value);
      }
    };
    await read('event: ready');
    const sent = await ana('POST', `/messenger/threads/${t.id}/messages`, { body: 'Aetna says it was paid.' });
    await read(`"message_id":${sent.body.id}`);
    expect(seen).toContain(`event: message\ndata: {"thread_id":${t.id},"message_id":${sent.body.id}}`);
    ctrl.abort();
  });
});
