// The Tongits table page (docs/pvp.md "The Tongits table service"), phone first: the two opponents
// above, the stock, the discard pile and the melds on the table in the middle, the player's hand
// and the moves below. Everything comes from the table's socket (/studio/ws/pvp/tongits); a move is
// sent with a rising sequence number and resent with the same one after a reconnect, so it is
// applied once. The deal's deck is checked in the browser once its server seed is revealed.
import type { TongitsTableView } from '../../cardroom/room/tongits-view';
import { counted, fill, type LaunchLanguage, launchLanguage } from '../i18n';
import { sessionEndedBy, showSessionEnded } from '../session-ended';
import { createSound, type Tone } from '../sound';
import { ApiError, h, money, request, shortHash } from '../ui';
import { HandEntropy } from './hand-entropy';
import { checkDeal } from './tongits-fair';
import { injectTongitsStyle } from './tongits-style';
import { loadTongitsWords, type TongitsWords } from './tongits-words';

const API = '/api/pvp/tongits';
const SUIT_SIGNS: Record<string, string> = { s: '♠', h: '♥', d: '♦', c: '♣' };
const RANK_ORDER = 'A23456789TJQK';
const SUIT_ORDER = 'shdc';
const TONES: Record<'turn' | 'card' | 'win', Tone[]> = {
  turn: [{ freq: 660, at: 0, dur: 0.12, type: 'sine', gain: 0.05 }],
  card: [{ freq: 320, to: 180, at: 0, dur: 0.07, type: 'triangle', gain: 0.05 }],
  win: [
    { freq: 523, at: 0, dur: 0.15, type: 'sine', gain: 0.06 },
    { freq: 784, at: 0.15, dur: 0.25, type: 'sine', gain: 0.06 },
  ],
};

type Deal = NonNullable<TongitsTableView['deal']>;
type Answer = { type: string; id?: string; seq?: number; ok: boolean; error?: { code: string; message: string } };

const sortKey = (card: string) => SUIT_ORDER.indexOf(card[1]!) * 13 + RANK_ORDER.indexOf(card[0]!);
const rankText = (card: string) => (card[0] === 'T' ? '10' : card[0]!);

const cardLabel = (card: string) => `${rankText(card)}${SUIT_SIGNS[card[1]!] ?? ''}`;

/** A card of the player's hand: a button that selects it. */
function cardButton(card: string, attrs: Record<string, string | boolean | ((e: Event) => void) | undefined> = {}) {
  const red = card[1] === 'h' || card[1] === 'd';
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
    h('span', { class: 'suit', 'aria-hidden': 'true' }, SUIT_SIGNS[card[1]!] ?? ''),
  );
}

/** A card shown on the table (a meld, the discard pile, a hand shown at the end). */
function cardFace(card: string, attrs: Record<string, string> = {}) {
  const red = card[1] === 'h' || card[1] === 'd';
  return h(
    'span',
    { class: `tg-card${red ? ' red' : ''}`, 'data-card': card, role: 'img', 'aria-label': cardLabel(card), ...attrs },
    h('span', { class: 'rank', 'aria-hidden': 'true' }, rankText(card)),
    h('span', { class: 'suit', 'aria-hidden': 'true' }, SUIT_SIGNS[card[1]!] ?? ''),
  );
}

/**
 * Opens the Tongits table `tableId` in `app` with the game token `token`; false when there is no
 * Tongits table of that id (the address names another game's table), with nothing drawn.
 */
