import { lookup } from 'node:dns/promises';
import { parseIp, type ParsedIp } from '../../src/domain/ip-address.ts';

/**
 * The one rule for every connection the product opens to another machine (a clearing house's real-time service, its
 * SFTP server, the mail server): a tenant types the address, so without this rule a billing manager could aim the
 * server at its own network (the database, the API's own port, a cloud's metadata address) and read what answers.
 *
 * A name is resolved once, here; every address it resolves to must be a public unicast address (or one the
 * installation allows in OUTBOUND_ALLOW); the connection is then opened to the address that was checked, never to the
 * name again, so a DNS answer that changes between the check and the connection (rebinding) changes nothing.
 */

/** Why an address was refused: for the server log only, never for the person (they get their caller's one sentence). */
export class OutboundRefused extends Error {}

/** A checked destination: the name as typed (for TLS and for people) and the address to connect to. */
export interface OutboundTarget {
  host: string;
  port: number;
  address: string;
  family: 4 | 6;
}

interface AllowEntry {
  /** a host name, compared without case */
  name?: string;
  /** an address range (one address: a prefix of the family's full length) */
  range?: { family: 4 | 6; base: bigint; bits: number };
  port?: number;
}

/** A literal address of the tables below as its number. */
const ipValue = (text: string) => parseIp(text)!.value;

/** A host name as compared: no case, no trailing dot. */
const normalHost = (host: string) => host.toLowerCase().replace(/\.$/, '');

/** The port a web address reaches: its own, else its scheme's. */
const portOf = (url: URL) => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

/**
 * The IPv4 ranges that are not the public internet (RFC 6890 and its successors): "this network", private, shared
 * (carrier NAT), loopback, link-local (cloud metadata at 169.254.169.254), IETF protocol assignments, documentation,
 * 6to4 relay, benchmarking, multicast, reserved and broadcast.
 */
const NOT_PUBLIC_V4: [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

/**
 * IPv6 outside global unicast (2000::/3) is refused outright; inside it, these are not the public internet either:
 * IETF assignments (Teredo among them), documentation, 6to4 (an IPv4 address of any kind wrapped in IPv6) and
 * NAT64's well-known prefix below (64:ff9b::/96 lies outside 2000::/3, so it is refused by that rule already).
 */
const NOT_PUBLIC_V6: [string, number][] = [
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['3fff::', 20],
];

const inPrefix = (value: bigint, base: bigint, bits: number, width: number) =>
  bits === 0 || value >> BigInt(width - bits) === base >> BigInt(width - bits);

/** Whether an address is a public unicast address of the internet (neither this machine, nor a private network, nor special). */
export function isPublicAddress(ip: ParsedIp): boolean {
  if (ip.family === 4) return !NOT_PUBLIC_V4.some(([base, bits]) => inPrefix(ip.value, ipValue(base), bits, 32));
  if (!inPrefix(ip.value, ipValue('2000::'), 3, 128)) return false;
  return !NOT_PUBLIC_V6.some(([base, bits]) => inPrefix(ip.value, ipValue(base), bits, 128));
}

/** One OUTBOUND_ALLOW entry: a host name, an address or a range (CIDR), each optionally with a port. */
function allowEntry(text: string): AllowEntry | null {
  let s = text.trim();
  if (!s) return null;
  let port: number | undefined;
  // [v6]:port, v4:port or name:port; a bare IPv6 address (several colons) has no port.
  const bracketed = /^\[([^\]]+)\](?::(\d+))?(\/\d+)?$/.exec(s);
  if (bracketed) {
    s = bracketed[1] + (bracketed[3] ?? '');
    port = bracketed[2] ? Number(bracketed[2]) : undefined;
  } else if ((s.match(/:/g) ?? []).length === 1) {
    const [h, p] = s.split(':');
    if (!/^\d+$/.test(p)) return null;
    s = h;
    port = Number(p);
  }
  const [addr, prefix] = s.split('/');
  const ip = parseIp(addr);
  if (ip) {
    const width = ip.family === 4 ? 32 : 128;
    const bits = prefix === undefined ? width : Number(prefix);
    if (!Number.isInteger(bits) || bits < 0 || bits > width) return null;
    return { range: { family: ip.family, base: ip.value, bits }, port };
  }
  if (prefix !== undefined || !/^[a-z0-9.-]+$/i.test(addr)) return null;
  return { name: normalHost(addr), port };
}

