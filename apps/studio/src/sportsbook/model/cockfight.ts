import type { Rng } from '../../kit/fair/rng';
import type { EventResult, MarketQuote, MatchState } from '../types';
import { winnerQuote } from './line-markets';
import { oddsFor } from './margin';
import { MARGIN_FACTOR } from './markets';
import type { LeagueProfile, MatchStep, SportModel } from './sport-model';

// Sabong: a derby's fights one after another, each between Meron (home) and Wala (away). A fight
// is called at its start time and goes live with betting open (phase OPEN); at the last call betting
// closes (CLOSED) and, moments later, the cocks are released (FIGHT). It is won by one cock, drawn
// (about one fight in 30 to 40), or now and then cancelled (a cock that will not fight): the feed's
// abandon, which voids its bets. Bets are taken on the card and while the fight is open, never after
// the last call (the book refuses them, SB_LAST_CALL). Markets: winner (Meron / Wala; a draw refunds
// both sides' stakes, the sabong rule) and draw ('yes'). Cockpits pay a fixed 8x on the draw, which
// returns a player about a quarter of the stake at these chances; the book prices it like every
// selection instead, at its margin times the draw market's factor (markets.ts MARGIN_FACTOR, as a
// long price), so what it holds is the margin the trader set. decided = counted = 1-0 (Meron), 0-1
// (Wala) or 0-0 (draw).

/** Betting stays open this long after the fight is called, then the last call closes it. */
export const SABONG_BETTING_MS = 180_000;
/** From the last call to the release of the cocks. */
export const SABONG_RELEASE_MS = 20_000;
/** A fight lasts between one and six minutes of real time from the release. */
const FIGHT_MS = { min: 60_000, span: 300_000 };
/** About one fight in a hundred is cancelled. */
const CANCEL_CHANCE = 0.01;

/** The fight's phases as the feed's state names them (types.ts MatchState.phase). */
export const SABONG_PHASES = { open: 'OPEN', closed: 'CLOSED', fight: 'FIGHT', end: 'END' } as const;

export type CockfightParams = {
  /** Meron's chance of winning a fight that is not drawn. */
  meron: number;
  /** The chance of a draw. */
  draw: number;
};

function chances(params: CockfightParams) {
  return {
    meron: params.meron * (1 - params.draw),
    wala: (1 - params.meron) * (1 - params.draw),
    draw: params.draw,
  };
}

const score = (home: number, away: number): MatchState['score'] => ({
  decided: { home, away },
  counted: { home, away },
});

export const cockfightModel: SportModel<CockfightParams> = {
  sport: 'cockfight',

  drawParams(rng: Rng, league: LeagueProfile): CockfightParams {
    const edge = (rng.next() * 2 - 1) * (0.05 + 0.15 * league.spread);
    return {
      meron: Math.round((0.5 + edge) * 10_000) / 10_000,
      draw: Math.round((1 / (30 + rng.int(11))) * 1_000_000) / 1_000_000,
    };
  },

  initial(): MatchState {
    return { status: 'scheduled', phase: '', score: score(0, 0) };
  },

  step(params: CockfightParams, state: MatchState, rng: Rng): MatchStep | null {
    if (state.status === 'scheduled') {
      return {
        afterMs: 0,
        suspendMs: 0,
        state: { status: 'live', phase: SABONG_PHASES.open, score: score(0, 0) },
      };
    }
    if (state.status !== 'live') return null;
    if (state.phase === SABONG_PHASES.open) {
      return {
        afterMs: SABONG_BETTING_MS,
        suspendMs: 0,
        event: { kind: 'last_call' },
        state: { status: 'live', phase: SABONG_PHASES.closed, score: score(0, 0), last: { kind: 'last_call' } },
      };
    }
    if (state.phase === SABONG_PHASES.closed) {
      return {
        afterMs: SABONG_RELEASE_MS,
        suspendMs: 0,
        event: { kind: 'kickoff' },
        state: {
          status: 'live',
          phase: SABONG_PHASES.fight,
          clock: { seconds: 0, running: true },
          score: score(0, 0),
          last: { kind: 'kickoff', clockSeconds: 0 },
        },
      };
    }
    const afterMs = FIGHT_MS.min + rng.int(FIGHT_MS.span);
    const c = chances(params);
    const u = rng.next();
    const seconds = Math.floor(afterMs / 1000);
    if (rng.next() < CANCEL_CHANCE) {
      return {
        afterMs,
        suspendMs: 0,
        event: { kind: 'end' },
        state: {
          status: 'abandoned',
          phase: SABONG_PHASES.end,
          clock: { seconds, running: false },
          score: score(0, 0),
          last: { kind: 'end', clockSeconds: seconds },
        },
      };
    }
    const winner = u < c.draw ? undefined : u < c.draw + c.meron ? 'home' : 'away';
    return {
      afterMs,
      suspendMs: 0,
      event: winner ? { kind: 'fight_end', side: winner } : { kind: 'fight_end' },
      state: {
        status: 'ended',
        phase: SABONG_PHASES.end,
        clock: { seconds, running: false },
        score: winner === 'home' ? score(1, 0) : winner === 'away' ? score(0, 1) : score(0, 0),
        last: winner
          ? { kind: 'fight_end', side: winner, clockSeconds: seconds }
          : { kind: 'fight_end', clockSeconds: seconds },
      },
    };
  },

  price(params: CockfightParams, state: MatchState, marginPpm: number): MarketQuote[] {
    // Betting closes at the last call: from then on nothing is offered.
    const betting = state.status === 'scheduled' || (state.status === 'live' && state.phase === SABONG_PHASES.open);
    if (!betting) return [];
    const c = chances(params);
    const drawOdds = oddsFor({ win: c.draw, lose: 1 - c.draw }, marginPpm * MARGIN_FACTOR.draw);
    const quotes: MarketQuote[] = [];
    const winner = winnerQuote('ft', { home: c.meron, away: c.wala, draw: c.draw }, marginPpm);
    if (winner) quotes.push(winner);
    if (drawOdds !== null) {
      quotes.push({
        type: 'draw',
        period: 'ft',
        status: 'open',
        selections: [{ key: 'yes', odds1000: drawOdds }],
      });
    }
    return quotes;
  },

  result(state: MatchState): EventResult {
    return { ft: { decided: { ...state.score.decided }, counted: { ...state.score.counted } } };
  },
};
