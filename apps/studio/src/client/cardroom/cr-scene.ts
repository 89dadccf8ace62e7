// The card room's drawing: cards, chip stacks and the speaker, and a table's felt (the street, the
// board and the pot in the middle, the seats around it with their cards, bets and the dealer button,
// the pot flying to the winners), the player's own cards and the turn line with its clock.
import type { PvpTableView } from '../../cardroom/room/view';
import { fill } from '../i18n';
import type { tableSound } from '../table-sound';
import { h } from '../ui';
import { type CardFace, cardFace, winLines } from './cr-present';
import {
  boardGrew,
  canSit,
  enterHand,
  handJustOver,
  seatClasses,
  seatSpot,
  seatTag,
  type TableScreen,
  turnClock,
  winnersOf,
} from './cr-state';
import type { CrWords } from './cr-words';

export const present = (...nodes: (Node | null)[]): Node[] => nodes.filter((n): n is Node => n !== null);

export function cardEl(face: CardFace | null, words: CrWords, extra = ''): HTMLElement {
  if (!face) return h('span', { class: `cr-card back${extra}`, 'aria-hidden': 'true' });
  return h(
    'span',
    {
      class: `cr-card${face.red ? ' red' : ''}${extra}`,
      role: 'img',
      'aria-label': `${face.rank} ${words.suits[face.suit]}`,
      'data-card': face.text,
    },
    h('span', {}, face.rank),
    h('span', { 'aria-hidden': 'true' }, { s: '♠', h: '♥', d: '♦', c: '♣' }[face.suit]),
  );
}

export function chipStack(amount: number, text: string): HTMLElement {
  const colour = amount >= 100_000 ? 3 : amount >= 10_000 ? 2 : amount >= 1_000 ? 1 : 0;
  return h('span', {}, h('span', { class: `cr-chip c${colour}`, 'aria-hidden': 'true' }), text);
}

export type TableSceneOptions = {
  words: CrWords;
  money: (minor: number) => string;
  trial: boolean;
  effect: ReturnType<typeof tableSound>;
  /** The table screen's state: the view drawn, and the hand and board last drawn. */
  state: TableScreen;
  /** A free seat chosen: the buy-in for it. */
  onSit: (v: PvpTableView, seat: number) => void;
};

/** Where a seat, its bet or the dealer button sits on the felt (cr-state.ts seatSpot, for the felt's shape). */
type SeatPos = (seat: number, n: number, mySeat: number | null, r?: number, turn?: number) => { x: number; y: number };

export function createTableScene(o: TableSceneOptions) {
  const { words, money, effect } = o;
  const felt = h('div', { class: 'cr-felt' });
  const wrap = h('div', { class: 'cr-felt-wrap', 'data-testid': 'felt' }, felt);
  const turnLine = h('p', { class: 'cr-turnline', 'aria-live': 'polite', 'data-testid': 'turn-line' });
  const mine = h('div', { class: 'cr-mine', 'data-testid': 'my-cards' });

  const seatPos = (seat: number, n: number, mySeat: number | null, r = 1, turn = 0) =>
    seatSpot(seat, n, mySeat, wrap.clientHeight > wrap.clientWidth, r, turn);

  /** The felt for the view; returns whether its hand is new (its cards are dealt). */
  function drawFelt(v: PvpTableView): boolean {
    const st = o.state;
    const n = v.table.seats;
    const mySeat = v.you.seat;
    const hand = v.hand;
    const winners = winnersOf(hand?.result);
    const newHand = enterHand(st, hand);
    if (newHand) effect('deal');
    // ---- the felt ----
    const center = h(
      'div',
      { class: 'cr-center' },
      h('div', { class: 'cr-street' }, hand ? (words.table.streets[hand.street as 'flop'] ?? '') : ''),
      h(
        'div',
        { class: 'cr-board', 'data-testid': 'board' },
        ...(hand?.board ?? []).map((c, i) =>
          cardEl(cardFace(c), words, i >= st.lastBoard && !newHand ? ' flip' : newHand ? '' : ''),
        ),
      ),
      hand
        ? h(
            'div',
            { class: 'cr-pot', 'data-testid': 'pot' },
            chipStack(hand.pot, fill(words.table.pot, { amount: money(hand.pot) })),
          )
        : h(
            'div',
            { class: 'cr-pot' },
            v.seats.filter((s) => s && !s.buyingIn).length < 2 ? words.table.waitingPlayers : '',
          ),
    );
    if (boardGrew(st, hand?.board.length ?? 0, newHand)) effect('flip');
    const parts: HTMLElement[] = [center];
    for (let seat = 0; seat < n; seat++) parts.push(...seatParts(o, seatPos, v, seat, winners, newHand));
    if (handJustOver(st, hand)) {
      // The pot slides to each winner.
      for (const seat of winners.keys()) {
        const w = seatPos(seat, n, mySeat, 1);
        const fly = h('div', { class: 'cr-potfly' }, h('span', { class: 'cr-chip c2' }));
        fly.style.setProperty('--tx', `${((w.x - 50) / 100) * wrap.clientWidth}px`);
        fly.style.setProperty('--ty', `${((w.y - 50) / 100) * wrap.clientHeight}px`);
        parts.push(fly);
      }
      if (mySeat !== null && winners.has(mySeat)) effect('win');
    }
    if (hand?.over) {
      const lines = winLines(words.table, v.seats, winners, money);
      center.append(h('div', { class: 'cr-street', 'data-testid': 'hand-result' }, lines.join(' · ')));
    }
    felt.replaceChildren(...parts);
    // The hand on show and whether it is over, for tests and styles.
    wrap.dataset.hand = hand ? String(hand.id) : '';
    wrap.dataset.over = String(hand?.over ?? false);
    wrap.dataset.mySeat = mySeat === null ? '' : String(mySeat);
    return newHand;
  }

  /** The player's own cards, and the turn line when not seated. */
  function drawMine(v: PvpTableView, newHand: boolean) {
    const mySeat = v.you.seat;
    const myHand = mySeat === null ? undefined : v.hand?.players.find((x) => x.seat === mySeat);
    mine.replaceChildren(
      ...(myHand?.cards ?? []).map((c, i) => {
        const el = cardEl(cardFace(c), words, newHand ? ' dealt' : '');
        el.style.animationDelay = `${i * 120}ms`;
        return el;
      }),
    );
    turnLine.textContent = '';
    if (mySeat === null) turnLine.textContent = o.trial ? words.lobby.trial : words.table.watching;
  }

  function drawClock() {
    const view = o.state.view;
    if (!view?.hand || view.hand.over || view.hand.toAct === null) return;
    const { turn, bank, inBank, width } = turnClock(view.hand, o.state.skew, Date.now());
    const bar = wrap.querySelector<HTMLElement>('.cr-seat.turn .cr-timer');
    if (bar && view.hand.turnEndsAt) {
      bar.classList.toggle('bank', inBank);
      (bar.firstChild as HTMLElement).style.width = `${width}%`;
    }
    if (view.you.seat !== null && view.hand.toAct === view.you.seat) {
      turnLine.textContent = inBank
        ? `${words.table.yourTurn} · ${fill(words.table.timeBank, { s: bank ?? 0 })}`
        : `${words.table.yourTurn} · ${turn ?? 0} s`;
    }
  }

  return { wrap, turnLine, mine, drawFelt, drawMine, drawClock };
}

