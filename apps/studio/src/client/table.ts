/// <reference lib="dom" />
// The live table page (LIVE baccarat and roulette): the table's shared round over the WebSocket
// /studio/ws/table (phase, countdown, cards as they are dealt or the wheel, the result, the road),
// bets through the HTTP API with the game token (several per round, each a wallet bet), your bets and
// results, and the fairness panel (the round's seed hash before betting, the seed at the result, a
// verify link that recomputes the round on /studio/fair). A lost socket reconnects; a poll keeps the
// balance and your bets fresh. It reads the server's own views through type-only imports (nothing
// of the server is bundled).
import type { Card } from '../engines';
import type { BaccaratView, MyTableBet as MyBet, RouletteView, TableState } from '../tables';
import { pageTitle } from './game-title';
import { cardEl } from './games/common';
import type { SessionInfo } from './types';
import { ApiError, h, money, shortHash } from './ui';

type TableAnswer = {
  state: TableState;
  mine: MyBet[];
  balance: number | null;
  timing: { bettingMs: number; dealMs: number; resultMs: number };
};
type Api = <T>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;
type RouletteItem = { type: string; numbers?: number[]; amount: number };

const BACCARAT_SPOTS: [string, string][] = [
  ['player', 'Player 1:1'],
  ['banker', 'Banker 0.95:1'],
  ['tie', 'Tie 8:1'],
  ['playerPair', 'P pair 11:1'],
  ['bankerPair', 'B pair 11:1'],
];
const ROULETTE_SPOTS: [string, string][] = [
  ['red', 'Red'],
  ['black', 'Black'],
  ['odd', 'Odd'],
  ['even', 'Even'],
  ['low', '1-18'],
  ['high', '19-36'],
  ['dozen1', '1st 12'],
  ['dozen2', '2nd 12'],
  ['dozen3', '3rd 12'],
  ['column1', 'Col 1'],
  ['column2', 'Col 2'],
  ['column3', 'Col 3'],
];
const RED = new Set([1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36]);
const colorOf = (n: number) => (n === 0 ? 'green' : RED.has(n) ? 'red' : 'black');
const PHASES: Record<string, string> = {
  betting: 'Place your bets',
  dealing: 'Dealing',
  result: 'Result',
  done: 'Next round soon',
};

function betText(bet: unknown): string {
  if (bet && typeof bet === 'object' && Array.isArray((bet as { bets?: unknown }).bets)) {
    return (bet as { bets: RouletteItem[] }).bets
      .map((b) => `${b.type === 'straight' ? (b.numbers?.[0] ?? '?') : b.type} ${money(b.amount)}`)
      .join(', ');
  }
  return Object.entries((bet ?? {}) as Record<string, number>)
    .map(([k, v]) => `${k} ${money(v)}`)
    .join(', ');
}

