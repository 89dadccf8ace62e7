// The Tongits page's lists: the melds on the table (each a target while the player lays off cards on
// them), the player's hand (cards to pick for the next move), the deal's result with each loser's
// bill, and the fairness drawer (the deal's seeds and the in-browser deck check's verdict).
import { fill } from '../i18n';
import { h, money, shortHash } from '../ui';
import { cardButton, cardFace } from './tongits-scene';
import {
  type Deal,
  endWord,
  isRed,
  keepHeldPicks,
  myMove,
  nameOf,
  ownHand,
  type TongitsPageState,
  toggleCard,
} from './tongits-state';
import type { TongitsWords } from './tongits-words';

export type TongitsListsOptions = {
  state: TongitsPageState;
  words: TongitsWords;
  plural: (phrase: { other: string }, n: number) => string;
  /** Sends a move. */
  act: (action: object) => Promise<void>;
  /** Draws the page again from its state. */
  redraw: () => void;
};

export function createTongitsLists(o: TongitsListsOptions) {
  const { state, words: w, plural } = o;
  const amount = (minor: number) => money(minor);
  const meldsBox = h('section', { class: 'tg-melds', 'aria-label': w.melds });
  const handBox = h('section', { class: 'tg-hand', 'aria-label': w.yourHand, 'data-testid': 'tg-hand' });
  const resultBox = h('section', { class: 'tg-result', hidden: true, 'data-testid': 'tg-result' });
  const fairBox = h('details', { class: 'tg-fair' });

  function drawMelds(deal: Deal | null) {
    if (!deal) {
      meldsBox.replaceChildren();
      return;
    }
    const view = state.view;
    const myTurn = myMove(view, deal);
    meldsBox.replaceChildren(
      h('h2', {}, w.melds),
      deal.melds.length === 0
        ? h('p', { class: 'muted' }, w.noMelds)
        : h(
            'div',
            { class: 'tg-meld-list' },
            ...deal.melds.map((m) =>
              h(
                'button',
                {
                  type: 'button',
                  class: `tg-meld${state.sapawing ? ' target' : ''}`,
                  'data-testid': `tg-meld-${m.id}`,
                  disabled: !(state.sapawing && myTurn),
                  // Named by what it shows (the owner, then each card's own label): a label of card
                  // codes would not contain the visible text, which speech control users say.
                  onclick: () => void o.act({ type: 'sapaw', meldId: m.id, cards: [...state.selected] }),
                },
                h('span', { class: 'owner' }, nameOf(view, m.owner, w)),
                h('span', { class: 'tg-row small' }, ...m.cards.map((c) => cardFace(c))),
              ),
            ),
          ),
    );
  }

  function drawHand(deal: Deal | null) {
    const mine = ownHand(state.view, deal);
    if (!mine) {
      handBox.replaceChildren();
      return;
    }
    const { cards } = mine;
    const selected = state.selected;
    keepHeldPicks(selected, cards);
    handBox.replaceChildren(
      h('h2', {}, `${w.yourHand} · ${plural(w.points, mine.points)}`),
      h(
        'div',
        { class: 'tg-row' },
        ...cards.map((c) =>
          cardButton(c, {
            'aria-pressed': selected.has(c) ? 'true' : 'false',
            class: `tg-card${isRed(c) ? ' red' : ''}${selected.has(c) ? ' selected' : ''}`,
            onclick: () => {
              toggleCard(state, c);
              o.redraw();
            },
          }),
        ),
      ),
    );
  }

  function drawResult(deal: Deal | null) {
    const r = deal?.result;
    const s = deal?.settlement;
    if (!deal || !r || !s) {
      resultBox.hidden = true;
      return;
    }
    const view = state.view;
    resultBox.hidden = false;
    const how = endWord(r.end, w);
    resultBox.replaceChildren(
      h('h2', {}, w.result),
      h('p', { class: 'tg-winner' }, `${fill(w.winner, { name: nameOf(view, r.winner, w) })} ${how}`),
      h(
        'ul',
        {},
        ...r.bills.map((b) =>
          h(
            'li',
            {},
            fill(w.bill, { name: nameOf(view, b.seat, w), amount: amount(s.paid[b.seat] ?? 0) }),
            ` (${plural(w.billStakes, b.stakes)}${(s.paid[b.seat] ?? 0) < b.amount ? `, ${w.billCapped}` : ''}) · ${plural(w.points, r.points[b.seat] ?? 0)}`,
          ),
        ),
        h(
          'li',
          {},
          `${fill(w.collects, { name: nameOf(view, r.winner, w), amount: amount(s.collection - s.rake) })} · ${fill(w.rake, { amount: amount(s.rake) })}`,
        ),
      ),
    );
  }

  function drawFairness(deal: Deal | null) {
    const rows: (HTMLElement | string)[] = [h('summary', {}, w.fairness)];
    if (deal) {
      const f = deal.fairness;
      rows.push(
        h('p', {}, `${w.seedHash}: `, h('code', {}, shortHash(f.serverSeedHash))),
        h('p', {}, `${w.clientSeeds}: `, h('code', {}, f.clientSeeds.join(', '))),
      );
      if (f.serverSeed) {
        rows.push(h('p', {}, `${w.serverSeed}: `, h('code', { 'data-testid': 'tg-server-seed' }, f.serverSeed)));
        const verdict = state.checked.get(deal.id);
        if (verdict !== undefined) {
          rows.push(
            h(
              'p',
              { class: verdict ? 'ok' : 'tg-error', 'data-testid': 'tg-deck-check' },
              verdict ? w.deckMatches : w.deckMismatch,
            ),
          );
        }
      }
    }
    rows.push(
      h('p', { class: 'muted small' }, `${w.nextSeedHash}: `, h('code', {}, shortHash(state.view.nextServerSeedHash))),
    );
    fairBox.replaceChildren(...rows);
  }

  return { meldsBox, handBox, resultBox, fairBox, drawMelds, drawHand, drawResult, drawFairness };
}
