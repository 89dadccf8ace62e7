import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOLD_MAX_MS, holdBalance, showBalance, watchGameWindow } from './balance-hold';

afterEach(() => {
  holdBalance(false);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('balance hold', () => {
  it('shows a balance at once when no round is being shown', () => {
    const shown: number[] = [];
    showBalance(() => shown.push(1));
    expect(shown).toEqual([1]);
  });

  it('keeps the latest balance while a round is shown, and shows it when the round ends', () => {
    const shown: number[] = [];
    holdBalance(true);
    showBalance(() => shown.push(1));
    showBalance(() => shown.push(2));
    expect(shown).toEqual([]);
    holdBalance(false);
    expect(shown).toEqual([2]);
    holdBalance(false);
    expect(shown).toEqual([2]);
  });

  it('keeps the latest cash and the latest bonus figure apart, and shows both when the round ends', () => {
    const shown: string[] = [];
    holdBalance(true);
    showBalance(() => shown.push('cash 1'));
    showBalance(() => shown.push('bonus 1'), 'bonus');
    showBalance(() => shown.push('bonus 2'), 'bonus');
    expect(shown).toEqual([]);
    holdBalance(false);
    expect(shown).toEqual(['cash 1', 'bonus 2']);
  });

  it('lets go after HOLD_MAX_MS when the game page never says the round ended', () => {
    vi.useFakeTimers();
    const shown: number[] = [];
    holdBalance(true);
    showBalance(() => shown.push(1));
    vi.advanceTimersByTime(HOLD_MAX_MS - 1);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([1]);
  });

  it('hears the game windows it watches and no other window', () => {
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    const game = { closed: false } as unknown as Window;
    const stranger = { closed: false } as unknown as Window;
    const signal = (source: Window, presenting: boolean) =>
      page.dispatchEvent(Object.assign(new Event('message'), { data: { type: 'gamehall:round', presenting }, source }));
    const stop = watchGameWindow(game);
    const shown: number[] = [];

    signal(stranger, true);
    showBalance(() => shown.push(1));
    expect(shown).toEqual([1]);

    signal(game, true);
    showBalance(() => shown.push(2));
    expect(shown).toEqual([1]);
    signal(game, false);
    expect(shown).toEqual([1, 2]);

    // Leaving the game page shows what it held.
    signal(game, true);
    showBalance(() => shown.push(3));
    stop();
    expect(shown).toEqual([1, 2, 3]);
    signal(game, true);
    showBalance(() => shown.push(4));
    expect(shown).toEqual([1, 2, 3, 4]);
  });
});