export async function tongitsPage(
  app: HTMLElement,
  tableId: string,
  token: string,
  launchCode: string,
): Promise<boolean> {
  const language: LaunchLanguage = launchLanguage(launchCode);
  const w: TongitsWords = await loadTongitsWords(language);
  const api = <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
    request<T>(`${API}${path}`, { ...options, token }, language.code);
  const sound = createSound(
    `tongits:${token.slice(0, 8)}`,
    (() => {
      try {
        return window.localStorage;
      } catch {
        return null;
      }
    })(),
  );
  const amount = (minor: number) => money(minor);
  const plural = (phrase: { other: string }, n: number) => counted(phrase, n, language.locale);

  let view: TongitsTableView;
  try {
    view = await api<TongitsTableView>(`/tables/${encodeURIComponent(tableId)}`);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'STUDIO_PVP_TABLE_NOT_FOUND') return false;
    app.replaceChildren(
      h(
        'section',
        { class: 'panel error-page' },
        h('h1', {}, w.cannotOpen),
        h('p', {}, (err as Error).message),
        h('button', { type: 'button', class: 'button', onclick: () => location.reload() }, w.retry),
      ),
    );
    return true;
  }
  injectTongitsStyle();

  const selected = new Set<string>();
  let sapawing = false;
  let seq = view.you.lastSeq;
  /** A move sent and not yet answered: resent with the same number after a reconnect. */
  let pending: { seq: number; action: object } | null = null;
  let requestId = 0;
  const waiting = new Map<string, (a: Answer) => void>();
  const unsent: string[] = [];
  /** The hand the player was dealt, per deal id: what the in-browser deck check compares. */
  const dealtHands = new Map<number, string[]>();
  const checked = new Map<number, boolean>();
  let lastTurnSeen = '';
  let ws: WebSocket | null = null;

  const status = h('p', { class: 'tg-status', role: 'status', 'aria-live': 'polite', 'data-testid': 'tg-status' });
  const error = h('p', { class: 'tg-error', role: 'alert', hidden: true, 'data-testid': 'tg-error' });
  const opponents = h('div', { class: 'tg-opponents' });
  const middle = h('div', { class: 'tg-middle' });
  const meldsBox = h('section', { class: 'tg-melds', 'aria-label': w.melds });
  const handBox = h('section', { class: 'tg-hand', 'aria-label': w.yourHand, 'data-testid': 'tg-hand' });
  const moves = h('div', { class: 'tg-moves', 'data-testid': 'tg-moves' });
  const resultBox = h('section', { class: 'tg-result', hidden: true, 'data-testid': 'tg-result' });
  const seatBox = h('section', { class: 'tg-seats' });
  const fairBox = h('details', { class: 'tg-fair' });
  const timer = h('span', { class: 'tg-timer', 'data-testid': 'tg-timer' });
  const soundToggle = h('input', { type: 'checkbox', checked: !sound.muted });
  soundToggle.addEventListener('change', () => sound.setMuted(!soundToggle.checked));
  const header = h(
    'header',
    { class: 'tg-head' },
    h('h1', {}, view.table.name),
    h('span', { class: 'muted' }, fill(w.stake, { amount: amount(view.table.stake) })),
    timer,
    h('label', { class: 'tg-sound' }, soundToggle, ` ${w.sound}`),
  );
  app.replaceChildren(
    h(
      'div',
      { class: 'tg-page' },
      header,
      opponents,
      middle,
      meldsBox,
      status,
      error,
      handBox,
      moves,
      resultBox,
      seatBox,
      fairBox,
    ),
  );

  const showError = (message: string | null) => {
    error.hidden = message === null;
    error.textContent = message ?? '';
  };

  const send = (message: Record<string, unknown>): Promise<Answer> =>
    new Promise((resolve) => {
      const key = message.type === 'act' ? `act:${message.seq}` : String(message.id);
      waiting.set(key, resolve);
      if (ws?.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
      // A request made while the socket (re)connects goes once it is open; a move goes again then
      // anyway (pending).
      else if (message.type !== 'act') unsent.push(JSON.stringify(message));
    });

  const act = async (action: object) => {
    if (pending) return;
    seq += 1;
    pending = { seq, action };
    // The cards this move used. The table's push can arrive before the move's answer (a draw shows
    // the hand to play from at once), and a card picked in between stays picked.
    const used = new Set(selected);
    const answer = await send({ type: 'act', seq, action });
    pending = null;
    for (const card of used) selected.delete(card);
    sapawing = false;
    showError(answer.ok ? null : (answer.error?.message ?? ''));
    draw();
  };

  const ask = async (type: string, extra: Record<string, unknown> = {}) => {
    const answer = await send({ type, id: `r${++requestId}`, ...extra });
    showError(answer.ok ? null : (answer.error?.message ?? ''));
  };

  const nameOf = (seat: number) => {
    const s = view.seats[seat];
    return s?.you ? `${s.name} (${w.you})` : (s?.name ?? '');
  };

  function drawOpponents(deal: Deal | null) {
    const mine = view.you.seat ?? 0;
    opponents.replaceChildren(
      ...[1, 2].map((k) => {
        const seat = (mine + k) % 3;
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
          p?.cards
            ? h(
                'div',
                { class: 'tg-row small' },
                ...[...p.cards].sort((a, b) => sortKey(a) - sortKey(b)).map((c) => cardFace(c)),
              )
            : null,
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

  function drawMelds(deal: Deal | null) {
    if (!deal) {
      meldsBox.replaceChildren();
      return;
    }
    const myTurn = myMove(deal);
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
                  class: `tg-meld${sapawing ? ' target' : ''}`,
                  'data-testid': `tg-meld-${m.id}`,
                  disabled: !(sapawing && myTurn),
                  'aria-label': `${nameOf(m.owner)}: ${m.cards.join(' ')}`,
                  onclick: () => void act({ type: 'sapaw', meldId: m.id, cards: [...selected] }),
                },
                h('span', { class: 'owner' }, nameOf(m.owner)),
                h('span', { class: 'tg-row small' }, ...m.cards.map((c) => cardFace(c))),
              ),
            ),
          ),
    );
  }

  const myMove = (deal: Deal) => !deal.over && view.you.seat !== null && deal.turn === view.you.seat;

  function drawHand(deal: Deal | null) {
    const mine = view.you.seat === null ? null : deal?.players[view.you.seat];
    if (!mine?.cards) {
      handBox.replaceChildren();
      return;
    }
    const cards = [...mine.cards].sort((a, b) => sortKey(a) - sortKey(b));
    // A card that left the hand (a new deal, a melded card) is no longer picked.
    for (const card of selected) if (!cards.includes(card)) selected.delete(card);
    handBox.replaceChildren(
      h('h2', {}, `${w.yourHand} · ${plural(w.points, mine.points ?? 0)}`),
      h(
        'div',
        { class: 'tg-row' },
        ...cards.map((c) =>
          cardButton(c, {
            'aria-pressed': selected.has(c) ? 'true' : 'false',
            class: `tg-card${c[1] === 'h' || c[1] === 'd' ? ' red' : ''}${selected.has(c) ? ' selected' : ''}`,
            onclick: () => {
              if (selected.has(c)) selected.delete(c);
              else selected.add(c);
              draw();
            },
          }),
        ),
      ),
    );
  }

  function drawMoves(deal: Deal | null) {
    const buttons: HTMLElement[] = [];
    const button = (label: string, testId: string, onclick: () => void, enabled = true) =>
      h('button', { type: 'button', class: 'button', 'data-testid': testId, disabled: !enabled, onclick }, label);
    let hint = '';
    if (deal && myMove(deal)) {
      const picked = [...selected];
      if (deal.phase === 'challenge') {
        hint = fill(w.hintAnswer, { name: nameOf(deal.challenge?.caller ?? 0) });
        buttons.push(button(w.fold, 'tg-fold', () => void act({ type: 'fold' })));
        buttons.push(button(w.challenge, 'tg-challenge', () => void act({ type: 'challenge' })));
      } else if (deal.phase === 'draw') {
        hint = w.hintDraw;
        buttons.push(button(w.draw, 'tg-draw', () => void act({ type: 'drawStock' })));
        buttons.push(
          button(
            w.takeDiscard,
            'tg-take',
            () => void act({ type: 'takeDiscard', cards: picked }),
            picked.length >= 2 && deal.discards.length > 0,
          ),
        );
        if (view.you.canCallDraw) buttons.push(button(w.callDraw, 'tg-call', () => void act({ type: 'callDraw' })));
      } else {
        hint = sapawing ? w.hintSapaw : w.hintPlay;
        buttons.push(button(w.meld, 'tg-meld', () => void act({ type: 'meld', cards: picked }), picked.length >= 3));
        buttons.push(
          button(
            w.sapaw,
            'tg-sapaw',
            () => {
              sapawing = !sapawing;
              draw();
            },
            picked.length >= 1 && deal.melds.length > 0,
          ),
        );
        buttons.push(
          button(w.discard, 'tg-discard', () => void act({ type: 'discard', card: picked[0] }), picked.length === 1),
        );
      }
    }
    moves.replaceChildren(
      ...(hint ? [h('p', { class: 'muted small' }, hint)] : []),
      h('div', { class: 'tg-row' }, ...buttons),
    );
  }

  function drawStatus(deal: Deal | null) {
    if (!deal || deal.over) {
      const seated = view.seats.filter((s) => s !== null).length;
      status.textContent = seated < 3 ? w.waiting : w.nextDeal;
      return;
    }
    status.textContent = myMove(deal) ? w.yourTurn : fill(w.theirTurn, { name: nameOf(deal.turn ?? 0) });
  }

  function drawResult(deal: Deal | null) {
    const r = deal?.result;
    const s = deal?.settlement;
    if (!deal || !r || !s) {
      resultBox.hidden = true;
      return;
    }
    resultBox.hidden = false;
    const how = r.end === 'tongits' ? w.endTongits : r.end === 'stock-out' ? w.endStockOut : w.endDraw;
    resultBox.replaceChildren(
      h('h2', {}, w.result),
      h('p', { class: 'tg-winner' }, `${fill(w.winner, { name: nameOf(r.winner) })} ${how}`),
      h(
        'ul',
        {},
        ...r.bills.map((b) =>
          h(
            'li',
            {},
            fill(w.bill, { name: nameOf(b.seat), amount: amount(s.paid[b.seat] ?? 0) }),
            ` (${plural(w.billStakes, b.stakes)}${(s.paid[b.seat] ?? 0) < b.amount ? `, ${w.billCapped}` : ''}) · ${plural(w.points, r.points[b.seat] ?? 0)}`,
          ),
        ),
        h(
          'li',
          {},
          `${fill(w.collects, { name: nameOf(r.winner), amount: amount(s.collection - s.rake) })} · ${fill(w.rake, { amount: amount(s.rake) })}`,
        ),
      ),
    );
  }

  function drawSeats() {
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
      const free = view.seats.map((s, i) => (s === null ? i : -1)).filter((i) => i >= 0);
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
                onclick: () => void ask('sit', { seat, buyIn: Math.round(Number(buyIn.value) * 100) }),
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
      const room = view.table.maxBuyIn - (me?.stack ?? 0);
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
                onclick: () => void ask('top-up', { amount: Math.round(Number(more.value) * 100) }),
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
            { type: 'button', class: 'button ghost', 'data-testid': 'tg-leave', onclick: () => void ask('leave') },
            w.leave,
          ),
          me?.sittingOut
            ? h('button', { type: 'button', class: 'button ghost', onclick: () => void ask('come-back') }, w.comeBack)
            : h('button', { type: 'button', class: 'button ghost', onclick: () => void ask('sit-out') }, w.sitOut),
        ),
      );
    }
    seatBox.replaceChildren(...parts);
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
        const verdict = checked.get(deal.id);
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
      h('p', { class: 'muted small' }, `${w.nextSeedHash}: `, h('code', {}, shortHash(view.nextServerSeedHash))),
    );
    fairBox.replaceChildren(...rows);
  }

  /** The deck check, once per deal the player was dealt into and saw dealt. */
  async function checkDeck(deal: Deal) {
    const f = deal.fairness;
    const hand = dealtHands.get(deal.id);
    if (!f.serverSeed || !hand || checked.has(deal.id) || view.you.seat === null) return;
    const ok = await checkDeal(
      { serverSeed: f.serverSeed, serverSeedHash: f.serverSeedHash, clientSeeds: f.clientSeeds, nonce: f.nonce },
      deal.dealer,
      view.you.seat,
      hand,
    ).catch(() => false);
    checked.set(deal.id, ok);
    drawFairness(deal);
  }

  function tickTimer() {
    const deal = view.deal;
    if (!deal || deal.over || !deal.turnEndsAt) {
      timer.textContent = '';
      return;
    }
    const skew = Date.now() - new Date(view.serverNow).getTime();
    const now = Date.now() - skew;
    const turnLeft = Math.ceil((new Date(deal.turnEndsAt).getTime() - now) / 1000);
    const bankLeft = deal.timeBankEndsAt ? Math.ceil((new Date(deal.timeBankEndsAt).getTime() - now) / 1000) : 0;
    timer.textContent =
      turnLeft > 0 ? fill(w.timeLeft, { s: turnLeft }) : fill(w.timeBank, { s: Math.max(0, bankLeft) });
  }

  function draw() {
    const deal = view.deal;
    // Only the player's own moves change their hand, so before their first one the hand is the
    // one dealt, however many moves of the others this view is the first to show.
    const seat = view.you.seat;
    if (
      deal &&
      seat !== null &&
      !dealtHands.has(deal.id) &&
      !deal.events.some((e) => (e as { seat?: number }).seat === seat)
    ) {
      const cards = deal.players[seat]?.cards;
      if (cards) dealtHands.set(deal.id, cards);
    }
    drawOpponents(deal);
    drawMiddle(deal);
    drawMelds(deal);
    drawHand(deal);
    drawMoves(deal);
    drawStatus(deal);
    drawResult(deal);
    drawSeats();
    drawFairness(deal);
    tickTimer();
    if (deal?.over) void checkDeck(deal);
  }

  // The page's own part of each next deal's deck, sent once its seed is committed.
  const entropy = new HandEntropy();
  function onView(next: TongitsTableView) {
    if (next.version < view.version) return;
    const before = view.deal;
    view = next;
    const due = entropy.due(view);
    if (due) {
      void send({ type: 'entropy', id: `r${++requestId}`, ...due }).then((a) => {
        if (!a.ok) entropy.failed(due.hash);
      });
    }
    const deal = view.deal;
    const turnKey = deal ? `${deal.id}:${deal.turn}:${deal.phase}` : '';
    if (deal && myMove(deal) && turnKey !== lastTurnSeen) sound.playTones(TONES.turn);
    else if (deal && before && deal.discards.length !== before.discards.length) sound.playTones(TONES.card);
    if (deal?.over && !before?.over && deal.result?.winner === view.you.seat) sound.playTones(TONES.win);
    lastTurnSeen = turnKey;
    draw();
  }

  function connect() {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(
      `${scheme}://${location.host}/studio/ws/pvp/tongits?token=${encodeURIComponent(token)}&table=${encodeURIComponent(tableId)}`,
    );
    ws = socket;
    socket.addEventListener('open', () => {
      status.textContent = '';
      socket.send(JSON.stringify({ type: 'resume' }));
      // A move whose answer was lost goes again with its number: the table applies it once.
      if (pending) socket.send(JSON.stringify({ type: 'act', seq: pending.seq, action: pending.action }));
      for (const message of unsent.splice(0)) socket.send(message);
    });
    socket.addEventListener('message', (event) => {
      const msg = JSON.parse(String(event.data)) as { type: string; data?: TongitsTableView } & Answer;
      if (msg.type === 'table' && msg.data) return onView(msg.data);
      const key = msg.type === 'act-result' ? `act:${msg.seq}` : String(msg.id);
      const resolve = waiting.get(key);
      waiting.delete(key);
      resolve?.(msg);
    });
    socket.addEventListener('close', (e) => {
      if (ws !== socket) return;
      if (sessionEndedBy(e)) return showSessionEnded();
      status.textContent = w.reconnecting;
      setTimeout(connect, 1500);
    });
  }

  draw();
  connect();
  setInterval(tickTimer, 500);
  return true;
}
