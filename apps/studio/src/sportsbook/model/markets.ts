import type { EventResult, MarketType, Outcome, Period, PeriodScore, Score } from '../types';
import { lineOutcome } from './lines';

// The selections of each market type and how they settle on a result (types.ts names the rules;
// docs/sportsbook.md "Markets and settlement" works examples). The winner-deciding markets (1x2,
// double chance, winner, draw, correct score) read the `decided` score; the counting markets
// (handicap, total, both teams to score) read the `counted` one. A selection the market type does
// not offer, a line where the type has none (or none where it needs one), or a period the result
// does not have settles 'void': the stake comes back rather than the book guessing.

/** Goals a side the correct score market lists (0-0 to 4-4 for every sport); 'other' is any score beyond. */
export const CORRECT_SCORE_MAX = 4;

/** The margin of each market type as a multiple of the league's (correct score carries more). */
export const MARGIN_FACTOR: Readonly<Record<MarketType, number>> = {
  '1x2': 1,
  double_chance: 1,
  winner: 1,
  draw: 3,
  handicap: 1,
  total: 1,
  correct_score: 3,
  btts: 1,
};

const CORRECT_SCORE_KEYS: readonly string[] = (() => {
  const keys: string[] = [];
  for (let h = 0; h <= CORRECT_SCORE_MAX; h++) {
    for (let a = 0; a <= CORRECT_SCORE_MAX; a++) keys.push(`${h}-${a}`);
  }
  keys.push('other');
  return keys;
})();

const KEYS: Readonly<Record<MarketType, readonly string[]>> = {
  '1x2': ['home', 'draw', 'away'],
  double_chance: ['home_draw', 'home_away', 'draw_away'],
  winner: ['home', 'away'],
  draw: ['yes'],
  handicap: ['home', 'away'],
  total: ['over', 'under'],
  correct_score: CORRECT_SCORE_KEYS,
  btts: ['yes', 'no'],
};

/** The selection keys a market type offers, in display order (correct score: '0-0'..'4-4' by home goals, then 'other'). */
export function selectionKeys(type: MarketType): readonly string[] {
  return KEYS[type];
}

/** Whether the market type takes a line (handicap and total), which it then needs. */
export function hasLine(type: MarketType): boolean {
  return type === 'handicap' || type === 'total';
}

/** The correct score key of a score: 'h-a' inside the listed grid, 'other' beyond it. */
export function correctScoreKey(score: Score): string {
  return score.home > CORRECT_SCORE_MAX || score.away > CORRECT_SCORE_MAX ? 'other' : `${score.home}-${score.away}`;
}

function side(score: Score): 'home' | 'draw' | 'away' {
  return score.home > score.away ? 'home' : score.home < score.away ? 'away' : 'draw';
}

const winIf = (won: boolean): Outcome => (won ? 'win' : 'lose');

function periodScore(result: EventResult, period: Period): PeriodScore | undefined {
  return period === 'h1' ? result.h1 : period === 'ft' ? result.ft : undefined;
}

/** How `selectionKey` of `market` settles on `result`; 'void' for a key, line or period that cannot be settled. */
export function settleSelection(
  market: { type: MarketType; period: Period; line4?: number | undefined },
  selectionKey: string,
  result: EventResult,
): Outcome {
  if (!KEYS[market.type]?.includes(selectionKey)) return 'void';
  const line4 = market.line4 ?? undefined;
  if (hasLine(market.type) !== (line4 !== undefined)) return 'void';
  if (line4 !== undefined && !Number.isInteger(line4)) return 'void';
  const score = periodScore(result, market.period);
  if (!score) return 'void';
  const decided = score.decided;
  const counted = score.counted;
  switch (market.type) {
    case '1x2':
      return winIf(side(decided) === selectionKey);
    case 'double_chance':
      return winIf(selectionKey.split('_').includes(side(decided)));
    case 'winner': {
      const s = side(decided);
      return s === 'draw' ? 'push' : winIf(s === selectionKey);
    }
    case 'draw':
      return winIf(side(decided) === 'draw');
    case 'correct_score':
      return winIf(correctScoreKey(decided) === selectionKey);
    case 'handicap': {
      const diff4 = (counted.home - counted.away) * 4;
      return selectionKey === 'home' ? lineOutcome(diff4, line4!) : lineOutcome(-diff4, -line4!);
    }
    case 'total': {
      // A total below zero is no market: every over would win.
      if (line4! < 0) return 'void';
      const total4 = (counted.home + counted.away) * 4;
      return selectionKey === 'over' ? lineOutcome(total4, -line4!) : lineOutcome(-total4, line4!);
    }
    case 'btts':
      return winIf((counted.home > 0 && counted.away > 0) === (selectionKey === 'yes'));
  }
}
