import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './axe.ts';
import { en } from '../../src/client/i18n/en.ts';
import { es } from '../../src/client/i18n/es.ts';

/**
 * The two ways the screens are judged: Spanish (the longer words) on the smaller of the two office screens, English on
 * the larger. axe runs in English only: the Spanish screens are the same elements, roles and colours with other words
 * (a missing Spanish word falls back to English, never to nothing).
 */
/**
 * The languages screens are judged in. English is judged everywhere with axe; Spanish, on the smaller screen where its
 * longer words are cut first, on each window's own screens (list, record, history, form): a record's further tabs and
 * child lists are the same generated components with the same translated labels, and walking them twice was the
 * suite's longest file.
 */
export const JUDGED_LANGUAGES = [
  { locale: 'en', language: 'English', m: en, viewport: { width: 1920, height: 1080 }, axe: true, tabs: true },
  { locale: 'es', language: 'Spanish', m: es, viewport: { width: 1366, height: 768 }, axe: false, tabs: false },
] as const;

/** A storage name (a snake_case word such as billing_company_id): never where staff read labels. */
const STORAGE_NAME = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/**
 * What staff would notice wrong on a screen (a window, or a dialog over it): storage names, words cut off, and, when
 * asked, axe's serious or critical violations. Each problem is named with the screen it was found on.
 */
export async function screenProblems(
  page: Page,
  root: Locator,
  screen: string,
  { loading, axe }: { loading: string; axe: boolean },
): Promise<string[]> {
  // Judged as staff read it: once its pickers and child lists have their data (a picker is greyed while it loads).
  await expect.poll(() => root.getByText(loading).count()).toBe(0);
  // …and once a label's colour has finished fading from greyed to ready (axe measures colours as they are now).
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
  const text = await root.innerText();
  const names = [...new Set(text.match(STORAGE_NAME) ?? [])].map((n) => `${screen}: storage name "${n}"`);
  const clipped = (await clippedTexts(root)).map((t) => `${screen}: clipped "${t}"`);
  const violations = axe ? (await seriousViolations(page)).map((v) => `${screen}: ${v}`) : [];
  return [...names, ...clipped, ...violations];
}

/**
 * Words cut off where staff read them: a button, tab, column header, label or chip whose text is wider than its box
 * (shown with an ellipsis, or hidden). A cell of a list may end in an ellipsis by design (its whole text is in the
 * record); a heading or a control may not.
 */
function clippedTexts(root: Locator): Promise<string[]> {
  return root.evaluate((el0) => {
    const out: string[] = [];
    const selector =
      'button, [role="tab"], th, label, legend, .MuiChip-label, .MuiFormLabel-root, h1, h2, h3, h4, h5, h6';
    for (const el of Array.from(el0.querySelectorAll<HTMLElement>(selector))) {
      if (!el.offsetParent || !el.innerText.trim()) continue;
      const style = getComputedStyle(el);
      // An outlined field's notch repeats its label out of sight (visibility: hidden): only what is drawn counts.
      if (style.visibility === 'hidden' || (style.overflowX === 'visible' && style.textOverflow !== 'ellipsis'))
        continue;
      // The text's own width against its box's, both as drawn (a floating label is scaled down).
      const range = document.createRange();
      range.selectNodeContents(el);
      const text = range.getBoundingClientRect().width;
      const box = el.getBoundingClientRect();
      const inner = box.width * (el.clientWidth / (el.offsetWidth || 1));
      if (text > inner + 1) out.push(el.innerText.trim().replace(/\s+/g, ' '));
    }
    return [...new Set(out)];
  });
}
