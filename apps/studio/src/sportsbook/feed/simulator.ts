import { createHmac, randomUUID } from 'node:crypto';
import type { StudioDb } from '../../kit/db/database';
import { checkServerSeed } from '../../kit/fair/seeds';
import { holdLease, releaseLeases } from '../../kit/lease';
import { LoopTimer, SerialPasses } from '../../kit/loop-timer';
import type { MatchStep } from '../model/sport-model';
import {
  type EventResult,
  type FeedMessage,
  type FeedSink,
  type FeedSource,
  type Fixture,
  type MarketQuote,
  type MatchState,
  marketKey,
  type Sport,
} from '../types';
import { SIM_LEAGUES, type SimLeague, simLeague } from './leagues';
import { MatchRun, type SimModels } from './match-run';
import { isPublished, planOf, roundsOf, type SimEra } from './plan';
import { dayFixtures, type ScheduledFixture } from './schedule';
import { addDays, isTimeZone, localDay } from './zoned-time';

// The default feed source: invented leagues of every sport whose matches are simulated event by
// event on the real clock (docs/sportsbook.md "Feed"). It keeps no state of its own: the fixtures
// and every match follow from the secret and the clock (schedule.ts, match-run.ts), so on a start,
// or when it takes the lease over from another process, it sends the window again (each fixture,
// where its match stands with its quotes, and the results and seeds of matches that ended
// recently) and then the steps as they happen. The book's apply is idempotent, so what it sends
// again changes nothing there. One process per database feeds (the lease 'sportsbook:simulator').

export const SIMULATOR_SOURCE = 'simulator';
export const SIMULATOR_LEASE = 'sportsbook:simulator';
const LEASE_MS = 15_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Longer than any match lasts (a five-set tennis match, a best-of-5 series). */
const LONGEST_MATCH_MS = 6 * HOUR;
/** A quote unchanged for this long is sent again, so a match in play is quoted at least every minute. */
const QUOTE_REFRESH_MS = 60_000;
/** How often the pre-match quotes look at the margin (a trader's change reaches them this fast). */
const MARGIN_CHECK_MS = 10_000;
/**
 * How often the pass lays out the window of fixtures again (new ones entering at its far end, ended
 * ones leaving): every pass walked each league's week of fixtures, a fifth of an idle node's CPU.
 * A fixture at the horizon appears this much later at most; a takeover lays it out at once.
 */
const WINDOW_RESCAN_MS = 30_000;

export type SimulatorLease = {
  hold(holder: string, now: Date, ms: number): Promise<boolean>;
  release(holder: string, now: Date): Promise<void>;
};

/** The lease on the studio's database, so that two studio processes on it do not both feed. */
/**
 * The simulator's secret, from the house secret: every node of a cluster derives the same one (so
 * the schedule and the matches agree), and a revealed match's seed shows nothing of it.
 */
export function simulatorSecret(houseSecret: string): string {
  return createHmac('sha256', houseSecret).update('sportsbook:simulator').digest('hex');
}

export function databaseLease(db: StudioDb): SimulatorLease {
  return {
    hold: (holder, now, ms) => holdLease(db, SIMULATOR_LEASE, holder, now, ms),
    release: (holder, now) => releaseLeases(db, holder, now),
  };
}

export type SimulatorOptions = {
  /** The secret every fixture and match follows from; keep it out of reach (a revealed match shows only its own seed). */
  secret: string;
  /** The sport models, from the sport registry; a sport without one is not scheduled. */
  models: SimModels;
  /** The brand's IANA time zone (fixtures are laid out on its days). */
  timeZone: () => string;
  /** The book's margin for a league, parts per million of stake. */
  marginOf: (sport: Sport, leagueId: string) => number;
  now?: () => Date;
  /** The loop's period; 0 runs no timer (tests call tick()). */
  tickMs?: number;
  /** Absent: this process always feeds. */
  lease?: SimulatorLease;
  /** How many days ahead fixtures are published (a league may publish fewer). */
  horizonDays?: number;
  /** Matches that ended at most this long ago are sent again, with their results and seeds, on a start. */
  recentMs?: number;
  /** How often a match in play is priced again on its clock alone. */
  repriceMs?: number;
  leagues?: readonly SimLeague[];
  /**
   * The operator's eras of leagues on and off and density (plan.ts), read each time the window is
   * laid out; absent, every league runs one round a day.
   */
  plan?: () => Promise<readonly SimEra[]>;
  log?: { warn(obj: object, msg: string): void };
};

