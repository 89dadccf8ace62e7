// "My bets": open bets with their legs as they stand, the cash-out the book offers now (all of it,
// or a part chosen on a slider, each confirmed before it is sent) and settled bets with each leg's
// result, the payout and any correction of an earlier settlement. Everything shown is the book's:
// amounts, odds and results come from its answers and socket messages. The cash-out's buttons and
// slider are sb-controls.ts's; which facts a bet shows and what a cash-out tap prepares, sb-state.ts's.
// A cash-out tap also asks the book to hold its value while the player confirms (a few seconds).
import type { LegView, MyBet } from '../../sportsbook/api';
import { fill } from '../i18n';
import { h } from '../ui';
import { autoCashOutControls, type CashOutInputs, cashOutControls, createKeptButtons } from './sb-controls';
import { dateTimeText, moneyText, signedMoneyText } from './sb-format';
import { betKindText, marketTitle, selectionName } from './sb-present';
import { routeHash } from './sb-route';
import { refusalText } from './sb-slip-view';
import { betFacts, type HeldCashOut, holdAnswered, legTeams, liveHold } from './sb-state';
import type { ViewCtx } from './sb-views';

export type CashOutIntent = { betId: string; part: number | null; expected: number; hold?: string };
/** Asks the book to hold the cash-out value of a part (null: the whole) while the player confirms. */
export type HoldIntent = { betId: string; part: number | null };
/** An auto cash-out value to set on a bet (null: remove it). */
export type AutoCashOutIntent = { betId: string; value: number | null };

export type BetsActions = {
  cashOut(intent: CashOutIntent): void;
  holdCashOut(intent: HoldIntent): void;
  autoCashOut(intent: AutoCashOutIntent): void;
  more(): void;
};

function legRow(ctx: ViewCtx, leg: LegView) {
  const say = ctx.say();
  const o = ctx.words.bets.outcomes;
  return h(
    'li',
    { class: 'sb-bet-leg', 'data-outcome': leg.outcome ?? '' },
    h(
      'div',
      {},
      h('strong', {}, selectionName(leg.market, leg.selection, legTeams(ctx.model(), leg, ctx.words.selections), say)),
      ' ',
      h('span', { class: 'sb-bet-odds' }, ctx.odds(leg.odds1000)),
      leg.outcome ? h('span', { class: `sb-outcome ${leg.outcome}` }, o[leg.outcome]) : null,
    ),
    h(
      'p',
      { class: 'muted small' },
      `${marketTitle(leg.market, say)} · `,
      h('a', { href: routeHash({ screen: 'event', event: leg.eventId }) }, leg.event),
      leg.score ? ` · ${fill(ctx.words.bets.score, { score: leg.score })}` : '',
    ),
  );
}

function betCard(d: CashOutInputs, bet: MyBet) {
  const { ctx } = d;
  const w = ctx.words.bets;
  const money = (minor: number) => moneyText(minor, ctx.locale);
  const zone = () => ctx.model().lobby?.timeZone ?? 'UTC';
  const facts = betFacts(bet, w, money, ctx.odds);
  return h(
    'article',
    { class: 'sb-bet', 'data-bet': bet.id, 'data-status': bet.status, 'data-testid': 'my-bet' },
    h(
      'header',
      {},
      h('strong', {}, betKindText(bet, ctx.say())),
      h('span', { class: `sb-bet-status ${bet.status}`, 'data-testid': 'bet-status' }, w.status[bet.status]),
      h('span', { class: 'muted small' }, fill(w.placedAt, { time: dateTimeText(bet.placedAt, zone(), ctx.locale) })),
    ),
    // Why the book did not take it: the slip's own words for the refusal's code.
    bet.status === 'refused' && bet.refusal
      ? h(
          'p',
          { class: 'sb-refusal small', 'data-testid': 'bet-refusal', 'data-code': bet.refusal },
          refusalText(ctx, bet.refusal, ''),
        )
      : null,
    h('ul', { class: 'sb-bet-legs' }, ...bet.legs.map((leg) => legRow(ctx, leg))),
    h(
      'dl',
      { class: 'sb-bet-facts' },
      ...facts.flatMap(([k, v, id]) => [h('dt', {}, k), h('dd', { 'data-testid': `bet-${id}` }, v)]),
    ),
    bet.corrections.length
      ? h(
          'div',
          { class: 'sb-corrections' },
          h('h4', {}, w.corrections),
          h(
            'ul',
            {},
            ...bet.corrections.map((c) =>
              h(
                'li',
                { class: 'small' },
                fill(w.correction, {
                  time: dateTimeText(c.at, zone(), ctx.locale),
                  amount: signedMoneyText(c.amount, ctx.locale),
                  reason: c.reason ?? w.resultCorrected,
                }),
              ),
            ),
          ),
        )
      : null,
    bet.status === 'open' ? cashOutControls(d, bet) : null,
    bet.status === 'open' ? autoCashOutControls(d, bet) : null,
    bet.status === 'cashed_out' && bet.autoCashOut !== null
      ? h(
          'p',
          { class: 'small', 'data-testid': 'auto-cashed-out' },
          fill(w.autoCashedOut, { amount: money(bet.cashedOut) }),
        )
      : null,
  );
}

export function createBetsView(ctx: ViewCtx, act: BetsActions) {
  const state: CashOutInputs['state'] = { cashing: null, auto: null };
  const d: CashOutInputs = { ctx, act, kept: createKeptButtons(), state, render };
  const el = h('div', { class: 'sb-bets' });
  function render() {
    const m = ctx.model();
    const route = m.route;
    const tab = route.screen === 'bets' ? route.tab : 'open';
    const w = ctx.words.bets;
    const list = m.bets[tab];
    const loaded = m.bets.loaded[tab];
    d.kept.begin();
    el.replaceChildren(
      h('h2', { class: 'sb-screen-title', tabindex: -1 }, ctx.words.nav.bets),
      h(
        'nav',
        { class: 'sb-chips', 'aria-label': ctx.words.nav.bets },
        ...(['open', 'settled'] as const).map((t) =>
          h(
            'a',
            {
              class: 'sb-chip',
              href: routeHash({ screen: 'bets', tab: t }),
              'aria-current': t === tab ? 'page' : undefined,
            },
            w[t],
          ),
        ),
      ),
      ...(!loaded
        ? [h('p', { class: 'muted sb-empty' }, ctx.words.screens.loading)]
        : list.length
          ? list.map((bet) => betCard(d, bet))
          : [h('p', { class: 'muted sb-empty', 'data-testid': 'empty' }, w.none)]),
      ...(tab === 'settled' && m.bets.next
        ? [h('button', { type: 'button', class: 'button', onclick: () => act.more() }, w.more)]
        : []),
    );
    d.kept.sweep();
  }

  // While the book holds a value, the confirm's count of seconds is redrawn each second.
  let tick: ReturnType<typeof setTimeout> | undefined;
  function renderHeld() {
    render();
    clearTimeout(tick);
    const held = liveHold(state.cashing, Date.now());
    if (held) tick = setTimeout(renderHeld, Math.min(1000, held.until - Date.now()) + 20);
  }
  return {
    el,
    render: renderHeld,
    forget: () => (state.cashing = null),
    /** The book answered a hold for this bet's cash-out. */
    held: (betId: string, held: HeldCashOut) => {
      state.cashing = holdAnswered(state.cashing, betId, held);
      renderHeld();
    },
  };
}
