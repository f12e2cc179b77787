/**
 * A claim batch's code as the predecessor made it: {prefix}-{5-digit sequence}-{year}. The prefix is
 * the first two letters of each of the first two words of the name, upper-cased; a one-word name
 * gives its last four characters.
 */
export function batchCode(name: string, sequence: number, year: number): string {
  const words = name
    .trim()
    .split(/\s+/)
    .map((w) => w.replace(/[^A-Za-z0-9]/g, ''))
    .filter(Boolean);
  const prefix =
    (words.length >= 2 ? words[0].slice(0, 2) + words[1].slice(0, 2) : (words[0] ?? 'BTCH').slice(-4)).toUpperCase() ||
    'BTCH';
  return `${prefix}-${String(sequence).padStart(5, '0')}-${year}`;
}

/** An 837 file's name from the clearing-house account's pattern: {submitter}, {control}, {date} (yyyymmdd), {batch}. */
export function fileName(
  pattern: string | null | undefined,
  parts: { submitter: string; control: number; date: Date; batch: string },
): string {
  const date = parts.date.toISOString().slice(0, 10).replace(/-/g, '');
  const name = (pattern || '{submitter}_{control}_{date}.837')
    .replace(/\{submitter\}/g, parts.submitter)
    .replace(/\{control\}/g, String(parts.control).padStart(9, '0'))
    .replace(/\{date\}/g, date)
    .replace(/\{batch\}/g, parts.batch);
  return name.replace(/[^A-Za-z0-9_.-]/g, '_');
}
