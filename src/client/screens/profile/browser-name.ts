/** A browser as a person recognises it ("Chrome on Windows") from its User-Agent; the raw text when it names none. */
export function browserName(userAgent: string | null | undefined): string {
  const ua = userAgent ?? '';
  // Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari".
  const browser =
    [
      ['Edg/', 'Edge'],
      ['OPR/', 'Opera'],
      ['Firefox/', 'Firefox'],
      ['Chrome/', 'Chrome'],
      ['Safari/', 'Safari'],
    ].find(([mark]) => ua.includes(mark))?.[1] ?? null;
  const system =
    [
      ['Windows', 'Windows'],
      ['iPhone', 'iPhone'],
      ['iPad', 'iPad'],
      ['Android', 'Android'],
      ['Mac OS X', 'macOS'],
      ['CrOS', 'ChromeOS'],
      ['Linux', 'Linux'],
    ].find(([mark]) => ua.includes(mark))?.[1] ?? null;
  if (browser && system) return `${browser} · ${system}`;
  return browser ?? system ?? (ua.slice(0, 60) || '—');
}
