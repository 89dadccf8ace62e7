import type { AppContext } from '../../context';
import { catalogueVersion, type GameFilter, type GameRow, listShownCatalogue } from './games.queries';

// The game list over 10,000+ games (issue 5 performance budget) filters an in-memory copy of the
// shown catalogue instead of scanning the table per call: a name search is a substring match over
// every game, which no B-tree index serves, and PGlite has no trigram index. The copy is checked
// against catalogue_version (migration 0007, bumped by triggers on every catalogue write) on each
// call, so a game hidden on any node disappears from the next list everywhere.

type Entry = {
  row: GameRow;
  search: string;
  gameType: string;
  vendor: string;
  sub: string | null;
  minBet: number;
  minLines: number;
  hot: boolean;
};
/** `matched`: the result of each recent filter on this (immutable) copy, so a repeated list call is O(page). */
type Snapshot = { version: number; entries: Entry[]; matched: Map<string, Entry[]> };
const MATCHED_FILTERS = 64;
type State = { current?: Snapshot; building?: Promise<Snapshot>; reading?: Promise<number> };

const snapshots = new WeakMap<AppContext, State>();

/**
 * Concurrent calls share one in-flight version read (a burst of 50 list calls costs one query,
 * not 50). A call may so see the version of a read that started a moment before it arrived:
 * stale by at most one query's time, never by a cache period.
 */
function readVersion(ctx: AppContext, state: State): Promise<number> {
  if (!state.reading) {
    state.reading = catalogueVersion(ctx.db).finally(() => {
      state.reading = undefined;
    });
  }
  return state.reading;
}

async function build(ctx: AppContext, version: number): Promise<Snapshot> {
  const rows = await listShownCatalogue(ctx.db);
  return {
    version,
    matched: new Map(),
    entries: rows.map(({ search_text, min_bet, min_line_num, ...row }) => ({
      row,
      search: search_text,
      gameType: row.game_type,
      vendor: row.vendor_code,
      sub: row.sub_category,
      minBet: Number(min_bet),
      minLines: Number(min_line_num),
      hot: row.is_hot,
    })),
  };
}

async function snapshot(ctx: AppContext): Promise<Snapshot> {
  // Read the version before the rows: a write in between leaves a newer copy under an older
  // version, which the next call rebuilds; never the other way round.
  let state = snapshots.get(ctx);
  if (!state) {
    state = {};
    snapshots.set(ctx, state);
  }
  const version = await readVersion(ctx, state);
  if (state.current?.version === version) return state.current;
  const s = state;
  if (!s.building) {
    s.building = build(ctx, version).then(
      (snap) => {
        if (!s.current || snap.version >= s.current.version) s.current = snap;
        s.building = undefined;
        return snap;
      },
      (error) => {
        s.building = undefined;
        throw error;
      },
    );
  }
  const built = await s.building;
  // Another caller's build may be for an older version: build again for ours.
  return built.version >= version ? built : snapshot(ctx);
}

function matches(e: Entry, f: GameFilter): boolean {
  if (f.gameType && e.gameType !== f.gameType) return false;
  if (f.vendor && e.vendor !== f.vendor) return false;
  if (f.subCategory && e.sub !== f.subCategory) return false;
  if (f.excludeSubCategory && e.sub === f.excludeSubCategory) return false;
  if (f.minBetMinor !== undefined && e.minBet < f.minBetMinor) return false;
  if (f.minLineNum !== undefined && e.minLines < f.minLineNum) return false;
  if (f.hotOnly && !e.hot) return false;
  if (f.search && !e.search.includes(f.search)) return false;
  return true;
}

/** One page of the filtered catalogue in list order (hot, configured order, name, node id) and the total. */
export async function pageCatalogue(
  ctx: AppContext,
  f: GameFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: GameRow[]; total: number }> {
  const snap = await snapshot(ctx);
  const key = JSON.stringify([
    f.gameType,
    f.vendor,
    f.subCategory,
    f.excludeSubCategory,
    f.minBetMinor,
    f.minLineNum,
    f.hotOnly,
    f.search,
  ]);
  let found = snap.matched.get(key);
  if (!found) {
    found = snap.entries.filter((e) => matches(e, f));
    if (snap.matched.size >= MATCHED_FILTERS) snap.matched.clear();
    snap.matched.set(key, found);
  }
  return { rows: found.slice(page.offset, page.offset + page.limit).map((e) => e.row), total: found.length };
}
