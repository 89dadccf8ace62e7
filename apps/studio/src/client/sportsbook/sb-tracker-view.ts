// The event page's match tracker (its state is sb-tracker-state.ts): two tabs, the tracker (a pitch
// or court drawn in CSS with the ball's third or half lit, and the latest events as a short feed)
// and the statistics (a row per figure, each side's number and share). A provider's event says
// that its feed gives the score and time only. textContent only: nothing the server sends is markup.
import type { EventCard, TrackerEvent } from '../../sportsbook/api';
import { fill } from '../i18n';
import { h } from '../ui';
import { clockText } from './sb-format';
import {
  type FeedLine,
  feedLines,
  type Pitch,
  pitchOf,
  type StatRow,
  statRows,
  type TrackerModel,
  type TrackerTab,
} from './sb-tracker-state';
import type { SbWords } from './sb-words';

export type TrackerView = ReturnType<typeof createTrackerView>;

/** The tracker's panel, kept across the event page's redraws; `tab` is the player's choice of tab. */
export function createTrackerView(o: { words: SbWords; tab: (tab: TrackerTab) => void }) {
  const w = o.words.tracker;
  const tabs = (['tracker', 'stats'] as const).map((tab) =>
    h(
      'button',
      { type: 'button', role: 'tab', class: 'sb-trk-tab', 'data-tab': tab, onclick: () => o.tab(tab) },
      w.tabs[tab],
    ),
  );
  const panel = h('div', { class: 'sb-trk-panel', role: 'tabpanel', 'data-testid': 'tracker-panel' });
  const el = h(
    'section',
    { class: 'sb-group sb-trk', 'data-testid': 'tracker', 'aria-label': w.title },
    h('div', { class: 'sb-trk-tabs', role: 'tablist' }, ...tabs),
    panel,
  );
  return {
    el,
    render(m: TrackerModel, event: EventCard) {
      for (const t of tabs) t.setAttribute('aria-selected', String(t.dataset.tab === m.tab));
      panel.replaceChildren(...trackerBody(o.words, m, event));
    },
  };
}

function trackerBody(words: SbWords, m: TrackerModel, event: EventCard): HTMLElement[] {
  const w = words.tracker;
  const a = m.answer;
  if (!a) return [h('p', { class: 'muted small' }, words.screens.loading)];
  if (a.source === 'feed') return [h('p', { class: 'muted small', 'data-testid': 'tracker-feed-only' }, w.feedOnly)];
  if (m.tab === 'stats') {
    const rows = statRows(a);
    return rows.length ? [statsTable(words, event, rows)] : [h('p', { class: 'muted small' }, w.noStats)];
  }
  const pitch = pitchOf(a);
  const lines = feedLines(a);
  return [
    ...(pitch ? [pitchDrawing(words, event, pitch, a.ball?.zone ?? null)] : []),
    lines.length
      ? h('ol', { class: 'sb-trk-feed', 'data-testid': 'tracker-feed' }, ...lines.map((l) => feedLine(words, event, l)))
      : h('p', { class: 'muted small', 'data-testid': 'tracker-empty' }, w.none),
  ];
}

/** What the drawing shows, in words: who has the ball and where, or who serves. */
function ballText(words: SbWords, event: EventCard, pitch: Pitch, zone: string | null): string {
  const w = words.tracker;
  if (!pitch.side) return '';
  const team = pitch.side === 'home' ? event.home : event.away;
  if (pitch.sport === 'tennis') return fill(w.serving, { team });
  if (zone === 'defence') return fill(w.zoneDefence, { team });
  if (zone === 'attack') return fill(w.zoneAttack, { team });
  if (zone === 'midfield') return fill(w.zoneMidfield, { team });
  return fill(w.ball, { team });
}

function pitchDrawing(words: SbWords, event: EventCard, pitch: Pitch, zone: string | null): HTMLElement {
  const cells = Array.from({ length: pitch.cells }, (_, i) =>
    h('span', { class: `sb-trk-cell${pitch.lit === i ? ` lit ${pitch.side ?? ''}` : ''}` }),
  );
  const text = ballText(words, event, pitch, zone);
  return h(
    'figure',
    { class: 'sb-trk-figure' },
    h(
      'div',
      { class: `sb-trk-pitch ${pitch.sport}`, 'aria-hidden': 'true', 'data-testid': 'tracker-pitch' },
      ...cells,
      h('span', { class: 'sb-trk-mark' }),
    ),
    h(
      'figcaption',
      { class: 'small', 'data-testid': 'tracker-ball' },
      h('span', { class: 'sb-trk-ends' }, h('span', {}, event.home), h('span', {}, event.away)),
      h('span', {}, text),
    ),
  );
}

function kindText(words: SbWords, line: Pick<TrackerEvent, 'kind' | 'phase'>): string {
  const w = words.tracker;
  if (line.kind === 'period_end') {
    const phases: Record<string, string> = words.phases;
    return fill(w.periodEnd, { phase: Object.hasOwn(phases, line.phase) ? phases[line.phase]! : line.phase });
  }
  return w.kinds[line.kind];
}

function feedLine(words: SbWords, event: EventCard, line: FeedLine): HTMLElement {
  const team = line.side === 'home' ? event.home : line.side === 'away' ? event.away : '';
  const important = line.kind === 'goal' || line.kind === 'red_card' || line.kind === 'set' || line.kind === 'map';
  return h(
    'li',
    { class: `sb-trk-line${line.side ? ` ${line.side}` : ''}${important ? ' big' : ''}`, 'data-kind': line.kind },
    h('span', { class: 'sb-trk-clock' }, line.clock === null ? '' : clockText(event.sport, line.clock)),
    h('span', { class: 'sb-trk-kind' }, kindText(words, line)),
    h('span', { class: 'sb-trk-team muted' }, team),
  );
}

function statsTable(words: SbWords, event: EventCard, rows: StatRow[]): HTMLElement {
  const w = words.tracker;
  const phases: Record<string, string> = words.phases;
  const label = (r: StatRow) =>
    r.key === 'periodPoints'
      ? fill(w.stats.periodPoints, {
          phase: r.phase && Object.hasOwn(phases, r.phase) ? phases[r.phase]! : (r.phase ?? ''),
        })
      : w.stats[r.key];
  return h(
    'div',
    { class: 'sb-trk-stats', 'data-testid': 'tracker-stats' },
    h('p', { class: 'sb-trk-ends small' }, h('span', {}, event.home), h('span', {}, event.away)),
    ...rows.map((r) =>
      h(
        'div',
        { class: 'sb-trk-stat', 'data-stat': r.key },
        h('span', { class: 'sb-trk-num' }, String(r.home)),
        h('span', { class: 'sb-trk-label' }, label(r)),
        h('span', { class: 'sb-trk-num' }, String(r.away)),
        h(
          'span',
          { class: 'sb-trk-bar', 'aria-hidden': 'true' },
          h('span', { class: 'home', style: `width:${Math.round(r.homeShare * 100)}%` }),
        ),
      ),
    ),
  );
}
