import { Secret, TOTP, URI } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, totpAt } from './totp';

// RFC 6238 Appendix B (SHA-1 rows, 8 digits, T0 = 0, X = 30) with the RFC's 20-byte ASCII key.
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const RFC6238_SHA1: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];
// RFC 4226 Appendix D: HOTP values of counters 0..9 with the same key, 6 digits.
const RFC4226 = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];

describe('totp', () => {
  it('matches the RFC 6238 SHA-1 test vectors', () => {
    for (const [seconds, expected] of RFC6238_SHA1) {
      expect(hotp(RFC_KEY, Math.floor(seconds / 30), 8)).toBe(expected);
    }
  });

  it('matches the RFC 4226 HOTP test vectors', () => {
    RFC4226.forEach((expected, counter) => {
      expect(hotp(RFC_KEY, counter)).toBe(expected);
    });
  });

  it('round-trips base32 and agrees with an independent implementation (otpauth)', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(base32Encode(RFC_KEY)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const other = new TOTP({ secret: Secret.fromBase32(secret) });
    for (const t of [0, 1_700_000_000_000, 1_700_000_029_999, 1_700_000_030_000]) {
      expect(totpAt(secret, t)).toBe(other.generate({ timestamp: t }));
    }
  });

  it('accepts one step either side and reports the step that matched', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_015_000;
    const step = Math.floor(now / 30_000);
    expect(matchTotp(secret, totpAt(secret, now), now)).toBe(step);
    expect(matchTotp(secret, totpAt(secret, now - 30_000), now)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(secret, now + 30_000), now)).toBe(step + 1);
    expect(matchTotp(secret, totpAt(secret, now - 60_000), now)).toBeNull();
    expect(matchTotp(secret, totpAt(secret, now + 60_000), now)).toBeNull();
    expect(matchTotp(secret, '12345', now)).toBeNull();
    expect(matchTotp(secret, 'abcdef', now)).toBeNull();
  });

  it('builds the otpauth URI authenticator apps read', () => {
    const uri = otpauthUri({ issuer: 'Demo Hall', account: 'demo01', secret: 'JBSWY3DPEHPK3PXP' });
    expect(uri).toBe(
      'otpauth://totp/Demo%20Hall:demo01?secret=JBSWY3DPEHPK3PXP&issuer=Demo%20Hall&algorithm=SHA1&digits=6&period=30',
    );
    const parsed = URI.parse(uri);
    expect(parsed).toBeInstanceOf(TOTP);
    expect(parsed.issuer).toBe('Demo Hall');
    expect(parsed.label).toBe('demo01');
    expect(parsed.secret.base32).toBe('JBSWY3DPEHPK3PXP');
  });
});
