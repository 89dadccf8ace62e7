// The sportsbook page's screens, drawn from the state with textContent only (nothing the server
// sent is ever parsed as markup): sports and leagues, live now, upcoming by the brand's day, a
// league, an event with all its markets grouped, the results of a day. Every price is a button; the page keeps an index of
// the buttons, clocks and scores it drew, so a socket message moves only what it changed.
import type { EventCard, MarketView, ResultView, SelectionView } from '../../sportsbook/api';
import type { MarketType, Sport } from '../../sportsbook/types';
import { counted, fill } from '../i18n';
import { h, svgIcon } from '../ui';
import { fairUrl } from '../words';
import { clockSeconds, clockText, dayLabel, dayOf, scoreText, timeText, zoneName } from './sb-format';
import {
  type GroupKey,
  marketGroups,
  marketTitle,
  orderedSelections,
  type Say,
  selectionName,
  shortSelection,
} from './sb-present';
import { routeHash } from './sb-route';
import {
  inSlip,
  liveEvents,
  type Route,
  resultsDay,
  type SbModel,
  screenEvents,
  shownResults,
  upcomingDay,
} from './sb-state';
import type { SbWords } from './sb-words';

export type ViewCtx = {
  words: SbWords;
  locale: string;
  model: () => SbModel;
  say: () => Say;
  /** A price in the player's odds format (the model's formatOdds). */
  odds: (odds1000: number) => string;
  now: () => number;
  index: DrawnIndex;
};

/** What a screen drew that socket messages move: price buttons by selection, clocks and scores by event. */
export type DrawnIndex = {
  prices: Map<string, HTMLButtonElement[]>;
  clocks: Map<string, HTMLElement[]>;
  scores: Map<string, HTMLElement[]>;
};

export function emptyIndex(): DrawnIndex {
  return { prices: new Map(), clocks: new Map(), scores: new Map() };
}

function remember<K>(map: Map<K, HTMLElement[]>, key: K, el: HTMLElement) {
  const list = map.get(key);
  if (list) list.push(el);
  else map.set(key, [el]);
}

/** A padlock: a suspended market's prices. */
export function lockIcon(): SVGSVGElement {
  return svgIcon(
    14,
    [{ d: 'M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z', fill: 'none', stroke: 'currentColor', 'stroke-width': '2' }],
    'sb-lock',
  );
}

// ---- prices ----

type Teams = { home: string; away: string };

/** Draws a price button's text and state from the market and selection as the page holds them now. */
export function drawPrice(
  btn: HTMLButtonElement,
  ctx: ViewCtx,
  market: MarketView,
  selection: SelectionView,
  teams: Teams,
  short: boolean,
): void {
  const say = ctx.say();
  const w = ctx.words.price;
  const suspended = market.status === 'suspended';
  const offered = market.status === 'open' && selection.odds1000 !== null;
  const odds = selection.odds1000 === null ? '—' : ctx.odds(selection.odds1000);
  const name = selectionName(market, selection.key, teams, say);
  const picked = inSlip(ctx.model(), selection.id);
  btn.disabled = !offered;
  btn.classList.toggle('suspended', suspended);
  btn.setAttribute('aria-pressed', String(picked));
  const shown = short ? shortSelection(market, selection.key, say) : name;
  const state = suspended ? w.suspended : offered ? (picked ? w.selected : '') : w.notOffered;
  // The name a screen reader says starts with what the button shows (its label and price), then
  // says in full what it is.
  btn.setAttribute(
    'aria-label',
    [
      fill(w.select, {
        label: shown,
        odds: suspended ? '' : odds,
        selection: shown === name ? '' : name,
        market: marketTitle(market, say),
      }),
      state,
    ]
      .join(', ')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .join(', '),
  );
  const label = h('span', { class: 'sb-price-label' }, shown);
  const value = h('span', { class: 'sb-odds', 'data-testid': 'odds' }, suspended ? '' : odds);
  if (suspended) value.append(lockIcon());
  btn.replaceChildren(label, ' ', value);
}

