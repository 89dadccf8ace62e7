// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { TrackerAnswer, TrackerEvent } from '../../sportsbook/api';
import { liveCard } from './sb-fixtures';
import * as T from './sb-tracker-state';
import { createTrackerView } from './sb-tracker-view';
import { englishWords } from './sb-words';

// The event page's tracker: one read at a time (news meanwhile reads again after), an answer for
// an event left behind dropped, the ball's third or half lit as home plays left to right, the feed
// and the statistics drawn, and a provider's event saying it has nothing more than its score.

const ev = (kind: TrackerEvent['kind'], side: TrackerEvent['side'], clock: number | null = 600): TrackerEvent => ({
  at: '2026-11-27T10:20:00.000Z',
  clock,
  phase: '1H',
  kind,
  side,
});

function answer(o: Partial<TrackerAnswer> = {}): TrackerAnswer {
  return {
    eventId: 'e1',
    sport: 'football',
    source: 'simulated',
    status: 'live',
    state: null,
    ball: { side: 'home', zone: 'attack' },
    events: [ev('goal', 'home'), ev('shot_on', 'home'), ev('period_end', null)],
    stats: [
      { key: 'possession', home: 60, away: 40 },
      { key: 'attacks', home: 0, away: 0 },
    ],
    ...o,
  };
}

describe('the tracker state', () => {
  it('reads once at a time and reads again after news', () => {
    let m = T.trackerFor(T.initialTracker(), 'e1');
    const first = T.startRead(m, 'e1');
    expect(first.read).toBe(true);
    const second = T.startRead(first.model, 'e1');
    expect(second.read).toBe(false);
    const done = T.readDone(second.model, 'e1', answer());
    expect(done.again).toBe(true);
    expect(done.model.answer?.eventId).toBe('e1');
    m = T.setTab(done.model, 'stats');
    expect(T.trackerFor(m, 'e1')).toBe(m);
    expect(T.trackerFor(m, 'e2')).toMatchObject({ eventId: 'e2', answer: null, tab: 'tracker' });
  });

  it('drops the answer of an event left behind, and keeps the last on a failed read', () => {
    const m = T.startRead(T.trackerFor(T.initialTracker(), 'e1'), 'e1').model;
    const moved = T.trackerFor(m, 'e2');
    expect(T.readDone(moved, 'e1', answer()).model).toBe(moved);
    const kept = T.readDone(T.readDone(m, 'e1', answer()).model, 'e1', null).model;
    expect(kept.answer?.eventId).toBe('e1');
    expect(T.startRead(moved, 'e1').read).toBe(false);
  });

  it('lights the third or half the ball is in, home playing left to right', () => {
    expect(T.pitchOf(answer())).toMatchObject({ cells: 3, lit: 2, side: 'home' });
    expect(T.pitchOf(answer({ ball: { side: 'away', zone: 'attack' } }))?.lit).toBe(0);
    expect(T.pitchOf(answer({ ball: { side: 'away', zone: 'defence' } }))?.lit).toBe(2);
    expect(T.pitchOf(answer({ ball: { side: 'home', zone: 'midfield' } }))?.lit).toBe(1);
    expect(T.pitchOf(answer({ sport: 'basketball', ball: { side: 'home', zone: null } }))).toMatchObject({
      cells: 2,
      lit: 1,
    });
    expect(T.pitchOf(answer({ sport: 'tennis', ball: { side: 'home', zone: null } }))?.lit).toBe(0);
    expect(T.pitchOf(answer({ sport: 'cockfight', ball: null }))).toBeNull();
    expect(T.trackerShown('scheduled')).toBe(false);
    expect(T.trackerShown('live')).toBe(true);
  });

  it('lists the latest events and each side’s share of a figure', () => {
    expect(T.feedLines(answer(), 2).map((l) => l.kind)).toEqual(['goal', 'shot_on']);
    const rows = T.statRows(answer());
    expect(rows[0]).toMatchObject({ key: 'possession', homeShare: 0.6 });
    expect(rows[1]?.homeShare).toBe(0.5);
  });
});

describe('the tracker view', () => {
  const event = liveCard('e1');
  const draw = (m: T.TrackerModel) => {
    const view = createTrackerView({ words: englishWords, tab: () => undefined });
    view.render(m, event);
    return view.el;
  };
  const model = (a: TrackerAnswer, tab: T.TrackerTab = 'tracker') => ({
    ...T.trackerFor(T.initialTracker(), 'e1'),
    answer: a,
    tab,
  });

  it('draws the pitch with the ball, and the feed with clocks and teams', () => {
    const el = draw(model(answer()));
    expect(el.querySelectorAll('.sb-trk-cell')).toHaveLength(3);
    expect(el.querySelector('.sb-trk-cell.lit')).toBe(el.querySelectorAll('.sb-trk-cell')[2]);
    expect(el.querySelector('[data-testid="tracker-ball"]')?.textContent).toContain(
      'Cinder Bay in the attacking third',
    );
    const lines = [...el.querySelectorAll('.sb-trk-line')].map((l) => l.textContent);
    expect(lines[0]).toBe("11'GoalCinder Bay");
    expect(lines[2]).toBe("11'End of 1st half");
    expect(el.querySelector('[aria-selected="true"]')?.textContent).toBe('Tracker');
  });

  it('draws the statistics tab', () => {
    const el = draw(model(answer(), 'stats'));
    const rows = [...el.querySelectorAll('.sb-trk-stat')].map((r) => r.textContent);
    expect(rows).toEqual(['60Share of attacks (%)40', '0Attacks0']);
    const bp = draw(
      model(
        answer({ sport: 'basketball', stats: [{ key: 'periodPoints', phase: 'Q2', home: 20, away: 18 }] }),
        'stats',
      ),
    );
    expect(bp.querySelector('.sb-trk-label')?.textContent).toBe('Points: Q2');
  });

  it("says a provider's event has its score and time only", () => {
    const el = draw(model(answer({ source: 'feed', ball: null, events: [], stats: [] }), 'stats'));
    expect(el.querySelector('[data-testid="tracker-feed-only"]')?.textContent).toBe(englishWords.tracker.feedOnly);
    expect(el.querySelector('.sb-trk-stat')).toBeNull();
    expect(el.querySelector('.sb-trk-pitch')).toBeNull();
  });
});
