// The card room's inputs: the lobby's filters and "join the next free seat" with its buy-in in big
// blinds, and at a table the move buttons with the raise slider and amount, the player's tools (top
// up, sit out or come back, leave, show) and the sheet that asks for an amount (a buy-in, a top-up).
import type { PvpTableView } from '../../cardroom/room/view';
import { fill } from '../i18n';
import type { tableSound } from '../table-sound';
import { h } from '../ui';
import { actionOf, choices, clampRaise, type Legal, movesOf, stakesText } from './cr-present';
import {
  type Answer,
  amountField,
  buyInOffered,
  type CrApi,
  errorPhrase,
  joinNextBody,
  keepRaise,
  type LobbyAnswer,
  type LobbyChoice,
  minorOf,
  moveLabel,
  moveSound,
  nextSeq,
  showsOf,
  type TableScreen,
  topUpRoom,
} from './cr-state';
import type { CrWords } from './cr-words';

// ---- the lobby ----

export type JoinNextOptions = {
  words: CrWords;
  trial: boolean;
  /** The lobby's filter: the seat asked for fits it. */
  filter: LobbyChoice;
  api: CrApi;
  effect: ReturnType<typeof tableSound>;
  say: (text: string, error?: boolean) => void;
  errorText: (err: unknown) => string;
  showBalance: () => Promise<void>;
  showTable: (tableId: string) => void;
};

/** "Join the next free seat" with the buy-in in big blinds. */
export function createJoinNext(o: JoinNextOptions): HTMLElement {
  const { words } = o;
  const joinNext = h(
    'button',
    { type: 'button', class: 'button primary', 'data-testid': 'join-next', disabled: o.trial },
    words.lobby.joinNext,
  );
  const joinBb = h('input', {
    type: 'number',
    inputmode: 'numeric',
    min: 1,
    max: 1000,
    step: 1,
    value: 50,
    'data-testid': 'join-bb',
  });
  joinNext.addEventListener('click', async () => {
    joinNext.disabled = true;
    try {
      const body = joinNextBody(o.filter, joinBb.value);
      const joined = await o.api<{ tableId: string }>('/api/pvp/join-next', { method: 'POST', body });
      o.effect('chip');
      void o.showBalance();
      o.showTable(joined.tableId);
    } catch (err) {
      o.say(o.errorText(err), true);
      joinNext.disabled = o.trial;
    }
  });
  return h(
    'div',
    { class: 'cr-filters' },
    h('label', {}, words.lobby.buyInBb, joinBb),
    h('div', { class: 'cr-actions' }, joinNext),
  );
}

/** The lobby's filters, drawn once from the first answer; a change redraws that answer's tables. */
export function drawLobbyFilters(
  o: { words: CrWords; locale: string; filter: LobbyChoice },
  filters: HTMLElement,
  d: LobbyAnswer,
  redraw: (d: LobbyAnswer) => void,
) {
  const { words, locale, filter } = o;
  const select = (label: string, values: number[], current: number | null, text: (v: number) => string) => {
    const el = h(
      'select',
      {},
      h('option', { value: '' }, words.lobby.any),
      ...values.map((v) => h('option', { value: String(v), selected: v === current }, text(v))),
    );
    return { el, wrap: h('label', {}, label, el) };
  };
  const stakes = select(words.lobby.stakes, choices(d.tables, 'bigBlind'), filter.bigBlind, (bb) => {
    const t = d.tables.find((x) => x.bigBlind === bb)!;
    return stakesText(t.smallBlind, t.bigBlind, locale);
  });
  stakes.el.setAttribute('data-testid', 'filter-stakes');
  stakes.el.addEventListener('change', () => {
    filter.bigBlind = stakes.el.value ? Number(stakes.el.value) : null;
    redraw(d);
  });
  const seats = select(words.lobby.seats, choices(d.tables, 'seats'), filter.seats, String);
  seats.el.setAttribute('data-testid', 'filter-seats');
  seats.el.addEventListener('change', () => {
    filter.seats = seats.el.value ? Number(seats.el.value) : null;
    redraw(d);
  });
  const game = h(
    'select',
    { 'data-testid': 'filter-game' },
    h('option', { value: '' }, words.lobby.any),
    h('option', { value: 'no-limit', selected: filter.betting === 'no-limit' }, words.lobby.noLimit),
    h('option', { value: 'pot-limit', selected: filter.betting === 'pot-limit' }, words.lobby.potLimit),
  );
  game.addEventListener('change', () => {
    filter.betting = game.value || null;
    redraw(d);
  });
  const free = h('input', { type: 'checkbox', checked: filter.freeSeat, 'data-testid': 'filter-free' });
  free.addEventListener('change', () => {
    filter.freeSeat = free.checked;
    redraw(d);
  });
  filters.replaceChildren(
    h('label', {}, words.lobby.game, game),
    stakes.wrap,
    seats.wrap,
    h('label', { class: 'cr-check' }, free, words.lobby.freeSeat),
  );
}