/** A price moved: an up or down mark that fades (a new element, so its fade starts again). */
export function markMove(btn: HTMLButtonElement, dir: 'up' | 'down', words: SbWords): void {
  btn.querySelector('.sb-move')?.remove();
  btn.dataset.move = dir;
  btn
    .querySelector('.sb-odds')
    ?.append(
      h(
        'span',
        { class: `sb-move ${dir}`, 'aria-hidden': 'true', title: dir === 'up' ? words.price.up : words.price.down },
        dir === 'up' ? '▲' : '▼',
      ),
    );
}

function priceButton(ctx: ViewCtx, event: EventCard, market: MarketView, selection: SelectionView, short: boolean) {
  const btn = h('button', {
    type: 'button',
    class: 'sb-price',
    'data-sel': selection.id,
    'data-focus': `sel:${selection.id}`,
  });
  drawPrice(btn, ctx, market, selection, event, short);
  const move = ctx.model().moves[selection.id];
  if (move && ctx.now() - move.at < 4000) markMove(btn, move.dir, ctx.words);
  remember(ctx.index.prices, selection.id, btn);
  return btn;
}

/** Market types whose event-page buttons carry team names three abreast: a row each on a phone. */
const NAMED_THREE: ReadonlySet<MarketType> = new Set(['1x2', 'double_chance']);

function marketRow(
  ctx: ViewCtx,
  event: EventCard,
  market: MarketView,
  short: boolean,
  group: { title: string; key: GroupKey } | null = null,
) {
  const selections = orderedSelections(market.type, market.selections);
  // In the first-half group every market is a first-half one: its name need not say so again.
  const title = marketTitle(group?.key === 'h1' ? { ...market, period: 'ft' } : market, ctx.say());
  const n = Math.min(selections.length, 3);
  const prices =
    group && market.type === 'correct_score'
      ? correctScoreGrid(ctx, event, market, selections)
      : h(
          'div',
          { class: `sb-prices n${n}${group && n === 3 && NAMED_THREE.has(market.type) ? ' named' : ''}` },
          ...selections.map((s) => priceButton(ctx, event, market, s, short)),
        );
  return h(
    'div',
    { class: `sb-mkt${market.status === 'suspended' ? ' suspended' : ''}`, 'data-market': market.key },
    title === group?.title ? null : h('span', { class: 'sb-mkt-name' }, title),
    prices,
  );
}

/**
 * A sabong fight's prices as a cockpit's board shows them: Meron, the draw and Wala side by side in
 * one row (the winner market's two sides and the draw market's one), or null when the fight has no
 * winner market to build it from.
 */
function sabongRow(ctx: ViewCtx, event: EventCard, markets: readonly MarketView[], short: boolean) {
  const winner = markets.find((m) => m.type === 'winner');
  if (!winner) return null;
  const draw = markets.find((m) => m.type === 'draw');
  const side = (key: string) => winner.selections.find((s) => s.key === key);
  const picks: [MarketView, SelectionView | undefined][] = [
    [winner, side('home')],
    ...(draw
      ? ([[draw, draw.selections.find((s) => s.key === 'yes')]] as [MarketView, SelectionView | undefined][])
      : []),
    [winner, side('away')],
  ];
  const buttons = picks.flatMap(([m, s]) => (s ? [priceButton(ctx, event, m, s, short)] : []));
  const suspended = winner.status === 'suspended' || draw?.status === 'suspended';
  return h(
    'div',
    { class: `sb-mkt sb-sabong${suspended ? ' suspended' : ''}`, 'data-market': winner.key },
    h('div', { class: `sb-prices n${Math.min(buttons.length, 3)}` }, ...buttons),
  );
}

/** A side's name, with Meron or Wala before it on the sabong page. */
function sideName(ctx: ViewCtx, side: 'home' | 'away', name: string) {
  const say = ctx.say();
  if (!say.sabong) return h('span', {}, name);
  const w = say.words.sabong;
  return h(
    'span',
    {},
    h('span', { class: `sb-side ${side === 'home' ? 'meron' : 'wala'}` }, side === 'home' ? w.meron : w.wala),
    ' ',
    name,
  );
}

