import { describe, expect, it } from 'vitest';
import { percentOfPpm, ppmOfPercent } from './provider-fee';

describe('provider fee as a percent', () => {
  it('reads a percent with up to four decimals as whole parts per million', () => {
    expect(ppmOfPercent('0')).toBe(0);
    expect(ppmOfPercent('2.5')).toBe(25_000);
    expect(ppmOfPercent(' 12.3457 ')).toBe(123_457);
    expect(ppmOfPercent('0.0001')).toBe(1);
    expect(ppmOfPercent('100')).toBe(1_000_000);
  });

  it('refuses anything else', () => {
    for (const text of ['', '-1', '100.0001', '101', '1.23456', 'abc', '1e2', '2,5'])
      expect(ppmOfPercent(text)).toBeNull();
  });

  it('shows parts per million as the percent typed', () => {
    for (const ppm of [0, 1, 25_000, 123_457, 1_000_000]) expect(ppmOfPercent(percentOfPpm(ppm))).toBe(ppm);
    expect(percentOfPpm(25_000)).toBe('2.5');
  });
});
