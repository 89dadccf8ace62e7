// The Tongits page's inputs: the moves under the hand (with the hint of what the phase asks), the
// seat panel (the buy-in and a seat to take, or the stack, the top-up, leave and sit out / come back)
// and the sound switch. The moves and the requests are the page's: this takes the input and says
// which one.

import { fill } from '../i18n';
import type { Sound } from '../sound';
import { h, money } from '../ui';
import {
  type Deal,
  freeSeats,
  minorOf,
  movesFor,
  type TongitsPageState,
  toggleSapaw,
  topUpRoom,
} from './tongits-state';
import type { TongitsWords } from './tongits-words';

export type TongitsControlsOptions = {
  state: TongitsPageState;
  words: TongitsWords;
  sound: Sound;
  /** Sends a move. */
  act: (action: object) => Promise<void>;
  /** Sends a request that is not a move (sit, top up, leave, sit out, come back). */
  ask: (type: string, extra?: Record<string, unknown>) => Promise<void>;
  /** Draws the page again from its state. */
  redraw: () => void;
};

export function createTongitsControls(o: TongitsControlsOptions) {
  const { state, words: w, sound } = o;
  const amount = (minor: number) => money(minor);
  const moves = h('div', { class: 'tg-moves', 'data-testid': 'tg-moves' });
  const seatBox = h('section', { class: 'tg-seats' });
  const soundToggle = h('input', { type: 'checkbox', checked: !sound.muted });
  soundToggle.addEventListener('change', () => sound.setMuted(!soundToggle.checked));

  function drawMoves(deal: Deal | null) {
    const button = (label: string, testId: string, onclick: () => void, enabled = true) =>
      h('button', { type: 'button', class: 'button', 'data-testid': testId, disabled: !enabled, onclick }, label);
    const { hint, buttons } = movesFor(state.view, deal, state.selected, state.sapawing, w);
    moves.replaceChildren(
      ...(hint ? [h('p', { class: 'muted small' }, hint)] : []),
      h(
        'div',
        { class: 'tg-row' },
        ...buttons.map((b) => {
          const { action } = b;
          const onclick =
            action === 'toggle-sapaw'
              ? () => {
                  toggleSapaw(state);
                  o.redraw();
                }
              : () => void o.act(action);
          return button(b.label, b.testId, onclick, b.enabled);
        }),
      ),
    );
  }

  function drawSeats() {
    const view = state.view;
    const mine = view.you.seat;
    const parts: HTMLElement[] = [];
    if (mine === null) {
      const buyIn = h('input', {
        type: 'number',
        inputmode: 'decimal',
        min: view.table.minBuyIn / 100,
        max: view.table.maxBuyIn / 100,
        step: '0.01',
        value: String(view.table.minBuyIn / 100),
        'aria-label': w.buyIn,
        'data-testid': 'tg-buy-in',
      });
      parts.push(
        h('label', {}, `${w.buyIn} `, buyIn),
        h(
          'p',
          { class: 'muted small' },
          fill(w.buyInRange, { min: amount(view.table.minBuyIn), max: amount(view.table.maxBuyIn) }),
        ),
      );
      const free = freeSeats(view);
      parts.push(
        h(
          'div',
          { class: 'tg-row' },
          ...free.map((seat) =>
            h(
              'button',
              {
                type: 'button',
                class: 'button',
                'data-testid': `tg-sit-${seat}`,
                onclick: () => void o.ask('sit', { seat, buyIn: minorOf(buyIn.value) }),
              },
              `${w.sit} ${seat + 1}`,
            ),
          ),
        ),
      );
    } else {
      const me = view.seats[mine];
      parts.push(h('p', { 'data-testid': 'tg-stack' }, `${w.you}: ${amount(me?.stack ?? 0)}`));
      if (view.you.leaveQueued) parts.push(h('p', { class: 'muted' }, w.leaveQueued));
      // Chips up to the maximum buy-in, added at once (the room never queues a Tongits top-up: a deal
      // in play moves no chips until it ends).
      const room = topUpRoom(view, mine);
      if (room > 0 && !view.you.leaveQueued) {
        const more = h('input', {
          type: 'number',
          inputmode: 'decimal',
          min: 0.01,
          max: room / 100,
          step: '0.01',
          value: String(room / 100),
          'aria-label': w.topUp,
          'data-testid': 'tg-top-up-amount',
        });
        parts.push(
          h(
            'div',
            { class: 'tg-row' },
            h('label', {}, `${w.topUp} `, more),
            h(
              'button',
              {
                type: 'button',
                class: 'button ghost',
                'data-testid': 'tg-top-up',
                onclick: () => void o.ask('top-up', { amount: minorOf(more.value) }),
              },
              w.topUp,
            ),
          ),
          h('p', { class: 'muted small' }, fill(w.topUpRange, { max: amount(room) })),
        );
      }
      parts.push(
        h(
          'div',
          { class: 'tg-row' },
          h(
            'button',
            { type: 'button', class: 'button ghost', 'data-testid': 'tg-leave', onclick: () => void o.ask('leave') },
            w.leave,
          ),
          me?.sittingOut
            ? h('button', { type: 'button', class: 'button ghost', onclick: () => void o.ask('come-back') }, w.comeBack)
            : h('button', { type: 'button', class: 'button ghost', onclick: () => void o.ask('sit-out') }, w.sitOut),
        ),
      );
    }
    seatBox.replaceChildren(...parts);
  }

  return { moves, seatBox, soundToggle, drawMoves, drawSeats };
}
