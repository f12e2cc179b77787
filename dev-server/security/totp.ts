import { createHmac } from 'node:crypto';

// Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP), as authenticator apps compute them: HMAC-SHA1 of the
// 30-second step since the epoch, truncated to 6 digits. The secret travels to the app in base32 (RFC 4648).

export const TOTP_STEP_S = 30;
export const TOTP_DIGITS = 6;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Bytes as base32 without padding, the form authenticator apps read from an otpauth:// address. */
export function base32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

/** The bytes of a base32 text (spaces, dashes, case and padding ignored, as people type a secret); null if not base32. */
export function fromBase32(text: string): Buffer | null {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of clean) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return null;
    value = (value << 5) | v;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code for one time step (HOTP of the step counter), zero-padded to `digits`. */
export function totpAt(secret: Uint8Array, step: number, digits = TOTP_DIGITS): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', secret).update(counter).digest();
  const at = mac[mac.length - 1] & 15;
  const binary = mac.readUInt32BE(at) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step a moment falls in. */
export const stepOf = (epochMs: number) => Math.floor(epochMs / 1000 / TOTP_STEP_S);

/**
 * The step a typed code belongs to, within one step either side of now (clocks drift, people type slowly), and only
 * after the last step already used: a code is good once. null when it matches none.
 */
export function matchedStep(secret: Uint8Array, code: string, epochMs: number, lastUsedStep = -1): number | null {
  const typed = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(typed)) return null;
  const now = stepOf(epochMs);
  for (const step of [now - 1, now, now + 1]) if (step > lastUsedStep && totpAt(secret, step) === typed) return step;
  return null;
}

/** Whether a typed code is one already used (at or before the last step taken) that is still within the window. */
export function wasJustUsed(secret: Uint8Array, code: string, epochMs: number, lastUsedStep: number): boolean {
  const typed = code.replace(/\s/g, '');
  const now = stepOf(epochMs);
  return [now - 1, now, now + 1].some((step) => step <= lastUsedStep && totpAt(secret, step) === typed);
}

/** The otpauth:// address an authenticator app reads from the QR code: issuer, account and secret. */
export const otpauthUri = (issuer: string, account: string, secret: Uint8Array) =>
  `otpauth://totp/${encodeURIComponent(`${issuer}:${account}`)}?secret=${base32(secret)}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_STEP_S}`;
