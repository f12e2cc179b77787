import { problem, invalid, type FieldProblem } from '../../src/domain/errors/domain-error.ts';

/**
 * When a role's people may sign in and work: on these ISO week days (1 Monday … 7 Sunday), from one time of day to
 * another, in the billing company's time zone. A window whose end is before its start runs past midnight (a night
 * shift: Monday 22:00 to Tuesday 06:00 is Monday's). A role without hours may sign in at any time.
 */
export interface LoginHours {
  days: number[];
  from: string;
  to: string;
  time_zone: string;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** A role's hours as a manager sends them: null (any time) or the rule, every problem named on its field. */
export function parseLoginHours(given: unknown): LoginHours | null {
  if (given === null) return null;
  const errors: Record<string, FieldProblem[]> = {};
  const v = (typeof given === 'object' && !Array.isArray(given) ? given : {}) as Record<string, unknown>;
  const days = Array.isArray(v.days) ? v.days : [];
  if (!days.length || days.some((d) => !Number.isInteger(d) || d < 1 || d > 7) || new Set(days).size !== days.length)
    errors['login_hours.days'] = [problem('login_hours_days')];
  for (const f of ['from', 'to'] as const)
    if (typeof v[f] !== 'string' || !TIME.test(v[f])) errors[`login_hours.${f}`] = [problem('login_hours_time')];
  if (!errors['login_hours.from'] && !errors['login_hours.to'] && v.from === v.to)
    errors['login_hours.to'] = [problem('login_hours_same_times')];
  if (typeof v.time_zone !== 'string' || !knownTimeZone(v.time_zone))
    errors['login_hours.time_zone'] = [problem('login_hours_time_zone')];
  if (Object.keys(errors).length) throw invalid(errors);
  return {
    days: [...(days as number[])].sort((a, b) => a - b),
    from: v.from as string,
    to: v.to as string,
    time_zone: v.time_zone as string,
  };
}

const WEEKDAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const clocks = new Map<string, Intl.DateTimeFormat>();

/** The ISO week day and the minute of the day at a moment, on a time zone's wall clock. */
function wallClock(at: Date, zone: string): { day: number; minute: number } {
  let f = clocks.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(zone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(at).map((p) => [p.type, p.value]));
  return { day: WEEKDAY[parts.weekday], minute: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** Whether a moment falls inside a role's hours. */
export function withinLoginHours(hours: LoginHours, at: Date): boolean {
  const { day, minute } = wallClock(at, hours.time_zone);
  const from = minutes(hours.from);
  const to = minutes(hours.to);
  if (from < to) return hours.days.includes(day) && minute >= from && minute < to;
  // Past midnight: the evening belongs to its own day, the small hours to the day before.
  const yesterday = day === 1 ? 7 : day - 1;
  return (hours.days.includes(day) && minute >= from) || (hours.days.includes(yesterday) && minute < to);
}

/**
 * Whether a person may be signed in now: roles add up, so one role without hours, or one whose hours are on, is
 * enough. The rules are those of the person's roles (null: a role without hours); no roles, no limit here.
 */
export function signInAllowedAt(rules: Array<LoginHours | null>, at: Date): boolean {
  return !rules.length || rules.some((h) => h === null || withinLoginHours(h, at));
}

const DAY_NAMES = {
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  es: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
} as const;
const WORDS = {
  en: { to: 'to', every: 'every day', and: 'and' },
  es: { to: 'a', every: 'todos los días', and: 'y' },
} as const;

/** The days in words: runs of three or more as "Monday to Friday", the rest one by one. */
function daysInWords(days: number[], locale: 'en' | 'es'): string {
  if (days.length === 7) return WORDS[locale].every;
  const runs: number[][] = [];
  for (const d of days) {
    const last = runs[runs.length - 1];
    if (last && last[last.length - 1] === d - 1) last.push(d);
    else runs.push([d]);
  }
  const name = (d: number) => DAY_NAMES[locale][d - 1];
  const parts = runs.flatMap((r) =>
    r.length >= 3 ? [`${name(r[0])} ${WORDS[locale].to} ${name(r[r.length - 1])}`] : r.map(name),
  );
  return parts.length > 1
    ? `${parts.slice(0, -1).join(', ')} ${WORDS[locale].and} ${parts[parts.length - 1]}`
    : parts[0];
}

/** The hours in a person's words: "Monday to Friday, 07:00–19:00 (America/Chicago)". */
export function loginHoursInWords(hours: LoginHours, locale: 'en' | 'es'): string {
  return `${daysInWords(hours.days, locale)}, ${hours.from}–${hours.to} (${hours.time_zone})`;
}

/** Every restricted role's hours in both languages, for a refusal's sentence. */
export function loginHoursParam(rules: Array<LoginHours | null>): { en: string; es: string } {
  const set = rules.filter((h): h is LoginHours => h !== null);
  return {
    en: set.map((h) => loginHoursInWords(h, 'en')).join('; '),
    es: set.map((h) => loginHoursInWords(h, 'es')).join('; '),
  };
}