type Unsent = FeedMessage extends infer M ? (M extends FeedMessage ? Omit<M, 'seq' | 'at'> : never) : never;

type Tracked = {
  run: MatchRun;
  league: SimLeague;
  /** The quotes last sent, by marketKey. */
  quotes: Map<string, MarketQuote>;
  margin: number;
  pricedAt: number;
  quotedAt: number;
  marginCheckedAt: number;
  /** The markets are suspended after a step until then (0: not suspended). */
  suspendedUntil: number;
  /** Its result and seed have been sent. */
  done: boolean;
  /** A message failed: the whole of it is sent again on the next pass. */
  dirty: boolean;
};

export type Simulator = FeedSource & {
  /** One pass: takes or renews the lease, publishes new fixtures, plays the steps due, quotes. */
  tick(): Promise<void>;
};

export function createSimulator(options: SimulatorOptions): Simulator {
  return new FeedSimulator(options);
}

class FeedSimulator implements Simulator {
  readonly name = SIMULATOR_SOURCE;
  readonly #o: SimulatorOptions;
  readonly #leagues: readonly SimLeague[];
  readonly #now: () => Date;
  readonly #holder = randomUUID();
  // Set by stop(): a pass in progress ends between events. A pass that took the lease over sends
  // every fixture of the window again, which takes seconds on a loaded machine; the next leader
  // sends the window afresh anyway, so what this one leaves unsent is not lost.
  #stopping = false;
  readonly #loop: LoopTimer;
  readonly #tracked = new Map<string, Tracked>();
  /** A league's day of fixtures of one round, by `zone|league|day|round`. */
  readonly #days = new Map<string, ScheduledFixture[]>();
  #sink: FeedSink | undefined;
  readonly #passes = new SerialPasses((err) => this.#o.log?.warn({ err }, 'sportsbook simulator: pass failed'));
  #leaseUntil = 0;
  #leading = false;
  #lastSeq = 0;
  /** When the pass last laid out the window (0: at the next pass). */
  #windowAt = 0;
  #plan: readonly SimEra[] = planOf(undefined);

  constructor(options: SimulatorOptions) {
    this.#o = options;
    this.#leagues = (options.leagues ?? SIM_LEAGUES).filter((l) => options.models[l.sport] !== undefined);
    this.#now = options.now ?? (() => new Date());
    this.#loop = new LoopTimer(options.tickMs ?? 1000, () => this.tick());
  }

