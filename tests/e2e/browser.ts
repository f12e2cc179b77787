import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, never a downloaded one, with the flags that keep it off outside hosts. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * The page's errors, so a test can fail on an uncaught exception in the client, or on anything the page's
 * Content-Security-Policy refused (code made at run time, an inline script): the browser says those only in its console.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  return errors;
}
