import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMoneyAmount, MAX_MONEY_MINOR, parseMoneyText, toMajor } from './money';

describe('isMoneyAmount', () => {
  it('accepts every whole number of minor units up to the maximum, as JSON parses it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_MONEY_MINOR, max: MAX_MONEY_MINOR }), (minor) => {
        expect(isMoneyAmount(toMajor(minor))).toBe(true);
        const text = `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
        expect(isMoneyAmount(JSON.parse(text))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses what is not exactly two decimals or is beyond the maximum', () => {
    for (const v of [
      1e-20,
      -1e-20,
      0.001,
      1.005,
      0.1 + 0.2,
      1e300,
      2 ** 53,
      1e14,
      MAX_MONEY_MINOR / 100 + 0.01,
      Number.NaN,
      Infinity,
      -Infinity,
    ])
      expect(isMoneyAmount(v)).toBe(false);
  });
});

describe('parseMoneyText', () => {
  it('reads plain amounts, with or without thousands separators and up to two decimals', () => {
    expect(parseMoneyText('1000')).toBe(1000);
    expect(parseMoneyText(' 1,000.5 ')).toBe(1000.5);
    expect(parseMoneyText('0.01')).toBe(0.01);
    expect(parseMoneyText('12345678.90')).toBe(12345678.9);
  });

  it('refuses exponent notation and everything that is not a plain amount', () => {
    for (const text of [
      '1e3',
      '1E3',
      '1e-2',
      '-5',
      '+5',
      '0x10',
      'Infinity',
      'NaN',
      '',
      '1.234',
      '1,00',
      '1 000',
      '.5',
    ])
      expect(parseMoneyText(text), text).toBeUndefined();
    expect(parseMoneyText('99999999999999999')).toBeUndefined();
  });
});