/**
 * Correct score as bookmakers lay it out: home wins, draws and away wins in three columns under the
 * teams' names, each by score, and any other score below.
 */
function correctScoreGrid(ctx: ViewCtx, event: EventCard, market: MarketView, selections: SelectionView[]) {
  const side = (key: string) => {
    const [home, away] = key.split('-').map(Number);
    if (home === undefined || away === undefined || Number.isNaN(home) || Number.isNaN(away)) return null;
    return home > away ? 0 : home === away ? 1 : 2;
  };
  const heads = [event.home, ctx.words.selections.draw, event.away];
  const columns = heads.map((head, i) =>
    h(
      'div',
      { class: 'sb-cs-col' },
      h('span', { class: 'sb-cs-head' }, head),
      ...selections.filter((s) => side(s.key) === i).map((s) => priceButton(ctx, event, market, s, false)),
    ),
  );
  const rest = selections.filter((s) => side(s.key) === null);
  return h(
    'div',
    { class: 'sb-cs' },
    h('div', { class: 'sb-cs-cols' }, ...columns),
    rest.length
      ? h('div', { class: 'sb-prices n2' }, ...rest.map((s) => priceButton(ctx, event, market, s, false)))
      : null,
  );
}

// ---- events ----

/** The clock's text now, or null (no clock, or not running and not started). */
export function clockNow(ctx: ViewCtx, eventId: string): string | null {
  const entry = ctx.model().events[eventId];
  if (entry?.event.status !== 'live') return null;
  const seconds = clockSeconds(entry.event.state, entry.receivedAt, ctx.now());
  return seconds === null ? null : clockText(entry.event.sport, seconds);
}

/** What stands beside the score: the phase (1st half, Q3, Set 2) or the event's status. */
export function phaseText(ctx: ViewCtx, event: EventCard): string {
  const phase = event.state?.phase;
  const phases = ctx.words.phases as Record<string, string>;
  if (event.status === 'live' && phase) return Object.hasOwn(phases, phase) ? phases[phase]! : phase;
  return ctx.words.status[event.status];
}

/** The score, clock and phase of a live event; they are in the index, so state messages redraw them. */
function liveInfo(ctx: ViewCtx, event: EventCard, scoreClass = 'sb-score') {
  const score = h('span', { class: scoreClass, 'data-testid': 'score' }, scoreText(event.state) ?? '');
  const clock = h('span', { class: 'sb-clock', 'data-testid': 'clock' }, clockNow(ctx, event.id) ?? '');
  const phase = h('span', { class: 'sb-phase' }, phaseText(ctx, event));
  remember(ctx.index.scores, event.id, score);
  remember(ctx.index.scores, event.id, phase);
  remember(ctx.index.clocks, event.id, clock);
  return {
    score,
    info: h(
      'span',
      { class: 'sb-live-info' },
      h('span', { class: 'sb-live-dot', 'aria-hidden': 'true' }),
      clock,
      phase,
    ),
  };
}

/** Redraws an event's score, clock and phase where a screen shows them. */
export function drawState(ctx: ViewCtx, eventId: string): void {
  const entry = ctx.model().events[eventId];
  if (!entry) return;
  for (const el of ctx.index.scores.get(eventId) ?? []) {
    el.textContent = el.classList.contains('sb-phase')
      ? phaseText(ctx, entry.event)
      : (scoreText(entry.event.state) ?? '');
  }
  for (const el of ctx.index.clocks.get(eventId) ?? []) el.textContent = clockNow(ctx, eventId) ?? '';
}

const isLive = (e: EventCard) => e.status === 'live' || e.status === 'break';

