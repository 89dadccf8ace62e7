import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrackerAnswer } from '../api';
import { SIM_LEAGUES } from '../feed/leagues';
import { MatchTracker } from '../feed/match-tracker';
import { dayFixtures } from '../feed/schedule';
import { createSimulator, type Simulator, simulatorSecret } from '../feed/simulator';
import { SPORT_MODELS } from '../model/models';
import { type BookHarness, HOUSE, newEvent, openPlayer, sbApi, startBook } from './test-fixture';
import { eventTracker, MatchTrackers } from './tracker';

// The match tracker through HTTP on a real database: a football match the simulator feeds shows
// its events and statistics, agreeing with the score the book holds, and another node without the
// simulator tells the same; a provider's event shows its feed's state and nothing invented; a bad
// or unknown id is refused with its code.

const LEAGUE = SIM_LEAGUES.find((l) => l.id === 'fb-kpd')!;
const SECRET = simulatorSecret(HOUSE);
const [MATCH] = dayFixtures(SECRET, LEAGUE, '2026-11-25', 'Asia/Manila');
const KICK_OFF = Date.parse(MATCH!.fixture.startsAt);

let h: BookHarness;
let sim: Simulator;
let token: string;
beforeAll(async () => {
  h = await startBook('sbtracker', {
    sources: (b) => {
      sim = createSimulator({
        secret: SECRET,
        models: SPORT_MODELS,
        timeZone: b.timeZone,
        marginOf: b.marginOf,
        now: () => new Date(h.clock.now),
        tickMs: 0,
        leagues: [{ ...LEAGUE, slots: [LEAGUE.slots[0]!], horizonDays: 1 }],
        horizonDays: 0,
        recentMs: 0,
      });
      return [sim];
    },
  });
  h.clock.now = KICK_OFF + 85 * 60_000;
  token = (await openPlayer(h, 10_000)).token;
});
afterAll(() => h.close());

const tracker = (id: string) => sbApi(h, token, 'GET', `/events/${encodeURIComponent(id)}/tracker`);

describe('the match tracker route', () => {
  it("shows a simulated match's events and statistics, agreeing with the book's score", async () => {
    await sim.tick();
    const res = await tracker(MATCH!.fixture.id);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json() as TrackerAnswer;
    expect(a.source).toBe('simulated');
    expect(a.status).toBe('live');
    expect(a.events.length).toBeGreaterThan(5);
    expect(a.ball?.zone).toMatch(/defence|midfield|attack/);
    // The answer's state is the book's, which the simulator fed: the same goals the tracker tells.
    const whole = new MatchTracker(MATCH!.fixture, SPORT_MODELS.football, LEAGUE.profile, MATCH!.seed);
    whole.advanceTo(h.clock.now);
    expect(a.state?.score).toEqual(whole.state.score);
    for (const side of ['home', 'away'] as const)
      expect(whole.events.filter((e) => e.kind === 'goal' && e.side === side).length).toBe(
        a.state?.score.counted[side],
      );
    expect(a.events).toEqual(whole.events.slice(-a.events.length).reverse());
    const attacks = a.stats.find((s) => s.key === 'attacks');
    expect(attacks?.home).toBe(whole.events.filter((e) => e.kind === 'attack' && e.side === 'home').length);
    // Another node, with its own trackers and no simulator, tells the same.
    const elsewhere = await eventTracker(
      h.runtime.book.deps.db,
      new MatchTrackers(SECRET),
      MATCH!.fixture.id,
      ['football'],
      h.clock.now,
    );
    expect(elsewhere).toEqual(a);
  });

  it("shows a provider's event with its feed's state and no invented figures", async () => {
    const e = await newEvent(h, { startsInMs: -60_000 });
    const a = (await tracker(e.id)).json() as TrackerAnswer;
    expect(a).toMatchObject({ source: 'feed', ball: null, events: [], stats: [] });
  });

  it('refuses an unknown or malformed id, and an event of another lobby', async () => {
    const unknown = await tracker('fb-kpd-20991231-01');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('SB_EVENT_NOT_FOUND');
    const bad = await tracker('bad id!');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('STUDIO_BAD_REQUEST');
    const sabong = await openPlayer(h, 1000, 'COCKFIGHT-000');
    const other = await sbApi(h, sabong.token, 'GET', `/events/${MATCH!.fixture.id}/tracker`);
    expect(other.json().error.code).toBe('SB_EVENT_NOT_FOUND');
  });
});
