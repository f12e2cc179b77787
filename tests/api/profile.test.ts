import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MESSAGE } from '../../dev-server/storage/image-upload.ts';
import { PASSWORD_RULE_MESSAGE } from '../../src/domain/password-policy.ts';
import { PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.ts';

let app: TestApp;
let n = 0;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function signedIn(roles = ['biller']) {
  const email = `me${++n}@profile.test`;
  const bc = await app.createBillingCompany(`Profile BC ${n}`, `P${n}`);
  const id = await app.createUser({ email, roles, billingCompanyIds: [bc] });
  const token = await app.login(email);
  return { id, email, token, api: app.as(token) };
}
const png = (bytes: number) => {
  const head = Buffer.from('89504e470d0a1a0a', 'hex');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, bytes - head.length))]);
};
const photoForm = (data: Buffer, type = 'image/png', field = 'img') => {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(data)], { type }), 'me.png');
  return form;
};

describe('password change', () => {
  it('asks for the current password and refuses a wrong one', async () => {
    const me = await signedIn();
    const r = await me.api('POST', '/user/update-password', {
      current_password: 'Nope!123a',
      password: 'N3w!Secret',
      password_confirmation: 'N3w!Secret',
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.current_password).toEqual(['The current password is incorrect.']);
  });

  it('holds the new password to the policy', async () => {
    const me = await signedIn();
    const r = await me.api('POST', '/user/update-password', {
      current_password: PASSWORD,
      password: 'weakpass',
      password_confirmation: 'weakpass',
    });
    expect(r.body.errors.password).toEqual([PASSWORD_RULE_MESSAGE]);
  });

  it('changes the password and ends the other sessions, keeping this one', async () => {
    const me = await signedIn();
    const other = await app.login(me.email);
    const r = await me.api('POST', '/user/update-password', {
      current_password: PASSWORD,
      password: 'N3w!Secret',
      password_confirmation: 'N3w!Secret',
    });
    expect(r.status).toBe(200);
    expect((await me.api('GET', '/auth/me')).status).toBe(200);
    expect((await app.as(other)('GET', '/auth/me')).status).toBe(401);
    expect((await app.as(null)('POST', '/auth/login', { email: me.email, password: 'N3w!Secret' })).status).toBe(200);
  });
});

describe('profile photo', () => {
  it('takes an image under 1 MB', async () => {
    const me = await signedIn();
    const r = await me.api('POST', '/user/img-profile', photoForm(png(50_000)));
    expect(r.status).toBe(200);
    expect(r.body.photo).toMatch(/^api\/v1\/files\/\d+\/content$/);
    expect((await me.api('GET', '/user/profile')).body.photo).toBe(r.body.photo);
  });

  it("refuses an image of 1 MB or more with the spec's message", async () => {
    const me = await signedIn();
    const r = await me.api('POST', '/user/img-profile', photoForm(png(1024 * 1024 + 1)));
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(PHOTO_MESSAGE);
  });

  it('refuses a file that is not an image', async () => {
    const me = await signedIn();
    const r = await me.api('POST', '/user/img-profile', photoForm(Buffer.from('%PDF-1.7'), 'application/pdf'));
    expect(r.status).toBe(422);
    expect(r.body.message).toBe(PHOTO_MESSAGE);
  });
});

describe('settings and language', () => {
  it('answers the shell defaults until the person changes them', async () => {
    const me = await signedIn();
    expect((await me.api('GET', '/user/profile')).body.settings).toEqual({
      nav_bar_position: 'bottom',
      dock: 'full',
      background: 13,
      dark_mode: false,
      list_density: 'compact',
    });
  });

  it('lists are one line a row until the person asks for comfortable rows, which their next sign-in keeps', async () => {
    const me = await signedIn();
    expect((await me.api('GET', '/auth/me')).body.profile.list_density).toBe('compact');
    expect((await me.api('PUT', '/user/profile', { list_density: 'comfortable' })).status).toBe(200);
    expect((await me.api('GET', '/auth/me')).body.profile.list_density).toBe('comfortable');
    const bad = await me.api('PUT', '/user/profile', { list_density: 'tiny' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.list_density).toEqual(['The list density must be compact or comfortable.']);
    expect((await me.api('GET', '/auth/me')).body.profile.list_density).toBe('comfortable');
  });

  it('keeps nav bar position, dock, background and dark mode, and auth/me shows them', async () => {
    const me = await signedIn();
    const r = await me.api('PUT', '/user/profile', { nav_bar_position: 'left', background: 4, dark_mode: true });
    expect(r.status).toBe(200);
    const profile = (await me.api('GET', '/auth/me')).body.profile;
    expect(profile).toMatchObject({ nav_bar_position: 'left', dark_mode: true, style: { background: 4 } });
  });

  it('refuses unknown settings and bad values', async () => {
    const me = await signedIn();
    const r = await me.api('PUT', '/user/profile', { nav_bar_position: 'middle', theme: 'x' });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual(['nav_bar_position', 'theme']);
  });

  it('choosing Spanish makes the server answer in Spanish', async () => {
    const me = await signedIn();
    await me.api('PUT', '/user/profile', { language: 'es' });
    const r = await me.api('POST', '/user/update-password', {
      current_password: PASSWORD,
      password: 'weak',
      password_confirmation: 'weak',
    });
    expect(r.body.errors.password[0]).toMatch(/contraseña/);
  });

  it("a language switched in one browser is that browser's: another session of the person keeps its own, the next sign-in starts in it", async () => {
    const me = await signedIn();
    const other = app.as(await app.login(me.email));
    await me.api('PUT', '/user/profile', { language: 'es' });
    expect((await other('GET', '/auth/me')).body.profile.language).toBe('en');
    const weak = { current_password: PASSWORD, password: 'weak', password_confirmation: 'weak' };
    expect((await other('POST', '/user/update-password', weak)).body.errors.password[0]).toMatch(/password/i);
    expect((await me.api('GET', '/auth/me')).body.profile.language).toBe('es');
    const next = app.as(await app.login(me.email));
    expect((await next('GET', '/auth/me')).body.profile.language).toBe('es');
  });

  it("social networks of one's own profile are saved", async () => {
    const me = await signedIn(['client']);
    const r = await me.api('PATCH', `/user/social-medias/${me.id}`, {
      social_networks: [{ network: 'X', link: 'https://x.com/me' }],
    });
    expect(r.status).toBe(200);
    expect(r.body.social_networks).toEqual([{ network: 'X', link: 'https://x.com/me' }]);
  });

  it("without user.edit, someone else's social networks cannot be changed", async () => {
    const me = await signedIn(['client']);
    const other = await signedIn(['client']);
    expect((await me.api('PATCH', `/user/social-medias/${other.id}`, { social_networks: [] })).status).toBe(404);
  });
});

describe('taskbar', () => {
  it('pins and unpins modules, kept on the server', async () => {
    const me = await signedIn();
    await me.api('POST', '/user/taskbar', { module: 'Claims Management' });
    await me.api('POST', '/user/taskbar', { module: 'Ledger Management' });
    await me.api('POST', '/user/taskbar', { module: 'Claims Management' });
    expect((await me.api('GET', '/auth/me')).body.taskbars).toEqual(['Claims Management', 'Ledger Management']);
    const r = await me.api('PUT', '/user/taskbar-unpin', { module: 'Claims Management' });
    expect(r.body.taskbars).toEqual(['Ledger Management']);
  });

  it('refuses a module that does not exist', async () => {
    const me = await signedIn();
    expect((await me.api('POST', '/user/taskbar', { module: 'Nope' })).status).toBe(422);
  });
});

describe('sessions list', () => {
  it('a person sees their open sessions, the current one marked', async () => {
    const me = await signedIn();
    await app.login(me.email);
    const r = await me.api('GET', '/auth/sessions');
    expect(r.body).toHaveLength(2);
    expect(r.body.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
  });

  it('ending one of them signs that device out', async () => {
    const me = await signedIn();
    const other = await app.login(me.email);
    const list = (await me.api('GET', '/auth/sessions')).body;
    const target = list.find((s: { current: boolean }) => !s.current);
    expect((await me.api('DELETE', `/auth/sessions/${target.id}`)).status).toBe(200);
    expect((await app.as(other)('GET', '/auth/me')).status).toBe(401);
    expect((await me.api('GET', '/auth/me')).status).toBe(200);
  });

  it("nobody can end another person's session", async () => {
    const me = await signedIn();
    const other = await signedIn();
    const theirs = (await other.api('GET', '/auth/sessions')).body[0];
    expect((await me.api('DELETE', `/auth/sessions/${theirs.id}`)).status).toBe(404);
  });
});
