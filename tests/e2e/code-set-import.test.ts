import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E({ withJobs: true });
  await e.app.createUser({ email: 'root@codes.test', roles: ['superuser'] });
});
afterAll(() => e.close());

/** Lines of the CMS order file layout: order, code without its dot, billable flag, short and long descriptions. */
const line = (order: number, code: string, billable: 0 | 1, text: string) =>
  `${String(order).padStart(5, '0')} ${code.padEnd(7)} ${billable} ${text.slice(0, 60).padEnd(60)} ${text}`;
const release = [
  line(1, 'A00', 0, 'Cholera'),
  line(2, 'A000', 1, 'Cholera due to Vibrio cholerae 01, biovar cholerae'),
  line(3, 'A001', 1, 'Cholera due to Vibrio cholerae 01, biovar eltor'),
  line(4, 'A009', 1, 'Cholera, unspecified'),
].join('\n');

describe('importing an official code-set release in the browser', () => {
  it("a Super User uploads an ICD-10-CM order file, watches the job's progress bar reach Done, and the codes are listed", async () => {
    const { page, errors } = await signIn(e, 'root@codes.test');
    const win = await openFromStart(page, 'Diagnosis Management');
    await win.getByTestId('code-set-import').click();
    const dialog = page.getByRole('dialog', { name: 'Import release' });
    await dialog.getByTestId('code-set-file').setInputFiles({
      name: 'icd10cm_order_test.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(release, 'latin1'),
    });
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByRole('progressbar', { name: 'Progress' }).waitFor();
    await dialog.getByText('Done').waitFor();
    await page.getByText('The release was imported.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await win.getByText('A00.1').waitFor();
    const stored = await e.app.db.query<{ code: string }>(
      `select code from diagnoses where code like 'A00%' order by code`,
    );
    expect(stored.rows.map((r) => r.code)).toEqual(['A00.0', 'A00.1', 'A00.9']);
    const job = await e.app.db.query<{ state: string; done: number; total: number }>(
      `select state, done, total from jobs where kind = 'code-set-import'`,
    );
    expect(job.rows[0]).toEqual({ state: 'completed', done: 3, total: 3 });
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
