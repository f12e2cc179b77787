import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let ana: Api;
let ben: Api;
beforeAll(async () => {
  app = await startTestApp();
  const bc = await app.createBillingCompany('Support BC', 'SBC');
  await app.createUser({ email: 'ana@support.test', roles: ['biller'], billingCompanyIds: [bc] });
  await app.createUser({ email: 'ben@support.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  ana = app.as(await app.login('ana@support.test'));
  ben = app.as(await app.login('ben@support.test'));
});
afterAll(() => app.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const request = (fields: Record<string, string>, screenshot?: { bytes: Buffer; type: string }) => {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (screenshot)
    form.append('screenshot', new Blob([new Uint8Array(screenshot.bytes)], { type: screenshot.type }), 'window.png');
  return form;
};

describe('technical support', () => {
  it('a request lands in the outbox for the support desk, with the version, the user, the open window and the screenshot attached', async () => {
    const r = await ana(
      'POST',
      '/support-requests',
      request(
        { subject: 'ERA will not post', message: 'The Humana ERA stops at claim 3.', open_window: 'ERA Files' },
        { bytes: PNG, type: 'image/png' },
      ),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const mail = (
      await app.db.query<{
        recipient: string;
        subject: string;
        body: string;
        kind: string;
        attachments: Array<{ file_id: number; content_type: string }>;
      }>(
        `select recipient, subject, body, kind, attachments from mail_outbox where id = (select mail_id from support_requests where id = $1)`,
        [r.body.id],
      )
    ).rows[0];
    expect(mail.recipient).toBe('support@localhost');
    expect(mail.subject).toBe(`[Support #${r.body.id}] ERA will not post`);
    expect(mail.body).toContain('The Humana ERA stops at claim 3.');
    expect(mail.body).toContain('Open window: ERA Files');
    expect(mail.body).toContain('ana@support.test');
    expect(mail.body).toMatch(/Version: \d+\.\d+\.\d+/);
    expect(mail.attachments).toEqual([
      expect.objectContaining({ file_id: r.body.screenshot_file_id, content_type: 'image/png' }),
    ]);
  });

  it("the screenshot is its sender's: another person of the same billing company does not get it", async () => {
    const r = await ana(
      'POST',
      '/support-requests',
      request(
        { subject: 'Screen', message: 'See the picture' },
        { bytes: Buffer.concat([PNG, Buffer.from('x')]), type: 'image/png' },
      ),
    );
    expect((await ana('GET', `/files/${r.body.screenshot_file_id}/content`)).status).toBe(200);
    expect((await ben('GET', `/files/${r.body.screenshot_file_id}/content`)).status).toBe(404);
  });

  it('a screenshot that is not an image is refused and nothing is sent', async () => {
    const before = Number((await app.db.query<{ n: string }>('select count(*) as n from mail_outbox')).rows[0].n);
    const r = await ana(
      'POST',
      '/support-requests',
      request(
        { subject: 'Bad', message: 'x' },
        { bytes: Buffer.from('<svg><script>alert(1)</script></svg>'), type: 'image/png' },
      ),
    );
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['file']);
    expect(Number((await app.db.query<{ n: string }>('select count(*) as n from mail_outbox')).rows[0].n)).toBe(before);
  });

  it('a screenshot over 5 MB answers 413 naming the limit, and nothing is sent', async () => {
    const before = Number((await app.db.query<{ n: string }>('select count(*) as n from mail_outbox')).rows[0].n);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const r = await ana(
      'POST',
      '/support-requests',
      request({ subject: 'Big', message: 'x' }, { bytes: big, type: 'image/png' }),
    );
    expect(r.status).toBe(413);
    expect(r.body.errors).toEqual({ screenshot: ['The file is larger than 5 MB allowed for Support screenshots.'] });
    expect(Number((await app.db.query<{ n: string }>('select count(*) as n from mail_outbox')).rows[0].n)).toBe(before);
  });

  it('a subject and a message are required', async () => {
    const r = await ana('POST', '/support-requests', request({ subject: ' ', message: '' }));
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      subject: ['The subject field is required.'],
      message: ['The message field is required.'],
    });
  });

  it("a person lists their own earlier requests, newest first, and no one else's", async () => {
    await ben('POST', '/support-requests', request({ subject: 'Ben asks', message: 'Where is the aging report?' }));
    const mine = (await ana('GET', '/support-requests')).body;
    expect(mine.data.map((x: { subject: string }) => x.subject)).toEqual(['Screen', 'ERA will not post']);
    expect((await ben('GET', '/support-requests')).body.data.map((x: { subject: string }) => x.subject)).toEqual([
      'Ben asks',
    ]);
  });
});
