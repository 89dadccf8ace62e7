import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { RoundDeps } from '../../kit/deps';
import type { EventStatus, FeedMessage, MarketQuote } from '../types';
import { marketKey } from '../types';
import type { SbHub } from './hub';
import { MARKET_COLUMNS, type MarketRow, marketView } from './views';

// The book's side of the feed (types.ts FeedSink): every source's messages land here. Each kind of
// message writes what it says and nothing else, so the same message twice, or a source replaying its
// messages after a restart, leaves the book as it was: fixtures and quotes are upserts, a suspension
// sets a flag, a result equal to the one recorded changes nothing (book.ts settles what changed).
// A market's status is settled or closed once it is, else suspended while the feed or a trader
// suspends it (the feed's resume never lifts a trader's suspension), else open.

const FINAL: EventStatus[] = ['ended', 'abandoned'];

/** The status a market gets from its two suspension flags, unless it is closed or settled. */
const STATUS_SQL = sql<string>`CASE
  WHEN studio_sb_markets.status IN ('closed', 'settled') THEN studio_sb_markets.status
  WHEN studio_sb_markets.trader_suspended OR studio_sb_markets.feed_suspended THEN 'suspended'
  ELSE 'open' END`;

export class FeedApplier {
  readonly #deps: RoundDeps;
  readonly #hub: SbHub;

  constructor(deps: RoundDeps, hub: SbHub) {
    this.#deps = deps;
    this.#hub = hub;
  }

