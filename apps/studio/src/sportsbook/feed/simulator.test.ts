import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../kit/fair/seeds';
import { basketballModel } from '../model/basketball';
import { cockfightModel } from '../model/cockfight';
import { esportsModel } from '../model/esports';
import { tennisModel } from '../model/tennis';
import { type FeedMessage, FeedMessage as FeedMessageSchema, type Fixture, marketKey } from '../types';
import { SIM_LEAGUES, type SimLeague } from './leagues';
import { MatchRun, type SimModels } from './match-run';
import { dayFixtures, matchSeed } from './schedule';
import { createSimulator, replayMatch, type SimulatorLease, type SimulatorOptions } from './simulator';
import { addDays, localDay, zonedInstant } from './zoned-time';

const MODELS: SimModels = {
  basketball: basketballModel,
  tennis: tennisModel,
  esports: esportsModel,
  cockfight: cockfightModel,
};
const SECRET = 'simulator-test-secret';
const ZONE = 'Asia/Manila';
const MINUTE = 60_000;

/** A fake clock, a sink that records, and a simulator on them. */
function harness(options: Partial<SimulatorOptions> = {}, start = Date.parse('2026-11-25T05:00:00Z')) {
  const clock = { now: start };
  const messages: FeedMessage[] = [];
  const sim = createSimulator({
    secret: SECRET,
    models: MODELS,
    timeZone: () => ZONE,
    marginOf: () => 50_000,
    now: () => new Date(clock.now),
    tickMs: 0,
    ...options,
  });
  const sources = new Set<string>();
  const sink = {
    fail: undefined as ((m: FeedMessage) => boolean) | undefined,
    async apply(source: string, m: FeedMessage) {
      sources.add(source);
      if (sink.fail?.(m)) throw new Error('sink down');
      messages.push(m);
    },
  };
  return { clock, messages, sim, sink, sources };
}

/** A few small leagues (one fixture of each kind a day) so that a match can be run tick by tick quickly. */
function smallLeagues(): SimLeague[] {
  const pick = (id: string, slots: number[]) => ({ ...SIM_LEAGUES.find((l) => l.id === id)!, slots, horizonDays: 1 });
  return [
    pick('bb-kba', [13 * 60]),
    pick('tn-amo', [13 * 60]),
    pick('es-ksm', [13 * 60]),
    pick('cf-slw', [13 * 60, 13 * 60 + 10]),
  ];
}

const of = <K extends FeedMessage['kind']>(ms: FeedMessage[], kind: K) =>
  ms.filter((m): m is Extract<FeedMessage, { kind: K }> => m.kind === kind);

describe('simulator schedule', () => {
  it('lays out the same invented fixtures from the same secret in the brand time zone', () => {
    const league = SIM_LEAGUES.find((l) => l.id === 'bb-kba')!;
    const a = dayFixtures(SECRET, league, '2026-11-25', ZONE);
    expect(dayFixtures(SECRET, league, '2026-11-25', ZONE)).toEqual(a);
    expect(dayFixtures('another', league, '2026-11-25', ZONE).map((f) => f.fixture.home.id)).not.toEqual(
      a.map((f) => f.fixture.home.id),
    );
    // 17:00 in Manila is 09:00 UTC; the same slot in another zone moves with it.
    expect(a[0]!.fixture.startsAt).toBe('2026-11-25T09:00:00.000Z');
    expect(dayFixtures(SECRET, league, '2026-11-25', 'Europe/Madrid')[0]!.fixture.startsAt).toBe(
      '2026-11-25T16:00:00.000Z',
    );
    for (const f of a) {
      expect(f.fixture.home.id).not.toBe(f.fixture.away.id);
      expect(f.seed).toBe(matchSeed(SECRET, f.fixture.id));
      expect(f.fixture.seedHash).toBe(sha256Hex(f.seed));
    }
    // Every league of every sport publishes fixtures, with no name twice in a league.
    for (const l of SIM_LEAGUES) {
      expect(new Set(l.teams.map((t) => t.name)).size).toBe(l.teams.length);
      expect(dayFixtures(SECRET, l, '2026-11-26', ZONE).length).toBe(l.slots.length);
    }
    expect(new Set(SIM_LEAGUES.map((l) => l.sport))).toEqual(
      new Set(['football', 'basketball', 'tennis', 'esports', 'cockfight']),
    );
    expect(new Set(SIM_LEAGUES.filter((l) => l.sport === 'esports').map((l) => l.profile.title))).toEqual(
      new Set(['dominion', 'kidlat']),
    );
  });

  it('keeps matches of several sports in play at every hour of the day', () => {
    const day = '2026-11-25';
    const from = zonedInstant(day, 0, ZONE);
    const spans: { sport: string; from: number; to: number }[] = [];
    for (const league of SIM_LEAGUES) {
      const model = MODELS[league.sport];
      if (!model) continue;
      for (const d of [addDays(day, -1), day]) {
        for (const f of dayFixtures(SECRET, league, d, ZONE)) {
          const start = Date.parse(f.fixture.startsAt);
          if (start < from - 6 * 60 * MINUTE) continue;
          const run = new MatchRun(f.fixture, model, league.profile, f.seed);
          run.advanceTo(Number.POSITIVE_INFINITY);
          spans.push({ sport: league.sport, from: start, to: run.stepAt });
        }
      }
    }
    // Without football (its model is not in this test): always some sport, nearly always two.
    let two = 0;
    let instants = 0;
    for (let m = 0; m < 24 * 60; m += 10) {
      const t = from + m * MINUTE;
      const live = new Set(spans.filter((s) => s.from <= t && t < s.to).map((s) => s.sport));
      expect(live.size, `${m / 60}h`).toBeGreaterThanOrEqual(1);
      instants++;
      if (live.size >= 2) two++;
    }
    expect(two / instants).toBeGreaterThan(0.9);
  });
});

