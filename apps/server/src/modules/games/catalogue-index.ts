import type { GameSort } from '@gamehall/shared/api/games';
import { foldSearch } from '@gamehall/shared/search-fold';
import type { AppContext } from '../../context';
import { type InvalidationWatch, invalidationWatch } from '../../realtime/event-bus';
import { catalogueVersion, type GameFilter, type GameRow, listShownCatalogue } from './games.queries';

// The game list over 10,000+ games (within the game list's performance budget) filters an in-memory copy of the
// shown catalogue instead of scanning the table per call: a name search is a substring match over
// every game, which no B-tree index serves, and PGlite has no trigram index.
//
// The copy is tied to catalogue_version (migration 0007, bumped by triggers on every catalogue
// write). Every bump also notifies all nodes (migration 0013, through the event bus); while this
// node listens, a copy whose version was read after the last notification is served without a
// database read. So a game hidden on any node, by any writer, disappears from the lists:
// - on PGlite (one node) at once: the notification arrives before the write returns;
// - on PostgreSQL once the notification reaches each node, normally well under a millisecond after
//   the commit (the staleness bound of this cache); a call already running may still answer from
//   the copy it started with.
// When the node does not listen (bus not started, connection dropped and not yet back), every call
// reads the version as before; a dropped connection also counts as a notification. Should
// notifications stop silently, the version is still read every VERIFY_EVERY_MS (5 s).
type Entry = {
  row: GameRow;
  search: string;
  gameType: string;
  vendor: string;
  sub: string | null;
  minBet: number;
  minLines: number;
  hot: boolean;
  /** Place in the featured order (the copy's order): the tie-break of every other order. */
  order: number;
  players: number;
  createdAt: number;
  names: Record<string, string>;
};
/**
 * `matched`: the result of each recent filter on this (immutable) copy, so a repeated list call is
 * O(page). `rendered`: recent list responses, serialised, built from this copy; they go with it.
 */
type Snapshot = {
  version: number;
  entries: Entry[];
  /** The copy in each order other than featured, made on first use. */
  orders: Map<string, Entry[]>;
  matched: Map<string, Entry[]>;
  rendered: Map<string, Buffer>;
};
const MATCHED_FILTERS = 64;
/** About 12 kB each (a page of 30 games): a few MB per node at most. */
const RENDERED_PAGES = 512;
type State = {
  current?: Snapshot;
  building?: Promise<Snapshot>;
  reading?: Promise<{ version: number; generation: number }>;
  /** Bumped by every catalogue notification; `trusted` holds the value under which current was last verified. */
  generation: number;
  trusted?: number;
  /** performance.now() of that check. */
  trustedAt: number;
  watch?: InvalidationWatch;
};

const snapshots = new WeakMap<AppContext, State>();
/**
 * Even without a notification the version is read again after this long: the bound on staleness
 * should notifications stop arriving without the connection reporting an error (a silent network
 * failure). One read per node per period, shared by the calls of that moment.
 */
const VERIFY_EVERY_MS = 5_000;

function stateOf(ctx: AppContext): State {
  let state = snapshots.get(ctx);
  if (!state) {
    const fresh: State = { generation: 0, trustedAt: 0 };
    // Catalogue notifications and anything unreadable (null: notifications may have been missed).
    fresh.watch = invalidationWatch(ctx.events, (payload) => {
      if (payload === null || !payload.includes('"member"')) fresh.generation++;
    });
    state = fresh;
    snapshots.set(ctx, state);
  }
  state.watch?.ensure();
  return state;
}

/**
 * How many catalogue notifications this node has seen (any count; it only grows), or undefined
 * while it does not listen for them. For tests that write the catalogue and must know when the
 * lists of this node have heard of it.
 */
export function catalogueNotifications(ctx: AppContext): number | undefined {
  const state = stateOf(ctx);
  return state.watch?.live() ? state.generation : undefined;
}

/**
 * Concurrent calls share one in-flight version read (a burst of 50 list calls costs one query,
 * not 50). A call may so see the version of a read that started a moment before it arrived:
 * stale by at most one query's time, never by a cache period.
 */
