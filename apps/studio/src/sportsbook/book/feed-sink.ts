import { createHash } from 'node:crypto';
import type { RoundDeps } from '../../kit/deps';
import type { EventStatus, FeedMessage, MarketQuote } from '../types';
import { marketKey } from '../types';
import {
  closeMarketsOf,
  eventForQuotes,
  eventSeed,
  marketsToPublish,
  recordSourceSeq,
  restatusMarkets,
  revealEventSeed,
  setEventState,
  setFeedSuspended,
  upsertEvent,
  upsertLeague,
  upsertQuotes,
} from './events.queries';
import type { SbHub } from './hub';
import { type MarketRow, marketView } from './views';

// The book's side of the feed (types.ts FeedSink): every source's messages land here. Each kind of
// message writes what it says and nothing else, so the same message twice, or a source replaying its
// messages after a restart, leaves the book as it was: fixtures and quotes are upserts, a suspension
// sets a flag, a result equal to the one recorded changes nothing (book.ts settles what changed).
// A market's status is settled or closed once it is, else suspended while the feed or a trader
// suspends it (the feed's resume never lifts a trader's suspension), else open.

const FINAL: EventStatus[] = ['ended', 'abandoned'];

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
    await upsertLeague(
      this.#db,
      {
        id: f.league.id,
        sport: f.sport,
        name: f.league.name,
        region: f.league.region ?? null,
        title: f.league.title ?? null,
      },
      now,
    );
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
    // A fixture's details may change (a new kick-off time); its commit never does once given.
    await upsertEvent(
      this.#db,
      {
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
      },
      fields,
    );
  }

  async markets(m: Extract<FeedMessage, { kind: 'markets' }>): Promise<void> {
    const event = await eventForQuotes(this.#db, m.eventId);
    // Quotes of an unknown or finished event are of no use: nothing can be bet on them.
    if (!event || FINAL.includes(event.status) || m.markets.length === 0) return;
    const now = this.#deps.now();
    // One quote per market key: the last one given wins.
    const quotes = new Map<string, MarketQuote>();
    for (const q of m.markets) quotes.set(marketKey(q), q);
    const changed = await upsertQuotes(
      this.#db,
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
      now,
    );
    this.#publish(m.eventId, changed);
  }

  async suspend(m: Extract<FeedMessage, { kind: 'suspend' | 'resume' }>): Promise<void> {
    const suspended = m.kind === 'suspend';
    const now = this.#deps.now();
    if (m.markets?.length === 0) return;
    const touched = await setFeedSuspended(this.#db, m.eventId, suspended, m.markets, now);
    if (touched.length === 0) return;
    const changed = await restatusMarkets(
      this.#db,
      touched.map((t) => t.id),
    );
    this.#publish(m.eventId, changed);
  }

  async state(m: Extract<FeedMessage, { kind: 'state' }>): Promise<void> {
    const now = this.#deps.now();
    // A finished event keeps its status (a late 'live' state must not reopen it).
    const updated = await setEventState(this.#db, m.eventId, JSON.stringify(m.state), m.state.status, FINAL, now);
    if (!updated) return;
    if (FINAL.includes(m.state.status)) {
      // Nothing is bet on a finished match: its markets close until the result settles them.
      const closed = await closeMarketsOf(this.#db, m.eventId, now);
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
    const event = await eventSeed(this.#db, m.eventId);
    if (!event || event.seed !== null) return;
    // A seed that does not match the published commit is not shown as the match's seed.
    if (event.seed_hash !== null && createHash('sha256').update(m.seed).digest('hex') !== event.seed_hash) {
      this.#deps.log.warn({ eventId: m.eventId }, 'studio: sportsbook seed does not match its commit, not revealed');
      return;
    }
    await revealEventSeed(this.#db, m.eventId, m.seed);
  }

  async recordSeq(source: string, seq: number): Promise<void> {
    await recordSourceSeq(this.#db, source, seq, this.#deps.now());
  }

  /** Sends changed markets to the pages that watch the event: one message, serialised once. */
  #publish(eventId: string, changed: MarketRow[]): void {
    if (changed.length === 0) return;
    this.#hub.toEvent(eventId, () => ({ type: 'markets', eventId, markets: changed.map(marketView) }));
  }

  /** Publishes the event's markets as they are (after a trader's action or a settlement). */
  async publishMarkets(eventId: string): Promise<void> {
    if (!this.#hub.watched(eventId)) return;
    this.#publish(eventId, await marketsToPublish(this.#db, eventId));
  }
}
