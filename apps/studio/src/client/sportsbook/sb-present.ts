// What the sportsbook page says about markets, selections and bets, with no DOM: a market's title,
// a selection's name (with its line: a handicap's line is home's, away takes its opposite), the
// event page's groups, a bet's kind, a leg's outcome. Only what the server sent is named: teams,
// leagues and events come from its answers, never from the page.
import type { MarketView, MyBet } from '../../sportsbook/api';
import type { MarketType, Period } from '../../sportsbook/types';
import { counted, fill } from '../i18n';
import { type LineStyle, lineText } from './sb-format';
import type { SbWords } from './sb-words';

/** `sabong`: the page is the sabong lobby, whose fights' sides are Meron (home) and Wala (away). */
export type Say = { words: SbWords; locale: string; lineStyle: LineStyle; sabong?: boolean };
type MarketRef = { type: MarketType; period: Period; line4: number | null };
type Teams = { home: string; away: string };

/** A market's title: "Handicap +0.25", "Total 2.5", "1st half: Match result". */
export function marketTitle(m: MarketRef, say: Say): string {
  const w = say.words.markets;
  let title: string;
  if (m.type === 'handicap')
    title = fill(w.handicap, { line: lineText(m.line4 ?? 0, 'handicap', say.lineStyle, say.locale) });
  else if (m.type === 'total')
    title = fill(w.total, { line: lineText(m.line4 ?? 0, 'total', say.lineStyle, say.locale) });
  else if (say.sabong && m.type === 'winner') title = say.words.sabong.result;
  else title = w[m.type];
  return m.period === 'h1' ? fill(w.firstHalf, { market: title }) : title;
}

/** A selection's name: the team, Draw, "Home -0.75", "Over 2.5", "2-1", Yes. */
export function selectionName(m: MarketRef, key: string, teams: Teams, say: Say): string {
  const s = say.words.selections;
  // A fight's sides are named as the cockpit calls them, whichever gamefarms fight.
  if (say.sabong && m.type === 'winner' && (key === 'home' || key === 'away'))
    return key === 'home' ? say.words.sabong.meron : say.words.sabong.wala;
  const team = key === 'home' ? teams.home : key === 'away' ? teams.away : null;
  switch (m.type) {
    case 'handicap': {
      const line4 = m.line4 ?? 0;
      const line = lineText(key === 'away' ? -line4 : line4, 'handicap', say.lineStyle, say.locale);
      return `${team ?? key} ${line}`;
    }
    case 'total': {
      const line = lineText(m.line4 ?? 0, 'total', say.lineStyle, say.locale);
      return key === 'over' ? fill(s.over, { line }) : key === 'under' ? fill(s.under, { line }) : key;
    }
    case 'double_chance':
      if (key === 'home_draw') return fill(s.homeOrDraw, teams);
      if (key === 'home_away') return fill(s.homeOrAway, teams);
      if (key === 'draw_away') return fill(s.drawOrAway, teams);
      return key;
    case 'correct_score':
      return key === 'other' ? s.other : key;
    case 'btts':
      return key === 'yes' ? s.yes : key === 'no' ? s.no : key;
    case 'draw':
      return s.draw;
    default:
      return team ?? (key === 'draw' ? s.draw : key);
  }
}

/** The short label a list's price button carries under a column head: 1 X 2, the line, Over / Under. */
export function shortSelection(m: MarketRef, key: string, say: Say): string {
  const s = say.words.selections;
  if (say.sabong && (m.type === 'winner' || m.type === 'draw'))
    return selectionName(m, key, { home: '', away: '' }, say);
  if (m.type === '1x2' || m.type === 'winner') return key === 'home' ? s.short1 : key === 'away' ? s.short2 : s.shortX;
  if (m.type === 'handicap') {
    const line4 = m.line4 ?? 0;
    return lineText(key === 'away' ? -line4 : line4, 'handicap', say.lineStyle, say.locale);
  }
  if (m.type === 'total') {
    const line = lineText(m.line4 ?? 0, 'total', say.lineStyle, say.locale);
    return key === 'over' ? fill(s.over, { line }) : fill(s.under, { line });
  }
  return selectionName(m, key, { home: s.short1, away: s.short2 }, say);
}

export type GroupKey = keyof SbWords['groups'];
const GROUP_OF: Record<MarketType, GroupKey> = {
  '1x2': 'result',
  double_chance: 'result',
  winner: 'result',
  draw: 'result',
  handicap: 'handicap',
  total: 'total',
  correct_score: 'correct_score',
  btts: 'btts',
};
const GROUP_ORDER: GroupKey[] = ['result', 'handicap', 'total', 'correct_score', 'btts', 'h1'];
const TYPE_ORDER: MarketType[] = [
  '1x2',
  'winner',
  'draw',
  'double_chance',
  'handicap',
  'total',
  'correct_score',
  'btts',
];

/**
 * The event page's groups: match result, handicap, totals, correct score, both teams to score, and
 * every first-half market in a group of its own; lines in order within a type. Closed and settled
 * markets are left out (nothing on them can be bet).
 */
export function marketGroups(markets: readonly MarketView[]): { key: GroupKey; markets: MarketView[] }[] {
  const groups = new Map<GroupKey, MarketView[]>();
  for (const m of markets) {
    if (m.status === 'closed' || m.status === 'settled') continue;
    const key = m.period === 'h1' ? 'h1' : GROUP_OF[m.type];
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  const order = (m: MarketView) => TYPE_ORDER.indexOf(m.type) * 10_000 + (m.line4 ?? 0);
  return GROUP_ORDER.filter((k) => groups.has(k)).map((key) => ({
    key,
    markets: [...groups.get(key)!].sort((a, b) => order(a) - order(b)),
  }));
}

/** The order a market's selections are shown in: home, draw, away; over, under; correct scores by score. */
export function orderedSelections<T extends { key: string }>(type: MarketType, selections: readonly T[]): T[] {
  const rank = (k: string) => {
    const fixed = ['home', 'home_draw', 'draw', 'home_away', 'away', 'draw_away', 'over', 'under', 'yes', 'no'];
    const i = fixed.indexOf(k);
    if (i >= 0) return i;
    if (type === 'correct_score') {
      if (k === 'other') return 100_000;
      const [h = 0, a = 0] = k.split('-').map(Number);
      // Home wins, then draws, then away wins, each by score.
      const side = h > a ? 0 : h === a ? 1 : 2;
      return 1000 + side * 10_000 + h * 100 + a;
    }
    return 50;
  };
  return [...selections].sort((a, b) => rank(a.key) - rank(b.key));
}

/** A bet's kind as the slip and my bets name it: Single, Multiple (3 legs), System 2/3. */
export function betKindText(bet: Pick<MyBet, 'kind' | 'size' | 'legs'>, say: Say): string {
  const w = say.words;
  if (bet.kind === 'single') return w.kinds.single;
  if (bet.kind === 'multiple') return `${w.kinds.multiple} (${counted(w.counts.folds, bet.legs.length, say.locale)})`;
  if (bet.kind === 'builder') return `${w.kinds.builder} (${counted(w.counts.legs, bet.legs.length, say.locale)})`;
  return fill(w.kinds.system, { size: bet.size ?? 0, legs: bet.legs.length });
}

/** The selection id's parts: `<eventId>/<marketKey>/<selectionKey>` (api.ts SelectionId). */
export function parseSelectionId(id: string): { eventId: string; marketKey: string; key: string } | null {
  const parts = id.split('/');
  if (parts.length !== 3 || parts.some((p) => !p)) return null;
  return { eventId: parts[0]!, marketKey: parts[1]!, key: parts[2]! };
}