function readVersion(ctx: AppContext, state: State): Promise<{ version: number; generation: number }> {
  if (!state.reading) {
    // The generation when the read starts: a shared read may predate a notification a later caller saw.
    const generation = state.generation;
    state.reading = catalogueVersion(ctx.db)
      .then((version) => ({ version, generation }))
      .finally(() => {
        state.reading = undefined;
      });
  }
  return state.reading;
}

/**
 * A game's name and its name in every language, each folded with the same foldSearch as the query
 * (shared/search-fold.ts), one per line: a folded query holds no line break, so a match never spans
 * two names.
 */
function namesOf(row: Pick<GameRow, 'names'>): Record<string, string> {
  return (typeof row.names === 'string' ? (JSON.parse(row.names) as Record<string, string>) : row.names) ?? {};
}

function searchTextOf(row: Pick<GameRow, 'name' | 'names'>): string {
  return [row.name, ...Object.values(namesOf(row))].map(foldSearch).join('\n');
}

async function build(ctx: AppContext, version: number): Promise<Snapshot> {
  const rows = await listShownCatalogue(ctx.db);
  return {
    version,
    orders: new Map(),
    matched: new Map(),
    rendered: new Map(),
    entries: rows.map(({ min_bet, min_line_num, recent_players, created_at, ...row }, order) => ({
      row,
      search: searchTextOf(row),
      gameType: row.game_type,
      vendor: row.vendor_code,
      sub: row.sub_category,
      minBet: Number(min_bet),
      minLines: Number(min_line_num),
      hot: row.is_hot,
      order,
      players: Number(recent_players),
      createdAt: new Date(created_at).getTime(),
      names: namesOf(row),
    })),
  };
}

async function snapshot(ctx: AppContext): Promise<Snapshot> {
  const state = stateOf(ctx);
  const listening = state.watch?.live() ?? false;
  // No notification since the copy was last checked against the version: it is current.
  if (
    listening &&
    state.current &&
    state.trusted === state.generation &&
    performance.now() - state.trustedAt < VERIFY_EVERY_MS
  )
    return state.current;
  // Read the version before the rows: a write in between leaves a newer copy under an older
  // version, which the next call rebuilds; never the other way round. The generation is taken
  // when the read starts, so a notification during it leaves the copy unverified.
  const { version, generation } = await readVersion(ctx, state);
  let snap = state.current;
  if (snap?.version !== version) {
    const s = state;
    if (!s.building) {
      s.building = build(ctx, version).then(
        (built) => {
          if (!s.current || built.version >= s.current.version) s.current = built;
          s.building = undefined;
          return built;
        },
        (error) => {
          s.building = undefined;
          throw error;
        },
      );
    }
    const built = await s.building;
    // Another caller's build may be for an older version: build again for ours.
    if (built.version < version) return snapshot(ctx);
    snap = built;
  }
  if (listening && state.current === snap && snap.version === version) {
    state.trusted = generation;
    state.trustedAt = performance.now();
  }
  return snap;
}

/**
 * A list filter of the game list: besides the plain filter, the category as the navigation shows it
 * (games/categories.ts displayCategory). `key` names the rules `of` applies, for the caches.
 */
export type CatalogueFilter = GameFilter & {
  /**
   * A query folded with foldSearch (shared/search-fold.ts), matched inside any localised name, folded
   * with the same function (searchTextOf). Name search is served here only, never by SQL.
   */
  search?: string;
  category?: { name: string; of: (gameType: string, vendor: string) => string; key: string };
  /** The order of the list (featured when absent); `name` sorts the names of `language`. */
  sort?: GameSort;
  language?: string;
};

/** A collator for a site language code ('EN', 'ZH-HANT'; the brand's TY is Filipino). */
function collatorFor(language: string): Intl.Collator {
  const tag = language.toUpperCase() === 'TY' ? 'fil' : language.toLowerCase();
  try {
    return new Intl.Collator(tag, { sensitivity: 'base', numeric: true });
  } catch {
    return new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  }
}

