import { describe, expect, it } from 'vitest';
import { balanceShown } from './balance-shown';

describe('the balance a game page shows', () => {
  const page = () => {
    const el = { textContent: '10.00' } as HTMLElement;
    return { el, shown: balanceShown(el, (minor) => (minor / 100).toFixed(2)) };
  };

  it('keeps the balance of a bet when a poll that left before it is answered after it', () => {
    const { el, shown } = page();
    const poll = shown.ticket();
    const bet = shown.ticket();
    shown.show(bet, 900);
    shown.show(poll, 1000);
    expect(el.textContent).toBe('9.00');
  });

  it('shows each answer in the order the requests left, and skips an answer without a balance', () => {
    const { el, shown } = page();
    const first = shown.ticket();
    shown.show(first, 800);
    const second = shown.ticket();
    shown.show(second, null);
    expect(el.textContent).toBe('8.00');
    const third = shown.ticket();
    shown.show(third, 1200);
    expect(el.textContent).toBe('12.00');
  });
});
