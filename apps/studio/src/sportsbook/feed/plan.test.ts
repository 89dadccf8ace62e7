import { describe, expect, it } from 'vitest';
import { SPORT_MODELS } from '../model/models';
import type { FeedMessage, Fixture } from '../types';
import { SIM_LEAGUES } from './leagues';
import { MatchRun } from './match-run';
import { ERA_GRACE_MS, isPublished, nextPlan, planOf, roundsOf, type SimEra } from './plan';
import { dayFixtures } from './schedule';
import { createSimulator, type SimulatorOptions } from './simulator';
import { addDays, zonedInstant } from './zoned-time';

// The simulator's fuller day and the operator's plan: with the defaults, matches of at least three
// sports are in play at every minute of a day and football, basketball, tennis and e-sports have
// dozens of fixtures each; a density adds rounds of fixtures with ids and draws of their own; a
// change of the plan never alters or withdraws a fixture already published.

const SECRET = 'simulator-test-secret';
const ZONE = 'Asia/Manila';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const league = (id: string) => SIM_LEAGUES.find((l) => l.id === id)!;

describe('the default catalogue', () => {
  it('keeps matches of at least three sports in play at every minute of a day', () => {
    const day = '2026-11-25';
    const from = zonedInstant(day, 0, ZONE);
    const spans: { sport: string; from: number; to: number }[] = [];
    for (const l of SIM_LEAGUES) {
      for (const d of [addDays(day, -1), day]) {
        for (const f of dayFixtures(SECRET, l, d, ZONE)) {
          // Each match as the sport's model plays it: its real length, not a guess.
          const run = new MatchRun(f.fixture, SPORT_MODELS[l.sport], l.profile, f.seed);
          run.advanceTo(Number.POSITIVE_INFINITY);
          spans.push({ sport: l.sport, from: f.at, to: run.stepAt });
        }
      }
    }
    for (let m = 0; m < 24 * 60; m++) {
      const t = from + m * MINUTE;
      const live = new Set(spans.filter((s) => s.from <= t && t < s.to).map((s) => s.sport));
      expect(live.size, `${Math.floor(m / 60)}:${m % 60}`).toBeGreaterThanOrEqual(3);
    }
    // Football (about 112 minutes a match) and basketball (54) are in play all day.
    for (let m = 0; m < 24 * 60; m += 5) {
      const t = from + m * MINUTE;
      for (const sport of ['football', 'basketball']) {
        expect(
          spans.some((s) => s.sport === sport && s.from <= t && t < s.to),
          `${sport} ${m}`,
        ).toBe(true);
      }
    }
  });

  it('lays out dozens of fixtures a day per sport', () => {
    const count: Record<string, number> = {};
    for (const l of SIM_LEAGUES)
      count[l.sport] = (count[l.sport] ?? 0) + dayFixtures(SECRET, l, '2026-11-26', ZONE).length;
    expect(count).toEqual({ football: 30, basketball: 35, tennis: 33, esports: 66, cockfight: 90 });
    expect(new Set(SIM_LEAGUES.map((l) => l.id)).size).toBe(SIM_LEAGUES.length);
  });
});

describe('rounds', () => {
  it('adds rounds with ids and draws of their own, round 1 as it always was', () => {
    const l = league('fb-kpd');
    const one = dayFixtures(SECRET, l, '2026-11-25', ZONE);
    expect(dayFixtures(SECRET, l, '2026-11-25', ZONE, 1)).toEqual(one);
    expect(one[0]!.fixture.id).toBe('fb-kpd-20261125-01');
    // Twelve clubs, eight of them in round 1's four matches: round 2 has the other four, in two.
    const two = dayFixtures(SECRET, l, '2026-11-25', ZONE, 2);
    expect(two.map((f) => f.fixture.id)).toEqual(['fb-kpd-20261125-r2-01', 'fb-kpd-20261125-r2-02']);
    // Each slot of round 2 is 55 minutes after round 1's.
    expect(two.map((f, i) => f.at - one[i]!.at)).toEqual([55 * MINUTE, 55 * MINUTE]);
    expect(new Set([...one, ...two].map((f) => f.fixture.seedHash)).size).toBe(one.length + two.length);
    expect(dayFixtures(SECRET, l, '2026-11-25', ZONE, 3)).toEqual([]);
  });

  it('has a club or a player play at most once a day in its league, whatever the rounds', () => {
    for (const l of SIM_LEAGUES) {
      if (l.sport === 'cockfight' || l.sport === 'esports') continue;
      for (const day of ['2026-11-25', '2026-11-26']) {
        const teams = [1, 2, 3]
          .flatMap((round) => dayFixtures(SECRET, l, day, ZONE, round))
          .flatMap((f) => [f.fixture.home.id, f.fixture.away.id]);
        expect(new Set(teams).size, `${l.id} ${day}`).toBe(teams.length);
      }
    }
  });

  it('keeps a derby to one pit', () => {
    // A derby is one pit: it never plays a second round.
    expect(roundsOf([{ density: { football: 3 }, leaguesOff: [], from: 0 }], league('cf-slw'))).toBe(1);
  });
});

