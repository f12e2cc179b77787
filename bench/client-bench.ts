// Client benchmark: first-load JS of the login page (bytes as received), time from pressing Sign in to an
// interactive desktop, and from opening a module to its first rows. Real server, real Chromium.
// Run: npm run bench:client (builds the client first when it is stale). Prints a Markdown table.
import { PASSWORD, startTestApp } from '../tests/helpers/test-app.ts';
import { launchBrowser } from '../tests/e2e/browser.ts';

const RUNS = Number(process.env.RUNS ?? 15);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

const app = await startTestApp();
await app.createUser({ email: 'bench@client.test', roles: ['superuser'] });
await app.db.query(
  `insert into diagnoses (code, description) select 'B' || lpad(g::text, 5, '0'), 'Benchmark diagnosis ' || g from generate_series(1, 5000) g`,
);
const origin = app.url.replace(/\/api\/v1$/, '');
const browser = await launchBrowser();

// First-load JS: every script the login page fetches before it is usable, counted as the bytes the
// browser received (the encoded body the server sent: brotli when the build has it), and, beside it,
// the uncompressed size.
const first = await browser.newPage();
const scripts = new Map<string, number>();
const rawScripts = new Map<string, number>();
first.on('requestfinished', async (req) => {
  if (req.resourceType() !== 'script') return;
  scripts.set(req.url(), (await req.sizes()).responseBodySize);
  rawScripts.set(req.url(), (await (await req.response())!.body()).length);
});
await first.goto(`${origin}/#/`);
await first.getByRole('button', { name: 'Sign in' }).waitFor();
await first.waitForLoadState('networkidle');
const firstLoadKb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
const firstLoadRawKb = [...rawScripts.values()].reduce((a, b) => a + b, 0) / 1024;
await first.close();

const loginMs: number[] = [];
const moduleMs: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${origin}/#/`);
  await page.getByLabel('E-mail').fill('bench@client.test');
  await page.getByLabel('Password').fill(PASSWORD);
  const t0 = Date.now();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('start-button').waitFor();
  loginMs.push(Date.now() - t0);
  await page.getByTestId('start-button').click();
  const item = page.getByTestId('start-Diagnosis Management');
  await item.waitFor();
  // Timed inside the page, from the click to the first row in the window: Playwright's own waits
  // (the menu's animation, polling) are not the module's time.
  // (Passed as text: the bundler's helper names do not exist inside the page.)
  moduleMs.push(
    await item.evaluate(
      new Function(
        'el',
        `return new Promise((resolve) => {
    const t1 = performance.now();
    const found = () => document.querySelector('[data-testid="window-Diagnosis Management"] [data-testid="row-1"]');
    const obs = new MutationObserver(() => { if (found()) { obs.disconnect(); resolve(Math.round(performance.now() - t1)); } });
    obs.observe(document.body, { childList: true, subtree: true });
    el.click();
  });`,
      ) as (el: Element) => Promise<number>,
    ),
  );
  await context.close();
}
await browser.close();
await app.close();

console.log(`| measure | value | goal |\n|---|---|---|`);
console.log(
  `| first-load JS of the login page, bytes received (${scripts.size} files; ${firstLoadRawKb.toFixed(0)} kB uncompressed) | ${firstLoadKb.toFixed(1)} kB | ≤ 350 kB |`,
);
console.log(
  `| Sign in → interactive desktop, p50 / p95 (${RUNS} runs) | ${pct(loginMs, 50)} / ${pct(loginMs, 95)} ms | ≤ 1000 ms |`,
);
console.log(
  `| open a module → first rows (5,000 diagnoses), p50 / p95 | ${pct(moduleMs, 50)} / ${pct(moduleMs, 95)} ms | ≤ 300 ms |`,
);