/** A seat on the felt: free (a button to sit), or taken with its cards, plate, bet and the dealer button. */
function seatParts(
  o: TableSceneOptions,
  seatPos: SeatPos,
  v: PvpTableView,
  seat: number,
  winners: Map<number, number>,
  newHand: boolean,
): HTMLElement[] {
  const { words, money } = o;
  const n = v.table.seats;
  const mySeat = v.you.seat;
  const hand = v.hand;
  const s = v.seats[seat] ?? null;
  const pos = seatPos(seat, n, mySeat, 1);
  const p = hand?.players.find((x) => x.seat === seat);
  if (!s) {
    const canSitHere = canSit(o.trial, mySeat, v.seats);
    const empty = h(
      'button',
      {
        type: 'button',
        class: 'cr-empty',
        disabled: !canSitHere,
        'data-testid': `seat-${seat}`,
        'aria-label': `${words.table.emptySeat} ${seat + 1}`,
      },
      canSitHere ? words.table.sitHere : words.table.emptySeat,
    );
    empty.addEventListener('click', () => o.onSit(v, seat));
    return [h('div', { class: 'cr-seat', style: `left:${pos.x}%;top:${pos.y}%`, 'data-seat': seat }, empty)];
  }
  const parts: HTMLElement[] = [];
  const turn = hand && !hand.over && hand.toAct === seat;
  const cls = seatClasses(s, p, turn, winners.has(seat) && hand?.over);
  const tag = seatTag(words.table, s, p);
  const hole =
    p && !s.you
      ? h(
          'div',
          { class: 'cr-hole' },
          ...(p.cards ?? [null, null])
            .map((c, _i) => cardEl(c ? cardFace(c) : null, words, newHand ? ' dealt' : ''))
            .map((el, i) => {
              el.style.animationDelay = `${i * 120}ms`;
              return el;
            }),
        )
      : null;
  parts.push(
    h(
      'div',
      { class: cls, style: `left:${pos.x}%;top:${pos.y}%`, 'data-seat': seat, 'data-testid': `seat-${seat}` },
      hole,
      h(
        'div',
        { class: 'cr-plate' },
        h('span', { class: 'cr-name' }, s.you ? words.table.you : s.name),
        h('span', { class: 'cr-stack', 'data-testid': 'stack' }, money(s.stack)),
        tag ? h('span', { class: 'cr-tag' }, tag) : null,
        turn ? h('span', { class: 'cr-timer' }, h('span', { style: 'width:100%' })) : null,
      ),
    ),
  );
  if (p && p.streetBet > 0 && !hand?.over) {
    const b = seatPos(seat, n, mySeat, 0.55);
    parts.push(
      h('div', { class: 'cr-bet', style: `left:${b.x}%;top:${b.y}%` }, chipStack(p.streetBet, money(p.streetBet))),
    );
  }
  if (hand && hand.button === seat) {
    const d = seatPos(seat, n, mySeat, 0.62, 0.3);
    parts.push(h('div', { class: 'cr-dealer', style: `left:${d.x}%;top:${d.y}%`, title: words.table.dealer }, 'D'));
  }
  return parts;
}
