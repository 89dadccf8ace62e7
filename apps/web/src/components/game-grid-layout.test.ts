import { describe, expect, it } from 'vitest';
import {
  createThrottle,
  gridColumns,
  gridRowCount,
  gridRowHeight,
  MAX_COLUMNS,
  shouldLoadMore,
  toggledFavourites,
} from './game-grid-layout';

describe('gridColumns', () => {
  it('gives two columns on a 360 px phone and eight at 1920 px', () => {
    expect(gridColumns(360 - 32)).toBe(2);
    expect(gridColumns(1920 - 64)).toBe(MAX_COLUMNS);
  });
  it('grows with the width and never drops below two', () => {
    let previous = 0;
    for (let w = 200; w <= 2400; w += 37) {
      const c = gridColumns(w);
      expect(c).toBeGreaterThanOrEqual(previous);
      expect(c).toBeGreaterThanOrEqual(2);
      expect(c).toBeLessThanOrEqual(MAX_COLUMNS);
      previous = c;
    }
    expect(gridColumns(0)).toBe(2);
    expect(gridColumns(Number.NaN)).toBe(2);
  });
  it('fits the columns it picks: each tile at least 150 px wide', () => {
    for (const w of [328, 500, 768, 1024, 1216, 1856]) {
      const c = gridColumns(w);
      expect((w - 12 * (c - 1)) / c).toBeGreaterThanOrEqual(150);
    }
  });
});

describe('rows', () => {
  it('row height is the square tile plus caption and gap', () => {
    expect(gridRowHeight(1012, 6)).toBe(Math.round((1012 - 60) / 6 + 44 + 12));
  });
  it('counts partial rows', () => {
    expect(gridRowCount(0, 4)).toBe(0);
    expect(gridRowCount(1, 4)).toBe(1);
    expect(gridRowCount(8, 4)).toBe(2);
    expect(gridRowCount(9, 4)).toBe(3);
  });
  it('loads the next page near the end only when more exists and nothing is loading', () => {
    expect(shouldLoadMore({ lastVisibleRow: 6, loadedRows: 10, hasMore: true, loading: false })).toBe(true);
    expect(shouldLoadMore({ lastVisibleRow: 2, loadedRows: 10, hasMore: true, loading: false })).toBe(false);
    expect(shouldLoadMore({ lastVisibleRow: 9, loadedRows: 10, hasMore: false, loading: false })).toBe(false);
    expect(shouldLoadMore({ lastVisibleRow: 9, loadedRows: 10, hasMore: true, loading: true })).toBe(false);
  });
});

describe('favourite toggle', () => {
  it('runs once per 1000 ms', () => {
    let clock = 0;
    const calls: number[] = [];
    const toggle = createThrottle(1000, () => clock)((id: number) => calls.push(id));
    expect(toggle(1)).toBe(true);
    clock = 500;
    expect(toggle(2)).toBe(false);
    clock = 999;
    expect(toggle(3)).toBe(false);
    clock = 1000;
    expect(toggle(4)).toBe(true);
    expect(calls).toEqual([1, 4]);
  });
  it('adds when absent, removes when present, never duplicates', () => {
    expect(toggledFavourites([1, 2], 3)).toEqual([1, 2, 3]);
    expect(toggledFavourites([1, 2, 3], 2)).toEqual([1, 3]);
    expect(toggledFavourites([], 5)).toEqual([5]);
  });
});
