import { describe, expect, it } from 'vitest';
import { negotiateCoding } from './content-coding';

describe('negotiateCoding', () => {
  it('prefers br, then gzip, and respects q=0', () => {
    expect(negotiateCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateCoding('gzip')).toBe('gzip');
    expect(negotiateCoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateCoding('br;q=0, gzip;q=0')).toBeUndefined();
    expect(negotiateCoding('*;q=0')).toBeUndefined();
    expect(negotiateCoding('identity')).toBeUndefined();
    expect(negotiateCoding('deflate')).toBeUndefined();
  });

  it('takes the highest q, a tie going to br; * stands for codings not named', () => {
    expect(negotiateCoding('br;q=0.2, gzip;q=0.9')).toBe('gzip');
    expect(negotiateCoding('GZIP;Q=1, BR;Q=1')).toBe('br');
    expect(negotiateCoding('*')).toBe('br');
    expect(negotiateCoding('*, br;q=0')).toBe('gzip');
    expect(negotiateCoding('x-gzip')).toBe('gzip');
  });

  it('answers identity when there is no header, and with only the codings available', () => {
    expect(negotiateCoding(undefined)).toBeUndefined();
    expect(negotiateCoding('')).toBeUndefined();
    expect(negotiateCoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(negotiateCoding('br', ['gzip'])).toBeUndefined();
    expect(negotiateCoding(['br;q=0', 'gzip'])).toBe('gzip');
  });

  it('treats a malformed q as 0', () => {
    expect(negotiateCoding('br;q=abc, gzip')).toBe('gzip');
    expect(negotiateCoding('br;q=2, gzip')).toBe('gzip');
  });
});
