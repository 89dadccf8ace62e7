import type { BetRecordLeg } from '@gamehall/shared/api/games';

// A sportsbook leg in the member's words. The house sportsbook sends codes (market type, period,
// line, selection key, scores) and proper nouns (teams, league): the page names the market and the
// selection in the member's language and writes the line in its number format. Rounds whose
// vendor sent words (kept from before, or an outside sportsbook) show those words as they came.

type T = (key: string, options?: Record<string, unknown>) => string;

export type LegWords = { event: string; market: string; selection: string; score: string | null };

/** The line as written in `language`: "2.5", "-0.75", and "+0.25" when `signed` (a handicap). */
function lineText(language: string, line: number, signed: boolean): string {
  return new Intl.NumberFormat(language, {
    maximumFractionDigits: 2,
    signDisplay: signed ? 'exceptZero' : 'auto',
    useGrouping: false,
  }).format(line);
}

const scoreText = (s: { home: number; away: number }) => `${s.home}-${s.away}`;

export function legWords(t: T, language: string, leg: BetRecordLeg): LegWords {
  if (leg.form === 'words') return { event: leg.event, market: leg.market, selection: leg.selection, score: leg.score };
  const team = (key: string) =>
    key === 'home' ? leg.home : key === 'away' ? leg.away : key === 'draw' ? t('games.bet.picks.draw') : key;
  const market = t(`games.bet.markets.${leg.marketType}`);
  const line = leg.line ?? 0;
  let selection: string;
  switch (leg.marketType) {
    case 'handicap':
      // The line is home's: away's is its opposite.
      selection = `${team(leg.selection)} ${lineText(language, leg.selection === 'away' ? -line : line, true)}`;
      break;
    case 'total':
      selection = t(leg.selection === 'over' ? 'games.bet.picks.over' : 'games.bet.picks.under', {
        line: lineText(language, line, false),
      });
      break;
    case 'double_chance': {
      const [a = '', b = ''] = leg.selection.split('_').map(team);
      selection = t('games.bet.picks.either', { a, b });
      break;
    }
    case 'btts':
    case 'draw':
      selection = t(leg.selection === 'yes' ? 'games.bet.picks.yes' : 'games.bet.picks.no');
      break;
    case 'correct_score':
      selection = leg.selection === 'other' ? t('games.bet.picks.otherScore') : leg.selection;
      break;
    default:
      selection = team(leg.selection);
  }
  const s = leg.score;
  return {
    event: t('games.bet.match', { home: leg.home, away: leg.away }),
    market: leg.period === 'h1' ? t('games.bet.firstHalf', { market }) : market,
    selection,
    // What decides the match, and beside it what lines count when that differs (tennis games).
    score: !s
      ? null
      : s.counted.home === s.decided.home && s.counted.away === s.decided.away
        ? scoreText(s.decided)
        : `${scoreText(s.decided)} (${scoreText(s.counted)})`,
  };
}
