import { DEMO_SETUP_TIMEOUT } from '../helpers/demo-template.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { JUDGED_LANGUAGES, screenProblems } from './screen-checks.ts';
import { openFromStart, serverFailures, signIn, startE2E, type E2E } from './e2e-app.ts';
import { loadEntities } from '../../src/platform/load-schemas.ts';

/*
 * Every window the menu offers, in English and in Spanish: its list, a record with each of its tabs (in English; see
 * JUDGED_LANGUAGES), the record's history and the new-record form. On each screen: no storage name (a snake_case word such as
 * billing_company_id) where staff read labels, in either language; and, in English, no serious or critical
 * axe violation. The Spanish screens are the same elements, roles and colours with other words (a missing
 * Spanish word falls back to English, never to nothing), so axe is run once, which halves the sweep's time.
 */
const entities = loadEntities(new URL('../../schemas/entities', import.meta.url).pathname);
const windows = entities.filter((x) => x.resource.menu).map((x) => x.resource.menu!.name);

let e: E2E;
beforeAll(async () => {
  e = await startE2E({ withDemo: true });
  await e.app.createUser({ email: 'en@sweep.test', roles: ['superuser'] });
  await e.app.createUser({ email: 'es@sweep.test', roles: ['superuser'] });
  await e.app.db.query(`update users set language = 'es' where email = 'es@sweep.test'`);
}, DEMO_SETUP_TIMEOUT);
afterAll(() => e.close());

for (const { locale, language, m, viewport, axe, tabs: walkTabs } of JUDGED_LANGUAGES) {
  describe(`every generated screen in ${language}`, () => {
    let page: Page;
    const judged = { loading: m.widgets.loading, axe };
    beforeAll(async () => {
      ({ page } = await signIn(e, `${locale}@sweep.test`, undefined, viewport));
      page.setDefaultTimeout(15_000);
    });
    afterAll(() => page.context().close());

    for (const name of windows) {
      it(`${name}: list, record${walkTabs ? ', tabs' : ''}, history and form show labels, never storage names${judged.axe ? ', and pass axe' : ''}`, async () => {
        const failuresBefore = serverFailures(page).length;
        const win = await openFromStart(page, name);
        const problems: string[] = [];
        const rows = win.getByTestId('list-rows');
        await rows.waitFor();
        // The list has answered: rows, or the "no results" line that replaces them.
        await expect
          .poll(
            async () =>
              (await rows.locator('tr').count()) > 0 ||
              (await win.getByText(/No results|Sin resultados|No hay/).count()) > 0,
          )
          .toBe(true);
        problems.push(...(await screenProblems(page, win, 'list', judged)));

        const firstRow = rows.locator('tr[data-testid^="row-"]').first();
        if (await firstRow.count()) {
          await firstRow.click();
          const back = win.getByRole('button', { name: m.record.back, exact: true });
          await back.waitFor();
          problems.push(...(await screenProblems(page, win, 'record', judged)));
          const tabs = win.getByRole('tablist', { name: m.record.sections }).getByRole('tab');
          for (let i = 1; walkTabs && i < (await tabs.count()); i++) {
            const tab = tabs.nth(i);
            await tab.click();
            await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
            const label = await tab.innerText();
            problems.push(...(await screenProblems(page, win, `tab ${label}`, judged)));
            // A child tab (a patient's policies) is a list of its own, with its record and its form.
            const children = win.locator('[data-testid^="children-"]');
            if (!(await children.count())) continue;
            const childRow = children.getByTestId('list-rows').locator('tr[data-testid^="row-"]').first();
            if (await childRow.count()) {
              await childRow.click();
              const childBack = children.getByRole('button', { name: m.record.back, exact: true });
              await childBack.waitFor();
              problems.push(...(await screenProblems(page, win, `${label} record`, judged)));
              await childBack.click();
            }
            const childCreate = children.getByRole('button', { name: m.list.create, exact: true });
            if (await childCreate.count()) {
              await childCreate.click();
              await children.getByRole('button', { name: m.record.save, exact: true }).first().waitFor();
              problems.push(...(await screenProblems(page, win, `${label} form`, judged)));
              await children.getByRole('button', { name: m.record.cancel, exact: true }).first().click();
              await childCreate.waitFor();
            }
          }
          const history = win.getByRole('button', { name: m.record.history, exact: true });
          if (await history.count()) {
            await history.click();
            await win.getByRole('button', { name: m.record.back_to_record }).waitFor();
            await win
              .locator('table, :text-is("' + m.record.no_history + '")')
              .first()
              .waitFor();
            problems.push(...(await screenProblems(page, win, 'history', judged)));
            await win.getByRole('button', { name: m.record.back_to_record }).click();
          }
          await back.click();
        }

        const create = win.getByRole('button', { name: m.list.create, exact: true });
        if (await create.count()) {
          await create.click();
          if (name === 'User Management') {
            // A new user starts from a look-up by e-mail or SSN; an unknown e-mail leads on to the form.
            problems.push(...(await screenProblems(page, win, 'look-up', judged)));
            await win.getByLabel(m.users.lookup_email).fill(`new.${locale}@sweep.test`);
            await win.getByRole('button', { name: m.users.lookup }).click();
            await win.getByRole('button', { name: m.users.continue_new }).click();
          }
          await win.getByRole('button', { name: m.record.save, exact: true }).first().waitFor();
          problems.push(...(await screenProblems(page, win, 'form', judged)));
        }
        await win.getByRole('button', { name: m.shell.close }).click();
        await win.waitFor({ state: 'detached' });
        // Every screen's calls answered as declared: the suite's server checks each answer against its declaration.
        problems.push(
          ...serverFailures(page)
            .slice(failuresBefore)
            .map((call) => `server failed: ${call}`),
        );
        expect(problems).toEqual([]);
      });
    }
  });
}