function eventCard(ctx: ViewCtx, event: EventCard, showDay: boolean) {
  const lobby = ctx.model().lobby;
  const zone = lobby?.timeZone ?? 'UTC';
  const w = ctx.words;
  const live = isLive(event) ? liveInfo(ctx, event) : null;
  const when =
    live?.info ??
    h(
      'span',
      { class: 'sb-when' },
      showDay
        ? `${dayLabel(dayOf(event.startsAt, zone), dayOf(new Date(ctx.now()), zone), ctx.locale, w.screens)} ${timeText(event.startsAt, zone, ctx.locale)}`
        : timeText(event.startsAt, zone, ctx.locale),
    );
  // A card shows the markets a list sent for it, also once the event's page has brought all the others.
  const headline = ctx.model().events[event.id]?.headline;
  const markets = event.markets.filter(
    (m) => m.status !== 'closed' && m.status !== 'settled' && (!headline || headline.includes(m.key)),
  );
  const more = event.marketCount - markets.length;
  const board = ctx.say().sabong ? sabongRow(ctx, event, markets, true) : null;
  return h(
    'article',
    { class: 'sb-card', 'data-event': event.id, 'data-testid': 'event-card' },
    h(
      'a',
      { class: 'sb-card-head', href: routeHash({ screen: 'event', event: event.id }), 'data-focus': `ev:${event.id}` },
      h('span', { class: 'sb-teams' }, sideName(ctx, 'home', event.home), sideName(ctx, 'away', event.away)),
      live?.score ?? null,
      when,
    ),
    markets.length
      ? h(
          'div',
          { class: 'sb-card-markets' },
          ...(board ? [board] : markets.map((m) => marketRow(ctx, event, m, true))),
        )
      : null,
    more > 0
      ? h(
          'a',
          { class: 'sb-more', href: routeHash({ screen: 'event', event: event.id }) },
          counted(w.counts.markets, more, ctx.locale),
        )
      : null,
  );
}

/** A group's heading: its league's name linked to the league's screen. */
function leagueHeading(league: EventCard['league']) {
  return h(
    'h3',
    {},
    // The region inside the link: a link beside plain text would have to differ from it by more than colour.
    h(
      'a',
      { href: routeHash({ screen: 'league', league: league.id }) },
      league.name,
      league.region || league.title ? h('span', { class: 'muted' }, ` · ${league.title ?? league.region}`) : null,
    ),
  );
}

/** Items grouped under their league's heading (linked to the league), in the order given. */
function leagueGroups<T extends { league: EventCard['league'] }>(items: T[], card: (item: T) => HTMLElement) {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(item.league.id, [...(groups.get(item.league.id) ?? []), item]);
  return [...groups.values()].map((list) =>
    h('section', { class: 'sb-league-group' }, leagueHeading(list[0]!.league), ...list.map(card)),
  );
}

/** Events grouped under their league's name, in the order given. */
function byLeague(ctx: ViewCtx, events: EventCard[], showDay = false) {
  return leagueGroups(events, (e) => eventCard(ctx, e, showDay));
}

function sportChips(
  ctx: ViewCtx,
  route: Extract<Route, { screen: 'live' | 'upcoming' | 'results' }>,
  count: (sport: Sport) => number,
) {
  const sports = ctx.model().lobby?.sports ?? [];
  if (sports.length < 2) return null;
  const link = (sport: Sport | null, text: string) =>
    h(
      'a',
      {
        class: 'sb-chip',
        href: routeHash({ ...route, sport }),
        'aria-current': route.sport === sport ? 'page' : undefined,
      },
      text,
    );
  return h(
    'nav',
    { class: 'sb-chips', 'aria-label': ctx.words.nav.sports },
    link(null, ctx.words.nav.allSports),
    ...sports
      .filter((s) => count(s.sport) > 0 || route.sport === s.sport)
      .map((s) => link(s.sport, `${ctx.words.sports[s.sport]} ${count(s.sport)}`)),
  );
}

const events = (ctx: ViewCtx, ids: string[]) =>
  ids.map((id) => ctx.model().events[id]?.event).filter((e): e is EventCard => !!e);

const loading = (ctx: ViewCtx) => h('p', { class: 'sb-empty muted' }, ctx.words.screens.loading);
const empty = (text: string) => h('p', { class: 'sb-empty muted', 'data-testid': 'empty' }, text);

// ---- screens ----

