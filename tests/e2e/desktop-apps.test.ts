import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsPDF } from 'jspdf';
import type { Page } from 'playwright-core';
import { PASSWORD } from '../helpers/test-app.ts';
import { openFromStart, startE2E, type E2E } from './e2e-app.ts';

let e: E2E;
let page: Page;
/** The SHA-256 of each EOB put in, by title: what the server's ETag names. */
const uploaded = new Map<string, string>();
beforeAll(async () => {
  e = await startE2E();
  const bc = await e.app.createBillingCompany('Desktop Apps BC', 'DAB');
  await e.app.createUser({ email: 'biller@apps.test', roles: ['biller'], billingCompanyIds: [bc] });
  await e.app.createUser({ email: 'next@apps.test', roles: ['biller'], billingCompanyIds: [bc] });
  await e.app.createUser({ email: 'manager@apps.test', roles: ['billingmanager'], billingCompanyIds: [bc] });
  // Documents put in by a Super User through the API (not through this browser, which stays a known device).
  const other = await e.app.createBillingCompany('Elsewhere Billing', 'ELB');
  await e.app.createUser({ email: 'root@apps.test', roles: ['superuser'] });
  const root = e.app.as(await e.app.login('root@apps.test'));
  const eob = (title: string) => {
    const doc = new jsPDF();
    doc.text(title, 20, 20);
    const bytes = doc.output('arraybuffer');
    uploaded.set(title, createHash('sha256').update(new Uint8Array(bytes)).digest('hex'));
    const form = new FormData();
    form.append('file', new Blob([bytes], { type: 'application/pdf' }), `${title}.pdf`);
    return form;
  };
  for (const [company, title] of [
    [bc, 'EOB Aetna 2026-11-02'],
    [bc, 'EOB Humana 2026-11-09'],
    [other, 'EOB of another billing company'],
  ] as const) {
    const r = await root('POST', `/files?kind=eob&billing_company_id=${company}`, eob(title));
    if (r.status !== 201) throw new Error(JSON.stringify(r.body));
  }
  // One browser, one computer: the same context (its storage) for every person who signs in on it.
  const context = await e.browser.newContext({ viewport: { width: 1440, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
});
afterAll(() => e.close());

async function signInHere(email: string) {
  await page.goto(`${e.origin}/#/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: false }).first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('taskbar').waitFor();
}

async function signOut() {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
}

describe('Sticky Notes', () => {
  it("a biller's note is kept for the biller alone: the next person on the same computer does not see it, the biller does again", async () => {
    await signInHere('biller@apps.test');
    let win = await openFromStart(page, 'Sticky Notes');
    await win.getByRole('button', { name: 'New note' }).click();
    await win.getByLabel('Note 1').fill('Call Aetna about the Quispe claim');
    await win.getByRole('button', { name: 'Colour: Green' }).click();
    await expect.poll(() => win.getByTestId('notes-state').textContent()).toBe('Saved');
    await signOut();
    // Nothing of it stayed in the browser.
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage }))).not.toContain('Quispe');

    await signInHere('next@apps.test');
    win = await openFromStart(page, 'Sticky Notes');
    await win.getByText('No notes yet.', { exact: false }).waitFor();
    expect(await win.textContent()).not.toContain('Quispe');
    await signOut();

    await signInHere('biller@apps.test');
    win = await openFromStart(page, 'Sticky Notes');
    await expect.poll(() => win.getByLabel('Note 1').inputValue()).toBe('Call Aetna about the Quispe claim');
    expect(await win.getByRole('button', { name: 'Colour: Green' }).getAttribute('aria-pressed')).toBe('true');
  });
});

describe('File Manager', () => {
  it("lists the billing company's EOBs in their folder, newest first, and none of another billing company", async () => {
    await signOut();
    await signInHere('manager@apps.test');
    const win = await openFromStart(page, 'File Manager');
    await win.getByTestId('file-folder').click();
    await page.getByRole('option', { name: 'EOBs' }).click();
    const list = win.getByTestId('file-list');
    await expect
      .poll(() => list.locator('li[data-testid^="file-"]').allInnerTexts())
      .toEqual([
        expect.stringContaining('EOB Humana 2026-11-09.pdf'),
        expect.stringContaining('EOB Aetna 2026-11-02.pdf'),
      ]);
    expect(await list.textContent()).not.toContain('another billing company');
  });

  it('finds an EOB by name and previews it inside the window, as the PDF it is', async () => {
    const win = page.getByTestId('window-File Manager');
    await win.getByLabel('Search').fill('aetna');
    await expect.poll(() => win.getByTestId('file-list').locator('li[data-testid^="file-"]').count()).toBe(1);
    const [content] = await Promise.all([
      page.waitForResponse((r) => /\/api\/v1\/files\/\d+\/content$/.test(r.url())),
      win.getByText('EOB Aetna 2026-11-02.pdf').click(),
    ]);
    // The bytes the window shows are the stored EOB (its SHA-256 is the ETag), served as a PDF.
    expect(content.headers()['content-type']).toBe('application/pdf');
    expect(content.headers().etag).toBe(`"${uploaded.get('EOB Aetna 2026-11-02')}"`);
    const frame = win.getByTestId('preview-pdf');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^blob:/);
    expect(await frame.getAttribute('title')).toBe('EOB Aetna 2026-11-02.pdf');
    await win.getByRole('button', { name: 'Back to the documents' }).click();
    await win.getByTestId('file-list').waitFor();
  });
});

describe('File Manager uploads', () => {
  it('a scanned document put in through the upload queue lands in Uploads', async () => {
    const win = page.getByTestId('window-File Manager');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    await win
      .getByTestId('file-upload')
      .setInputFiles({ name: 'referral-letter.png', mimeType: 'image/png', buffer: png });
    await win.getByTestId('file-folder').click();
    await page.getByRole('option', { name: 'Uploads' }).click();
    await win.getByLabel('Search').fill('');
    await win.getByText('referral-letter.png').waitFor();
    const stored = await e.app.db.query<{ kind: string; billing_company_id: string }>(
      `select kind, billing_company_id from files where name = 'referral-letter.png'`,
    );
    expect(stored.rows).toEqual([{ kind: 'upload', billing_company_id: expect.anything() }]);
  });
});

describe('Technical Support', () => {
  it('a request about the open window goes to the outbox with a screenshot of that window, and is listed among my requests', async () => {
    const win = await openFromStart(page, 'Technical Support');
    await win.getByRole('button', { name: 'New request' }).click();
    const form = page.getByRole('dialog', { name: 'New request' });
    await form.getByLabel('Subject').fill('Cannot find the Aetna EOB');
    await form.getByLabel('What happened?').fill('I uploaded it this morning and the folder looks empty.');
    expect(await form.getByLabel('Attach a screenshot of File Manager').isChecked()).toBe(true);
    await form.getByRole('button', { name: 'Send' }).click();
    await page.getByTestId('toast-success').filter({ hasText: 'Your request was sent to support.' }).waitFor();
    const sent = (
      await e.app.db.query<{ open_window: string; content_type: string; attachments: unknown[] }>(
        `select r.open_window, f.content_type, m.attachments from support_requests r join files f on f.id = r.screenshot_file_id join mail_outbox m on m.id = r.mail_id
        where r.subject = 'Cannot find the Aetna EOB'`,
      )
    ).rows;
    expect(sent).toEqual([
      {
        open_window: 'File Manager',
        content_type: 'image/png',
        attachments: [expect.objectContaining({ content_type: 'image/png' })],
      },
    ]);
    await win.getByRole('button', { name: 'My requests (1)' }).click();
    await page.getByTestId('support-requests').getByText('Cannot find the Aetna EOB', { exact: false }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('support-requests').waitFor({ state: 'detached' });
  });
});

describe('Web Browser', () => {
  it("opens a payer's portal in a new browser tab, and keeps a bookmark for its owner", async () => {
    await e.app.db.query(
      `insert into insurance_companies (payer_id, code, name, website, status) values ('60054', 'AET', 'Aetna', 'www.aetna.com/providers', true)`,
    );
    // No internet here: the portal's answer is stood in for at the browser's edge.
    await page
      .context()
      .route('https://www.aetna.com/**', (r) =>
        r.fulfill({ contentType: 'text/html', body: '<title>Aetna providers</title>' }),
      );
    const win = await openFromStart(page, 'Web Browser');
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      win.getByTestId('portal-list').getByText('Aetna', { exact: true }).click(),
    ]);
    await tab.waitForURL('https://www.aetna.com/providers');
    await tab.close();
    await win.getByLabel('Title').fill('Availity');
    await win.getByLabel('Address').last().fill('availity.com');
    await win.getByRole('button', { name: 'Add bookmark' }).click();
    await win.getByTestId('bookmark-list').getByText('Availity', { exact: true }).waitFor();
    const kept = await e.app.db.query<{ url: string; email: string }>(
      `select b.url, u.email from bookmarks b join users u on u.id = b.user_id`,
    );
    expect(kept.rows).toEqual([{ url: 'https://availity.com', email: 'manager@apps.test' }]);
  });
});

describe('Settings', () => {
  it("keeps a manager's preferences and leads to the billing company's settings, each in its window", async () => {
    const win = await openFromStart(page, 'Setting');
    await win.getByRole('button', { name: 'Background 5' }).click();
    await win.getByTestId('save-settings').click();
    await expect
      .poll(
        async () =>
          (
            await e.app.db.query<{ b: number }>(
              `select (settings->>'background')::int as b from users where email = 'manager@apps.test'`,
            )
          ).rows[0].b,
      )
      .toBe(5);
    await win.getByRole('tab', { name: 'Billing company' }).click();
    await win.getByTestId('company-settings').getByText('statement message and due days', { exact: false }).waitFor();
    await win.getByRole('button', { name: 'Open Restriction by IP' }).click();
    await page.getByTestId('window-Restriction by IP').waitFor();
  });
});

describe('Widgets', () => {
  it("shows today's date as mm/dd/yyyy and the messages waiting", async () => {
    const win = await openFromStart(page, 'Widgets');
    const d = new Date();
    const today = `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
    await win.getByText(today, { exact: false }).waitFor();
    expect(await win.getByTestId('widget-unread').textContent()).toBe('0 unread messages');
  });
});
