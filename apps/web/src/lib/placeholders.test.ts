import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from './placeholders';

describe('fillPlaceholders (spec §3 message placeholders)', () => {
  it('fills site, currency and amount, every occurrence', () => {
    expect(
      fillPlaceholders('Welcome to {site}! {site} pays up to {currency} {amount}.', {
        site: 'Gamehall',
        currency: 'PHP',
        amount: '2,000',
      }),
    ).toBe('Welcome to Gamehall! Gamehall pays up to PHP 2,000.');
  });

  it('leaves a placeholder without a value, and other braces, as written', () => {
    expect(fillPlaceholders('Deposit {amount} in {currency}', { currency: 'PHP' })).toBe('Deposit {amount} in PHP');
    expect(fillPlaceholders('{name} and {SITE}', { site: 'Gamehall' })).toBe('{name} and {SITE}');
  });

  it('does not read replacement patterns in a value', () => {
    expect(fillPlaceholders('Welcome to {site}', { site: "$& $' Club" })).toBe("Welcome to $& $' Club");
  });
});
