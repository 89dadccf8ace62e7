import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ODDS_FORMATS, type OddsFormat } from '../api';
import { formatOdds, toFormat } from './odds';

/** The decimal odds a shown figure stands for. */
function impliedDecimal(shown: string, format: OddsFormat): number {
  const v = Number(shown);
  if (format === 'decimal') return v;
  return v < 0 ? 1 + 1 / -v : 1 + v;
}

describe('odds formats', () => {
  it('shows the region’s formats as its markets do', () => {
    const table: [number, string, string, string, string][] = [
      [1010, '1.01', '0.01', '0.01', '-100.00'],
      [1500, '1.50', '0.50', '0.50', '-2.00'],
      [1950, '1.95', '0.95', '0.95', '-1.06'],
      [2000, '2.00', '1.00', '1.00', '1.00'],
      [2100, '2.10', '1.10', '-0.910', '1.10'],
      [2110, '2.11', '1.11', '-0.901', '1.11'],
      [2500, '2.50', '1.50', '-0.667', '1.50'],
      [3000, '3.00', '2.00', '-0.500', '2.00'],
      [10000, '10.00', '9.00', '-0.112', '9.00'],
    ];
    for (const [odds, decimal, hongkong, malay, indonesian] of table) {
      expect([odds, ...ODDS_FORMATS.map((f) => formatOdds(odds, f))]).toEqual([
        odds,
        decimal,
        hongkong,
        malay,
        indonesian,
      ]);
    }
  });

  it('shows combined odds in thousandths by their hundredths, rounded down', () => {
    expect(formatOdds(6859, 'decimal')).toBe('6.85');
    expect(formatOdds(6859, 'hongkong')).toBe('5.85');
  });

  it('gives the exact values for sorting', () => {
    expect(toFormat(2500, 'malay')).toBeCloseTo(-2 / 3, 12);
    expect(toFormat(1800, 'indonesian')).toBeCloseTo(-1.25, 12);
    expect(toFormat(1800, 'hongkong')).toBeCloseTo(0.8, 12);
  });

  it('never shows a price better than the decimal odds pay, and shows hundredth prices apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 101, max: 99_999 }), fc.constantFrom(...ODDS_FORMATS), (hundredths, format) => {
        const odds = hundredths * 10;
        const shown = formatOdds(odds, format);
        expect(impliedDecimal(shown, format)).toBeLessThanOrEqual(odds / 1000 + 1e-12);
        // One hundredth less shows differently where the format can tell (Malay below zero past 4.16 cannot at three decimals).
        if (hundredths > 101 && !(format === 'malay' && odds > 4160)) {
          expect(formatOdds(odds - 10, format)).not.toBe(shown);
        }
      }),
    );
  });
});
