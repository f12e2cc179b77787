import { DEMO_SETUP_TIMEOUT } from '../helpers/demo-template.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openFromStart, serverFailures, signIn, startE2E, type E2E } from './e2e-app.ts';
import { JUDGED_LANGUAGES, screenProblems } from './screen-checks.ts';
import { ADMISSION_STATUS, CLAIM_FORMAT, CLAIM_STATUS } from '../../src/generated/ids.ts';

/*
 * The hand-written screens (a claim's form with its service lines, a patient's ledger, a payment's distribution, an
 * admission's discharge), which the generated-screen sweep does not reach, on the demo's records: in Spanish on the
 * smaller office screen (1366×768, the longer words) and in English on the larger (1920×1080), no word cut off and no
 * storage name; in English, no serious axe violation either.
 */
let e: E2E;
const demo = {
  claims: [] as Array<{ id: number; code: string }>,
  patient: { id: 0, name: '' },
  payment: { id: 0, batch: 0, batchCode: '', claimCode: '' },
  admission: { id: 0, code: '' },
};
beforeAll(async () => {
  e = await startE2E({ withDemo: true });
  await e.app.createUser({ email: 'en@layout.test', roles: ['superuser'] });
  await e.app.createUser({ email: 'es@layout.test', roles: ['superuser'] });
  await e.app.db.query(`update users set language = 'es' where email = 'es@layout.test'`);
  const one = async <T>(sql: string, params: unknown[] = []) => {
    const row = (await e.app.db.query<T>(sql, params)).rows[0];
    expect(row, sql).toBeDefined();
    return row;
  };
  // An editable claim of each form, with the most service lines: the lines' grid is the widest part of the form.
  for (const format of [CLAIM_FORMAT.PROFESSIONAL, CLAIM_FORMAT.INSTITUTIONAL]) {
    demo.claims.push(
      await one<{ id: number; code: string }>(
        `select c.id::int as id, c.code from claims c
          where c.format_id = $1 and c.status_id = any($2::int[])
          order by (select count(*) from claim_services s where s.claim_id = c.id) desc, c.id limit 1`,
        [format, [CLAIM_STATUS.DRAFT, CLAIM_STATUS.NOT_SUBMITTED]],
      ),
    );
  }
  demo.patient = await one(
    `select p.id::int as id, p.first_name || ' ' || p.last_name as name from patients p
      where p.id = (select patient_id from ledger_entries group by patient_id order by count(*) desc, patient_id limit 1)`,
  );
  demo.payment = await one(
    `select p.id::int as id, b.id::int as batch, b.code as "batchCode",
            (select c.code from payment_claims pc join claims c on c.id = pc.claim_id
              where pc.payment_id = p.id order by c.id limit 1) as "claimCode"
       from payments p join payment_batches b on b.id = p.payment_batch_id
      where coalesce(p.distributed, 0) < p.amount and exists (select 1 from payment_claims pc where pc.payment_id = p.id)
      order by p.id limit 1`,
  );
  demo.admission = await one(`select id::int as id, code from admissions where status_id = $1 order by id limit 1`, [
    ADMISSION_STATUS.ADMITTED,
  ]);
}, DEMO_SETUP_TIMEOUT);
afterAll(() => e.close());

for (const { locale, language, m, viewport, axe } of JUDGED_LANGUAGES) {
  describe(`the hand-written screens in ${language}`, () => {
    let page: Page;
    const judged = { loading: m.widgets.loading, axe };
    const problems = (root: Locator, screen: string) => screenProblems(page, root, screen, judged);
    beforeAll(async () => {
      ({ page } = await signIn(e, `${locale}@layout.test`, undefined, viewport));
      page.setDefaultTimeout(15_000);
    });
    afterAll(() => page.context().close());

    /** A window's list searched for one record's code, and that record opened. */
    const openRecord = async (app: string, code: string, id: number) => {
      const win = await openFromStart(page, app);
      await win.getByLabel(m.list.search, { exact: true }).fill(code);
      await win.getByTestId(`row-${id}`).click();
      await win.getByRole('button', { name: m.record.back, exact: true }).waitFor();
      return win;
    };
    const close = async (win: Locator) => {
      await win.getByRole('button', { name: m.shell.close }).first().click();
      await win.waitFor({ state: 'detached' });
    };

    it("a claim's form with its service lines, professional and institutional, shows every word whole", async () => {
      const found: string[] = [];
      for (const claim of demo.claims) {
        const win = await openRecord('Claims Management', claim.code, claim.id);
        await win.getByRole('button', { name: m.record.edit, exact: true }).click();
        await win.getByRole('button', { name: m.record.save, exact: true }).first().waitFor();
        found.push(...(await problems(win, `claim ${claim.code} form`)));
        await close(win);
      }
      expect(found).toEqual([]);
    });

    it("a patient's ledger shows every word whole", async () => {
      const win = await openFromStart(page, 'Ledger Management');
      await win.getByLabel(m.ledger.find).fill(demo.patient.name);
      await win.getByTestId(`ledger-patient-${demo.patient.id}`).click();
      await expect.poll(() => win.getByTestId('ledger-rows').locator('tr').count()).toBeGreaterThan(1);
      const found = await problems(win, 'ledger');
      await close(win);
      expect(found).toEqual([]);
    });

    it("a payment's distribution, a claim's lines open in it, shows every word whole", async () => {
      const win = await openRecord('Payments Management', demo.payment.batchCode, demo.payment.batch);
      await win.getByRole('tab', { name: locale === 'en' ? 'Payments' : 'Pagos', exact: true }).click();
      await win.getByTestId(`row-${demo.payment.id}`).click();
      await win.getByRole('button', { name: locale === 'en' ? 'Distribute' : 'Distribuir', exact: true }).click();
      const dialog = page.getByTestId('distribution-dialog');
      await dialog.getByLabel(m.payments.distribution.search).fill(demo.payment.claimCode);
      await dialog.locator('[data-testid^="line-"]').first().waitFor();
      const found = await problems(dialog, 'distribution');
      await dialog.getByRole('button', { name: m.payments.distribution.cancel, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await close(win);
      expect(found).toEqual([]);
    });

    it("an admission's discharge checklist shows every word whole", async () => {
      const win = await openRecord('Admission / Encounter Management', demo.admission.code, demo.admission.id);
      await win.getByRole('button', { name: m.admissions.discharge.submit, exact: true }).click();
      const dialog = page.getByTestId('discharge-dialog');
      await dialog.getByTestId('need-services').waitFor();
      const found = await problems(dialog, 'discharge');
      await dialog.getByRole('button', { name: m.admissions.discharge.cancel, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await close(win);
      expect(found).toEqual([]);
    });

    it("no call these screens made failed on the server (each answer is checked against its route's declaration)", () =>
      expect(serverFailures(page)).toEqual([]));
  });
}
