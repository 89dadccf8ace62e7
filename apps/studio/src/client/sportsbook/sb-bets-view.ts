// "My bets": open bets with their legs as they stand, the cash-out the book offers now (all of it,
// or a part chosen on a slider, each confirmed before it is sent) and settled bets with each leg's
// result, the payout and any correction of an earlier settlement. Everything shown is the book's:
// amounts, odds and results come from its answers and socket messages.
import type { LegView, MyBet } from '../../sportsbook/api';
import { fill } from '../i18n';
import { h } from '../ui';
import { dateTimeText, moneyText, signedMoneyText } from './sb-format';
import { betKindText, marketTitle, selectionName } from './sb-present';
import { routeHash } from './sb-route';
import { partialCashOut } from './sb-slip';
import { refusalText } from './sb-slip-view';
import type { ViewCtx } from './sb-views';

export type CashOutIntent = { betId: string; part: number | null; expected: number };

export type BetsActions = {
  cashOut(intent: CashOutIntent): void;
  more(): void;
};

/** A cash-out being prepared: the whole open stake, or a part of it, and whether it waits for the confirm tap. */
type Cashing = { betId: string; part: number | null; confirm: boolean };

/** The teams of a leg's event: from the event the page holds, else its name split at " v ". */
function legTeams(ctx: ViewCtx, leg: LegView): { home: string; away: string } {
  const known = ctx.model().events[leg.eventId]?.event;
  if (known) return known;
  const parts = leg.event.split(/\s+(?:v|vs\.?|–|-)\s+/);
  if (parts.length === 2) return { home: parts[0]!, away: parts[1]! };
  return { home: ctx.words.selections.home, away: ctx.words.selections.away };
}

/** A button's attributes for keptButton (`true`: present and empty). */
type ButtonAttrs = Record<string, string | true | undefined>;