  async start(sink: FeedSink): Promise<void> {
    this.#sink = sink;
    this.#stopping = false;
    this.#loop.start();
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    this.#loop.stop();
    await this.#passes.done();
    this.#sink = undefined;
    if (this.#leading && this.#o.lease) await this.#o.lease.release(this.#holder, this.#now()).catch(() => undefined);
    this.#leading = false;
    this.#tracked.clear();
  }

  tick(): Promise<void> {
    return this.#passes.run(() => this.#pass());
  }

  async #pass(): Promise<void> {
    if (!this.#sink) return;
    const now = this.#now().getTime();
    if (!(await this.#lead())) return;
    if (this.#tracked.size === 0 || now - this.#windowAt >= WINDOW_RESCAN_MS || now < this.#windowAt) {
      await this.#readPlan();
      this.#layOut(now);
    }
    for (const [id, t] of this.#tracked) {
      if (this.#stopping || !(await this.#lead())) return;
      try {
        if (t.dirty) await this.#snapshot(t, now);
        else await this.#advance(t, now);
      } catch (err) {
        t.dirty = true;
        this.#o.log?.warn(
          { err, eventId: id },
          'sportsbook simulator: a message was not applied; the event is sent again',
        );
      }
    }
  }

  /** Tracks the window's fixtures not tracked yet and forgets the ones that left it. */
  #layOut(now: number): void {
    this.#windowAt = now;
    for (const scheduled of this.#window(now)) {
      const model = this.#o.models[scheduled.league.sport];
      if (!model || this.#tracked.has(scheduled.fixture.id)) continue;
      const t: Tracked = {
        run: new MatchRun(scheduled.fixture, model, scheduled.league.profile, scheduled.seed),
        league: scheduled.league,
        quotes: new Map(),
        margin: 0,
        pricedAt: 0,
        quotedAt: 0,
        marginCheckedAt: now,
        suspendedUntil: 0,
        done: false,
        dirty: true,
      };
      t.run.advanceTo(now);
      this.#tracked.set(scheduled.fixture.id, t);
    }
    this.#prune(now);
  }

  /** The operator's plan as stored; the one read before stays when the read fails. */
  async #readPlan(): Promise<void> {
    if (!this.#o.plan) return;
    try {
      this.#plan = planOf(await this.#o.plan());
    } catch (err) {
      this.#o.log?.warn({ err }, 'sportsbook simulator: plan not read, the last one kept');
    }
  }

  /** Takes or renews the lease when due; false when another process feeds. */
  async #lead(): Promise<boolean> {
    const lease = this.#o.lease;
    if (!lease) return true;
    const now = this.#now();
    if (this.#leading && now.getTime() < this.#leaseUntil - LEASE_MS / 2) return true;
    const held = await lease.hold(this.#holder, now, LEASE_MS).catch((err) => {
      this.#o.log?.warn({ err }, 'sportsbook simulator: lease not renewed');
      return false;
    });
    if (held) {
      this.#leaseUntil = now.getTime() + LEASE_MS;
      if (!this.#leading) this.#tracked.clear();
      this.#leading = true;
    } else if (this.#leading && now.getTime() >= this.#leaseUntil) {
      // Another process may have taken it over: when this one leads again, it sends the window afresh.
      this.#leading = false;
      this.#tracked.clear();
    }
    return this.#leading && now.getTime() < this.#leaseUntil;
  }

  #zone(): string {
    const zone = this.#o.timeZone();
    if (isTimeZone(zone)) return zone;
    this.#o.log?.warn({ zone }, 'sportsbook simulator: unknown time zone, UTC used');
    return 'UTC';
  }

  /** The fixtures from LONGEST_MATCH_MS + recentMs ago to each league's horizon. */
  *#window(now: number): Generator<ScheduledFixture> {
    const zone = this.#zone();
    const recent = this.#o.recentMs ?? 12 * HOUR;
    const from = now - recent - LONGEST_MATCH_MS;
    const horizonDays = this.#o.horizonDays ?? 7;
    const firstDay = localDay(from, zone);
    const plan = this.#plan;
    // The last day of each horizon, asked of Intl once a pass rather than once a league.
    const lastDays = new Map<number, string>();
    for (const league of this.#leagues) {
      const horizonMs = Math.min(horizonDays, league.horizonDays) * DAY;
      const until = now + horizonMs;
      const lastDay = lastDays.get(horizonMs) ?? localDay(until, zone);
      lastDays.set(horizonMs, lastDay);
      const rounds = roundsOf(plan, league);
      for (let day = firstDay; day <= lastDay; day = addDays(day, 1)) {
        for (let round = 1; round <= rounds; round++) {
          for (const f of this.#day(league, day, zone, round)) {
            if (f.at >= from && f.at <= until && isPublished(plan, league, round, f.at, horizonMs)) yield f;
          }
        }
      }
    }
  }

  /** A league's day of one round, laid out once. */
  #day(league: SimLeague, day: string, zone: string, round: number): ScheduledFixture[] {
    const key = `${zone}|${league.id}|${day}|${round}`;
    let fixtures = this.#days.get(key);
    if (!fixtures) {
      fixtures = dayFixtures(this.#o.secret, league, day, zone, round);
      this.#days.set(key, fixtures);
    }
    return fixtures;
  }

  #prune(now: number): void {
    const before = now - (this.#o.recentMs ?? 12 * HOUR) - LONGEST_MATCH_MS;
    for (const [id, t] of this.#tracked) {
      if (t.done && Date.parse(t.run.fixture.startsAt) < before) this.#tracked.delete(id);
    }
    const zone = this.#zone();
    const firstDay = addDays(localDay(before, zone), -1);
    for (const key of this.#days.keys()) {
      const [z, , day] = key.split('|');
      if (z !== zone || (day ?? '') < firstDay) this.#days.delete(key);
    }
  }

  // ---- messages ----

  async #send(message: Unsent): Promise<void> {
    const sink = this.#sink;
    if (!sink) throw new Error('SIMULATOR_STOPPED');
    const nowMs = this.#now().getTime();
    // Increasing across restarts too: microseconds of the clock, one more than the last when faster.
    const seq = Math.max(this.#lastSeq + 1, nowMs * 1000);
    this.#lastSeq = seq;
    await sink.apply(SIMULATOR_SOURCE, { ...message, seq, at: new Date(nowMs).toISOString() } as FeedMessage);
  }

  /** Everything about a match as it stands: sent on a start, a takeover, or after a failed message. */
  async #snapshot(t: Tracked, now: number): Promise<void> {
    const run = t.run;
    const eventId = run.fixture.id;
    await this.#send({ kind: 'fixture', fixture: run.fixture });
    const state = run.state;
    // A cancelled match's end is the abandon #finish sends (a state saying 'abandoned' first would
    // leave the book nothing to void).
    if (state.status !== 'scheduled' && state.status !== 'abandoned')
      await this.#send({ kind: 'state', eventId, state });
    if (run.ended) {
      await this.#finish(t);
      t.dirty = false;
      return;
    }
    t.quotes.clear();
    await this.#quote(t, now, true);
    if (state.status !== 'scheduled') {
      // Markets the book may hold from before (lines that have moved since) stay suspended; the
      // current ones open again unless a step's suspension is still running.
      t.suspendedUntil = run.suspendedUntil > now ? run.suspendedUntil : 0;
      await this.#send({ kind: 'suspend', eventId, reason: t.suspendedUntil ? suspendReason(state) : 'resync' });
      if (!t.suspendedUntil) await this.#resume(t);
    }
    t.dirty = false;
  }

