// IP addresses as numbers, so that "is this address inside that range" is one comparison for v4 and v6 alike.

export interface ParsedIp {
  family: 4 | 6;
  value: bigint;
}

function parseV4(s: string): bigint | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  let v = 0n;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255 || (p.length > 1 && p.startsWith('0'))) return null;
    v = (v << 8n) | BigInt(p);
  }
  return v;
}

function parseV6(s: string): bigint | null {
  let text = s.toLowerCase();
  // An embedded IPv4 tail (::ffff:203.0.113.5) is two groups.
  const tail = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const v4 = parseV4(tail[2]);
    if (v4 === null) return null;
    text = `${tail[1]}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  let v = 0n;
  for (const g of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(g)) return null;
    v = (v << 16n) | BigInt(parseInt(g, 16));
  }
  return v;
}

export function parseIp(text: string): ParsedIp | null {
  const s = text.trim();
  const v4 = parseV4(s);
  if (v4 !== null) return { family: 4, value: v4 };
  const v6 = s.includes(':') ? parseV6(s) : null;
  if (v6 === null) return null;
  // An IPv4-mapped IPv6 address (how Node reports IPv4 clients on a dual-stack socket) is that IPv4 address.
  if (v6 >> 32n === 0xffffn) return { family: 4, value: v6 & 0xffffffffn };
  return { family: 6, value: v6 };
}

export const isIp = (text: string) => parseIp(text) !== null;

/** True when address lies in [from, to] (to absent: exactly from). Different families never match. */
export function ipInRange(address: string, from: string, to?: string | null): boolean {
  const a = parseIp(address);
  const lo = parseIp(from);
  const hi = to ? parseIp(to) : lo;
  if (!a || !lo || !hi || a.family !== lo.family || lo.family !== hi.family) return false;
  return a.value >= lo.value && a.value <= hi.value;
}

/** Both ends of a range in one family, the first not after the last. */
export function isIpRange(from: string, to: string): boolean {
  const lo = parseIp(from);
  const hi = parseIp(to);
  return !!lo && !!hi && lo.family === hi.family && lo.value <= hi.value;
}
