import { describe, expect, it } from 'vitest';
import { displayAmount } from './money';

describe('displayAmount (spec §9 balance display)', () => {
  it('shows two decimals with thousands separators and the symbol', () => {
    expect(displayAmount(10000, { symbol: '₱' })).toBe('₱10,000.00');
    expect(displayAmount(1234567.5)).toBe('1,234,567.50');
    expect(displayAmount(0.1 + 0.2)).toBe('0.30');
    expect(displayAmount(-42.05)).toBe('-42.05');
  });

  it('shows stars when the balance is hidden', () => {
    expect(displayAmount(10000, { symbol: '₱', hidden: true })).toBe('******');
  });
});