describe('simulator', () => {
  it('publishes the window on start: fixtures up to 7 days ahead, matches in play as they stand, recent results', async () => {
    // One league of each sport (the whole catalogue is only slower).
    const leagues = ['fb-kpd', 'bb-kba', 'tn-amo', 'es-tdp', 'es-ksm', 'cf-slw'].map(
      (id) => SIM_LEAGUES.find((l) => l.id === id)!,
    );
    const { sim, sink, messages, clock, sources } = harness({ leagues });
    await sim.start(sink);
    await sim.tick();
    expect([...sources]).toEqual(['simulator']);
    expect(messages.every((m) => FeedMessageSchema.safeParse(m).success)).toBe(true);
    const seqs = messages.map((m) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(seqs.length);
    const fixtures = of(messages, 'fixture').map((m) => m.fixture);
    const ahead = (f: Fixture) => Date.parse(f.startsAt) - clock.now;
    expect(Math.max(...fixtures.map(ahead))).toBeLessThanOrEqual(7 * 24 * 60 * MINUTE);
    expect(Math.max(...fixtures.map(ahead))).toBeGreaterThan(6.5 * 24 * 60 * MINUTE);
    expect(Math.max(...fixtures.filter((f) => f.sport === 'cockfight').map(ahead))).toBeLessThanOrEqual(
      2 * 24 * 60 * MINUTE,
    );
    // No football model given: no football fixtures.
    expect(fixtures.some((f) => f.sport === 'football')).toBe(false);
    for (const sport of ['basketball', 'tennis', 'esports', 'cockfight'] as const) {
      expect(fixtures.filter((f) => f.sport === sport && ahead(f) > 0).length).toBeGreaterThan(15);
    }
    // 13:00 in Manila: some matches are in play, with their state and open quotes.
    const live = of(messages, 'state').filter((m) => m.state.status === 'live');
    expect(new Set(live.map((m) => m.eventId.slice(0, 2))).size).toBeGreaterThanOrEqual(2);
    // Matches that ended lately come with their result and seed.
    const results = of(messages, 'result');
    const reveals = of(messages, 'reveal');
    expect(results.length).toBeGreaterThan(5);
    expect(reveals.map((r) => r.eventId)).toEqual(results.map((r) => r.eventId));
    for (const r of reveals) {
      const fixture = fixtures.find((f) => f.id === r.eventId)!;
      expect(sha256Hex(r.seed)).toBe(fixture.seedHash);
    }
    // Upcoming fixtures are quoted; fixtures beyond the window are not yet published.
    const quoted = new Set(of(messages, 'markets').map((m) => m.eventId));
    expect(fixtures.filter((f) => ahead(f) > 0).every((f) => quoted.has(f.id))).toBe(true);
    await sim.stop();
  });

  it('plays matches on the clock: states, quotes at least every minute, suspensions, result and reveal', async () => {
    const start = zonedInstant('2026-11-25', 13 * 60, ZONE);
    const { sim, sink, messages, clock } = harness({ leagues: smallLeagues(), recentMs: 60 * MINUTE }, start - MINUTE);
    await sim.start(sink);
    await sim.tick();
    const ids = of(messages, 'fixture').map((m) => m.fixture.id);
    expect(ids.length).toBeGreaterThanOrEqual(5);
    const fixtures = new Map(of(messages, 'fixture').map((m) => [m.fixture.id, m.fixture]));
    const quotedAt = new Map<string, number>();
    /** Events whose last quotes have an open market (a fight in progress offers none). */
    const offering = new Set<string>();
    const status = new Map<string, string>();
    const suspended = new Set<string>();
    let worstGap = 0;
    const dueReveals = () => ids.filter((id) => Date.parse(fixtures.get(id)!.startsAt) <= clock.now).length;
    for (let t = 0; t < 4 * 60 * 60_000; t += 5000) {
      clock.now += 5000;
      const before = messages.length;
      await sim.tick();
      for (const m of messages.slice(before)) {
        if (m.kind === 'state') status.set(m.eventId, m.state.status);
        if (m.kind === 'suspend' && m.markets === undefined) suspended.add(m.eventId);
        if (m.kind === 'resume') suspended.delete(m.eventId);
        if (m.kind !== 'markets') continue;
        quotedAt.set(m.eventId, clock.now);
        if (m.markets.some((q) => q.status === 'open')) offering.add(m.eventId);
        else offering.delete(m.eventId);
      }
      // In play, offering and not suspended, a match is quoted at least every minute.
      for (const [id, s] of status) {
        if (s === 'live' && offering.has(id) && !suspended.has(id))
          worstGap = Math.max(worstGap, clock.now - (quotedAt.get(id) ?? 0));
      }
      if (t > 3 * 60 * 60_000 && of(messages, 'reveal').length === dueReveals()) break;
    }
    expect(worstGap).toBeLessThanOrEqual(65_000);
    expect(messages.every((m) => FeedMessageSchema.safeParse(m).success)).toBe(true);

    const tennis = ids.find((id) => id.startsWith('tn-'))!;
    const tennisMessages = messages.filter((m) => 'eventId' in m && m.eventId === tennis);
    // Break points suspend the event; each suspension is followed by fresh quotes and a resume.
    const kinds = tennisMessages.map((m) => m.kind);
    expect(kinds.filter((k) => k === 'suspend').length).toBeGreaterThan(3);
    const firstSuspend = kinds.indexOf('suspend', 3);
    const resumeAt = kinds.indexOf('resume', firstSuspend);
    expect(kinds.slice(firstSuspend, resumeAt)).toContain('markets');
    // Every match ended, with a result the revealed seed replays.
    for (const id of ids) {
      const fixture = fixtures.get(id)!;
      const result = of(messages, 'result').find((m) => m.eventId === id);
      const reveal = of(messages, 'reveal').find((m) => m.eventId === id);
      expect(result, id).toBeDefined();
      const replay = replayMatch(fixture, reveal!.seed, MODELS, smallLeagues())!;
      expect(replay.hashMatches).toBe(true);
      expect(replay.result).toEqual(result!.result);
      const states = of(messages, 'state').filter((m) => m.eventId === id);
      expect(replay.steps.at(-1)!.state).toEqual(states.at(-1)!.state);
      expect(messages.indexOf(result!)).toBeLessThan(messages.indexOf(reveal!));
    }
    // A sabong fight's markets close at the last call: they are sent once more, suspended.
    const fight = ids.find((id) => id.startsWith('cf-'))!;
    const fightQuotes = of(messages, 'markets').filter((m) => m.eventId === fight);
    expect(fightQuotes.at(-1)!.markets.every((q) => q.status === 'suspended')).toBe(true);
    await sim.stop();
  });

  it('runs a derby fight after fight: betting open until the last call, the fight, then its result', async () => {
    const derby = { ...SIM_LEAGUES.find((l) => l.id === 'cf-slw')!, horizonDays: 1 };
    const start = zonedInstant('2026-11-25', 13 * 60, ZONE);
    const { clock, messages, sim, sink } = harness({ leagues: [derby] }, start - MINUTE);
    await sim.start(sink);
    for (let t = 0; t < 61 * MINUTE; t += 5000) {
      clock.now += 5000;
      await sim.tick();
    }
    await sim.stop();
    const fights = dayFixtures(SECRET, derby, '2026-11-25', ZONE).slice(0, 6);
    let previousEnd = 0;
    for (const { fixture } of fights) {
      const mine = messages.filter((m) => 'eventId' in m && m.eventId === fixture.id);
      const states = of(mine, 'state');
      const phases = states.map((m) => m.state.phase);
      expect(phases.slice(0, 3), fixture.id).toEqual(['OPEN', 'CLOSED', 'FIGHT']);
      const opened = Date.parse(states[0]!.at);
      const lastCall = Date.parse(states[1]!.at);
      // Called at its start time (the previous fight is over by then), the last call three minutes on.
      expect(opened).toBeGreaterThanOrEqual(Date.parse(fixture.startsAt));
      expect(opened).toBeLessThan(Date.parse(fixture.startsAt) + 5000);
      expect(opened).toBeGreaterThanOrEqual(previousEnd);
      expect(lastCall - Date.parse(fixture.startsAt)).toBeGreaterThanOrEqual(180_000);
      expect(lastCall - Date.parse(fixture.startsAt)).toBeLessThan(185_000);
      // The quotes stay open until the last call, which sends them once more, suspended.
      const quotes = of(mine, 'markets');
      expect(
        quotes.filter((m) => Date.parse(m.at) < lastCall).every((m) => m.markets.every((q) => q.status === 'open')),
      ).toBe(true);
      const closing = quotes.find((m) => Date.parse(m.at) >= lastCall)!;
      expect(closing.at).toBe(states[1]!.at);
      expect(closing.markets.map((q) => [q.type, q.status])).toEqual([
        ['winner', 'suspended'],
        ['draw', 'suspended'],
      ]);
      const end = of(mine, 'result')[0] ?? of(mine, 'abandon')[0];
      expect(end, fixture.id).toBeDefined();
      previousEnd = Date.parse(end!.at);
      expect(previousEnd).toBeLessThan(Date.parse(fixture.startsAt) + 10 * MINUTE);
    }
  });

  it('cancels a fight now and then: its end is an abandon, and the seed replays the cancellation', async () => {
    const derby = { ...SIM_LEAGUES.find((l) => l.id === 'cf-slw')!, horizonDays: 1 };
    let cancelled: Fixture | undefined;
    for (let day = '2026-11-25'; !cancelled; day = addDays(day, 1)) {
      cancelled = dayFixtures(SECRET, derby, day, ZONE).find(
        (f) => replayMatch(f.fixture, f.seed, MODELS, [derby])!.result === null,
      )?.fixture;
    }
    const { clock, messages, sim, sink } = harness({ leagues: [derby] }, Date.parse(cancelled.startsAt) - MINUTE);
    await sim.start(sink);
    for (let t = 0; t < 11 * MINUTE; t += 5000) {
      clock.now += 5000;
      await sim.tick();
    }
    await sim.stop();
    const mine = messages.filter((m) => 'eventId' in m && m.eventId === cancelled.id);
    expect(of(mine, 'state').map((m) => m.state.phase)).toEqual(['OPEN', 'CLOSED', 'FIGHT']);
    expect(of(mine, 'result')).toEqual([]);
    expect(of(mine, 'abandon').map((m) => m.reason)).toEqual(['Fight cancelled: no contest']);
    const reveal = of(mine, 'reveal')[0]!;
    const replay = replayMatch(cancelled, reveal.seed, MODELS, [derby])!;
    expect(replay.hashMatches).toBe(true);
    expect(replay.steps.at(-1)!.state.status).toBe('abandoned');
  });

  it('replays to the same place after a restart, and a revealed seed replays the match', async () => {
    const start = zonedInstant('2026-11-25', 13 * 60, ZONE);
    const first = harness({ leagues: smallLeagues() }, start - MINUTE);
    await first.sim.start(first.sink);
    for (let i = 0; i < 60; i++) {
      first.clock.now += 30_000;
      await first.sim.tick();
    }
    await first.sim.stop();
    const second = harness({ leagues: smallLeagues() }, first.clock.now + 1000);
    await second.sim.start(second.sink);
    await second.sim.tick();
    const lastState = (ms: FeedMessage[], id: string) =>
      of(ms, 'state')
        .filter((m) => m.eventId === id)
        .at(-1)?.state;
    const inPlay = of(second.messages, 'state').map((m) => m.eventId);
    expect(inPlay.length).toBeGreaterThanOrEqual(3);
    for (const id of inPlay) expect(lastState(second.messages, id)).toEqual(lastState(first.messages, id));
    // The restarted source quotes what is offered now and reopens only that.
    const basketball = inPlay.find((id) => id.startsWith('bb-'))!;
    const resume = of(second.messages, 'resume').find((m) => m.eventId === basketball)!;
    const quotes = of(second.messages, 'markets').find((m) => m.eventId === basketball)!;
    expect(resume.markets).toEqual(quotes.markets.map(marketKey));
    expect(second.messages[0]!.seq).toBeGreaterThan(first.messages.at(-1)!.seq);

    const fixture = of(first.messages, 'fixture')[0]!.fixture;
    expect(replayMatch(fixture, 'f'.repeat(64), MODELS, smallLeagues())!.hashMatches).toBe(false);
    expect(replayMatch(fixture, matchSeed(SECRET, fixture.id), {}, smallLeagues())).toBeNull();
    expect(replayMatch({ ...fixture, league: { ...fixture.league, id: 'nowhere' } }, 'x', MODELS)).toBeNull();
  });

  it('feeds from one process per lease, and the other takes over when it stops', async () => {
    const holders = { holder: '', until: 0 };
    const lease: SimulatorLease = {
      async hold(holder, now, ms) {
        if (holders.holder === holder || holders.until < now.getTime()) {
          holders.holder = holder;
          holders.until = now.getTime() + ms;
        }
        return holders.holder === holder;
      },
      async release(holder, now) {
        if (holders.holder === holder) holders.until = now.getTime() - 1;
      },
    };
    const start = Date.parse('2026-11-25T05:00:00Z');
    const a = harness({ lease, leagues: smallLeagues() }, start);
    const b = harness({ lease, leagues: smallLeagues() }, start);
    b.clock.now = start;
    await a.sim.start(a.sink);
    await b.sim.start(b.sink);
    await a.sim.tick();
    await b.sim.tick();
    expect(a.messages.length).toBeGreaterThan(0);
    expect(b.messages).toHaveLength(0);
    await a.sim.stop();
    b.clock.now += 1000;
    await b.sim.tick();
    expect(of(b.messages, 'fixture').length).toBe(of(a.messages, 'fixture').length);
    await b.sim.stop();
  });

  it('sends an event again after a failed message, and follows a margin change before the start', async () => {
    let margin = 50_000;
    const { sim, sink, messages, clock } = harness(
      { leagues: smallLeagues(), marginOf: () => margin },
      Date.parse('2026-11-25T01:00:00Z'),
    );
    sink.fail = (m) => m.kind === 'markets' && m.eventId.startsWith('tn-');
    await sim.start(sink);
    await sim.tick();
    const tennis = of(messages, 'fixture').find((m) => m.fixture.id.startsWith('tn-'))!.fixture.id;
    expect(of(messages, 'markets').some((m) => m.eventId === tennis)).toBe(false);
    sink.fail = undefined;
    clock.now += 1000;
    await sim.tick();
    expect(of(messages, 'fixture').filter((m) => m.fixture.id === tennis)).toHaveLength(2);
    const before = of(messages, 'markets').find((m) => m.eventId === tennis)!;
    margin = 80_000;
    clock.now += 11_000;
    await sim.tick();
    const after = of(messages, 'markets')
      .filter((m) => m.eventId === tennis)
      .at(-1)!;
    expect(after).not.toBe(before);
    expect(after.markets[0]!.selections[0]!.odds1000).toBeLessThan(before.markets[0]!.selections[0]!.odds1000);
    await sim.stop();
  });

  it('takes the brand day from the time zone', () => {
    expect(localDay(Date.parse('2026-11-25T17:00:00Z'), ZONE)).toBe('2026-11-26');
    expect(zonedInstant('2026-03-29', 2 * 60 + 30, 'Europe/Madrid')).toBe(Date.parse('2026-03-29T01:30:00Z'));
  });
});