export function liveScreen(ctx: ViewCtx, route: Extract<Route, { screen: 'live' }>): HTMLElement[] {
  const m = ctx.model();
  const all = events(ctx, liveEvents(m));
  const shown = events(ctx, screenEvents({ ...m, route }));
  return [
    h('h2', { class: 'sb-screen-title', tabindex: -1 }, ctx.words.screens.liveHeading),
    sportChips(ctx, route, (sport) => all.filter((e) => e.sport === sport).length) ?? h('span'),
    ...(m.lists.live === undefined
      ? [loading(ctx)]
      : shown.length
        ? byLeague(ctx, shown)
        : [empty(ctx.words.screens.noLive)]),
  ];
}

export function upcomingScreen(ctx: ViewCtx, route: Extract<Route, { screen: 'upcoming' }>): HTMLElement[] {
  const m = ctx.model();
  const lobby = m.lobby;
  const w = ctx.words.screens;
  if (!lobby) return [loading(ctx)];
  const day = upcomingDay(m, route);
  const today = dayOf(new Date(ctx.now()), lobby.timeZone);
  const key = day ? `day:${day}` : '';
  const list = m.lists[key];
  // Only matches still to start: those under way are under live now.
  const all = events(ctx, list ?? []).filter((e) => e.status === 'scheduled');
  const shown = events(ctx, screenEvents({ ...m, route }));
  return [
    h('h2', { class: 'sb-screen-title', tabindex: -1 }, w.upcomingHeading),
    h(
      'nav',
      { class: 'sb-days', 'aria-label': w.days },
      ...lobby.days.map((d) =>
        h(
          'a',
          {
            class: 'sb-chip',
            href: routeHash({ screen: 'upcoming', day: d, sport: route.sport }),
            'aria-current': d === day ? 'page' : undefined,
          },
          dayLabel(d, today, ctx.locale, w),
        ),
      ),
    ),
    h(
      'p',
      { class: 'muted small sb-zone', 'data-testid': 'time-zone' },
      fill(w.timesIn, { zone: zoneName(lobby.timeZone, ctx.locale) }),
    ),
    sportChips(ctx, { ...route, day }, (sport) => all.filter((e) => e.sport === sport).length) ?? h('span'),
    ...(list === undefined ? [loading(ctx)] : shown.length ? byLeague(ctx, shown) : [empty(w.noUpcoming)]),
  ];
}

export function sportsScreen(ctx: ViewCtx): HTMLElement[] {
  const lobby = ctx.model().lobby;
  const w = ctx.words;
  if (!lobby) return [loading(ctx)];
  const counts = (live: number, upcoming: number) =>
    h(
      'span',
      { class: 'sb-counts' },
      live ? h('span', { class: 'sb-count-live' }, counted(w.counts.live, live, ctx.locale)) : null,
      h('span', { class: 'muted' }, counted(w.counts.upcoming, upcoming, ctx.locale)),
    );
  return [
    h('h2', { class: 'sb-screen-title', tabindex: -1 }, w.screens.sportsHeading),
    ...lobby.sports.map((s) =>
      h(
        'section',
        { class: 'sb-sport', 'data-sport': s.sport },
        h('h3', {}, h('span', {}, w.sports[s.sport]), counts(s.live, s.upcoming)),
        h(
          'ul',
          { class: 'sb-leagues' },
          ...s.leagues.map((l) =>
            h(
              'li',
              {},
              h(
                'a',
                { href: routeHash({ screen: 'league', league: l.id }), 'data-focus': `lg:${l.id}` },
                h(
                  'span',
                  { class: 'sb-league-name' },
                  l.name,
                  l.title || l.region ? h('span', { class: 'muted small' }, ` ${l.title ?? l.region}`) : null,
                ),
                counts(l.live, l.upcoming),
              ),
            ),
          ),
        ),
      ),
    ),
  ];
}