describe('the plan', () => {
  const kpd = league('fb-kpd');
  const week = 7 * DAY;
  const t0 = Date.parse('2026-11-25T05:00:00Z');

  it('keeps every fixture published before a change and drops only later ones', () => {
    const plan = nextPlan(planOf(undefined), { density: { football: 3 }, leaguesOff: [] }, t0);
    const lowered = nextPlan(plan, { density: {}, leaguesOff: ['fb-kpd'] }, t0 + DAY);
    const changeAt = t0 + DAY + ERA_GRACE_MS;
    // Published before the change (start less than a week after it): kept, every round.
    for (const round of [1, 2, 3]) expect(isPublished(lowered, kpd, round, changeAt + week - MINUTE, week)).toBe(true);
    // Published after it: the league is off.
    expect(isPublished(lowered, kpd, 1, changeAt + week + MINUTE, week)).toBe(false);
    // Round 3 of a fixture a week before the first change: not published by then, added after it.
    expect(isPublished(lowered, kpd, 3, t0 + 2 * DAY, week)).toBe(true);
    // A fixture that started before rounds were added never gets them.
    expect(isPublished(lowered, kpd, 2, t0, week)).toBe(false);
    expect(isPublished(lowered, kpd, 1, t0, week)).toBe(true);
  });

  it('keeps an era still to come when another change follows within the grace', () => {
    const a = nextPlan(planOf(undefined), { density: { tennis: 2 }, leaguesOff: [] }, t0);
    const b = nextPlan(a, { density: {}, leaguesOff: [] }, t0 + MINUTE);
    expect(b.map((e) => e.from)).toEqual([0, t0 + ERA_GRACE_MS, t0 + MINUTE + ERA_GRACE_MS]);
    // Eras that ended long before any fixture of the window go.
    const c = nextPlan(b, { density: {}, leaguesOff: [] }, t0 + 30 * DAY);
    expect(c.map((e) => e.from)).toEqual([t0 + MINUTE + ERA_GRACE_MS, t0 + 30 * DAY + ERA_GRACE_MS]);
    expect(planOf([{ nonsense: true }])).toEqual(planOf(undefined));
  });

  it('changes no fixture the simulator published when the operator changes the plan', async () => {
    let plan: SimEra[] = planOf(undefined);
    const clock = { now: t0 };
    const leagues = ['bb-kba', 'bb-tbl', 'tn-amo', 'tn-slc', 'es-ksm'].map(league);
    const published = async (options: Partial<SimulatorOptions> = {}) => {
      const fixtures = new Map<string, Fixture>();
      const sim = createSimulator({
        secret: SECRET,
        models: SPORT_MODELS,
        timeZone: () => ZONE,
        marginOf: () => 50_000,
        now: () => new Date(clock.now),
        tickMs: 0,
        horizonDays: 2,
        leagues,
        plan: async () => plan,
        ...options,
      });
      await sim.start({
        async apply(_source: string, m: FeedMessage) {
          if (m.kind === 'fixture') fixtures.set(m.fixture.id, m.fixture);
        },
      });
      await sim.tick();
      await sim.stop();
      return fixtures;
    };
    const before = await published();
    plan = nextPlan(plan, { density: { basketball: 3, tennis: 2 }, leaguesOff: ['bb-kba', 'tn-amo'] }, clock.now);
    const changedAt = clock.now + ERA_GRACE_MS;
    clock.now += 12 * 60 * MINUTE;
    const after = await published();
    // Every fixture published before still in the window comes out the same: id, teams, start, seedHash.
    let kept = 0;
    for (const [id, f] of before) {
      if (Date.parse(f.startsAt) < clock.now) continue;
      expect(after.get(id), id).toEqual(f);
      kept++;
    }
    expect(kept).toBeGreaterThan(30);
    // The leagues turned off publish nothing beyond the horizon they had; the rounds added appear.
    const off = [...after.values()].filter((f) => f.league.id === 'bb-kba' || f.league.id === 'tn-amo');
    expect(off.length).toBeGreaterThan(0);
    expect(off.every((f) => Date.parse(f.startsAt) <= changedAt + 2 * DAY)).toBe(true);
    const ids = [...after.keys()];
    expect(ids.some((id) => id.startsWith('tn-slc-') && id.includes('-r2-'))).toBe(true);
    // Round 1 of this league already has each of its clubs play: no further round has anyone left.
    expect(ids.some((id) => id.startsWith('bb-tbl-') && id.includes('-r3-'))).toBe(false);
    expect(ids.some((id) => id.startsWith('es-ksm-') && id.includes('-r2-'))).toBe(false);
    expect(ids.some((id) => id.startsWith('bb-kba-') && id.includes('-r2-'))).toBe(false);
  });
});
