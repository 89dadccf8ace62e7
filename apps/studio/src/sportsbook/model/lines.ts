import type { OutcomeChances } from './margin';

// Handicap and total lines on a distribution of scores. A line is in quarters (types.ts Line4). A
// whole line can push; a half line cannot; a quarter line splits the stake between the two lines a
// quarter either side (+0.25 = half on 0, half on +0.5), so it can win or lose by half.

/** A discrete distribution: value -> probability (the probabilities add up to 1). */
export type Distribution = ReadonlyMap<number, number>;

/** How a stake on `margin4` > 0 (win), = 0 (push) or < 0 (lose) settles, `margin4` in quarters. */
function wholeOrHalf(margin4: number): 'win' | 'push' | 'lose' {
  return margin4 > 0 ? 'win' : margin4 < 0 ? 'lose' : 'push';
}

/**
 * The outcome of a bet whose edge is `diff4` quarters before the line and `line4` the line:
 * the selection wins when diff4 + line4 > 0 (the counted difference in the selection's favour plus
 * its handicap). Quarter lines combine the two neighbouring lines.
 */
export function lineOutcome(diff4: number, line4: number): 'win' | 'half_win' | 'push' | 'half_lose' | 'lose' {
  if (line4 % 2 === 0) return wholeOrHalf(diff4 + line4);
  const a = wholeOrHalf(diff4 + line4 - 1);
  const b = wholeOrHalf(diff4 + line4 + 1);
  if (a === b) return a;
  const pair = [a, b].sort().join('+');
  if (pair === 'push+win') return 'half_win';
  if (pair === 'lose+push') return 'half_lose';
  // A quarter line's neighbours are half a goal apart, so they never split win and lose.
  throw new Error(`lines: impossible split ${pair}`);
}

function chancesOver(dist: Distribution, edge4: (value: number) => number, line4: number): OutcomeChances {
  const c = { win: 0, halfWin: 0, push: 0, halfLose: 0, lose: 0 };
  for (const [value, p] of dist) {
    switch (lineOutcome(edge4(value), line4)) {
      case 'win':
        c.win += p;
        break;
      case 'half_win':
        c.halfWin += p;
        break;
      case 'push':
        c.push += p;
        break;
      case 'half_lose':
        c.halfLose += p;
        break;
      case 'lose':
        c.lose += p;
        break;
    }
  }
  return c;
}

/** Home's handicap `line4` on the distribution of (home - away) counted: home's chances; away takes -line4. */
export function handicapChances(
  difference: Distribution,
  line4: number,
): { home: OutcomeChances; away: OutcomeChances } {
  return {
    home: chancesOver(difference, (d) => d * 4, line4),
    away: chancesOver(difference, (d) => -d * 4, -line4),
  };
}

/** Over and under `line4` on the distribution of the counted total. */
export function totalChances(total: Distribution, line4: number): { over: OutcomeChances; under: OutcomeChances } {
  return {
    over: chancesOver(total, (t) => t * 4, -line4),
    under: chancesOver(total, (t) => -t * 4, line4),
  };
}
