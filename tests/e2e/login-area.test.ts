import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD } from '../helpers/test-app.ts';
import { fromBase32, stepOf, totpAt } from '../../dev-server/security/totp.ts';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';

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

  it('asks a new device for the mailed code, and the code lets it in; a .test account with no mail server reads it on the screen', async () => {
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
    expect(await page.getByTestId('demo-code').innerText()).toBe(
      `A demo account, and no mail server is set up: the code sent to its e-mail is ${code}.`,
    );
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

describe('two-step sign-in in the browser', () => {
  it('set up in the profile with the secret the screen shows, then asked for at sign-in and passed with the app code', async () => {
    await e.app.createUser({
      email: 'mfa@login.test',
      roles: ['biller'],
      billingCompanyIds: [await e.app.createBillingCompany('MFA Login BC', 'MLB')],
    });
    const { page } = await signIn(e, 'mfa@login.test');
    const win = await openFromStart(page, 'Profile');
    await win.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await win.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const shown = await win.getByText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/).textContent();
    const secret = fromBase32(shown!)!;
    await win.getByLabel('Authenticator code').fill(totpAt(secret, stepOf(Date.now())));
    await win.getByRole('button', { name: 'Turn on' }).click();
    const codes = win.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    await page.context().close();

    const login = await loginPage();
    await login.getByLabel('E-mail').fill('mfa@login.test');
    await login.getByLabel('Password', { exact: false }).first().fill(PASSWORD);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await login.getByLabel('Authenticator code').fill(totpAt(secret, stepOf(Date.now()) + 1));
    await login.getByRole('button', { name: 'Sign in' }).click();
    await login.getByTestId('taskbar').waitFor();
    await login.context().close();
  });

  it("a manager whose role's time to set up two-step sign-in is over sets it up at sign-in, then goes on", async () => {
    await e.app.createUser({
      email: 'lead@login.test',
      roles: ['billingmanager'],
      billingCompanyIds: [await e.app.createBillingCompany('Lead Login BC', 'LLB')],
    });
    await e.app.db.query(`update users set mfa_due_at = now() - interval '1 day' where email = 'lead@login.test'`);
    const login = await loginPage();
    await login.getByLabel('E-mail').fill('lead@login.test');
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Sign in' }).click();
    await login.getByText('Your role requires two-step sign-in, and the time to set it up is over').waitFor();
    await login.getByRole('button', { name: 'Set up an authenticator app' }).click();
    const shown = await login.getByText(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/).textContent();
    await login.getByLabel('Authenticator code').fill(totpAt(fromBase32(shown!)!, stepOf(Date.now())));
    await login.getByRole('button', { name: 'Turn on' }).click();
    const codes = login.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    await login.getByRole('button', { name: 'Continue' }).click();
    await login.getByTestId('taskbar').waitFor();
    await login.context().close();
  });
  it('a passkey added in the profile is asked for at the next sign-in and lets the person in (a virtual authenticator in Chromium)', async () => {
    await e.app.createUser({
      email: 'key@login.test',
      roles: ['biller'],
      billingCompanyIds: [await e.app.createBillingCompany('Key Login BC', 'KLB')],
    });
    // A passkey belongs to a host name: browsers refuse to make one for an IP address.
    const origin = e.origin.replace('127.0.0.1', 'localhost');
    const context = await e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    const signInForm = async () => {
      await page.goto(`${origin}/#/`);
      await page.getByLabel('E-mail').fill('key@login.test');
      await page.getByLabel('Password', { exact: false }).first().fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
    };
    await signInForm();
    await page.getByTestId('taskbar').waitFor();
    const win = await openFromStart(page, 'Profile');
    await win.getByLabel('Name of the passkey (the device)').fill('Work laptop');
    await win.getByRole('button', { name: 'Add a passkey' }).click();
    const codes = win.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    await win.getByRole('list', { name: 'Passkeys' }).getByText('Work laptop').waitFor();
    const kept = await e.app.db.query<{ name: string }>(
      `select k.name from user_passkeys k join users u on u.id = k.user_id where u.email = 'key@login.test'`,
    );
    expect(kept.rows).toEqual([{ name: 'Work laptop' }]);

    // Signed out, the password alone is not enough: the passkey finishes the sign-in.
    await page.evaluate(() => localStorage.clear());
    await signInForm();
    await page.getByText('Finish signing in with your passkey, or enter one of your recovery codes.').waitFor();
    await page.getByRole('button', { name: 'Use my passkey' }).click();
    await page.getByTestId('taskbar').waitFor();
    const used = await e.app.db.query<{ last_used_at: Date | null }>(
      `select k.last_used_at from user_passkeys k join users u on u.id = k.user_id where u.email = 'key@login.test'`,
    );
    expect(used.rows[0].last_used_at).not.toBeNull();

    // An hour on, removing the passkey (a sensitive act) asks for the passkey again, then goes ahead.
    await e.app.db.query(
      `update sessions set stepped_up_at = now() - interval '1 hour'
        where user_id = (select id from users where email = 'key@login.test')`,
    );
    const profile = await openFromStart(page, 'Profile');
    await profile.getByRole('button', { name: 'Remove the passkey Work laptop' }).click();
    const proof = page.getByRole('dialog', { name: 'Confirm it is you' });
    await proof.getByText('This is a sensitive action. Use your passkey to go on.').waitFor();
    await proof.getByRole('button', { name: 'Use my passkey' }).click();
    await page.getByText('The passkey Work laptop is removed.').waitFor();
    const left = await e.app.db.query(
      `select 1 from user_passkeys k join users u on u.id = k.user_id where u.email = 'key@login.test'`,
    );
    expect(left.rows).toEqual([]);
    await context.close();
  });
});
