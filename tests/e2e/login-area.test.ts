import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../helpers/test-app.ts';
import { startE2E, type E2E } from './e2e-app.ts';

let e: E2E;
beforeAll(async () => {
  e = await startE2E();
  await e.app.createUser({
    email: 'pat@login.test',
    roles: ['biller'],
    billingCompanyIds: [await e.app.createBillingCompany('Login BC', 'LBC')],
  });
});
afterAll(() => e.close());

const lastMail = async (to: string) =>
  (
    await e.app.db.query<{ body: string }>(
      'select body from mail_outbox where recipient = $1 order by id desc limit 1',
      [to],
    )
  ).rows[0].body;

async function loginPage() {
  const context = await e.browser.newContext();
  const page = await context.newPage();
  await page.goto(`${e.origin}/#/`);
  return page;
}

describe('login area', () => {
  it('checks the e-mail as it is typed', async () => {
    const page = await loginPage();
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByLabel('Password').focus();
    await page.getByText('Enter a valid e-mail address.').waitFor();
    await page.context().close();
  });

  it('says in a sentence that the e-mail and password do not match', async () => {
    const page = await loginPage();
    await page.getByLabel('E-mail').fill('pat@login.test');
    await page.getByLabel('Password').fill('Wrong!pass1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByText(
        'That e-mail and password do not match an account. Check them and try again, or use “Forgot password?”.',
      )
      .waitFor();
    await page.context().close();
  });

  it('asks a new device for the mailed code, and the code lets it in', async () => {
    const first = await loginPage();
    await first.getByLabel('E-mail').fill('pat@login.test');
    await first.getByLabel('Password').fill(PASSWORD);
    await first.getByRole('button', { name: 'Sign in' }).click();
    await first.getByTestId('taskbar').waitFor();
    await first.context().close();
    const context = await e.browser.newContext({ userAgent: 'Mozilla/5.0 (Another Computer)' });
    const page = await context.newPage();
    await page.goto(`${e.origin}/#/`);
    await page.getByLabel('E-mail').fill('pat@login.test');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('You are trying to access from a new device. Enter the code sent to your email.').waitFor();
    const code = /Code: ([A-Z0-9]{6})/.exec(await lastMail('pat@login.test'))![1];
    await page.getByLabel('Code sent to your e-mail').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByTestId('taskbar').waitFor();
    await context.close();
  });

  it('recovers a forgotten password through the mailed link, the rule ticked off as it is typed', async () => {
    const page = await loginPage();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('E-mail').fill('pat@login.test');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText(/a link to choose a new password has been sent/).waitFor();
    const link = /(\/#\/newCredentials\?token=[A-Za-z0-9_-]+)/.exec(await lastMail('pat@login.test'))![1];
    await page.goto(`${e.origin}${link}`);
    const save = page.getByRole('button', { name: 'Save password' });
    await page.getByLabel('New password').fill('weak');
    expect(await save.isDisabled()).toBe(true);
    await page.getByLabel('New password').fill('Better!Pass7');
    await page.getByLabel('Confirm password').fill('Better!Pass7');
    await save.click();
    await page.getByText('Your password has been changed. Sign in with it.').waitFor();
    await page.context().close();
  });

  it('recovers a forgotten user with the e-mail and the last 4 of the SSN', async () => {
    const page = await loginPage();
    await page.getByRole('button', { name: 'Forgot user?' }).click();
    await page.getByLabel('E-mail').fill('pat@login.test');
    await page.getByLabel('Last 4 digits of your SSN').fill('12a3');
    expect(await page.getByLabel('Last 4 digits of your SSN').inputValue()).toBe('123');
    await page.getByLabel('Last 4 digits of your SSN').fill('1234');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText(/its user name has been sent/).waitFor();
    await page.context().close();
  });
});
