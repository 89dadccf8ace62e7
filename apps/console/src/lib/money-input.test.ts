import { MAX_MONEY_MINOR } from '@gamehall/shared/money';
import { describe, expect, it } from 'vitest';
import { minorFromText, textFromMinor } from './money-input';

describe('amounts typed in money', () => {
  it('reads the digits exactly, where a float would lose a cent', () => {
    // 0.29 * 100 is 28.999999999999996 and 1.13 * 100 is 112.99999999999999 in a double.
    expect(minorFromText('0.29')).toBe(29);
    expect(minorFromText('1.13')).toBe(113);
    expect(minorFromText('4.35')).toBe(435);
    expect(minorFromText('2,500.5')).toBe(250_050);
    expect(minorFromText(' 1000 ')).toBe(100_000);
    expect(minorFromText('0')).toBe(0);
    expect(minorFromText('0.07')).toBe(7);
    expect(minorFromText('10000000000000')).toBe(MAX_MONEY_MINOR);
  });

  it('refuses what is not a plain amount the system can hold', () => {
    for (const bad of [
      '',
      '1.005',
      '-5',
      '+5',
      '1e3',
      'ten',
      '1,00',
      '12,34.5',
      '1.',
      '.5',
      '0x10',
      '10000000000000.01',
      'Infinity',
    ])
      expect(minorFromText(bad), bad).toBeUndefined();
  });

  it('shows minor units as the amount with its two decimals, and nothing for no amount', () => {
    expect(textFromMinor(100_000)).toBe('1000.00');
    expect(textFromMinor(250_050)).toBe('2500.50');
    expect(textFromMinor(7)).toBe('0.07');
    expect(textFromMinor(0)).toBe('0.00');
    expect(textFromMinor(-1_50)).toBe('-1.50');
    expect(textFromMinor(null)).toBe('');
    expect(textFromMinor(1.5)).toBe('');
  });

  it('gives back the same minor units after a round trip', () => {
    for (const minor of [0, 1, 29, 113, 99_999, 1_000_000, 123_456_789_012, MAX_MONEY_MINOR])
      expect(minorFromText(textFromMinor(minor))).toBe(minor);
  });
});