/** The copy in the filter's order; the featured order is the copy's own. */
function ordered(snap: Snapshot, f: CatalogueFilter): Entry[] {
  const sort = f.sort ?? 'featured';
  if (sort === 'featured') return snap.entries;
  const language = (f.language ?? 'EN').toUpperCase();
  const key = sort === 'name' ? `name|${language}` : sort;
  let list = snap.orders.get(key);
  if (list) return list;
  const byOrder = (a: Entry, b: Entry) => a.order - b.order;
  if (sort === 'popular') list = [...snap.entries].sort((a, b) => b.players - a.players || byOrder(a, b));
  else if (sort === 'new')
    list = [...snap.entries].sort((a, b) => b.createdAt - a.createdAt || b.row.node_id - a.row.node_id);
  else {
    const collator = collatorFor(language);
    const nameOf = (e: Entry) => e.names[language] || e.row.name;
    const keyed = snap.entries.map((e) => ({ e, name: nameOf(e) }));
    keyed.sort((a, b) => collator.compare(a.name, b.name) || byOrder(a.e, b.e));
    list = keyed.map((k) => k.e);
  }
  snap.orders.set(key, list);
  return list;
}

function matches(e: Entry, f: CatalogueFilter): boolean {
  if (f.gameType && e.gameType !== f.gameType) return false;
  if (f.category && f.category.of(e.gameType, e.vendor) !== f.category.name) return false;
  if (f.vendor && e.vendor !== f.vendor) return false;
  if (f.subCategory && e.sub !== f.subCategory) return false;
  if (f.excludeSubCategory && e.sub === f.excludeSubCategory) return false;
  if (f.minBetMinor !== undefined && e.minBet < f.minBetMinor) return false;
  if (f.minLineNum !== undefined && e.minLines < f.minLineNum) return false;
  if (f.hotOnly && !e.hot) return false;
  if (f.search && !e.search.includes(f.search)) return false;
  return true;
}

function filterKey(f: CatalogueFilter): string {
  return JSON.stringify([
    f.gameType,
    f.category?.name,
    f.category?.key,
    f.vendor,
    f.subCategory,
    f.excludeSubCategory,
    f.minBetMinor,
    f.minLineNum,
    f.hotOnly,
    f.search,
    f.sort ?? 'featured',
    f.sort === 'name' ? (f.language ?? 'EN').toUpperCase() : '',
  ]);
}

function pageOf(snap: Snapshot, f: CatalogueFilter, page: { limit: number; offset: number }, key = filterKey(f)) {
  let found = snap.matched.get(key);
  if (!found) {
    found = ordered(snap, f).filter((e) => matches(e, f));
    if (snap.matched.size >= MATCHED_FILTERS) snap.matched.clear();
    snap.matched.set(key, found);
  }
  return { rows: found.slice(page.offset, page.offset + page.limit).map((e) => e.row), total: found.length };
}

/**
 * One page of the filtered catalogue in the filter's order (featured: hot, configured order, name,
 * node id) and the total.
 */
export async function pageCatalogue(
  ctx: AppContext,
  f: CatalogueFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: GameRow[]; total: number }> {
  return pageOf(await snapshot(ctx), f, page);
}

/**
 * The same page, rendered by `render` (the serialised response) as UTF-8: kept with the copy it was built
 * from, so a repeated call costs a map lookup and a changed catalogue never serves an old page.
 * `view` must name everything besides the filter and the page that the rendering depends on
 * (language, brand rules); the list has no per-member fields.
 */
export async function renderedCatalogue(
  ctx: AppContext,
  f: CatalogueFilter,
  page: { limit: number; offset: number },
  view: string,
  render: (page: { rows: GameRow[]; total: number }) => string,
): Promise<Buffer> {
  const snap = await snapshot(ctx);
  const key = filterKey(f);
  const renderedKey = `${key}|${page.offset}|${page.limit}|${view}`;
  let bytes = snap.rendered.get(renderedKey);
  if (bytes === undefined) {
    // Kept as UTF-8 bytes: a send then copies them out without encoding the text again.
    bytes = Buffer.from(render(pageOf(snap, f, page, key)));
    if (snap.rendered.size >= RENDERED_PAGES) snap.rendered.clear();
    snap.rendered.set(renderedKey, bytes);
  }
  return bytes;
}
