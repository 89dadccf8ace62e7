import { describe, expect, it } from 'vitest';
import { firstCloseRefetchMs, openDrawRefetchMs } from './api';
import { dateRangeOf, laneHasLobby, matchesName, slotSubCategories } from './game-filters';
import { lotteryMenuInput, secondsUntil } from './lottery-page';

describe('slot sub-categories (spec §3)', () => {
  it('adds bingo only when TY is supported', () => {
    expect(slotSubCategories(['EN'])).toEqual(['SC', 'VP', 'JP', 'TG', 'AC']);
    expect(slotSubCategories(['EN', 'TY'])).toEqual(['SC', 'VP', 'JP', 'TG', 'AC', 'BG']);
    expect(slotSubCategories(['en', 'ty'])).toContain('BG');
  });
});

describe('name search for local lists', () => {
  it('ignores case and accents and matches inside names', () => {
    expect(matchesName('Fortune Café Deluxe', 'cafe')).toBe(true);
    expect(matchesName('Fortune Café Deluxe', 'FORTUNE')).toBe(true);
    expect(matchesName('Fortune Café Deluxe', 'tune ca')).toBe(true);
    expect(matchesName('Fortune Café Deluxe', 'dragon')).toBe(false);
    expect(matchesName('Anything', '  ')).toBe(true);
  });

  it('folds as the server does: Latin accents only, other scripts keep their marks', () => {
    expect(matchesName('Kho Báu  Đại Dương', 'dai duong')).toBe(true);
    expect(matchesName('보물 사냥꾼', '보물')).toBe(true);
    expect(matchesName('สมบัติแห่งทะเล', 'แห่ง')).toBe(true);
    expect(matchesName('สมบัติแห่งทะเล', 'แหง')).toBe(false);
    expect(matchesName('Йошкин Кот', 'ЙОШКИН')).toBe(true);
    expect(matchesName('Йошкин Кот', 'иошкин')).toBe(false);
  });
});

describe('date ranges (spec §9 shortcuts)', () => {
  it('passes shortcuts through and checks custom ranges', () => {
    expect(dateRangeOf({ shortcut: 'past7', startDate: '', endDate: '' })).toEqual({
      ok: true,
      value: { range: 'past7' },
    });
    expect(dateRangeOf({ shortcut: 'past30', startDate: 'x', endDate: '' })).toEqual({
      ok: true,
      value: { range: 'past30' },
    });
    expect(dateRangeOf({ shortcut: 'custom', startDate: '2026-11-01', endDate: '' })).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(dateRangeOf({ shortcut: 'custom', startDate: '2026-11-10', endDate: '2026-11-01' })).toEqual({
      ok: false,
      reason: 'order',
    });
    expect(dateRangeOf({ shortcut: 'custom', startDate: '2026-11-01', endDate: '2026-11-01' })).toEqual({
      ok: true,
      value: { startDate: '2026-11-01', endDate: '2026-11-01' },
    });
  });
});

describe('lottery pages', () => {
  it('asks each route for its menu', () => {
    expect(lotteryMenuInput('lottery')).toEqual({});
    expect(lotteryMenuInput('seaLottery')).toEqual({ prizeMode: 'SEA' });
    expect(lotteryMenuInput('vnLottery')).toEqual({ vassalage: 'TCG_LOTTO_VN' });
  });
  it('counts down whole seconds and never below zero', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(secondsUntil('2026-11-22T12:01:30.900Z', now)).toBe(90);
    expect(secondsUntil('2026-11-22T11:59:00Z', now)).toBe(0);
  });
  it('asks for the open draw again just after it closes, else every 15 s', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(openDrawRefetchMs('2026-11-22T12:00:04Z', now)).toBe(4_500);
    expect(openDrawRefetchMs('2026-11-22T12:01:00Z', now)).toBe(15_000);
    expect(openDrawRefetchMs('2026-11-22T12:00:00.200Z', now)).toBe(1_000);
    // Already closed (the next answer has the next draw), or nothing read yet: the steady pace.
    expect(openDrawRefetchMs('2026-11-22T11:59:58Z', now)).toBe(15_000);
    expect(openDrawRefetchMs(undefined, now)).toBe(15_000);
  });
  it('asks for the menu again once the first open draw in it has closed', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(firstCloseRefetchMs(['2026-11-22T12:03:00Z', '2026-11-22T12:01:30Z'], now)).toBe(90_500);
    expect(firstCloseRefetchMs(['2026-11-22T11:59:00Z', '2026-11-22T12:00:10Z'], now)).toBe(10_500);
    expect(firstCloseRefetchMs([], now)).toBe(false);
  });
});

describe('vendor lobby lookup (GCSGAME_gameVendor lanes)', () => {
  const card = (vassalage: string, isGame: string | null = 'VASSALAGE') => ({ vassalage, isGame });
  // With TY the server merges the LOTT vendors into the ELOTT lane.
  const lanes = [
    { gameCategory: 'RNG', vendors: [card('PT', null)] },
    { gameCategory: 'ELOTT', vendors: [card('ELOTT'), card('TCG_SEA'), card('LOTT')] },
  ];

  it('finds a lobby vendor in the lane of the page category, and only there', () => {
    expect(laneHasLobby(lanes, 'ELOTT', 'TCG_SEA')).toBe(true);
    expect(laneHasLobby(lanes, 'LOTT', 'TCG_SEA')).toBe(false);
    expect(laneHasLobby(lanes, 'RNG', 'PT')).toBe(false);
  });
});
