import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  await e.app.createUser({ email: 'root@lang.test', roles: ['superuser'] });
  await e.app.createUser({ email: 'es@lang.test', roles: ['superuser'] });
});
afterAll(() => e.close());

describe('language', () => {
  it('switching the profile to Spanish turns the desktop, the menu and the forms Spanish', async () => {
    const { page } = await signIn(e, 'es@lang.test');
    const profile = await openFromStart(page, 'Profile');
    await profile.getByTestId('language-select').click();
    await page.getByRole('option', { name: 'Español' }).click();
    await profile.getByTestId('save-settings').click();
    await page.getByTestId('start-button').getByText('Inicio').waitFor();
    await page.getByTestId('start-button').click();
    await page.getByTestId('start-menu').getByText('Compañías de facturación').waitFor();
    await page.keyboard.press('Escape');
    const win = await openFromStart(page, 'Billing Company Management');
    await win.getByRole('button', { name: 'Crear' }).click();
    await win.getByRole('button', { name: 'Guardar' }).click();
    await win.getByText('Este campo es obligatorio.').first().waitFor();
    await page.context().close();
  });

  it('the login screen speaks Spanish when chosen before signing in', async () => {
    const page = await e.browser.newPage();
    await page.goto(`${e.origin}/#/`);
    await page.getByRole('button', { name: 'ES' }).click();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await page.getByLabel('Correo electrónico').fill('nobody@lang.test');
    await page.getByLabel('Contraseña').fill('Wrong!pass1');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page
      .getByText(
        'Ese correo y esa contraseña no corresponden a una cuenta. Revíselos e inténtelo de nuevo, o use “¿Olvidó su contraseña?”.',
      )
      .waitFor();
    await page.close();
  });
});

describe('accessibility (axe: no serious or critical violation)', () => {
  it('on the login screen', async () => {
    const page = await e.browser.newPage();
    await page.goto(`${e.origin}/#/`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('on the desktop, a list and a form', async () => {
    const { page } = await signIn(e, 'root@lang.test');
    expect(await seriousViolations(page)).toEqual([]);
    const win = await openFromStart(page, 'Diagnosis Management');
    await win.getByTestId('list-rows').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await win.getByRole('button', { name: 'Create' }).click();
    await win.getByRole('button', { name: 'Save' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