export function createBetsView(ctx: ViewCtx, act: BetsActions) {
  let cashing: Cashing | null = null;
  const money = (minor: number) => moneyText(minor, ctx.locale);
  const zone = () => ctx.model().lobby?.timeZone ?? 'UTC';

  // The cash-out buttons are the same elements from one redraw to the next. A live price or a bet's
  // new cash-out value redraws the list every few seconds; a new button each time would lose a tap
  // that lands between its press and its release, and on a slow phone that is most taps.
  const kept = new Map<string, { button: HTMLButtonElement; run: () => void }>();
  let drawn = new Set<string>();
  function keptButton(key: string, attrs: ButtonAttrs, text: string, run: () => void): HTMLButtonElement {
    drawn.add(key);
    let entry = kept.get(key);
    if (!entry) {
      const made = { button: h('button', { type: 'button' }), run };
      made.button.addEventListener('click', () => made.run());
      kept.set(key, made);
      entry = made;
    }
    entry.run = run;
    const b = entry.button;
    for (const name of b.getAttributeNames()) if (name !== 'type' && attrs[name] === undefined) b.removeAttribute(name);
    for (const [name, value] of Object.entries(attrs)) {
      const want = value === true ? '' : value;
      if (want !== undefined && b.getAttribute(name) !== want) b.setAttribute(name, want);
    }
    if (b.textContent !== text) b.textContent = text;
    return b;
  }

  function legRow(leg: LegView) {
    const say = ctx.say();
    const o = ctx.words.bets.outcomes;
    return h(
      'li',
      { class: 'sb-bet-leg', 'data-outcome': leg.outcome ?? '' },
      h(
        'div',
        {},
        h('strong', {}, selectionName(leg.market, leg.selection, legTeams(ctx, leg), say)),
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

  function cashOutControls(bet: MyBet) {
    const w = ctx.words.bets;
    const minStake = ctx.model().lobby?.limits.minStake ?? 1;
    if (bet.cashOut === null) {
      return h('button', { type: 'button', class: 'button', disabled: true, 'data-testid': 'cashout' }, w.cashOutNone);
    }
    const value = bet.cashOut;
    const c = cashing?.betId === bet.id ? cashing : null;
    const part = c?.part ?? null;
    const partValue = part === null ? value : partialCashOut(value, bet.openStake, part);
    const redraw = (next: Cashing | null) => {
      cashing = next;
      render();
    };
    const controls: HTMLElement[] = [];
    let mainButton: HTMLButtonElement;
    if (c?.confirm) {
      mainButton = keptButton(
        `cash-confirm:${bet.id}`,
        { class: 'button primary', 'data-testid': 'cashout-confirm', 'data-focus': `cash-confirm:${bet.id}` },
        fill(w.confirmCashOut, { amount: money(partValue) }),
        () => {
          cashing = null;
          act.cashOut({ betId: bet.id, part, expected: partValue });
        },
      );
      controls.push(
        mainButton,
        keptButton(`cash-cancel:${bet.id}`, { class: 'button ghost' }, w.cancel, () => redraw(null)),
      );
    } else {
      mainButton = keptButton(
        `cash:${bet.id}`,
        { class: 'button primary', 'data-testid': 'cashout', 'data-focus': `cash:${bet.id}` },
        fill(w.cashOut, { amount: money(partValue) }),
        () => redraw({ betId: bet.id, part: cashing?.betId === bet.id ? cashing.part : null, confirm: true }),
      );
      controls.push(mainButton);
      if (bet.openStake > minStake) {
        controls.push(
          keptButton(
            `cash-part:${bet.id}`,
            { class: 'button ghost', 'aria-expanded': String(part !== null), 'data-testid': 'cashout-part' },
            w.cashOutPart,
            () =>
              redraw(
                part === null
                  ? { betId: bet.id, part: Math.max(minStake, Math.floor(bet.openStake / 2)), confirm: false }
                  : null,
              ),
          ),
        );
      }
    }
    let slider: HTMLElement | null = null;
    if (part !== null && !c?.confirm) {
      const partText = (p: number) =>
        fill(w.cashOutPartValue, {
          part: money(p),
          stake: money(bet.openStake),
          amount: money(partialCashOut(value, bet.openStake, p)),
        });
      const said = h('p', { class: 'small', 'data-testid': 'cashout-part-value' }, partText(part));
      const range = h('input', {
        type: 'range',
        class: 'sb-cash-range',
        min: minStake,
        max: bet.openStake - 1,
        step: 1,
        value: part,
        'aria-label': w.cashOutPartLabel,
        'aria-valuetext': partText(part),
        'data-focus': `cash-range:${bet.id}`,
        'data-testid': 'cashout-range',
      });
      // Moving the slider redraws only its own texts: a redraw of the list would drop the drag.
      range.addEventListener('input', () => {
        const p = Number(range.value);
        cashing = { betId: bet.id, part: p, confirm: false };
        said.textContent = partText(p);
        range.setAttribute('aria-valuetext', partText(p));
        mainButton.textContent = fill(w.cashOut, { amount: money(partialCashOut(value, bet.openStake, p)) });
      });
      slider = h('div', { class: 'sb-cash-part' }, range, said);
    }
    return h('div', { class: 'sb-cashout' }, h('div', { class: 'sb-actions' }, ...controls), slider);
  }

  function betCard(bet: MyBet) {
    const w = ctx.words.bets;
    const open = bet.status === 'open' || bet.status === 'pending';
    const facts: [string, string, string][] = [
      [w.stake, money(bet.stake), 'stake'],
      ...(bet.openStake !== bet.stake && open
        ? [[w.openStake, money(bet.openStake), 'open-stake'] as [string, string, string]]
        : []),
      [w.odds, ctx.odds(bet.odds1000), 'odds'],
      // A bet cashed out in full was paid its cash-out, not a payout of 0.00.
      ...(open
        ? [[w.potential, money(bet.potentialPayout), 'potential'] as [string, string, string]]
        : bet.status === 'cashed_out'
          ? []
          : [[w.payout, money(bet.payout), 'payout'] as [string, string, string]]),
      ...(bet.cashedOut > 0 ? [[w.cashedOut, money(bet.cashedOut), 'cashed-out'] as [string, string, string]] : []),
    ];
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
      h('ul', { class: 'sb-bet-legs' }, ...bet.legs.map(legRow)),
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
      bet.status === 'open' ? cashOutControls(bet) : null,
    );
  }

  const el = h('div', { class: 'sb-bets' });
  function render() {
    const m = ctx.model();
    const route = m.route;
    const tab = route.screen === 'bets' ? route.tab : 'open';
    const w = ctx.words.bets;
    const list = m.bets[tab];
    const loaded = m.bets.loaded[tab];
    drawn = new Set();
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
          ? list.map(betCard)
          : [h('p', { class: 'muted sb-empty', 'data-testid': 'empty' }, w.none)]),
      ...(tab === 'settled' && m.bets.next
        ? [h('button', { type: 'button', class: 'button', onclick: () => act.more() }, w.more)]
        : []),
    );
    for (const key of kept.keys()) if (!drawn.has(key)) kept.delete(key);
  }

  return { el, render, forget: () => (cashing = null) };
}