/** The installation's rules: OUTBOUND_ALLOW (comma-separated entries) and whether this is production (https only). */
export function outboundRules(env: NodeJS.ProcessEnv = process.env) {
  const entries = (env.OUTBOUND_ALLOW ?? '').split(',');
  const allow = entries.map(allowEntry).filter((e): e is AllowEntry => e !== null);
  const bad = entries.map((e) => e.trim()).filter((e) => e && !allowEntry(e));
  // A production installation says so (NODE_ENV=production, or X12_USAGE=P: it sends production claims).
  const production = env.NODE_ENV === 'production' || env.X12_USAGE?.trim().toUpperCase() === 'P';
  return { allow, bad, production };
}

function allowed(allow: AllowEntry[], host: string, ip: ParsedIp, port: number): boolean {
  const name = normalHost(host);
  return allow.some(
    (e) =>
      (e.port === undefined || e.port === port) &&
      (e.name !== undefined
        ? e.name === name
        : e.range!.family === ip.family &&
          inPrefix(ip.value, e.range!.base, e.range!.bits, ip.family === 4 ? 32 : 128)),
  );
}

/** A host as URLs write it ("[::1]") as an address or a name ("::1"). */
const bare = (host: string) => host.replace(/^\[(.*)\]$/, '$1');

/**
 * The address a connection to host:port may be opened to, checked: resolved once, every address it resolves to public
 * or allowed. Refused (OutboundRefused, its reason for the log) otherwise, or when the name does not resolve.
 */
export async function checkedTarget(
  host: string,
  port: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<OutboundTarget> {
  const { allow } = outboundRules(env);
  const name = bare(host);
  if (!name) throw new OutboundRefused('no host');
  let found: { address: string; family: number }[];
  try {
    found = await lookup(name, { all: true, verbatim: true });
  } catch (e) {
    throw new OutboundRefused(`${name} does not resolve (${(e as { code?: string }).code ?? 'error'})`);
  }
  if (!found.length) throw new OutboundRefused(`${name} does not resolve`);
  for (const f of found) {
    const ip = parseIp(f.address);
    if (!ip) throw new OutboundRefused(`${name} resolves to ${f.address}, not an address`);
    if (!isPublicAddress(ip) && !allowed(allow, name, ip, port))
      throw new OutboundRefused(
        `${name} resolves to ${f.address}, not a public address, and OUTBOUND_ALLOW does not name it`,
      );
  }
  const first = found[0];
  return { host: name, port, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * A web address the product will POST to, checked: http(s) only, https only in production, no user and password in
 * it; then its host as checkedTarget checks it.
 */
export async function checkedUrl(
  text: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ url: URL; target: OutboundTarget }> {
  const url = urlProblem(text, env);
  if (typeof url === 'string') throw new OutboundRefused(url);
  return { url, target: await checkedTarget(url.hostname, portOf(url), env) };
}

/**
 * What is wrong with a web address before any name is looked up (for the form that keeps it, and for checkedUrl): a
 * scheme other than http(s), http in production, credentials in the address, or a literal address (however written:
 * the URL parser turns 2130706433, 0x7f.1 and 127.1 into 127.0.0.1) that is neither public nor allowed.
 */
export function urlProblem(text: string, env: NodeJS.ProcessEnv = process.env): URL | string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'not a web address';
  }
  const { production } = outboundRules(env);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `scheme ${url.protocol} is not http(s)`;
  if (production && url.protocol !== 'https:') return 'http in production';
  if (url.username || url.password) return 'credentials in the address';
  return hostProblem(url.hostname, portOf(url), env) ?? url;
}

/**
 * What is wrong with a host before it is looked up: a literal address that is neither public nor allowed, or a name of
 * this machine (localhost and its subdomains). A name is checked again, resolved, when a connection is opened.
 */
export function hostProblem(typed: string, port: number, env: NodeJS.ProcessEnv = process.env): string | null {
  const { allow } = outboundRules(env);
  const host = normalHost(bare(typed.trim()));
  const ip = parseIp(host) ?? parseIp(legacyIpv4(host) ?? '');
  if (ip && !isPublicAddress(ip) && !allowed(allow, host, ip, port)) return `${host} is not a public address`;
  if (!ip && /(^|\.)localhost$/.test(host) && !allow.some((e) => e.name === host)) return `${host} names this machine`;
  return null;
}

/**
 * The IPv4 forms the WHATWG URL parser (and inet_aton) read beyond a.b.c.d — one number (2130706433), hexadecimal or
 * octal parts (0x7f.1), fewer than four parts (127.1) — written as a.b.c.d; null when the text is none of them.
 */
function legacyIpv4(host: string): string | null {
  if (!/^[0-9a-fx.]+$/i.test(host) || !/\d/.test(host)) return null;
  try {
    const parsed = new URL(`http://${host}/`).hostname;
    return parseIp(parsed)?.family === 4 ? parsed : null;
  } catch {
    return null;
  }
}