// ---- a table ----

/** An amount asked for in a sheet over the table: its heading, range, first value, button and what it does. */
type AmountSheet = {
  heading: string;
  min: number;
  max: number;
  value: number;
  confirm: string;
  testid: string;
  onConfirm: (amount: number) => Promise<boolean>;
};

/** The sheet that asks for an amount (a buy-in, a top-up), closed once its request is taken. */
function createAmountSheet(words: CrWords, money: (minor: number) => string) {
  const sheet = h('div', { class: 'cr-sheet', hidden: true, role: 'dialog', 'aria-modal': 'false' });
  const openSheet = (children: (Node | null)[]) => {
    sheet.replaceChildren(...children.filter((c): c is Node => c !== null));
    sheet.hidden = false;
    sheet.querySelector<HTMLElement>('input, button')?.focus();
  };
  const closeSheet = () => {
    sheet.hidden = true;
    sheet.replaceChildren();
  };
  const amountSheet = (p: AmountSheet) => {
    const input = h('input', {
      type: 'number',
      inputmode: 'decimal',
      min: (p.min / 100).toFixed(2),
      max: (p.max / 100).toFixed(2),
      step: '0.01',
      value: (p.value / 100).toFixed(2),
      'data-testid': `${p.testid}-amount`,
    });
    const ok = h(
      'button',
      { type: 'button', class: 'button primary', 'data-testid': `${p.testid}-confirm` },
      p.confirm,
    );
    const cancel = h('button', { type: 'button', class: 'button ghost' }, words.table.cancel);
    cancel.addEventListener('click', closeSheet);
    ok.addEventListener('click', async () => {
      const amount = minorOf(input.value);
      ok.disabled = true;
      if (await p.onConfirm(amount)) closeSheet();
      else ok.disabled = false;
    });
    openSheet([
      h('h3', {}, p.heading),
      h(
        'label',
        {},
        `${words.table.buyIn}: ${fill(words.lobby.buyIn, { min: money(p.min), max: money(p.max) })}`,
        input,
      ),
      h('div', { class: 'cr-actions' }, ok, cancel),
    ]);
  };
  return { sheet, amountSheet };
}

export type TableControlsOptions = {
  words: CrWords;
  money: (minor: number) => string;
  effect: ReturnType<typeof tableSound>;
  say: (text: string, error?: boolean) => void;
  /** The table screen's state: the raise chosen and the moves' sequence numbers. */
  state: TableScreen;
  send: (message: Record<string, unknown>) => Promise<Answer>;
  /** A request to the table; whether it was taken. */
  requestOf: (type: string, extra?: Record<string, unknown>) => Promise<boolean>;
};

