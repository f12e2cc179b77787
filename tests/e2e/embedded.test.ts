import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startE2E, type E2E } from './e2e-app.ts';

let e: E2E;
let host: Server;
let hostOrigin: string;
let hostHtml = '';
beforeAll(async () => {
  // The host page lives on its own origin, as a real portal would; the product allows it by setting.
  host = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(hostHtml);
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  e = await startE2E({ frameAncestors: [hostOrigin] });
  await e.app.createUser({ email: 'host@frame.test', roles: ['superuser'] });
});
afterAll(async () => {
  await e.close();
  await new Promise((r) => host.close(r));
});

/** The host page with the product in a frame (and whatever the host adds before it). */
const hostPage = (before = '') => {
  hostHtml = `<!doctype html>${before}<iframe id="app" src="${e.origin}/#/desktop" style="width:1200px;height:800px"></iframe>`;
  return hostOrigin;
};

describe('embedded in a host page', () => {
  it('obeys a logout message from the parent', async () => {
    const { page } = await signIn(e, 'host@frame.test');
    await page.goto(hostPage());
    const frame = page.frameLocator('#app');
    await frame.getByTestId('taskbar').waitFor();
    await page.evaluate(() =>
      (document.getElementById('app') as HTMLIFrameElement).contentWindow!.postMessage({ type: 'logout' }, '*'),
    );
    await frame.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.context().close();
  });

  it('tells the parent to log out when the server no longer knows the session', async () => {
    const { page } = await signIn(e, 'host@frame.test');
    await page.goto(
      hostPage(`<script>window.got = []; addEventListener('message', (m) => window.got.push(m.data));</script>`),
    );
    const frame = page.frameLocator('#app');
    await frame.getByTestId('taskbar').waitFor();
    await e.app.db.query('update sessions set revoked_at = now()');
    // Opening a module asks the server; a request the desktop was already making (Messenger's count) may be the one
    // that finds the session gone first, and then the start menu is gone before the click: either way the parent is told.
    void (async () => {
      await frame.getByTestId('start-button').click();
      await frame.getByTestId('start-Diagnosis Management').click();
    })().catch(() => undefined);
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            (window as unknown as { got: Array<{ type?: string }> }).got.some((m) => m?.type === 'logout'),
          ),
        { timeout: 15_000 },
      )
      .toBe(true);
    await page.context().close();
  });
});