  async #advance(t: Tracked, now: number): Promise<void> {
    if (t.done) return;
    const run = t.run;
    const eventId = run.fixture.id;
    const played = run.advanceTo(now);
    for (const { at, step } of played) {
      if (step.state.status === 'abandoned') continue;
      await this.#send({ kind: 'state', eventId, state: step.state });
      if (step.suspendMs > 0 && step.state.status !== 'ended') {
        t.suspendedUntil = Math.max(t.suspendedUntil, at + step.suspendMs);
        await this.#send({ kind: 'suspend', eventId, reason: stepReason(step) });
      }
    }
    if (run.ended) {
      await this.#finish(t);
      return;
    }
    if (t.suspendedUntil > 0) {
      if (now < t.suspendedUntil) return;
      t.suspendedUntil = 0;
      await this.#quote(t, now, true);
      await this.#resume(t);
      return;
    }
    if (played.length > 0) {
      await this.#quote(t, now, false);
      return;
    }
    const repriceMs = this.#o.repriceMs ?? 20_000;
    if (run.state.status === 'live' || run.state.status === 'break') {
      if (now - t.pricedAt >= repriceMs || now - t.quotedAt >= QUOTE_REFRESH_MS) await this.#quote(t, now, false);
    } else if (now - t.marginCheckedAt >= MARGIN_CHECK_MS) {
      t.marginCheckedAt = now;
      if (this.#o.marginOf(run.fixture.sport, run.fixture.league.id) !== t.margin) await this.#quote(t, now, false);
    }
  }

