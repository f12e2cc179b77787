import { describe, expect, it } from 'vitest';
import { base32, fromBase32, matchedStep, otpauthUri, stepOf, totpAt } from '../../dev-server/security/totp.ts';

// RFC 6238 appendix B: the SHA-1 secret is the ASCII of "12345678901234567890"; 8-digit codes at fixed times.
const RFC_SECRET = Buffer.from('12345678901234567890', 'ascii');

describe('time-based one-time codes (RFC 6238)', () => {
  it("gives the RFC's own codes at its fixed times", () => {
    const at = (seconds: number) => totpAt(RFC_SECRET, stepOf(seconds * 1000), 8);
    expect([59, 1111111109, 1111111111, 1234567890, 2000000000, 20000000000].map(at)).toEqual([
      '94287082',
      '07081804',
      '14050471',
      '89005924',
      '69279037',
      '65353130',
    ]);
  });

  it('takes a code of the step before or after now, not two steps away', () => {
    const now = 1_700_000_000_000;
    const step = stepOf(now);
    expect(matchedStep(RFC_SECRET, totpAt(RFC_SECRET, step - 1), now)).toBe(step - 1);
    expect(matchedStep(RFC_SECRET, totpAt(RFC_SECRET, step + 1), now)).toBe(step + 1);
    expect(matchedStep(RFC_SECRET, totpAt(RFC_SECRET, step - 2), now)).toBeNull();
  });

  it('takes a code once: not again once its step was used', () => {
    const now = 1_700_000_000_000;
    const code = totpAt(RFC_SECRET, stepOf(now));
    expect(matchedStep(RFC_SECRET, code, now, stepOf(now))).toBeNull();
  });

  it("reads a secret back from base32 as people type it, and writes the authenticator's address", () => {
    const text = base32(RFC_SECRET);
    expect(text).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(fromBase32(text.toLowerCase().replace(/(.{4})/g, '$1 '))).toEqual(RFC_SECRET);
    expect(fromBase32('not base32!')).toBeNull();
    expect(otpauthUri('Revenue Cycle', 'ana@clinic.test', RFC_SECRET)).toBe(
      'otpauth://totp/Revenue%20Cycle%3Aana%40clinic.test?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Revenue%20Cycle&algorithm=SHA1&digits=6&period=30',
    );
  });
});
