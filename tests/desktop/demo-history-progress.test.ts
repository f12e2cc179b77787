import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Api, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let biller: Api;
beforeAll(async () => {
  app = await startTestApp();
  const bc = await app.createBillingCompany('Demo Progress BC', 'DPB');
  await app.createUser({ email: 'biller@progress.test', roles: ['biller'], billingCompanyIds: [bc] });
  biller = app.as(await app.login('biller@progress.test'));
});
afterAll(() => app.close());

const demoJob = async (state: string, done: number) =>
  (
    await app.db.query<{ id: number }>(
      `insert into jobs (kind, state, done, total, message, input) values ('demo-history', $1, $2, 6, 'a step', '{"fates": {}}') returning id`,
      [state, done],
    )
  ).rows[0].id;

describe("the demo's history, as the desktop shows it to everyone signed in", () => {
  it('with no demo there is nothing to show', async () => {
    const r = await biller('GET', '/demo-history');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ running: false });
  });

  it('while it is made, any staff member reads which step of how many runs, and nothing else of the job', async () => {
    const id = await demoJob('running', 1);
    try {
      expect((await biller('GET', '/demo-history')).body).toEqual({ running: true, step: 2, steps: 6 });
    } finally {
      await app.db.query('delete from jobs where id = $1', [id]);
    }
  });

  it('once it is made, nothing is shown', async () => {
    const id = await demoJob('completed', 6);
    try {
      expect((await biller('GET', '/demo-history')).body).toEqual({ running: false });
    } finally {
      await app.db.query('delete from jobs where id = $1', [id]);
    }
  });
});
