import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { generate } from '../../generators/generate.ts';
import { migrate } from '../../dev-server/db/migrate.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { launchBrowser } from './browser.ts';
import { openFromStart } from './e2e-app.ts';

// An implementer adds one field to the patient schema file; the generators and the client build do
// the rest. This runs that on a copy of the project and looks at the screens in a real browser.
const ROOT = new URL('../..', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'low-code-ui-'));
let app: TestApp;
let browser: Browser;

beforeAll(async () => {
  for (const part of ['schemas', 'src', 'vite.config.ts', 'tsconfig.json'])
    cpSync(join(ROOT, part), join(work, part), { recursive: true });
  cpSync(join(ROOT, 'dev-server/db/migrations'), join(work, 'migrations'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'));
  const file = join(work, 'schemas/entities/patient.schema.json');
  const schema = JSON.parse(readFileSync(file, 'utf8'));
  schema.properties.preferred_pharmacy = {
    type: 'string',
    title: 'Preferred pharmacy',
    maxLength: 60,
    'x-ui': { label_es: 'Farmacia preferida', section: 'Patient' },
    'x-list': { column: true, sortable: true, searchable: true },
  };
  writeFileSync(file, JSON.stringify(schema, null, 2));
  await generate({
    schemasDir: join(work, 'schemas'),
    migrationsDir: join(work, 'migrations'),
    generatedDir: join(work, 'src/generated'),
  });
  execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
    cwd: work,
    stdio: 'inherit',
  });
  app = await startTestApp({ schemasDir: join(work, 'schemas'), clientDir: join(work, 'dist/client') });
  await migrate(app.db, [join(work, 'migrations')]);
  const bc = await app.createBillingCompany('Low Code Billing', 'LCB');
  await app.createUser({ email: 'bm@lowcode.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('a field added to the patient schema', () => {
  it('is asked for in the patient form and shown in the patient list', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(app.url.replace(/\/api\/v1$/, '/#/'));
    await page.getByLabel('E-mail').fill('bm@lowcode.test');
    await page.getByLabel('Password', { exact: false }).first().fill('Str0ng!Pass');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('taskbar').waitFor();
    const win = await openFromStart(page, 'Patient Management');
    await win.getByRole('button', { name: 'Create' }).click();
    await win.getByLabel('First name', { exact: false }).first().fill('Nora');
    await win.getByLabel('Last name', { exact: false }).first().fill('Vance');
    await win.getByLabel('Date of birth', { exact: false }).first().fill('07/04/1980');
    await win.getByLabel('Preferred pharmacy').fill('Corner Drugs #12');
    await win.getByRole('button', { name: 'Save' }).click();
    await win.getByRole('button', { name: 'Edit' }).waitFor();
    await win.getByRole('button', { name: 'Back to list' }).click();
    await win.getByRole('columnheader', { name: 'Preferred pharmacy' }).waitFor();
    await win.getByRole('cell', { name: 'Corner Drugs #12' }).waitFor();
    const stored = await app.db.query<{ preferred_pharmacy: string }>('select preferred_pharmacy from patients');
    expect(stored.rows).toEqual([{ preferred_pharmacy: 'Corner Drugs #12' }]);
  });
});
