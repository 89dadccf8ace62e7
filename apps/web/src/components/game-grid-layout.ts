// Pure arithmetic behind the game grid and the favourite toggle, kept apart from React so it is
// unit-tested (components/game-grid-layout.test.ts).

/** Narrowest tile the grid lays out; 360 px phones get two columns, 1920 px desktops eight. */
export const MIN_TILE_WIDTH = 150;
export const MAX_COLUMNS = 8;
export const GRID_GAP = 12;
/** Title line and padding under the square artwork. */
export const TILE_CAPTION_HEIGHT = 44;

/** ui-guide "Layout": the column count follows the grid's own width (not the window's). */
export function gridColumns(width: number): number {
  if (!Number.isFinite(width) || width <= 0) return 2;
  const fit = Math.floor((width + GRID_GAP) / (MIN_TILE_WIDTH + GRID_GAP));
  return Math.min(MAX_COLUMNS, Math.max(2, fit));
}

/** Height of one grid row: square art as wide as a column, the caption, and the row gap. */
export function gridRowHeight(width: number, columns: number): number {
  const tile = (width - GRID_GAP * (columns - 1)) / columns;
  return Math.round(tile + TILE_CAPTION_HEIGHT + GRID_GAP);
}

/** Rows needed for `count` items. */
export function gridRowCount(count: number, columns: number): number {
  return Math.ceil(count / Math.max(1, columns));
}

/**
 * Infinite paging: fetch the next page once the last rendered row is within `threshold` rows of
 * the loaded end, and only when there is more and nothing is in flight.
 */
export function shouldLoadMore(input: {
  lastVisibleRow: number;
  loadedRows: number;
  hasMore: boolean;
  loading: boolean;
  threshold?: number;
}): boolean {
  const { lastVisibleRow, loadedRows, hasMore, loading, threshold = 4 } = input;
  return hasMore && !loading && lastVisibleRow >= loadedRows - threshold;
}

/**
 * spec §4 Favourites: the toggle runs at most once per `ms` (a leading-edge throttle: the first
 * call runs, calls inside the window are dropped). `now` is injectable for tests.
 */
export function createThrottle(ms: number, now: () => number = () => Date.now()) {
  let last = Number.NEGATIVE_INFINITY;
  return <A extends unknown[]>(fn: (...args: A) => void) =>
    (...args: A): boolean => {
      const t = now();
      if (t - last < ms) return false;
      last = t;
      fn(...args);
      return true;
    };
}

/** spec §4 Favourites: adding is ignored if present; removing filters at once. */
export function toggledFavourites(ids: readonly number[], nodeId: number): number[] {
  return ids.includes(nodeId) ? ids.filter((id) => id !== nodeId) : [...ids, nodeId];
}
