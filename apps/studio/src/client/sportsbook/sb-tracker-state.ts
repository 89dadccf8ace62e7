// The event page's match tracker as the page knows it (pure; drawn by sb-tracker-view.ts): the
// book's latest answer for the event on screen (GET /api/sb/events/:id/tracker), the tab the
// player chose, and what the drawing needs of them: where the ball is on the pitch or court, the
// latest events as lines, and the statistics as rows with each side's share.
import type { TrackerAnswer, TrackerEvent, TrackerStat } from '../../sportsbook/api';
import type { EventStatus, Sport } from '../../sportsbook/types';

export type TrackerTab = 'tracker' | 'stats';

export type TrackerModel = {
  /** The event the tracker is for (the event page's). */
  eventId: string | null;
  answer: TrackerAnswer | null;
  tab: TrackerTab;
  /** A read is under way: a state message meanwhile asks for one more after it. */
  reading: boolean;
  /** A state message came while reading: read again once the answer is in. */
  stale: boolean;
};

export function initialTracker(): TrackerModel {
  return { eventId: null, answer: null, tab: 'tracker', reading: false, stale: false };
}

/** The tracker of the event page's event (a new event starts empty, on the tracker tab). */
export function trackerFor(m: TrackerModel, eventId: string | null): TrackerModel {
  return m.eventId === eventId ? m : { ...initialTracker(), eventId };
}

export function setTab(m: TrackerModel, tab: TrackerTab): TrackerModel {
  return { ...m, tab };
}

/** Whether to read the tracker now; a read under way is marked stale instead (read again after). */
export function startRead(m: TrackerModel, eventId: string): { model: TrackerModel; read: boolean } {
  if (m.eventId !== eventId) return { model: m, read: false };
  if (m.reading) return { model: { ...m, stale: true }, read: false };
  return { model: { ...m, reading: true, stale: false }, read: true };
}

/**
 * The answer of a read of `eventId`'s tracker (null when it failed), kept while that event is on
 * screen (a read of an event left behind changes nothing); `again` when a read is owed.
 */
export function readDone(
  m: TrackerModel,
  eventId: string,
  answer: TrackerAnswer | null,
): { model: TrackerModel; again: boolean } {
  if (m.eventId !== eventId) return { model: m, again: false };
  return { model: { ...m, answer: answer ?? m.answer, reading: false, stale: false }, again: m.stale };
}

/** The tracker is shown once a match has started (before it there is nothing to tell). */
export function trackerShown(status: EventStatus): boolean {
  return status === 'live' || status === 'break' || status === 'ended' || status === 'abandoned';
}

/** What a pitch or court draws: the area lit (0..2, left to right) and whose ball it is. */
export type Pitch = { sport: Sport; cells: number; lit: number | null; side: 'home' | 'away' | null };

/**
 * Home plays left to right. Football lights the third the ball is in (the home side's defence is
 * the left third, the away side's the right); basketball the half the team with the ball attacks;
 * tennis the half of the player serving. Other sports draw no pitch.
 */
export function pitchOf(a: TrackerAnswer): Pitch | null {
  const ball = a.ball;
  if (a.sport === 'football') {
    const third = ball?.zone ? { defence: 0, midfield: 1, attack: 2 }[ball.zone] : null;
    const lit = third === null ? null : ball?.side === 'away' ? 2 - third : third;
    return { sport: a.sport, cells: 3, lit, side: ball?.side ?? null };
  }
  if (a.sport === 'basketball' || a.sport === 'tennis') {
    const right = a.sport === 'basketball' ? 'home' : 'away';
    return { sport: a.sport, cells: 2, lit: ball ? (ball.side === right ? 1 : 0) : null, side: ball?.side ?? null };
  }
  return null;
}

/** An event line: its kind, side, the clock text's seconds (null without a clock) and its phase. */
export type FeedLine = Pick<TrackerEvent, 'kind' | 'side' | 'clock' | 'phase' | 'points'> & { key: string };

/** The latest events, newest first, each with a key unique in the list. */
export function feedLines(a: TrackerAnswer, max = 8): FeedLine[] {
  return a.events.slice(0, max).map((e, i) => ({
    key: `${e.at}:${e.kind}:${e.side ?? '-'}:${i}`,
    kind: e.kind,
    side: e.side,
    clock: e.clock,
    phase: e.phase,
    ...(e.points ? { points: e.points } : {}),
  }));
}

/** A statistics row with each side's share of the two (for the bar), 0.5 each when both are 0. */
export type StatRow = TrackerStat & { homeShare: number };

export function statRows(a: TrackerAnswer): StatRow[] {
  return a.stats.map((s) => {
    const all = s.home + s.away;
    return { ...s, homeShare: all === 0 ? 0.5 : s.home / all };
  });
}
