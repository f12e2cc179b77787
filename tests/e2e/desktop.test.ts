import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  const bc = await e.app.createBillingCompany('Desk BC', 'DBC');
  await e.app.createUser({ email: 'root@desk.test', roles: ['superuser'] });
  await e.app.createUser({ email: 'biller@desk.test', roles: ['biller'], billingCompanyIds: [bc] });
});
afterAll(() => e.close());

describe('the desktop in a real browser', () => {
  it('shows only the apps the role allows', async () => {
    const { page } = await signIn(e, 'biller@desk.test');
    await page.getByTestId('start-button').click();
    await expect(page.getByTestId('start-Patient Management').isVisible()).resolves.toBe(true);
    expect(await page.getByTestId('start-Billing Company Management').count()).toBe(0);
    expect(await page.getByTestId('start-User Management').count()).toBe(0);
    await page.context().close();
  });

  it("says on the taskbar that the demo's history is still being made, which step of how many, and drops it when it is made", async () => {
    const job = (
      await e.app.db.query<{ id: number }>(
        `insert into jobs (kind, state, done, total, input) values ('demo-history', 'running', 1, 6, '{}') returning id`,
      )
    ).rows[0].id;
    try {
      const { page } = await signIn(e, 'biller@desk.test');
      const chip = page.getByTestId('demo-history-progress');
      await chip.waitFor();
      expect(await chip.innerText()).toBe('Demo history being made: step 2 of 6');
      await e.app.db.query(`update jobs set state = 'completed', done = 6 where id = $1`, [job]);
      await chip.waitFor({ state: 'detached' });
      await page.context().close();
    } finally {
      await e.app.db.query('delete from jobs where id = $1', [job]);
    }
  });

  it('opens two modules in two windows at once, each with its own list', async () => {
    const { page, errors } = await signIn(e, 'root@desk.test');
    const bc = await openFromStart(page, 'Billing Company Management');
    const dx = await openFromStart(page, 'Diagnosis Management');
    await bc.getByTestId('list-rows').waitFor();
    await dx.getByTestId('list-rows').waitFor();
    await bc.getByText('Desk BC').waitFor();
    expect(await page.locator('[role=dialog][data-minimized=false]').count()).toBe(2);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('resizes a window from its right edge, its bottom edge and the corner grip', async () => {
    const { page } = await signIn(e, 'root@desk.test');
    const win = await openFromStart(page, 'Diagnosis Management');
    const pull = async (handle: string, dx: number, dy: number) => {
      const box = (await win.getByTestId(handle).boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy, { steps: 4 });
      await page.mouse.up();
    };
    const size = async () => {
      const b = (await win.boundingBox())!;
      return [Math.round(b.width), Math.round(b.height)];
    };
    const [w0, h0] = await size();
    await pull('resize-e', -100, 0);
    expect(await size()).toEqual([w0 - 100, h0]);
    await pull('resize-s', 0, -80);
    expect(await size()).toEqual([w0 - 100, h0 - 80]);
    await pull('resize-se', 50, 30);
    expect(await size()).toEqual([w0 - 50, h0 - 50]);
    await page.context().close();
  });

  it("keeps the profile's Save buttons a button's height, whatever the column beside them", async () => {
    const { page } = await signIn(e, 'root@desk.test');
    const win = await openFromStart(page, 'Profile');
    const social = win.locator('form[aria-labelledby="profile-social"]');
    const save = (await social.getByRole('button', { name: 'Save' }).boundingBox())!;
    const add = (await social.getByRole('button', { name: 'Add network' }).boundingBox())!;
    expect(Math.round(save.height)).toBe(Math.round(add.height));
    await page.context().close();
  });

  it('the profile lists the devices a person is signed in on, and ends another one with a click', async () => {
    const { page } = await signIn(e, 'root@desk.test');
    // A session left open on another computer.
    const other = await e.app.db.query<{ id: number }>(
      `insert into sessions (user_id, token_hash, access_expires_at, refresh_until, ip, user_agent)
       select id, 'left-open-elsewhere', now() + interval '1 hour', now() + interval '8 hours', '203.0.113.7',
              'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0'
         from users where email = 'root@desk.test' returning id`,
    );
    const win = await openFromStart(page, 'Profile');
    const sessions = win.getByRole('table', { name: 'Open sessions' });
    const elsewhere = sessions.getByRole('row', { name: /Firefox · Windows/ });
    await elsewhere.waitFor();
    await expect(elsewhere.getByText('203.0.113.7').isVisible()).resolves.toBe(true);
    await expect(sessions.getByText('This device').isVisible()).resolves.toBe(true);
    await elsewhere.getByRole('button', { name: 'End Firefox · Windows' }).click();
    await elsewhere.waitFor({ state: 'detached' });
    const row = await e.app.db.query<{ ended: boolean }>(
      'select revoked_at is not null as ended from sessions where id = $1',
      [other.rows[0].id],
    );
    expect(row.rows[0].ended).toBe(true);
    await page.context().close();
  });

  it('minimizes, restores, maximizes, keeps on top and closes a window', async () => {
    const { page } = await signIn(e, 'root@desk.test');
    const win = await openFromStart(page, 'Diagnosis Management');
    await win.getByRole('button', { name: 'Minimize' }).click();
    expect(await win.getAttribute('data-minimized')).toBe('true');
    await page.getByTestId('taskbar-Diagnosis Management').click();
    expect(await win.getAttribute('data-minimized')).toBe('false');
    await win.getByRole('button', { name: 'Maximize' }).click();
    expect(await win.getAttribute('data-maximized')).toBe('true');
    await win.getByRole('button', { name: 'Restore' }).click();
    expect(await win.getAttribute('data-maximized')).toBe('false');
    await win.getByRole('button', { name: 'Keep on top' }).click();
    expect(await win.getAttribute('data-ontop')).toBe('true');
    await win.getByRole('button', { name: 'Close' }).click();
    expect(await page.getByTestId('window-Diagnosis Management').count()).toBe(0);
    await page.context().close();
  });

  it('opening the focused app from the taskbar minimizes it', async () => {
    const { page } = await signIn(e, 'root@desk.test');
    const win = await openFromStart(page, 'Modifier Management');
    await page.getByTestId('taskbar-Modifier Management').click();
    expect(await win.getAttribute('data-minimized')).toBe('true');
    await page.context().close();
  });

  it('pins an app to the taskbar, kept by the server across sign-ins', async () => {
    const { page } = await signIn(e, 'root@desk.test');
    const win = await openFromStart(page, 'Modifier Management');
    await win.getByRole('button', { name: 'Pin to taskbar' }).click();
    await win.getByRole('button', { name: 'Unpin from taskbar' }).waitFor();
    await win.getByRole('button', { name: 'Close' }).click();
    await page.context().close();
    const again = await signIn(e, 'root@desk.test');
    await again.page.getByTestId('taskbar-Modifier Management').waitFor();
    await again.page.context().close();
  });

  it('an address that is no screen shows the not-found page', async () => {
    const page = await e.browser.newPage();
    await page.goto(`${e.origin}/#/no-such-screen`);
    await page.getByText('Page not found').waitFor();
    await page.close();
  });
});
