import { isUsDate, usDateOf } from './formats.ts';

/**
 * A date kept relative to the day it is used: "@today", "@today-7", "@today+3" (days). A saved filter
 * holds its dates this way so "follow-ups due today" means today whenever it is opened.
 */
const RELATIVE = /^@today(?:([+-])(\d{1,4}))?$/;

export const isRelativeDate = (v: unknown): v is string => typeof v === 'string' && RELATIVE.test(v);

/** The mm/dd/yyyy date a relative one stands for on the given day (the person's own calendar day). */
export function resolveRelativeDate(v: string, today: Date = new Date()): string | null {
  const m = RELATIVE.exec(v);
  if (!m) return null;
  const days = m[1] ? Number(`${m[1]}${m[2]}`) : 0;
  return usDateOf(new Date(today.getFullYear(), today.getMonth(), today.getDate() + days));
}

/** A mm/dd/yyyy date as a distance from the given day ("@today", "@today-7"); null when it is not a date. */
export function relativeDateOf(v: string, today: Date = new Date()): string | null {
  if (!isUsDate(v)) return null;
  const [month, day, year] = v.split('/').map(Number);
  const at = Date.UTC(year, month - 1, day);
  const base = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  const days = Math.round((at - base) / 86_400_000);
  return days === 0 ? '@today' : `@today${days > 0 ? '+' : '-'}${Math.abs(days)}`;
}