export function tablePage(app: HTMLElement, info: SessionInfo, api: Api, token: string): void {
  const engine = info.engine === 'roulette' ? 'roulette' : 'baccarat';
  const game = info.game as { chips?: number[] } | null;
  const chips = game?.chips?.length ? game.chips : [100, 500, 1000, 5000, 10000];
  let state: TableState | null = null;
  let mine: MyBet[] = [];
  let offset = 0; // server clock minus page clock
  let bettingSpan = 15_000; // the betting phase's length (from /api/table), for the timer bar
  let busy = false;
  let chip = chips[0] ?? 100;
  // The slip: what the next "Place bet" sends (baccarat spots, or roulette items by spot key).
  const slip = new Map<string, number>();

  const balance = h('strong', { 'data-testid': 'balance' }, money(info.balance));
  const message = h('p', { class: 'message', role: 'status', 'aria-live': 'polite', 'data-testid': 'message' });
  const phase = h('strong', { 'data-testid': 'phase' }, 'Connecting…');
  const countdown = h('span', { class: 'countdown', 'data-testid': 'countdown' }, '');
  const roundNo = h('span', { class: 'muted small', 'data-testid': 'round-no' }, '');
  const timer = h('div', { class: 'timer-bar' }, h('span'));
  const verdict = h('p', { class: 'big-number', 'data-testid': 'verdict' }, '');
  const say = (text: string, kind: 'info' | 'error' | 'ok' = 'info') => {
    message.textContent = text;
    message.className = `message ${kind}`;
  };

  // ---- the stage: cards or wheel ----
  const playerCards = h('div', { class: 'cards', 'data-testid': 'player-cards' });
  const bankerCards = h('div', { class: 'cards', 'data-testid': 'banker-cards' });
  const playerTitle = h('h3', {}, 'Player');
  const bankerTitle = h('h3', {}, 'Banker');
  const playerHand = h('div', { class: 'hand player-hand' }, playerTitle, playerCards);
  const bankerHand = h('div', { class: 'hand banker-hand' }, bankerTitle, bankerCards);
  const wheel = h('div', { class: 'wheel', 'aria-hidden': 'true' }, h('span', { class: 'wheel-ball' }));
  const wheelNumber = h('div', { class: 'wheel-number', 'data-testid': 'number' }, '');
  const scene =
    engine === 'baccarat'
      ? h('div', { class: 'hands' }, playerHand, bankerHand)
      : h('div', { class: 'wheel-wrap' }, wheel, wheelNumber);

  // ---- bet controls ----
  const chipRow = h('div', { class: 'chips chip-row', role: 'radiogroup', 'aria-label': 'Chip' });
  const drawChips = () =>
    chipRow.replaceChildren(
      ...chips.map((c) =>
        h(
          'button',
          {
            class: `chip${c === chip ? ' selected' : ''}`,
            type: 'button',
            role: 'radio',
            'aria-checked': c === chip ? 'true' : 'false',
            'data-testid': `chip-${c}`,
            onclick: () => {
              chip = c;
              drawChips();
            },
          },
          money(c),
        ),
      ),
    );
  drawChips();
  const slipText = h('p', { class: 'muted small', 'data-testid': 'slip' }, 'Tap a spot to add the chip');
  const spotButtons = new Map<string, HTMLButtonElement>();
  const addToSlip = (spot: string) => {
    slip.set(spot, (slip.get(spot) ?? 0) + chip);
    drawSlip();
  };
  const drawSlip = () => {
    for (const [spot, button] of spotButtons) {
      const amount = slip.get(spot);
      button.classList.toggle('selected', !!amount);
      button.dataset.amount = amount ? money(amount) : '';
    }
    const total = [...slip.values()].reduce((t, v) => t + v, 0);
    slipText.textContent = slip.size
      ? `${[...slip.entries()].map(([k, v]) => `${k} ${money(v)}`).join(' · ')} = ${money(total)}`
      : 'Tap a spot to add the chip';
  };
  const spots = h('div', { class: 'options spots' });
  const spotList = engine === 'baccarat' ? BACCARAT_SPOTS : ROULETTE_SPOTS;
  for (const [spot, label] of spotList) {
    const b = h(
      'button',
      { class: 'button spot', type: 'button', 'data-spot': spot, onclick: () => addToSlip(spot) },
      label,
    );
    spotButtons.set(spot, b);
    spots.append(b);
  }
  const numberGrid = h('div', { class: 'number-grid', 'data-testid': 'numbers' });
  if (engine === 'roulette') {
    for (let n = 0; n <= 36; n++) {
      const b = h(
        'button',
        {
          class: `button spot n-${colorOf(n)}${n === 0 ? ' zero' : ''}`,
          type: 'button',
          'data-spot': `n${n}`,
          onclick: () => addToSlip(`n${n}`),
        },
        String(n),
      );
      spotButtons.set(`n${n}`, b);
      numberGrid.append(b);
    }
  }
  const placeButton = h(
    'button',
    { class: 'button primary big', type: 'button', 'data-testid': 'place-bet' },
    'Place bet',
  );
  const clearButton = h(
    'button',
    {
      class: 'button',
      type: 'button',
      'data-testid': 'clear',
      onclick: () => {
        slip.clear();
        drawSlip();
      },
    },
    'Clear',
  );

  // ---- road, players, my bets, fairness ----
  const road = h('div', { class: engine === 'baccarat' ? 'bead-road' : 'last-numbers', 'data-testid': 'road' });
  const players = h('tbody', { 'data-testid': 'players' });
  const myBody = h('tbody', { 'data-testid': 'my-bets' });
  const fair = h('div', { class: 'small', 'data-testid': 'fairness', style: 'overflow-wrap:anywhere' });

  const table = (head: string[], body: HTMLElement) =>
    h(
      'div',
      { class: 'table-wrap' },
      h('table', {}, h('thead', {}, h('tr', {}, ...head.map((t) => h('th', {}, t)))), body),
    );

  app.replaceChildren(
    h(
      'header',
      { class: 'topbar' },
      info.lobbyUrl
        ? h('a', { class: 'button ghost', href: info.lobbyUrl, target: '_top', 'data-testid': 'lobby' }, '← Lobby')
        : h('span'),
      h(
        'span',
        { class: 'title', 'data-testid': 'game-title' },
        pageTitle(engine),
        h('span', { class: 'badge live' }, 'LIVE'),
        info.mode === 'trial' ? h('span', { class: 'badge' }, 'DEMO') : null,
      ),
      h('span', { class: 'balance' }, `${info.currency} `, balance),
    ),
    h(
      'div',
      { class: 'layout' },
      h(
        'div',
        {},
        h(
          'section',
          { class: `panel stage table-stage ${engine}` },
          h('div', { class: 'phase-line' }, phase, countdown, roundNo),
          timer,
          scene,
          verdict,
        ),
        h(
          'section',
          { class: 'panel controls-panel' },
          chipRow,
          spots,
          numberGrid,
          slipText,
          h('div', { class: 'controls' }, clearButton, placeButton),
          message,
        ),
      ),
      h(
        'div',
        {},
        h('section', { class: 'panel' }, h('h2', {}, engine === 'baccarat' ? 'Bead road' : 'Last numbers'), road),
        h('section', { class: 'panel' }, h('h2', {}, 'Your bets'), table(['Round', 'Bet', 'Stake', 'Win'], myBody)),
        h(
          'section',
          { class: 'panel' },
          h('h2', {}, 'Players this round'),
          table(['Player', 'Stake', 'Result'], players),
        ),
        h('section', { class: 'panel fairness' }, h('h2', {}, 'Provably fair'), fair),
      ),
    ),
  );

  const serverNow = () => Date.now() + offset;

  function renderStage() {
    const r = state?.round;
    if (!r) {
      phase.textContent = state ? 'Opening the table…' : 'Connecting…';
      countdown.textContent = '';
      return;
    }
    phase.textContent = PHASES[r.phase] ?? r.phase;
    roundNo.textContent = `Round #${r.no}`;
    if (engine === 'baccarat') {
      const o = r.outcome as BaccaratView;
      const draw = (el: HTMLElement, cards: Card[]) => {
        // Only new cards are added, so each one animates once as it is dealt.
        while (el.children.length > cards.length) el.lastElementChild?.remove();
        for (let i = el.children.length; i < cards.length; i++) el.append(cardEl(cards[i] as Card));
      };
      draw(playerCards, o.player);
      draw(bankerCards, o.banker);
      playerTitle.textContent = o.player.length ? `Player ${o.playerTotal}` : 'Player';
      bankerTitle.textContent = o.banker.length ? `Banker ${o.bankerTotal}` : 'Banker';
      playerHand.classList.toggle('winner', o.result === 'player');
      bankerHand.classList.toggle('winner', o.result === 'banker');
      verdict.textContent = !o.result
        ? ''
        : o.result === 'tie'
          ? `Tie ${o.playerTotal}-${o.bankerTotal}`
          : `${o.result === 'player' ? 'Player' : 'Banker'} wins ${Math.max(o.playerTotal, o.bankerTotal)}-${Math.min(o.playerTotal, o.bankerTotal)}`;
    } else {
      const o = r.outcome as RouletteView;
      wheel.classList.toggle('spinning', r.phase === 'dealing');
      wheelNumber.textContent = o ? String(o.number) : r.phase === 'dealing' ? '…' : '';
      wheelNumber.className = `wheel-number${o ? ` ${o.color}-n` : ''}`;
      verdict.textContent = o ? `${o.number} ${o.color}` : '';
      verdict.className = `big-number${o ? ` ${o.color}-n` : ''}`;
    }
  }

  function tick() {
    const r = state?.round;
    if (r) {
      const [from, to] =
        r.phase === 'betting'
          ? [Date.parse(r.bettingEndsAt) - bettingSpan, Date.parse(r.bettingEndsAt)]
          : r.phase === 'dealing'
            ? [Date.parse(r.bettingEndsAt), Date.parse(r.revealAt)]
            : [Date.parse(r.revealAt), Date.parse(r.endsAt)];
      const left = Math.max(0, to - serverNow());
      countdown.textContent = r.phase === 'done' ? '' : `${Math.ceil(left / 1000)} s`;
      (timer.firstElementChild as HTMLElement).style.width = `${Math.min(100, (left / Math.max(1, to - from)) * 100)}%`;
      timer.classList.toggle('closing', r.phase === 'betting' && left < 3000);
    }
    const open = r?.phase === 'betting' && serverNow() < Date.parse(r.bettingEndsAt);
    placeButton.disabled = busy || !open || slip.size === 0;
    for (const b of spotButtons.values()) b.disabled = !open;
    requestAnimationFrame(tick);
  }

  function renderLists() {
    const s = state;
    if (!s) return;
    if (engine === 'baccarat') {
      // Bead road: oldest first, six per column.
      const beads = [...s.history].reverse();
      road.replaceChildren(
        ...beads.map((b) =>
          h(
            'span',
            {
              class: `bead ${b.result}${b.pair ? ` pair-${b.pair}` : ''}`,
              title: `Round #${b.no}: ${b.result}`,
            },
            b.result === 'player' ? 'P' : b.result === 'banker' ? 'B' : 'T',
          ),
        ),
      );
    } else {
      road.replaceChildren(
        ...s.history.map((b) =>
          h('span', { class: `ball ${b.color ?? ''}`, title: `Round #${b.no}` }, String(b.number ?? b.result)),
        ),
      );
    }
    players.replaceChildren(
      ...s.bets.map((b) =>
        h(
          'tr',
          {},
          h('td', {}, b.player),
          h('td', {}, money(b.stake)),
          h('td', {}, b.status === 'in' ? '…' : b.status === 'won' ? money(b.win) : 'lost'),
        ),
      ),
    );
    myBody.replaceChildren(
      ...mine.map((b) =>
        h(
          'tr',
          { 'data-status': b.status },
          h('td', {}, `#${b.roundNo}`),
          h('td', { class: 'small' }, betText(b.bet)),
          h('td', {}, money(b.stake)),
          h(
            'td',
            {},
            b.status === 'open' || b.status === 'settling'
              ? '…'
              : b.status === 'rolled_back' || b.status === 'rolling_back'
                ? 'refunded'
                : b.win > 0
                  ? money(b.win)
                  : 'lost',
          ),
        ),
      ),
    );
    const r = s.round;
    if (r) {
      const myBet = mine.find((b) => b.roundId === r.id)?.bet;
      const query = new URLSearchParams({
        seed: r.serverSeed ?? '',
        client: r.clientSeed,
        nonce: String(r.nonce),
        game: s.table.gameCode,
        vendor: s.table.vendor,
        hash: r.serverSeedHash,
      });
      if (myBet) query.set('bet', JSON.stringify(myBet));
      fair.replaceChildren(
        h(
          'p',
          {},
          `Round #${r.no} server seed hash (shown before betting): `,
          h('code', { 'data-testid': 'seed-hash' }, r.serverSeedHash),
        ),
        h('p', {}, 'Client seed: ', h('code', {}, r.clientSeed), ` · nonce ${r.nonce}`),
        r.serverSeed
          ? h(
              'p',
              {},
              'Server seed: ',
              h('code', { 'data-testid': 'server-seed' }, r.serverSeed),
              ' · ',
              h(
                'a',
                { href: `/studio/fair?${query}`, target: '_blank', rel: 'noopener', 'data-testid': 'verify-link' },
                'Verify',
              ),
            )
          : h('p', { class: 'muted' }, 'The seed is revealed with the result.'),
        h(
          'p',
          { class: 'muted' },
          `The outcome is drawn from HMAC-SHA256(server seed, "client seed:nonce:cursor") and fixed before betting opens (${shortHash(r.serverSeedHash)}).`,
        ),
      );
    }
  }

  async function refresh() {
    try {
      const data = await api<TableAnswer>('/api/table');
      const settledBefore = new Set(mine.filter((b) => b.status === 'closed').map((b) => b.betId));
      const fresh = loaded ? data.mine.filter((b) => b.status === 'closed' && !settledBefore.has(b.betId)) : [];
      loaded = true;
      mine = data.mine;
      bettingSpan = data.timing.bettingMs;
      if (data.balance !== null) balance.textContent = money(data.balance);
      if (!state || Date.parse(data.state.serverNow) > Date.parse(state.serverNow)) apply(data.state);
      if (fresh.length) {
        const won = fresh.reduce((t, b) => t + b.win, 0);
        say(won > 0 ? `You win ${money(won)}` : 'No win this round', won > 0 ? 'ok' : 'info');
      }
      renderLists();
    } catch (err) {
      if (err instanceof ApiError) say(err.message, 'error');
    }
  }
  let loaded = false;

  let lastKey = '';
  function apply(s: TableState) {
    offset = Date.parse(s.serverNow) - Date.now();
    const r = s.round;
    const key = `${r?.id}:${r?.phase}`;
    if (r?.phase === 'betting' && key !== lastKey && engine === 'baccarat') {
      playerCards.replaceChildren();
      bankerCards.replaceChildren();
    }
    const toResult = key !== lastKey && r?.phase === 'result';
    lastKey = key;
    state = s;
    renderStage();
    renderLists();
    // The result settles the bets: fetch balance and my bets (once now, once after delivery).
    if (toResult) {
      void refresh();
      setTimeout(() => void refresh(), 1200);
    }
  }

  let socketOpen = false;
  function connect() {
    const ws = new WebSocket(
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/studio/ws/table?token=${encodeURIComponent(token)}`,
    );
    ws.onopen = () => {
      socketOpen = true;
    };
    ws.onmessage = (e) => {
      const msg = JSON.parse(String(e.data)) as { type: string; data: TableState };
      if (msg.type === 'state') apply(msg.data);
    };
    ws.onclose = () => {
      socketOpen = false;
      setTimeout(connect, 1500);
    };
  }

  placeButton.addEventListener('click', async () => {
    if (!slip.size) return;
    const bet =
      engine === 'baccarat'
        ? Object.fromEntries(slip)
        : {
            bets: [...slip.entries()].map(([spot, amount]) =>
              spot.startsWith('n')
                ? { type: 'straight', numbers: [Number(spot.slice(1))], amount }
                : { type: spot, amount },
            ),
          };
    busy = true;
    try {
      const answer = await api<{ bet: MyBet; balance: number }>('/api/table/bet', { method: 'POST', body: { bet } });
      mine = [answer.bet, ...mine.filter((b) => b.betId !== answer.bet.betId)];
      balance.textContent = money(answer.balance);
      say(`Bet placed: ${betText(answer.bet.bet)}`, 'info');
      slip.clear();
      drawSlip();
      renderLists();
    } catch (err) {
      say(err instanceof ApiError ? err.message : 'Could not place the bet', 'error');
    } finally {
      busy = false;
    }
  });

  // Without the socket, the poll carries the table's state too (and keeps the table running).
  setInterval(() => {
    if (!socketOpen || mine.some((b) => b.status === 'open' || b.status === 'settling')) void refresh();
  }, 3000);

  void refresh();
  connect();
  requestAnimationFrame(tick);
}
