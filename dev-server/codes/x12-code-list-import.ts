import Papa from 'papaparse';

export interface X12CodeItem {
  id: string;
  code: string;
  name: string;
  start?: string;
  stop?: string;
  public?: boolean;
}

const DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$|^(\d{4})-(\d{2})-(\d{2})$/;
const isoDate = (v: string | undefined) => {
  const m = v ? DATE.exec(v.trim()) : null;
  if (!m) return undefined;
  return m[4] ? `${m[4]}-${m[5]}-${m[6]}` : `${m[3]}-${m[1].padStart(2, '0')}-${m[2].padStart(2, '0')}`;
};

/**
 * A CARC or RARC code list as its licensee downloads it (CSV or tab-separated, with a header row
 * naming the code, the description and, when present, start and stop dates; column order and
 * exact names vary between X12's download and clearing-house feeds, so columns are found by name).
 * A code whose stop date has passed stays (old remittances carry it) but is not offered.
 */
export function parseX12CodeList(text: string, today = new Date()): X12CodeItem[] {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
    delimitersToGuess: [',', '\t', '|', ';'],
  });
  const fields = parsed.meta.fields ?? [];
  const col = (re: RegExp) => fields.find((f) => re.test(f));
  const code =
    col(
      /^\s*(code|carc|rarc|reason code|remark code|ms-drg|drg|revenue code|condition code|occurrence code|value code)\s*$/i,
    ) ?? col(/code/i);
  const desc = col(/desc|text|meaning|name|title/i);
  const start = col(/start|effective|begin/i);
  const stop = col(/stop|deactiv|end|expir/i);
  if (!code || !desc)
    throw new Error(`The file needs a code column and a description column; its columns are: ${fields.join(', ')}`);
  const now = today.toISOString().slice(0, 10);
  return parsed.data
    .filter((r) => (r[code] ?? '').trim())
    .map((r) => {
      const item: X12CodeItem = {
        id: r[code].trim(),
        code: r[code].trim(),
        name: (r[desc] ?? '').replace(/\s+/g, ' ').trim(),
      };
      const s = isoDate(start && r[start]);
      const e = isoDate(stop && r[stop]);
      if (s) item.start = s;
      if (e) {
        item.stop = e;
        if (e < now) item.public = false;
      }
      return item;
    });
}
