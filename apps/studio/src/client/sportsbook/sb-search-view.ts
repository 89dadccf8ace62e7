// The search box over the screens: teams and leagues found as the player types (the page asks the
// book once the typing pauses, sportsbook-page.ts), each a link to its league's or event's screen.
// The box stays when a screen is redrawn, so its text, caret and live region are never replaced.
import type { SearchAnswer } from '../../sportsbook/api';
import { counted, fill } from '../i18n';
import { h } from '../ui';
import { dayLabel, dayOf, timeText } from './sb-format';
import { routeHash } from './sb-route';
import { type SbModel, SEARCH_MAX, searchShown } from './sb-state';
import type { ViewCtx } from './sb-views';

export type SearchView = ReturnType<typeof createSearchView>;

/** The box: `typed` hears every change of its text, `picked` a result followed. */
export function createSearchView(ctx: ViewCtx, on: { typed: (text: string) => void; picked: () => void }) {
  const w = ctx.words.search;
  const input = h('input', {
    id: 'sb-search',
    type: 'search',
    class: 'sb-search-input',
    placeholder: w.placeholder,
    autocomplete: 'off',
    spellcheck: 'false',
    maxlength: String(SEARCH_MAX),
    'aria-controls': 'sb-search-list',
    'data-testid': 'search',
  }) as HTMLInputElement;
  const status = h('p', {
    class: 'sb-search-status muted small',
    role: 'status',
    'aria-live': 'polite',
    'data-testid': 'search-count',
  });
  const list = h('div', { class: 'sb-search-list', id: 'sb-search-list' });
  const el = h(
    'form',
    { class: 'sb-search', role: 'search', onsubmit: (e: Event) => e.preventDefault() },
    h('label', { class: 'sb-hidden', for: 'sb-search' }, w.label),
    input,
    status,
    list,
  );
  input.addEventListener('input', () => on.typed(input.value));
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && input.value) {
      input.value = '';
      on.typed('');
    }
  });
  list.addEventListener('click', (e) => {
    if ((e.target as HTMLElement).closest('a')) on.picked();
  });

  function render() {
    const m = ctx.model();
    if (input.value !== m.search.text) input.value = m.search.text;
    const shown = searchShown(m);
    status.textContent =
      shown.kind === 'short'
        ? w.tooShort
        : shown.kind === 'answer'
          ? shown.answer.leagues.length + shown.answer.events.length
            ? fill(w.count, { leagues: shown.answer.leagues.length, events: shown.answer.events.length })
            : w.none
          : '';
    list.replaceChildren(...(shown.kind === 'answer' ? searchLists(ctx, m, shown.answer) : []));
  }

  return { el, input, render };
}

function searchLists(ctx: ViewCtx, m: SbModel, answer: SearchAnswer): HTMLElement[] {
  const w = ctx.words;
  const zone = m.lobby?.timeZone ?? 'UTC';
  const today = dayOf(new Date(ctx.now()), zone);
  const out: HTMLElement[] = [];
  if (answer.leagues.length)
    out.push(
      h('h3', {}, w.search.leagues),
      h(
        'ul',
        { class: 'sb-search-leagues' },
        ...answer.leagues.map((l) =>
          h(
            'li',
            {},
            h(
              'a',
              { href: routeHash({ screen: 'league', league: l.id }), 'data-testid': 'search-league' },
              h(
                'span',
                { class: 'sb-league-name' },
                l.name,
                h('span', { class: 'muted small' }, ` ${w.sports[l.sport]}`),
              ),
              h(
                'span',
                { class: 'muted small' },
                [
                  l.live ? counted(w.counts.live, l.live, ctx.locale) : '',
                  counted(w.counts.upcoming, l.upcoming, ctx.locale),
                ]
                  .filter(Boolean)
                  .join(' · '),
              ),
            ),
          ),
        ),
      ),
    );
  if (answer.events.length)
    out.push(
      h('h3', {}, w.search.events),
      h(
        'ul',
        { class: 'sb-search-events' },
        ...answer.events.map((e) =>
          h(
            'li',
            {},
            h(
              'a',
              { href: routeHash({ screen: 'event', event: e.id }), 'data-testid': 'search-event' },
              h('span', { class: 'sb-league-name' }, `${e.home} – ${e.away}`),
              h(
                'span',
                { class: 'muted small' },
                `${e.league.name} · ${
                  e.status === 'scheduled'
                    ? `${dayLabel(dayOf(e.startsAt, zone), today, ctx.locale, w.screens)} ${timeText(e.startsAt, zone, ctx.locale)}`
                    : `${w.status[e.status]}${e.score ? ` ${e.score.home}-${e.score.away}` : ''}`
                }`,
              ),
            ),
          ),
        ),
      ),
    );
  return out;
}
