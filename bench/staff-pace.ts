import type { Locator, Page } from 'playwright-core';

/**
 * A person at the keyboard, for the screen benches: keys typed at a typist's pace, a mouse aimed
 * before each click, and a tally of what the work cost — the data's own characters, every other key
 * (Tab, Enter, arrows), clicks — and how long each screen took to answer what was done.
 *
 * The pace is a model of a practised biller, stated so the figures can be read: 60 words a minute
 * (200 ms a key) and 800 ms to move the mouse onto a target before clicking it (Fitts's law for a
 * target across a 1440 px screen). The time a flow takes is the wall clock with that pace in it.
 */
export const KEY_MS = 200;
export const AIM_MS = 800;

export interface Tally {
  /** characters of the data itself: codes, dates, amounts, names searched for, notes */
  dataKeys: number;
  /** every other key: Tab, Enter, arrows, Space, shortcuts */
  otherKeys: number;
  clicks: number;
  /** ms from the key or click that asked for something to the screen showing it */
  answers: number[];
  /** the answers over 300 ms: what was awaited, and how long */
  slow: Array<{ what: string; ms: number }>;
  started: number;
  ms: number;
}

export class Staff {
  tally: Tally = { dataKeys: 0, otherKeys: 0, clicks: 0, answers: [], slow: [], started: 0, ms: 0 };
  constructor(readonly page: Page) {}

  begin() {
    this.tally = { dataKeys: 0, otherKeys: 0, clicks: 0, answers: [], slow: [], started: performance.now(), ms: 0 };
  }

  end(): Tally {
    this.tally.ms = performance.now() - this.tally.started;
    return this.tally;
  }

  /** when the last key or click was dispatched: where a screen answer's time starts */
  private actAt = 0;

  /** Types the data at the typist's pace. */
  async type(text: string) {
    for (const ch of text) {
      await this.page.waitForTimeout(KEY_MS);
      this.actAt = performance.now();
      await this.page.keyboard.type(ch);
    }
    this.tally.dataKeys += text.length;
  }

  /** Presses a key that is not data (Tab, Enter, ArrowDown…), times over. */
  async press(key: string, times = 1) {
    for (let i = 0; i < times; i++) {
      await this.page.waitForTimeout(KEY_MS);
      this.actAt = performance.now();
      await this.page.keyboard.press(key);
      this.tally.otherKeys++;
    }
  }

  /** Aims the mouse and clicks. */
  async click(target: Locator) {
    await target.waitFor();
    await this.page.waitForTimeout(AIM_MS);
    this.actAt = performance.now();
    await target.click();
    this.tally.clicks++;
  }

  /**
   * One act whose answer is awaited: the time from the act's last key or click to what it should
   * show is recorded as one screen answer (the typist's pace before it is not the screen's time).
   */
  async answered(
    act: () => Promise<void>,
    shown: Locator | (() => Promise<unknown>),
    what = String(shown).replace(/\s+/g, ' ').slice(0, 120),
  ) {
    await act();
    if (typeof shown === 'function') await shown();
    else await shown.first().waitFor();
    const ms = performance.now() - this.actAt;
    this.tally.answers.push(ms);
    if (ms > 300) this.tally.slow.push({ what, ms });
  }

  /** Waits until the screen shows something (no answer recorded: used where typing is still going on). */
  async until(check: () => Promise<boolean>) {
    const deadline = performance.now() + 15_000;
    while (!(await check())) {
      if (performance.now() > deadline) throw new Error('the screen never showed what the flow waited for');
      await this.page.waitForTimeout(25);
    }
  }
}
