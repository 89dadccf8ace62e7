import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { RoundDeps } from '../../kit/deps';
import { LoopTimer, SerialPasses } from '../../kit/loop-timer';
import type { StudioSession } from '../../kit/sessions';
import type {
  AutoCashOutAnswer,
  AutoCashOutBody,
  CashOutAnswer,
  CashOutBody,
  CashOutQuoteAnswer,
  CashOutQuoteBody,
  PlaceAnswer,
  PlaceBody,
  QuoteAnswer,
} from '../api';
import { replayMatch, simulatorSecret } from '../feed/simulator';
import { SPORT_MODELS } from '../model/models';
import type { EventResult, FeedMessage, FeedReject, FeedSink, FeedSource, Fixture, Sport } from '../types';
import { dueBetIds, settlingEvents, somePendingBet } from './book.queries';
import type { BookCore } from './book-core';
import { autoCashOuts, cashOut, quoteCashOut, setAutoCashOut } from './cash-out';
import { holdKey } from './cash-out-hold';
import { eventWithFixture } from './events.queries';
import { recordFeedReject } from './feed-rejects';
import { FeedApplier } from './feed-sink';
import { SbHub } from './hub';
import { deliverDueMoves, type MoveDone, recoverStakes } from './moves';
import { decidePending, placeSlip, quoteSlip } from './placing';
import {
  type BookSettings,
  DEFAULT_MARGINS,
  DEFAULT_SETTINGS,
  type Margins,
  marginIn,
  readMargins,
  readSettings,
} from './settings';
import { recordResult, type SettleCounts, settleEventBets } from './settlement';
import { MatchTrackers } from './tracker';
import { FEED_CORRECTION_REASON, myBets } from './views';
import { betRowsByIds } from './views.queries';

// The book: the feed's sink, the slip, cash-out, and its loop. The loop decides in-play bets whose
// delay passed, rolls back stakes the wallet never answered, finishes settlements a stop interrupted
// and delivers the wallet moves still owed; its work is in the database, so any process can do it
// and a restarted one picks it up where the last one stopped.

export type BookOptions = {
  /**
   * The feed sources (the simulator, the JSON importer); a function of the book when a source needs
   * its margins and time zone (book.marginOf, book.timeZone) to price and schedule.
   */
  sources?: FeedSource[] | ((book: Book) => FeedSource[]);
  /** How often the loop runs while it has work (default 250 ms); 0 = no timer (tests call tick()). */
  tickMs?: number;
  /** The simulator's replay of a match from its seed (the verifier). */
  replayMatch?: (fixture: Fixture, seed: string) => { result: EventResult | null } | null;
  /**
   * The house secret: any node tells a simulated match's tracker from the simulator's secret derived
   * from it, and signs the held cash-out prices with a key derived from it, so every node honours
   * them (absent: every event is a feed's, and holds are signed with this process's own key).
   */
  houseSecret?: string;
};

/**
 * How often the loop prices the bets with an auto cash-out (and an idle loop passes only every
 * IDLE_POLL_MS): the offer can pass the value named and fall back within it, and the bet is then
 * cashed out only once it reaches the value again.
 */
export const AUTO_CASHOUT_EVERY_MS = 1000;

export type SbVerifyAnswer = {
  eventId: string;
  seedHash: string | null;
  seed: string | null;
  /** SHA-256 of the revealed seed is the hash published with the fixture. */
  hashMatches: boolean;
  recorded: EventResult | null;
  /** The match replayed from the seed, or null when no replay is available. */
  replayed: EventResult | null;
  matches: boolean;
};

export class Book implements FeedSink, BookCore {
  readonly deps: RoundDeps;
  readonly hub = new SbHub();
  readonly feed: FeedApplier;
  readonly replayMatch: NonNullable<BookOptions['replayMatch']>;
  readonly trackers: MatchTrackers;
  readonly holdKey: Buffer;
  readonly #balanceOf: (session: StudioSession) => Promise<number | null>;
  readonly #sources: FeedSource[];
  readonly #loop: LoopTimer;
  #margins: Margins | undefined;
  #settings: BookSettings = DEFAULT_SETTINGS;
  readonly #passes = new SerialPasses((err) => this.deps.log.warn({ err }, 'studio: sportsbook tick failed'));
  // Set by stop(): a pass in progress ends between bets and events (each decided in its own
  // transaction), so a node stops promptly; the next pass, here or on another node, takes the rest.
  #stopping = false;
  #autoPricedAt = 0;

