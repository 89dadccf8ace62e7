// How the sportsbook page writes numbers, lines, money, times and match clocks, with Intl in the
// page's language and no DOM. Odds are not here: they are written by the model's formatOdds (the
// page passes its formatter in), so the page and the book never disagree on a price.
import type { MatchState, Sport } from '../../sportsbook/types';

/** How a quarter line is written: as one line (+0.25) or as the two lines its halves go on (0/+0.5). */
export const LINE_STYLES = ['quarter', 'split'] as const;
export type LineStyle = (typeof LINE_STYLES)[number];

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, f);
  }
  return f;
}

/** One line, `line4` in quarters: signed for a handicap (+0.5, -1, 0), plain for a total (2.5). */
function oneLine(line4: number, signed: boolean, locale: string): string {
  return numberFormat(locale, {
    minimumFractionDigits: 0,
    maximumFractionDigits: 2,
    signDisplay: signed ? 'exceptZero' : 'auto',
    useGrouping: false,
  }).format(line4 / 4);
}

/**
 * A handicap or total line as the page writes it. Whole and half lines are one number; a quarter
 * line (odd `line4`) is either the number (+0.25, -0.75, 2.25) or, in the split style the region's
 * books use, the two lines a quarter either side that the stake is halved over, the one nearer zero
 * first: +0.25 is 0/+0.5, -0.75 is -0.5/-1, 2.25 is 2/2.5.
 */
export function lineText(line4: number, kind: 'handicap' | 'total', style: LineStyle, locale = 'en'): string {
  const signed = kind === 'handicap';
  if (line4 % 2 === 0 || style === 'quarter') return oneLine(line4, signed, locale);
  const [a, b] = Math.abs(line4 - 1) < Math.abs(line4 + 1) ? [line4 - 1, line4 + 1] : [line4 + 1, line4 - 1];
  return `${oneLine(a, signed, locale)}/${oneLine(b, signed, locale)}`;
}

/** Minor units as an amount: two decimals, grouped as the page's language groups them. */
export function moneyText(minor: number, locale: string): string {
  return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100);
}

/** A signed amount (corrections): +1.50 or -0.75. */
export function signedMoneyText(minor: number, locale: string): string {
  return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'always' }).format(
    minor / 100,
  );
}

/** A typed stake to minor units; null when it is not a positive amount with at most two decimals. */
export function parseStake(text: string): number | null {
  const clean = text.trim().replace(/[\s,]/g, '');
  if (!/^\d{1,12}(\.\d{0,2})?$/.test(clean) && !/^\.\d{1,2}$/.test(clean)) return null;
  const [whole = '0', fraction = ''] = clean.split('.');
  const minor = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return minor > 0 ? minor : null;
}

/** Minor units as a stake field shows them: 10, 10.5, 10.05 (no grouping, a dot: what parseStake reads). */
export function stakeInput(minor: number): string {
  if (minor <= 0) return '';
  const whole = Math.floor(minor / 100);
  const cents = minor % 100;
  if (cents === 0) return String(whole);
  return `${whole}.${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${JSON.stringify(options)}`;
  let f = dateFormats.get(key);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    } catch {
      // An unknown zone name: the brand's setting is wrong, show UTC rather than nothing.
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    }
    dateFormats.set(key, f);
  }
  return f;
}

/** A kick-off time in the brand's zone: 07:30 or 19:30 where the day has 24 hours, 7:30 PM where it has 12. */
export function timeText(iso: string, timeZone: string, locale: string): string {
  const twelve = /h1[12]/.test(dateFormat(locale, timeZone, { hour: 'numeric' }).resolvedOptions().hourCycle ?? '');
  return dateFormat(locale, timeZone, { hour: twelve ? 'numeric' : '2-digit', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** A date and time in the brand's zone (a bet's placing, a correction). */
export function dateTimeText(iso: string, timeZone: string, locale: string): string {
  return dateFormat(locale, timeZone, { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** The zone's short name as the language writes it (GMT+8), for the "times in" label. */
export function zoneName(timeZone: string, locale: string, at = new Date()): string {
  const part = dateFormat(locale, timeZone, { timeZoneName: 'short' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part ? `${part.value} (${timeZone})` : timeZone;
}

/** The brand's day (yyyy-MM-dd) of an instant, in its zone. */
export function dayOf(at: Date | string, timeZone: string): string {
  const parts = dateFormat('en', timeZone, { year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    typeof at === 'string' ? new Date(at) : at,
  );
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * A brand day's tab label: today and tomorrow by name, the others by weekday and date. The day is
 * written at noon UTC so that no zone moves it to its neighbour.
 */
export function dayLabel(
  day: string,
  today: string,
  locale: string,
  words: { today: string; tomorrow: string },
): string {
  if (day === today) return words.today;
  const next = new Date(`${today}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  if (day === next.toISOString().slice(0, 10)) return words.tomorrow;
  return dateFormat(locale, 'UTC', { weekday: 'short', day: 'numeric', month: 'short' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

/** The match clock's seconds now: as last sent, plus the time since while it runs. */
export function clockSeconds(state: MatchState | null, receivedAt: number, now: number): number | null {
  const clock = state?.clock;
  if (!clock) return null;
  const run = clock.running ? Math.max(0, Math.floor((now - receivedAt) / 1000)) : 0;
  return clock.seconds + run;
}

/** A clock as a sport shows it: football in minutes played (the first minute is 1'), the others mm:ss. */
export function clockText(sport: Sport, seconds: number): string {
  if (sport === 'football') return `${Math.floor(seconds / 60) + 1}'`;
  const m = Math.floor(seconds / 60);
  return `${m}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The score a list shows: the deciding score (goals, points, sets, maps). */
export function scoreText(state: MatchState | null): string | null {
  if (!state) return null;
  return `${state.score.decided.home}-${state.score.decided.away}`;
}
