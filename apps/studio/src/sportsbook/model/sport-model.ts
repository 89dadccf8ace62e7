import type { z } from 'zod';
import type { Rng } from '../../kit/fair/rng';
import type { EventResult, MarketQuote, MatchEventKind, MatchState, Sport } from '../types';

// What the simulator and the pricing share for one sport: the parameters of a fixture (the teams'
// strengths), the match as a process that moves event by event, and the market prices of any state
// of that process. Pricing and simulation come from the same model, so a live price is the fair
// price of the match the simulator really plays, less the book's margin.

/** A league's profile: how strong its teams are and how far apart (the simulator's leagues choose it). */
export type LeagueProfile = {
  /** 0 (weakest) to 1 (strongest): scales scoring rates or point-win chances. */
  level: number;
  /** 0 (teams alike) to 1 (very uneven): how far two teams' strengths may differ. */
  spread: number;
  /** Tennis sets or e-sports maps to win the match (best of 2n-1). */
  bestOf?: number;
};

/** What happens next in a match: after `afterMs` of real time, the new state, and how long the book suspends. */
export type MatchStep = {
  afterMs: number;
  state: MatchState;
  event?: { kind: z.infer<typeof MatchEventKind>; side?: 'home' | 'away' };
  /** Markets suspended for this long after the step (a goal, a red card, a break point); 0 = none. */
  suspendMs: number;
};

export interface SportModel<P> {
  readonly sport: Sport;
  /** A new fixture's parameters from the match's seeded source. */
  drawParams(rng: Rng, league: LeagueProfile): P;
  /** The state before the start. */
  initial(params: P): MatchState;
  /** The next step of the match from `state`, or null when the match is over. */
  step(params: P, state: MatchState, rng: Rng): MatchStep | null;
  /** The markets offered in `state` with their odds at `marginPpm`; markets already decided are left out. */
  price(params: P, state: MatchState, marginPpm: number): MarketQuote[];
  /** The result of an ended match. */
  result(state: MatchState): EventResult;
}