  constructor(
    deps: RoundDeps,
    balanceOf: (session: StudioSession) => Promise<number | null>,
    options: BookOptions = {},
  ) {
    this.deps = deps;
    this.#balanceOf = balanceOf;
    this.feed = new FeedApplier(deps, this.hub);
    this.replayMatch = options.replayMatch ?? ((fixture, seed) => replayMatch(fixture, seed, SPORT_MODELS));
    this.trackers = new MatchTrackers(options.houseSecret === undefined ? null : simulatorSecret(options.houseSecret));
    this.holdKey = holdKey(options.houseSecret);
    this.#loop = new LoopTimer(options.tickMs ?? 250, () => this.tick());
    this.#sources = typeof options.sources === 'function' ? options.sources(this) : (options.sources ?? []);
  }

  async start(): Promise<void> {
    this.#stopping = false;
    await this.refresh();
    this.#loop.start();
    for (const source of this.#sources) await source.start(this);
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    for (const source of this.#sources) await source.stop().catch(() => undefined);
    this.#loop.stop();
    await this.#passes.done();
  }

  /** Reads the trader's settings and margins again (after a change, and on every loop pass). */
  async refresh(): Promise<void> {
    this.#margins = await readMargins(this.deps.db);
    this.#settings = await readSettings(this.deps.db);
  }

  /** The margin the feed sources price at (league over sport), as the trader last set it; safe to pass unbound. */
  readonly marginOf = (sport: Sport, leagueId: string): number =>
    this.#margins ? marginIn(this.#margins, sport, leagueId) : DEFAULT_MARGINS[sport];

  /** The brand's time zone the fixtures are scheduled and grouped in; safe to pass unbound. */
  readonly timeZone = (): string => this.#settings.timeZone;

  balanceOf(session: StudioSession): Promise<number | null> {
    return this.#balanceOf(session);
  }

  // ---- the feed ----

  async apply(source: string, message: FeedMessage): Promise<void> {
    switch (message.kind) {
      case 'fixture':
        await this.feed.fixture(source, message);
        break;
      case 'markets':
        await this.feed.markets(message);
        break;
      case 'suspend':
      case 'resume':
        await this.feed.suspend(message);
        break;
      case 'state':
        await this.feed.state(message);
        break;
      case 'result': {
        const recorded = await recordResult(
          this.deps.db,
          message.eventId,
          message.result,
          { correction: message.correction, reason: FEED_CORRECTION_REASON },
          this.deps.now(),
        );
        if (recorded === 'exists') {
          this.deps.log.warn(
            { eventId: message.eventId, source },
            'studio: sportsbook result differs, not a correction',
          );
        }
        if (recorded === 'changed') await this.settle(message.eventId, FEED_CORRECTION_REASON);
        break;
      }
      case 'abandon': {
        const reason = `abandoned: ${message.reason}`;
        const recorded = await recordResult(
          this.deps.db,
          message.eventId,
          'void',
          { correction: true, reason },
          this.deps.now(),
        );
        if (recorded === 'changed') await this.settle(message.eventId, reason);
        break;
      }
      case 'reveal':
        await this.feed.reveal(message);
        break;
    }
    await this.feed.recordSeq(source, message.seq);
  }

  /** What a source could not bring in: logged, counted and listed for the trader (feed-rejects.ts). */
  async reject(source: string, reject: FeedReject): Promise<void> {
    await recordFeedReject(this.deps, source, reject);
  }

  /** Settles (or corrects) the event's bets, delivers what they are owed and tells their pages. */
  async settle(eventId: string, reason: string): Promise<SettleCounts> {
    const counts = await settleEventBets(this.deps.db, eventId, reason, this.deps.now);
    await this.feed.publishMarkets(eventId);
    await this.#deliverAll();
    await this.#tellBets(counts.touched);
    return counts;
  }

  // ---- players ----

  place(session: StudioSession, token: string, body: z.infer<typeof PlaceBody>): Promise<PlaceAnswer> {
    return placeSlip(this, session, token, body);
  }

  quote(session: StudioSession, selectionIds: string[]): Promise<QuoteAnswer> {
    return quoteSlip(this, session, selectionIds);
  }

  cashOut(session: StudioSession, betId: string, body: z.infer<typeof CashOutBody>): Promise<CashOutAnswer> {
    return cashOut(this, session, betId, body);
  }

  quoteCashOut(
    session: StudioSession,
    betId: string,
    body: z.infer<typeof CashOutQuoteBody>,
  ): Promise<CashOutQuoteAnswer> {
    return quoteCashOut(this, session, betId, body);
  }

  setAutoCashOut(
    session: StudioSession,
    betId: string,
    body: z.infer<typeof AutoCashOutBody>,
  ): Promise<AutoCashOutAnswer> {
    return setAutoCashOut(this, session, betId, body);
  }

  async deliver(betRowId: number): Promise<void> {
    await deliverDueMoves(this.deps, (done) => this.#moved(done), { betRowId });
  }

  async decidePending(betRowId: number): Promise<boolean> {
    const accepted = await decidePending(this, betRowId, await readSettings(this.deps.db));
    await this.#tellBets([betRowId]);
    return accepted;
  }

  // ---- the verifier ----

  /**
   * Checks a finished match against its commit (SHA-256 of the revealed seed is the hash published
   * with the fixture) and replays it from the seed; undefined when there is no such event.
   */
  async verify(eventId: string): Promise<SbVerifyAnswer | undefined> {
    const e = await eventWithFixture(this.deps.db, eventId);
    if (!e) return undefined;
    const recorded = (e.result as EventResult | null) ?? null;
    const hashMatches =
      e.seed !== null && e.seed_hash !== null && createHash('sha256').update(e.seed).digest('hex') === e.seed_hash;
    const replay = e.seed === null ? null : this.replayMatch(e.fixture as Fixture, e.seed);
    // A match replayed to its cancellation has no result, as the book recorded none for it.
    const replayed = replay?.result ?? null;
    return {
      eventId: e.id,
      seedHash: e.seed_hash,
      seed: e.seed,
      hashMatches,
      recorded,
      replayed,
      matches:
        hashMatches &&
        replay !== null &&
        (replayed === null ? e.status === 'abandoned' : JSON.stringify(replayed) === JSON.stringify(recorded)),
    };
  }

  // ---- the loop ----

  /** One pass of the loop (serialized). */
  tick(): Promise<void> {
    return this.#passes.run(() => this.#tickOnce());
  }

  async #tickOnce(): Promise<void> {
    await this.refresh();
    const now = this.deps.now();
    const due = await dueBetIds(this.deps.db, now, 500);
    for (const b of due) {
      if (this.#stopping) return;
      await this.decidePending(b.id);
    }
    const recovered = await recoverStakes(this.deps);
    const unfinished = await settlingEvents(this.deps.db);
    for (const e of unfinished) {
      if (this.#stopping) return;
      await this.settle(e.id, e.settle_reason ?? FEED_CORRECTION_REASON);
    }
    const cashed = await this.#autoCashOuts(now);
    const moves = await this.#deliverAll();
    if (cashed.length > 0) await this.#tellBets(cashed);
    const pending = await somePendingBet(this.deps.db);
    // Nothing found: the timer looks again only now and then (a slip in play wakes it).
    this.#loop.idle =
      due.length === 0 &&
      recovered === 0 &&
      unfinished.length === 0 &&
      moves.delivered + moves.failed === 0 &&
      !pending;
  }

  /** The auto cash-outs whose value the offer reached, priced at most every AUTO_CASHOUT_EVERY_MS. */
  async #autoCashOuts(now: Date): Promise<number[]> {
    if (now.getTime() - this.#autoPricedAt < AUTO_CASHOUT_EVERY_MS) return [];
    this.#autoPricedAt = now.getTime();
    return autoCashOuts(this, () => this.#stopping);
  }

  /** A bet waits for the loop (its in-play delay): the next tick runs even while idle. */
  wake(): void {
    this.#loop.wake();
  }

  #deliverAll(): Promise<{ delivered: number; failed: number }> {
    return deliverDueMoves(this.deps, (done) => this.#moved(done));
  }

  #moved(done: MoveDone): void {
    if (done.balance !== null) this.hub.toOwner(done.owner, { type: 'balance', balance: done.balance });
    void this.#tellBets([done.betRowId]).catch(() => undefined);
  }

  /** Sends the bets' new state to their players' open pages (only those with a page open are read). */
  async #tellBets(betRowIds: number[]): Promise<void> {
    if (this.hub.size === 0 || betRowIds.length === 0) return;
    for (let i = 0; i < betRowIds.length; i += 500) {
      const rows = await betRowsByIds(this.deps.db, betRowIds.slice(i, i + 500));
      const watched = rows.filter((r) => this.hub.hasOwner(`${r.vendor}:${r.player}:${r.mode}`));
      const views = await myBets(this.deps.db, watched);
      for (const [k, bet] of views.entries()) {
        const r = watched[k];
        if (r) this.hub.toOwner(`${r.vendor}:${r.player}:${r.mode}`, { type: 'bet', bet });
      }
    }
  }
}
