import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openFromStart, signIn, startE2E, type E2E } from './e2e-app.ts';
import { claimWorld, readyClaims, type ClaimWorld } from '../helpers/claim-fixtures.ts';
import { pdfPageTexts } from '../helpers/pdf-text.ts';

let e: E2E;
let ana: Page;
let ben: Page;
let claimId = 0;
let w: ClaimWorld;
beforeAll(async () => {
  e = await startE2E();
  w = await claimWorld(e.app.db);
  await e.app.createUser({ email: 'ana@chat.test', roles: ['biller'], billingCompanyIds: [w.bc] });
  await e.app.createUser({ email: 'ben@chat.test', roles: ['collector'], billingCompanyIds: [w.bc] });
  // The claim is written through the API by a Super User of its own (the two browsers stay known devices).
  await e.app.createUser({ email: 'root@chat.test', roles: ['superuser'] });
  [claimId] = await readyClaims(e.app.as(await e.app.login('root@chat.test')), w, 1);
  ({ page: ana } = await signIn(e, 'ana@chat.test'));
  ({ page: ben } = await signIn(e, 'ben@chat.test'));
  ana.setDefaultTimeout(15_000);
  ben.setDefaultTimeout(15_000);
});
afterAll(() => e.close());

const badge = (p: Page) => p.getByTestId('messenger-unread');

describe('two colleagues talk about a claim', () => {
  let anaChat: Locator;
  /** Ana starts a conversation with Ben from her open Messenger window, as she would: To, Subject, Message, Start. */
  const startConversation = async (subject: string, message: string) => {
    await anaChat.getByRole('button', { name: 'New conversation' }).click();
    const dialog = ana.getByRole('dialog', { name: 'New conversation' });
    await dialog.getByLabel('To').click();
    await ana.getByRole('option', { name: /ben@chat\.test/ }).click();
    await dialog.getByLabel('Subject').fill(subject);
    await dialog.getByLabel('Message').fill(message);
    await dialog.getByRole('button', { name: 'Start' }).click();
    return dialog;
  };
  it("a biller starts a conversation from the claim, and the collector's unread badge shows it without reloading", async () => {
    expect(await badge(ben).getAttribute('aria-label')).toBe('Messenger');
    const claims = await openFromStart(ana, 'Claims Management');
    await claims.getByTestId(`row-${claimId}`).click();
    await claims.getByRole('button', { name: 'Messages' }).click();
    anaChat = ana.getByTestId('window-Messenger');
    await anaChat.getByText(`About claim #${claimId}`).waitFor();
    await startConversation('Denied for a missing modifier?', 'Can you check this claim with the payer?');
    await anaChat.getByTestId('messages').getByText('Can you check this claim with the payer?').waitFor();
    await expect.poll(() => badge(ben).getAttribute('aria-label')).toBe('1 unread message');
  });

  it("the collector reads it (the badge clears) and answers; the answer reaches the biller's open conversation by itself", async () => {
    await badge(ben).click();
    const benChat = ben.getByTestId('window-Messenger');
    await benChat.getByText('Denied for a missing modifier?').click();
    await benChat.getByTestId('messages').getByText('Can you check this claim with the payer?').waitFor();
    await expect.poll(() => badge(ben).getAttribute('aria-label')).toBe('Messenger');
    await benChat
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Called them: they want modifier 25. Refiling today.');
    await ben.keyboard.press('Enter');
    await anaChat.getByTestId('messages').getByText('Called them: they want modifier 25. Refiling today.').waitFor();
    const stored = await e.app.db.query<{ about_kind: string; about_id: string; n: string }>(
      `select t.about_kind, t.about_id, (select count(*) from messages m where m.thread_id = t.id) as n from message_threads t`,
    );
    expect(stored.rows).toEqual([{ about_kind: 'claim', about_id: claimId, n: 2 }]);
  });

  it('a conversation the server could not start says so in the dialog, which keeps what was typed', async () => {
    // The server failing is the one thing a browser test cannot ask of a healthy server: its answer is stood in for.
    const threads = '**/api/v1/messenger/threads';
    await ana.route(threads, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { message: 'The server could not finish this.', error_id: 'e2e-77' } })
        : route.fallback(),
    );
    try {
      const dialog = await startConversation('Second question', 'Is the refile out?');
      await expect
        .poll(() => dialog.getByRole('alert').textContent())
        .toBe('The server could not finish this. (e2e-77)');
      expect(await dialog.getByLabel('Message').inputValue()).toBe('Is the refile out?');
      const stored = await e.app.db.query<{ n: string }>(`select count(*)::int as n from message_threads`);
      expect(stored.rows).toEqual([{ n: 1 }]);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await ana.unroute(threads);
    }
  });
});

describe('Medical Store estimates a visit', () => {
  it("prints a good-faith estimate for a self-pay patient, the procedure priced from the clinic's fee schedule", async () => {
    // The clinic charges 150.00 for an office visit (its own schedule), above the procedure list's 125.00.
    await e.app.db.query(`update companies set services = $2 where id = $1`, [
      w.company,
      JSON.stringify([{ procedure_code: '99213', std_price: 15000 }]),
    ]);
    // Windows cover the desktop now: the icon is reached from the keyboard, as a person would with windows open.
    await ana.getByTestId('icon-Medical Store').focus();
    await ana.keyboard.press('Enter');
    const store = ana.getByTestId('window-Medical Store');
    await store.getByRole('combobox', { name: 'Add a procedure (code or name)' }).fill('99213');
    await ana.getByRole('option', { name: /^99213 - Office visit/ }).click();
    await store.getByRole('button', { name: 'Estimate' }).click();
    await expect.poll(() => store.getByTestId('estimate-patient').textContent()).toBe('$150.00');
    await store.getByLabel('Patient name').fill('Lucia Perez');
    const [download] = await Promise.all([
      ana.waitForEvent('download'),
      store.getByRole('button', { name: 'Good-faith estimate (PDF)' }).click(),
    ]);
    const text = (await pdfPageTexts(readFileSync(await download.path()))).join('\n');
    expect(text).toContain('Good Faith Estimate');
    expect(text).toContain('Lucia Perez');
    expect(text).toContain('Sunshine Family Clinic');
    expect(text).toMatch(/99213[\s\S]*Office visit[\s\S]*\$150\.00/);
  });

  it('estimates with the plan: the deductible typed in dollars (100 is $100.00) and a coinsurance of 33.3% read as decimals', async () => {
    const store = ana.getByTestId('window-Medical Store');
    await store.getByTestId('estimate-plan').click();
    await ana.getByRole('option', { name: /Gold PPO/ }).click();
    await store.getByLabel('Deductible left ($)').fill('100');
    await store.getByLabel('Coinsurance (%)').fill('33.3');
    await store.getByRole('button', { name: 'Estimate' }).click();
    // 150.00 allowed: 100.00 of deductible, then 33.3% of the 50.00 left (16.65).
    await expect.poll(() => store.getByTestId('estimate-patient').textContent()).toBe('$116.65');
  });
});
