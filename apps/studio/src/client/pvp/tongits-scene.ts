// The Tongits table as drawn: the cards, the two opponents above (their stacks, card counts, badges,
// and their hands once shown), the stock and the discard pile on the felt in the middle, the status
// line, the error line and the turn's clock. What it shows comes from the page's state
// (tongits-state.ts).
import { h, money } from '../ui';
import {
  cardLabel,
  type Deal,
  isRed,
  opponentSeats,
  rankText,
  sortedCards,
  statusText,
  suitSign,
  type TongitsPageState,
  timerText,
} from './tongits-state';
import type { TongitsWords } from './tongits-words';

/** A card of the player's hand: a button that selects it. */
export function cardButton(
  card: string,
  attrs: Record<string, string | boolean | ((e: Event) => void) | undefined> = {},
) {
  const red = isRed(card);
  return h(
    'button',
    {
      type: 'button',
      class: `tg-card${red ? ' red' : ''}`,
      'data-card': card,
      'aria-label': cardLabel(card),
      ...attrs,
    },
    h('span', { class: 'rank', 'aria-hidden': 'true' }, rankText(card)),
    h('span', { class: 'suit', 'aria-hidden': 'true' }, suitSign(card)),
  );
}

/** A card shown on the table (a meld, the discard pile, a hand shown at the end). */
export function cardFace(card: string, attrs: Record<string, string> = {}) {
  const red = isRed(card);
  return h(
    'span',
    { class: `tg-card${red ? ' red' : ''}`, 'data-card': card, role: 'img', 'aria-label': cardLabel(card), ...attrs },
    h('span', { class: 'rank', 'aria-hidden': 'true' }, rankText(card)),
    h('span', { class: 'suit', 'aria-hidden': 'true' }, suitSign(card)),
  );
}

export type TongitsSceneOptions = {
  state: TongitsPageState;
  words: TongitsWords;
  plural: (phrase: { other: string }, n: number) => string;
};

export function createTongitsScene(o: TongitsSceneOptions) {
  const { state, words: w, plural } = o;
  const amount = (minor: number) => money(minor);
  const status = h('p', { class: 'tg-status', role: 'status', 'aria-live': 'polite', 'data-testid': 'tg-status' });
  const error = h('p', { class: 'tg-error', role: 'alert', hidden: true, 'data-testid': 'tg-error' });
  const opponents = h('div', { class: 'tg-opponents' });
  const middle = h('div', { class: 'tg-middle' });
  const timer = h('span', { class: 'tg-timer', 'data-testid': 'tg-timer' });

  const showError = (message: string | null) => {
    error.hidden = message === null;
    error.textContent = message ?? '';
  };

  function drawOpponents(deal: Deal | null) {
    const view = state.view;
    opponents.replaceChildren(
      ...opponentSeats(view).map((seat) => {
        const s = view.seats[seat];
        const p = deal?.players[seat];
        const turn = deal && !deal.over && deal.turn === seat;
        return h(
          'div',
          { class: `tg-opponent${turn ? ' turn' : ''}`, 'data-testid': `tg-seat-${seat}` },
          h('strong', {}, s ? s.name : w.emptySeat),
          s ? h('span', {}, amount(s.stack)) : null,
          p ? h('span', { class: 'muted' }, plural(w.cards, p.cardCount)) : null,
          deal?.dealer === seat ? h('span', { class: 'tg-badge' }, w.dealer) : null,
          s && !s.connected ? h('span', { class: 'tg-badge warn' }, w.away) : null,
          s?.sittingOut ? h('span', { class: 'tg-badge' }, w.sittingOut) : null,
          p?.cards ? h('div', { class: 'tg-row small' }, ...sortedCards(p.cards).map((c) => cardFace(c))) : null,
        );
      }),
    );
  }

  function drawMiddle(deal: Deal | null) {
    if (!deal) {
      middle.replaceChildren();
      return;
    }
    const top = deal.discards.at(-1);
    middle.replaceChildren(
      h(
        'div',
        { class: 'tg-pile' },
        h('span', { class: 'muted' }, w.stock),
        h('div', { class: 'tg-back', 'data-testid': 'tg-stock' }, String(deal.stockCount)),
      ),
      h(
        'div',
        { class: 'tg-pile' },
        h('span', { class: 'muted' }, w.discards),
        top ? cardFace(top, { 'data-testid': 'tg-discard-top' }) : h('div', { class: 'tg-empty' }, w.emptyPile),
      ),
    );
  }

  function drawStatus(deal: Deal | null) {
    status.textContent = statusText(state.view, deal, w);
  }

  function tickTimer() {
    timer.textContent = timerText(state.view, w, state.skewMs);
  }

  return {
    status,
    error,
    opponents,
    middle,
    timer,
    showError,
    drawOpponents,
    drawMiddle,
    drawStatus,
    tickTimer,
  };
}