export function leagueScreen(ctx: ViewCtx, route: Extract<Route, { screen: 'league' }>): HTMLElement[] {
  const m = ctx.model();
  const w = ctx.words.screens;
  const league = m.lobby?.sports.flatMap((s) => s.leagues).find((l) => l.id === route.league);
  const ids = m.lists[`league:${route.league}`];
  const list = events(ctx, ids ?? []);
  const name = league?.name ?? list[0]?.league.name ?? '';
  const live = list.filter(isLive);
  const upcoming = list.filter((e) => e.status === 'scheduled').sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  return [
    h('h2', { class: 'sb-screen-title', tabindex: -1 }, name),
    ...(ids === undefined
      ? [loading(ctx)]
      : !live.length && !upcoming.length
        ? [empty(w.noEvents)]
        : [
            live.length
              ? h('section', {}, h('h3', {}, w.leagueLive), ...live.map((e) => eventCard(ctx, e, false)))
              : null,
            upcoming.length
              ? h(
                  'section',
                  {},
                  h('h3', {}, w.leagueUpcoming),
                  h(
                    'p',
                    { class: 'muted small' },
                    fill(w.timesIn, { zone: zoneName(m.lobby?.timeZone ?? 'UTC', ctx.locale) }),
                  ),
                  ...upcoming.map((e) => eventCard(ctx, e, true)),
                )
              : null,
          ].filter((x): x is HTMLElement => !!x)),
  ];
}

export function eventScreen(ctx: ViewCtx, route: Extract<Route, { screen: 'event' }>, missing: boolean): HTMLElement[] {
  const m = ctx.model();
  const entry = m.events[route.event];
  const w = ctx.words;
  if (!entry) return [missing ? empty(w.screens.eventGone) : loading(ctx)];
  const e = entry.event;
  const zone = m.lobby?.timeZone ?? 'UTC';
  const today = dayOf(new Date(ctx.now()), zone);
  const live = isLive(e) ? liveInfo(ctx, e, 'sb-score big') : null;
  const head = h(
    'header',
    { class: 'sb-event-head' },
    h(
      'p',
      { class: 'muted small' },
      h('a', { href: routeHash({ screen: 'league', league: e.league.id }) }, e.league.name),
    ),
    h(
      'h2',
      { class: 'sb-screen-title sb-event-title', tabindex: -1 },
      sideName(ctx, 'home', e.home),
      live?.score ??
        (e.status === 'ended' ? h('span', { class: 'sb-score big' }, scoreText(e.state) ?? '') : null) ??
        h('span', { class: 'sb-vs', 'aria-hidden': 'true' }, '–'),
      sideName(ctx, 'away', e.away),
    ),
    h(
      'p',
      { class: 'sb-event-when' },
      live
        ? live.info
        : h(
            'span',
            {},
            e.status === 'scheduled'
              ? fill(w.screens.startsAt, {
                  time: `${dayLabel(dayOf(e.startsAt, zone), today, ctx.locale, w.screens)} ${timeText(e.startsAt, zone, ctx.locale)}`,
                })
              : w.status[e.status],
          ),
      e.venue ? h('span', { class: 'muted small' }, ` · ${fill(w.screens.venue, { venue: e.venue })}`) : null,
    ),
  );
  const groups = marketGroups(e.markets);
  const sabong = ctx.say().sabong;
  const body = groups.map((g) => {
    const title = sabong && g.key === 'result' ? w.sabong.result : w.groups[g.key];
    const board = sabong && g.key === 'result' ? sabongRow(ctx, e, g.markets, false) : null;
    return h(
      'section',
      { class: 'sb-group', 'data-group': g.key },
      h('h3', {}, title),
      ...(board ? [board] : g.markets.map((market) => marketRow(ctx, e, market, false, { title, key: g.key }))),
    );
  });
  const fair = e.seedHash
    ? h(
        'p',
        { class: 'muted small sb-fair' },
        fill(w.screens.fairness, { hash: e.seedHash }),
        entry.seed ? h('span', {}, ' ', fill(w.screens.seedRevealed, { seed: entry.seed }), ' ') : ' ',
        entry.seed
          ? h(
              'a',
              { href: fairUrl(`event=${encodeURIComponent(e.id)}`, m.lobby?.language), target: '_blank' },
              w.screens.verify,
            )
          : null,
      )
    : null;
  return [head, ...(body.length ? body : [empty(w.status[e.status])]), ...(fair ? [fair] : [])];
}

