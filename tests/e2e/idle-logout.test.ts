import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2E, type E2E } from './e2e-app.ts';

let e: E2E;

beforeAll(async () => {
  // A short idle limit for this file's server only (read on each request), given back when the file ends.
  process.env.INACTIVITY_MS = '6000';
  e = await startE2E();
  await e.app.createUser({ email: 'idle@idle.test', roles: ['superuser'] });
});
afterAll(async () => {
  delete process.env.INACTIVITY_MS;
  await e.close();
});

describe('idle logout', () => {
  it('the session-expired modal opens before the idle limit and, left alone, logs the person out', async () => {
    const { page } = await signIn(e, 'idle@idle.test');
    await page.getByTestId('idle-modal').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
    await page.context().close();
  });

  it('renew keeps the person signed in', async () => {
    const { page } = await signIn(e, 'idle@idle.test');
    await page.getByTestId('idle-modal').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await page.getByTestId('idle-modal').waitFor({ state: 'hidden' });
    expect(await page.getByTestId('taskbar').isVisible()).toBe(true);
    // The renewed session runs its own idle time: its warning comes again, and the person is still signed in when it does.
    await page.getByTestId('idle-modal').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('taskbar').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('session'))).not.toBeNull();
    await page.context().close();
  });
});