export function createTableControls(o: TableControlsOptions) {
  const { words, money, effect, say, requestOf } = o;
  const st = o.state;
  const moves = h('div', { class: 'cr-moves', 'data-testid': 'moves' });
  const raise = h('div', { class: 'cr-raise' });
  const tools = h('div', { class: 'cr-tools' });

  const { sheet, amountSheet } = createAmountSheet(words, money);

  /** The buy-in for a free seat of the view's table. */
  const sitSheet = (v: PvpTableView, seat: number) =>
    amountSheet({
      heading: `${words.table.sit} · ${seat + 1}`,
      min: v.table.minBuyIn,
      max: v.table.maxBuyIn,
      value: buyInOffered(v.table),
      confirm: words.table.sit,
      testid: 'buy-in',
      onConfirm: async (buyIn) => {
        const ok = await requestOf('sit', { seat, buyIn });
        if (ok) effect('chip');
        return ok;
      },
    });

  /** The moves the server allows the player now, and the raise's slider and amount. */
  function drawMoves(v: PvpTableView) {
    const hand = v.hand;
    const legal = v.you.legal as Legal | null;
    moves.replaceChildren();
    raise.replaceChildren();
    if (!legal || !hand) return;
    keepRaise(st, legal, hand);
    const drawButtons = () => {
      moves.replaceChildren(
        ...movesOf(legal, hand.currentBet, st.raiseTo).map((m) => {
          const label = moveLabel(words.table, m, money);
          const b = h(
            'button',
            {
              type: 'button',
              class: `button${m.type === 'fold' ? ' ghost' : ' primary'}`,
              'data-testid': `act-${m.type}`,
            },
            label,
          );
          b.addEventListener('click', async () => {
            for (const x of moves.querySelectorAll('button')) (x as HTMLButtonElement).disabled = true;
            const seq = nextSeq(st, v.you.lastSeq);
            const answer = await o.send({ type: 'act', seq, action: actionOf(m) });
            if (answer.ok) effect(moveSound(m));
            else {
              if (answer.error) say(errorPhrase(words.errors, answer.error.code, answer.error.message), true);
              for (const x of moves.querySelectorAll('button')) (x as HTMLButtonElement).disabled = false;
            }
          });
          return b;
        }),
      );
    };
    drawButtons();
    if (legal.canRaise) {
      const lo = Math.min(legal.minRaiseTo, legal.allInTo);
      const hi = Math.max(lo, legal.maxRaiseTo);
      const slider = h('input', {
        type: 'range',
        min: lo,
        max: hi,
        step: Math.max(1, v.table.bigBlind / 2),
        value: st.raiseTo,
        'aria-label': words.table.amount,
        'data-testid': 'raise-slider',
      });
      const field = amountField(v.table.kind === 'sng');
      const amount = h('input', {
        type: 'number',
        inputmode: field.step === '1' ? 'numeric' : 'decimal',
        min: field.text(lo),
        max: field.text(hi),
        step: field.step,
        value: field.text(st.raiseTo),
        'aria-label': words.table.amount,
        'data-testid': 'raise-amount',
      });
      slider.addEventListener('input', () => {
        st.raiseTo = clampRaise(legal, Number(slider.value));
        amount.value = field.text(st.raiseTo);
        drawButtons();
      });
      amount.addEventListener('change', () => {
        st.raiseTo = clampRaise(legal, field.parse(amount.value));
        amount.value = field.text(st.raiseTo);
        slider.value = String(st.raiseTo);
        drawButtons();
      });
      raise.append(slider, amount);
    }
  }

  /** The seated player's tools: top up, sit out or come back, leave, show; and what waits for the hand's end. */
  function drawTools(v: PvpTableView) {
    const mySeat = v.you.seat;
    const hand = v.hand;
    tools.replaceChildren();
    if (mySeat === null) return;
    const myHand = hand?.players.find((p) => p.seat === mySeat);
    const tool = (label: string, testid: string, run: () => void) => {
      const b = h('button', { type: 'button', class: 'button ghost', 'data-testid': testid }, label);
      b.addEventListener('click', run);
      tools.append(b);
    };
    const seated = v.seats[mySeat];
    // A sit-and-go's chips are played to the end: no top-up, sitting out or leaving.
    const tournament = v.table.kind === 'sng';
    const room = tournament ? 0 : topUpRoom(v, mySeat);
    if (room > 0) {
      tool(words.table.topUp, 'top-up', () =>
        amountSheet({
          heading: words.table.topUp,
          min: 1,
          max: room,
          value: room,
          confirm: words.table.topUp,
          testid: 'top-up',
          onConfirm: (amount) => requestOf('top-up', { amount }),
        }),
      );
    }
    if (seated?.sittingOut) tool(words.table.comeBack, 'come-back', () => void requestOf('come-back'));
    else if (!tournament) tool(words.table.sitOut, 'sit-out', () => void requestOf('sit-out'));
    if (!v.you.leaveQueued && !tournament) tool(words.table.leave, 'leave', () => void requestOf('leave'));
    if (hand?.over && myHand?.cards && !showsOf(hand).has(mySeat)) {
      tool(words.table.show, 'show', () => void requestOf('show'));
    }
    if (v.you.leaveQueued) tools.append(h('p', { class: 'cr-note' }, words.table.leaveQueued));
    if (v.you.pendingTopUp > 0) tools.append(h('p', { class: 'cr-note' }, words.table.topUpQueued));
  }

  return { moves, raise, tools, sheet, sitSheet, drawMoves, drawTools };
}
