import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAsSuperUser, type Api, type TestApp } from '../helpers/test-app.ts';

/*
 * Issue 56 §8: with no mail server set, a message a person needs (a password reset, a sign-in code) waits in the
 * outbox, and a Super User reads it in the Outbox window to pass it on, never only in a table. Its bodies carry codes
 * and links: no other role reads them, the billing manager's * and the auditors' *.view included.
 */
let app: TestApp;
let root: Api;
let bc: number;
beforeAll(async () => {
  ({ app, root } = await startAsSuperUser());
  bc = await app.createBillingCompany('Outbox Billing', 'OX');
  for (const role of ['billingmanager', 'superauditor', 'billingauditor'])
    await app.createUser({ email: `${role}@outbox.example.com`, roles: [role], billingCompanyIds: [bc] });
  await app.createUser({ email: 'forgetful@outbox.example.com', roles: ['biller'], billingCompanyIds: [bc] });
  const asked = await app.as(null)('POST', '/auth/forgot-password', { email: 'forgetful@outbox.example.com' });
  expect(asked.status).toBe(200);
});
afterAll(() => app.close());

describe('the Outbox', () => {
  it('shows a Super User the message waiting for its reader, newest first, the reset link in its body', async () => {
    const list = await root('GET', '/outbox?search=forgetful');
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({ recipient: 'forgetful@outbox.example.com', kind: 'password-reset' });
    const one = await root('GET', `/outbox/${list.body.data[0].id}`);
    expect(one.status).toBe(200);
    expect(one.body.body).toMatch(/token=[A-Za-z0-9_-]+/);
    expect(one.body.sent_at ?? null).toBeNull();
  });

  it("is offered in the Super User's menu under System", async () => {
    const me = (await root('GET', '/auth/me')).body as {
      menu_by_category: Array<{ category: string; modules: Array<{ name: string }> }>;
    };
    const system = me.menu_by_category.find((c) => c.category === 'System');
    expect(system?.modules.map((m) => m.name)).toContain('Outbox');
  });

  it.each(['billingmanager', 'superauditor', 'billingauditor'])(
    'a %s neither sees it in the menu nor reads it',
    async (role) => {
      const api = app.as(await app.login(`${role}@outbox.example.com`));
      expect((await api('GET', '/outbox')).status).toBe(403);
      const me = (await api('GET', '/auth/me')).body as {
        menu_by_category: Array<{ modules: Array<{ name: string }> }>;
      };
      expect(me.menu_by_category.flatMap((c) => c.modules.map((m) => m.name))).not.toContain('Outbox');
    },
  );

  it('is read, never written: no route creates, changes or deletes a message', async () => {
    const [id] = (await app.db.query<{ id: number }>('select id from mail_outbox order by id limit 1')).rows.map(
      (r) => r.id,
    );
    expect((await root('POST', '/outbox', { recipient: 'x@example.com', subject: 'x', kind: 'welcome' })).status).toBe(
      404,
    );
    expect((await root('PUT', `/outbox/${id}`, { subject: 'changed' })).status).toBe(404);
    expect((await root('DELETE', `/outbox/${id}`)).status).toBe(404);
    expect((await app.db.query('select 1 from mail_outbox where id = $1', [id])).rowCount).toBe(1);
  });
});