// ---- results ----

/** A finished match's line of period scores: "1st half 1-0", "Set 1 6-4 · Set 2 3-6". */
function periodsText(ctx: ViewCtx, r: ResultView): string {
  const phases = ctx.words.phases as Record<string, string>;
  return r.periods
    .map((p) => `${Object.hasOwn(phases, p.period) ? phases[p.period] : p.period} ${p.home}-${p.away}`)
    .join(' · ');
}

function resultCard(ctx: ViewCtx, r: ResultView, zone: string) {
  const w = ctx.words;
  const cancelled = r.status === 'abandoned';
  const score = r.score ? `${r.score.home}-${r.score.away}` : '–';
  const periods = periodsText(ctx, r);
  return h(
    'article',
    { class: `sb-card sb-result${cancelled ? ' cancelled' : ''}`, 'data-event': r.id, 'data-testid': 'result' },
    h(
      'a',
      { class: 'sb-card-head', href: routeHash({ screen: 'event', event: r.id }), 'data-focus': `rs:${r.id}` },
      h('span', { class: 'sb-teams' }, sideName(ctx, 'home', r.home), sideName(ctx, 'away', r.away)),
      h(
        'span',
        { class: 'sb-result-score' },
        h('span', { class: 'sb-score', 'data-testid': 'final-score' }, score),
        r.counted ? h('span', { class: 'muted small' }, `(${r.counted.home}-${r.counted.away})`) : null,
      ),
      h(
        'span',
        { class: 'sb-when' },
        h(
          'span',
          { class: cancelled ? 'sb-cancelled' : 'muted', 'data-testid': 'result-status' },
          cancelled ? w.results.cancelled : w.status.ended,
        ),
        h('span', { class: 'muted small' }, timeText(r.startsAt, zone, ctx.locale)),
      ),
    ),
    periods ? h('p', { class: 'muted small sb-periods', 'data-testid': 'periods' }, periods) : null,
  );
}

/** The results grouped under their league's name (linked to the league), in the order given. */
function resultsByLeague(ctx: ViewCtx, results: ResultView[], zone: string) {
  return leagueGroups(results, (r) => resultCard(ctx, r, zone));
}

export function resultsScreen(ctx: ViewCtx, route: Extract<Route, { screen: 'results' }>): HTMLElement[] {
  const m = ctx.model();
  const lobby = m.lobby;
  const w = ctx.words;
  if (!lobby) return [loading(ctx)];
  const day = resultsDay(m, route);
  const today = m.results.days[0] ?? dayOf(new Date(ctx.now()), lobby.timeZone);
  const all = day ? m.results.byDay[day] : undefined;
  const shown = shownResults(m, route);
  return [
    h('h2', { class: 'sb-screen-title', tabindex: -1 }, w.nav.results),
    m.results.days.length
      ? h(
          'nav',
          { class: 'sb-days', 'aria-label': w.screens.days },
          ...m.results.days.map((d) =>
            h(
              'a',
              {
                class: 'sb-chip',
                href: routeHash({ screen: 'results', day: d, sport: route.sport }),
                'aria-current': d === day ? 'page' : undefined,
              },
              dayLabel(d, today, ctx.locale, w.screens),
            ),
          ),
        )
      : h('span'),
    h(
      'p',
      { class: 'muted small sb-zone', 'data-testid': 'time-zone' },
      fill(w.screens.timesIn, { zone: zoneName(lobby.timeZone, ctx.locale) }),
    ),
    sportChips(ctx, { ...route, day }, (sport) => (all ?? []).filter((r) => r.sport === sport).length) ?? h('span'),
    h(
      'p',
      { class: 'muted small', role: 'status', 'aria-live': 'polite', 'data-testid': 'results-count' },
      shown ? fill(w.results.count, { n: shown.length }) : '',
    ),
    ...(shown === undefined
      ? [loading(ctx)]
      : shown.length
        ? resultsByLeague(ctx, shown, lobby.timeZone)
        : [empty(w.results.none)]),
  ];
}
