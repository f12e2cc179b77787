import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2E, type E2E } from './e2e-app.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  await e.app.createUser({ email: 'host@frame.test', roles: ['superuser'] });
});
afterAll(() => e.close());

describe('embedded in a host page', () => {
  it('obeys a logout message from the parent', async () => {
    const { page } = await signIn(e, 'host@frame.test');
    await page.setContent(`<iframe id="app" src="${e.origin}/#/desktop" style="width:1200px;height:800px"></iframe>`);
    const frame = page.frameLocator('#app');
    await frame.getByTestId('taskbar').waitFor();
    await page.evaluate(() => (document.getElementById('app') as HTMLIFrameElement).contentWindow!.postMessage({ type: 'logout' }, '*'));
    await frame.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.context().close();
  });

  it('tells the parent to log out when the server no longer knows the session', async () => {
    const { page } = await signIn(e, 'host@frame.test');
    await page.setContent(`<script>window.got = []; addEventListener('message', (m) => window.got.push(m.data));</script><iframe id="app" src="${e.origin}/#/desktop" style="width:1200px;height:800px"></iframe>`);
    const frame = page.frameLocator('#app');
    await frame.getByTestId('taskbar').waitFor();
    await e.app.db.query('update sessions set revoked_at = now()');
    await frame.getByTestId('start-button').click();
    await frame.getByTestId('start-Diagnosis Management').click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { got: Array<{ type?: string }> }).got.some((m) => m?.type === 'logout'))).toBe(true);
    await page.context().close();
  });
});
