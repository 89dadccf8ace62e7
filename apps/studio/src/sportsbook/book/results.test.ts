import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultsAnswer, SearchAnswer } from '../api';
import type { MatchState } from '../types';
import { periodsOf } from './results';
import { containsPattern } from './results.queries';
import {
  abandon,
  type BookHarness,
  feed,
  newEvent,
  openPlayer,
  result,
  sbApi,
  scoreResult,
  setState,
  startBook,
} from './test-fixture';

// The results list and the search through HTTP on a real database: a finished match with its final
// and first-half scores, an abandoned one, the filters by sport, league and brand day, a bad query
// refused with the error envelope and nothing changed; leagues and events found by a team's or a
// league's name in any case, with `%` and `_` matching only themselves.

let h: BookHarness;
let token: string;
// Noon in Manila, the book's default zone: today's matches started this morning.
const NOON = Date.parse('2026-11-20T04:00:00Z');
const HOUR = 3_600_000;
/** A match of today's results: the search leaves it out. */
let finished = '';

beforeAll(async () => {
  h = await startBook('sbresults');
  h.clock.now = NOON;
  token = (await openPlayer(h, 10_000)).token;
});
afterAll(() => h.close());

const results = async (query = '') => {
  const res = await sbApi(h, token, 'GET', `/results${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ResultsAnswer;
};
const search = async (q: string) => {
  const res = await sbApi(h, token, 'GET', `/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchAnswer;
};

describe('the results route', () => {
  it("lists today's finished matches newest first, an abandoned one as such, with their scores", async () => {
    const early = await newEvent(h, { league: 'res-a', startsInMs: -3 * HOUR });
    const late = await newEvent(h, { league: 'res-a', startsInMs: -2 * HOUR });
    const stopped = await newEvent(h, { league: 'res-b', startsInMs: -HOUR });
    const running = await newEvent(h, { league: 'res-a', startsInMs: -HOUR / 2 });
    await setState(h, early.id, 'live', 1, 0);
    await result(h, early.id, scoreResult(2, 1, [1, 0]));
    await result(h, late.id, scoreResult(0, 0, [0, 0]));
    await setState(h, stopped.id, 'live', 0, 1);
    await abandon(h, stopped.id);
    await setState(h, running.id, 'live', 3, 3);
    finished = early.id;

    const a = await results();
    expect(a.day).toBe('2026-11-20');
    expect(a.days).toEqual([
      '2026-11-20',
      '2026-11-19',
      '2026-11-18',
      '2026-11-17',
      '2026-11-16',
      '2026-11-15',
      '2026-11-14',
    ]);
    const ids = a.results.map((r) => r.id);
    expect(ids).toEqual([stopped.id, late.id, early.id]);
    expect(a.results[2]).toEqual({
      id: early.id,
      sport: 'football',
      league: { id: 'res-a', name: 'res-a name', region: 'Testland', title: null },
      home: `Home ${early.id}`,
      away: `Away ${early.id}`,
      startsAt: new Date(NOON - 3 * HOUR).toISOString(),
      status: 'ended',
      score: { home: 2, away: 1 },
      counted: null,
      periods: [{ period: '1H', home: 1, away: 0 }],
    });
    expect(a.results[0]).toMatchObject({ status: 'abandoned', score: { home: 0, away: 1 }, periods: [] });
  });

  it('filters by sport, league and brand day', async () => {
    const hoop = await newEvent(h, { sport: 'basketball', league: 'res-hoop', startsInMs: -2 * HOUR });
    await result(h, hoop.id, scoreResult(101, 99));
    const yesterday = await newEvent(h, { league: 'res-a', startsInMs: -24 * HOUR });
    await result(h, yesterday.id, scoreResult(3, 0));

    const basketball = await results('?sport=basketball');
    expect(basketball.results.map((r) => r.id)).toEqual([hoop.id]);
    expect(basketball.results[0]?.score).toEqual({ home: 101, away: 99 });
    const leagueA = await results('?league=res-a');
    expect(leagueA.results.every((r) => r.league.id === 'res-a')).toBe(true);
    expect(leagueA.results.map((r) => r.id)).not.toContain(yesterday.id);
    const before = await results('?day=2026-11-19&league=res-a');
    expect(before.day).toBe('2026-11-19');
    expect(before.results.map((r) => r.id)).toEqual([yesterday.id]);
    // A sport of another lobby shows nothing.
    expect((await results('?sport=cockfight')).results).toEqual([]);
  });

  it('refuses a bad query with the error envelope and changes nothing', async () => {
    const before = await results();
    for (const query of ['?day=2026-11-31', '?day=yesterday', '?sport=curling', '?league=bad%20id!']) {
      const res = await sbApi(h, token, 'GET', `/results${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe('STUDIO_BAD_REQUEST');
    }
    expect(await results()).toEqual(before);
  });

  it("keeps a set's or a map's score as the state lists it", () => {
    const score = { decided: { home: 2, away: 1 }, counted: { home: 16, away: 14 } };
    const state = {
      status: 'ended',
      phase: 'S3',
      score,
      detail: { set1: '6-4', set2: '3-6', set3: '7-4', gamesHome: 0 },
    } as MatchState;
    expect(periodsOf(null, state)).toEqual([
      { period: 'S1', home: 6, away: 4 },
      { period: 'S2', home: 3, away: 6 },
      { period: 'S3', home: 7, away: 4 },
    ]);
    expect(periodsOf(null, { ...state, detail: { map1: '13-9', map2: 'x' } })).toEqual([
      { period: 'M1', home: 13, away: 9 },
    ]);
  });
});

describe('the search route', () => {
  beforeAll(async () => {
    await feed(h, {
      kind: 'fixture',
      seq: 90_001,
      at: new Date(h.clock.now).toISOString(),
      fixture: {
        id: 'srch-1',
        sport: 'football',
        league: { id: 'srch-league', name: 'Premier 100% League', region: 'Testland' },
        home: { id: 'srch-h', name: 'Real Zaragoza' },
        away: { id: 'srch-a', name: 'Sporting_Gijon' },
        startsAt: new Date(h.clock.now + 2 * HOUR).toISOString(),
      },
    });
  });

  it('finds an event by a team in any case, and a league with its counts', async () => {
    const a = await search('  zaragoza ');
    expect(a.events.map((e) => e.id)).toEqual(['srch-1']);
    expect(a.events[0]).toMatchObject({
      league: { id: 'srch-league', name: 'Premier 100% League' },
      home: 'Real Zaragoza',
      status: 'scheduled',
      score: null,
    });
    expect(a.leagues).toEqual([]);
    const byLeague = await search('PREMIER 100');
    expect(byLeague.leagues).toEqual([
      {
        id: 'srch-league',
        name: 'Premier 100% League',
        sport: 'football',
        region: 'Testland',
        title: null,
        live: 0,
        upcoming: 1,
      },
    ]);
    expect(byLeague.events.map((e) => e.id)).toEqual(['srch-1']);
  });

  it('takes % and _ as themselves', async () => {
    expect(containsPattern('10%_a\\')).toBe('%10\\%\\_a\\\\%');
    expect((await search('100%')).leagues.map((l) => l.id)).toEqual(['srch-league']);
    // Unescaped, "0% L" and "g_G" would match far more (any league with "0", any "g" then "G").
    expect((await search('%%')).leagues).toEqual([]);
    expect((await search('ng_g')).events.map((e) => e.id)).toEqual(['srch-1']);
    expect((await search('__')).events).toEqual([]);
    // Finished matches are not searched: only live and upcoming ones.
    expect((await search(`Home ${finished}`)).events).toEqual([]);
  });

  it('refuses a query too short or too long', async () => {
    for (const q of ['', ' a ', 'x'.repeat(41)]) {
      const res = await sbApi(h, token, 'GET', `/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBe('STUDIO_BAD_REQUEST');
    }
  });
});