  /**
   * Prices the match now and sends the quotes when they changed (or `force`, or the last were
   * sent a minute ago). A market no longer offered (decided, or a line that has moved away) is
   * sent once more as suspended, since the book keeps a market's last quote until told otherwise.
   */
  async #quote(t: Tracked, now: number, force: boolean): Promise<void> {
    const run = t.run;
    const margin = this.#o.marginOf(run.fixture.sport, run.fixture.league.id);
    const priced = run.model.price(run.params, run.stateAt(now), margin);
    const offered = new Set(priced.map(marketKey));
    const quotes = [...priced];
    for (const [key, q] of t.quotes)
      if (!offered.has(key) && q.status === 'open') quotes.push({ ...q, status: 'suspended' });
    t.margin = margin;
    t.pricedAt = now;
    const changed = quotes.some((q) => JSON.stringify(t.quotes.get(marketKey(q))) !== JSON.stringify(q));
    if (quotes.length === 0 || (!changed && !force && now - t.quotedAt < QUOTE_REFRESH_MS)) return;
    await this.#send({ kind: 'markets', eventId: run.fixture.id, markets: quotes });
    for (const q of quotes) t.quotes.set(marketKey(q), q);
    t.quotedAt = now;
  }

  async #resume(t: Tracked): Promise<void> {
    const open = [...t.quotes].filter(([, q]) => q.status === 'open').map(([key]) => key);
    if (open.length > 0) await this.#send({ kind: 'resume', eventId: t.run.fixture.id, markets: open });
  }

  async #finish(t: Tracked): Promise<void> {
    const run = t.run;
    const eventId = run.fixture.id;
    // Every market of the event, also those the book may hold from before a restart.
    await this.#send({ kind: 'suspend', eventId, reason: 'ended' });
    if (run.state.status === 'abandoned') await this.#send({ kind: 'abandon', eventId, reason: cancelReason(run) });
    else await this.#send({ kind: 'result', eventId, result: run.model.result(run.state), correction: false });
    await this.#send({ kind: 'reveal', eventId, seed: run.seed });
    t.done = true;
  }
}

/** Why a simulated match did not finish (a sabong fight called off: no contest). */
function cancelReason(run: MatchRun): string {
  return run.fixture.sport === 'cockfight' ? 'Fight cancelled: no contest' : 'Match abandoned';
}

function stepReason(step: MatchStep): string {
  return step.event?.kind ?? 'event';
}

function suspendReason(state: MatchState): string {
  return state.last?.kind ?? 'event';
}

// ---- the verifier's replay ----

export type ReplayedMatch = {
  /** SHA-256 of the seed equals the fixture's published seedHash (null when it has none). */
  hashMatches: boolean | null;
  /** The match's parameters, as drawn from the seed's step 0. */
  params: unknown;
  steps: { at: string; state: MatchState; event?: MatchStep['event'] }[];
  /** Null for a match that was abandoned (a cancelled fight): the book recorded no result either. */
  result: EventResult | null;
};

/**
 * Plays a simulated match again from its revealed seed: its parameters, every step and the result,
 * exactly as the simulator played them. Null for a fixture of no simulator league or sport model.
 */
export function replayMatch(
  fixture: Fixture,
  seed: string,
  models: SimModels,
  leagues: readonly SimLeague[] = SIM_LEAGUES,
): ReplayedMatch | null {
  const league = simLeague(fixture.league.id, leagues);
  const model = models[fixture.sport];
  if (!league || !model || league.sport !== fixture.sport) return null;
  const run = new MatchRun(fixture, model, league.profile, seed);
  const steps = run.advanceTo(Number.POSITIVE_INFINITY).map(({ at, step }) => ({
    at: new Date(at).toISOString(),
    state: step.state,
    ...(step.event ? { event: step.event } : {}),
  }));
  return {
    hashMatches: fixture.seedHash ? checkServerSeed(seed, fixture.seedHash) : null,
    params: run.params,
    steps,
    result: run.state.status === 'abandoned' ? null : run.model.result(run.state),
  };
}
