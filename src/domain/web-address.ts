import { isWebsite } from './formats.ts';

/** A web address as a browser opens it: what people type ("availity.com") gets https://; anything but http(s) is no address. */
export function webAddress(typed: string): string | null {
  const v = typed.trim();
  if (!v || !isWebsite(v)) return null;
  return /^https?:\/\//i.test(v) ? v : `https://${v}`;
}