  get #db() {
    return this.#deps.db;
  }

  async fixture(source: string, m: Extract<FeedMessage, { kind: 'fixture' }>): Promise<void> {
    const f = m.fixture;
    const now = this.#deps.now();
    await this.#db
      .insertInto('studio_sb_leagues')
      .values({
        id: f.league.id,
        sport: f.sport,
        name: f.league.name,
        region: f.league.region ?? null,
        title: f.league.title ?? null,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          name: f.league.name,
          region: f.league.region ?? null,
          title: f.league.title ?? null,
          updated_at: now,
        }),
      )
      .execute();
    const fields = {
      home: f.home.name,
      away: f.away.name,
      venue: f.venue ?? null,
      starts_at: new Date(f.startsAt),
      best_of: f.bestOf ?? null,
      fixture: JSON.stringify(f),
      league_id: f.league.id,
      updated_at: now,
    };
    await this.#db
      .insertInto('studio_sb_events')
      .values({
        id: f.id,
        source,
        sport: f.sport,
        ...fields,
        status: 'scheduled',
        state: null,
        result: null,
        trader_suspended: false,
        seed_hash: f.seedHash ?? null,
        seed: null,
        corrections: 0,
        settling: false,
        settle_reason: null,
      })
      // A fixture's details may change (a new kick-off time); its commit never does once given.
      .onConflict((oc) =>
        oc.column('id').doUpdateSet({
          ...fields,
          seed_hash: sql`coalesce(studio_sb_events.seed_hash, ${f.seedHash ?? null})`,
        }),
      )
      .execute();
  }

  async markets(m: Extract<FeedMessage, { kind: 'markets' }>): Promise<void> {
    const event = await this.#db
      .selectFrom('studio_sb_events')
      .select(['status', 'trader_suspended'])
      .where('id', '=', m.eventId)
      .executeTakeFirst();
    // Quotes of an unknown or finished event are of no use: nothing can be bet on them.
    if (!event || FINAL.includes(event.status) || m.markets.length === 0) return;
    const now = this.#deps.now();
    // One quote per market key: the last one given wins.
    const quotes = new Map<string, MarketQuote>();
    for (const q of m.markets) quotes.set(marketKey(q), q);
    const changed = await this.#db
      .insertInto('studio_sb_markets')
      .values(
        [...quotes].map(([key, q]) => ({
          event_id: m.eventId,
          key,
          type: q.type,
          period: q.period,
          line4: q.line4 ?? null,
          status: event.trader_suspended || q.status === 'suspended' ? ('suspended' as const) : ('open' as const),
          feed_suspended: q.status === 'suspended',
          trader_suspended: event.trader_suspended,
          odds: JSON.stringify(q.selections.map((s) => ({ key: s.key, odds1000: s.odds1000 }))),
          outcomes: null,
          version: 1,
          updated_at: now,
        })),
      )
      .onConflict((oc) =>
        oc
          .columns(['event_id', 'key'])
          .doUpdateSet({
            odds: sql`excluded.odds`,
            feed_suspended: sql`excluded.feed_suspended`,
            status: sql`CASE
              WHEN studio_sb_markets.status IN ('closed', 'settled') THEN studio_sb_markets.status
              WHEN studio_sb_markets.trader_suspended OR excluded.feed_suspended THEN 'suspended'
              ELSE 'open' END`,
            version: sql`studio_sb_markets.version + 1`,
            updated_at: now,
          })
          .where(
            sql<boolean>`studio_sb_markets.odds IS DISTINCT FROM excluded.odds OR studio_sb_markets.feed_suspended IS DISTINCT FROM excluded.feed_suspended`,
          ),
      )
      .returning(MARKET_COLUMNS)
      .execute();
    this.#publish(m.eventId, changed);
  }

  async suspend(m: Extract<FeedMessage, { kind: 'suspend' | 'resume' }>): Promise<void> {
    const suspended = m.kind === 'suspend';
    let q = this.#db
      .updateTable('studio_sb_markets')
      .set({ feed_suspended: suspended, version: sql`version + 1`, updated_at: this.#deps.now() })
      .where('event_id', '=', m.eventId)
      .where('feed_suspended', '=', !suspended)
      .where('status', 'in', ['open', 'suspended']);
    if (m.markets) {
      if (m.markets.length === 0) return;
      q = q.where('key', 'in', m.markets);
    }
    const touched = await q.returning('id').execute();
    if (touched.length === 0) return;
    const changed = await this.#db
      .updateTable('studio_sb_markets')
      .set({ status: STATUS_SQL as never })
      .where(
        'id',
        'in',
        touched.map((t) => t.id),
      )
      .returning(MARKET_COLUMNS)
      .execute();
    this.#publish(m.eventId, changed);
  }

  async state(m: Extract<FeedMessage, { kind: 'state' }>): Promise<void> {
    const now = this.#deps.now();
    // A finished event keeps its status (a late 'live' state must not reopen it).
    const updated = await this.#db
      .updateTable('studio_sb_events')
      .set({ state: JSON.stringify(m.state), status: m.state.status, updated_at: now })
      .where('id', '=', m.eventId)
      .where('status', 'not in', FINAL)
      .returning(['status'])
      .executeTakeFirst();
    if (!updated) return;
    if (FINAL.includes(m.state.status)) {
      // Nothing is bet on a finished match: its markets close until the result settles them.
      const closed = await this.#db
        .updateTable('studio_sb_markets')
        .set({ status: 'closed', version: sql`version + 1`, updated_at: now })
        .where('event_id', '=', m.eventId)
        .where('status', 'in', ['open', 'suspended'])
        .returning(MARKET_COLUMNS)
        .execute();
      this.#publish(m.eventId, closed);
    }
    this.#hub.toEvent(m.eventId, () => ({
      type: 'state',
      eventId: m.eventId,
      status: m.state.status,
      state: m.state,
    }));
  }

  async reveal(m: Extract<FeedMessage, { kind: 'reveal' }>): Promise<void> {
    const event = await this.#db
      .selectFrom('studio_sb_events')
      .select(['seed_hash', 'seed'])
      .where('id', '=', m.eventId)
      .executeTakeFirst();
    if (!event || event.seed !== null) return;
    // A seed that does not match the published commit is not shown as the match's seed.
    if (event.seed_hash !== null && createHash('sha256').update(m.seed).digest('hex') !== event.seed_hash) {
      this.#deps.log.warn({ eventId: m.eventId }, 'studio: sportsbook seed does not match its commit, not revealed');
      return;
    }
    await this.#db.updateTable('studio_sb_events').set({ seed: m.seed }).where('id', '=', m.eventId).execute();
  }

  async recordSeq(source: string, seq: number): Promise<void> {
    await this.#db
      .insertInto('studio_sb_sources')
      .values({ source, last_seq: seq, updated_at: this.#deps.now() })
      .onConflict((oc) =>
        oc.column('source').doUpdateSet({
          last_seq: sql`greatest(studio_sb_sources.last_seq, ${seq})`,
          updated_at: this.#deps.now(),
        }),
      )
      .execute();
  }

  /** Sends changed markets to the pages that watch the event: one message, serialised once. */
  #publish(eventId: string, changed: MarketRow[]): void {
    if (changed.length === 0) return;
    this.#hub.toEvent(eventId, () => ({ type: 'markets', eventId, markets: changed.map(marketView) }));
  }

  /** Publishes the event's markets as they are (after a trader's action or a settlement). */
  async publishMarkets(eventId: string): Promise<void> {
    if (!this.#hub.watched(eventId)) return;
    const rows = await this.#db
      .selectFrom('studio_sb_markets')
      .select(MARKET_COLUMNS)
      .where('event_id', '=', eventId)
      .execute();
    this.#publish(eventId, rows);
  }
}
