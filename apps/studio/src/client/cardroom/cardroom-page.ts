// The card room page (bundled as cardroom.js, client-bundle.ts), opened in the game frame from a
// PVP tile of the card room (game-map.ts) with the game token in its address. Two screens: the lobby
// (GET /studio/api/pvp/lobby, polled while shown: the tables, their figures, filters, "join the next
// free seat" and the waiting lists) and a table (the WebSocket /studio/ws/pvp: the server's view
// after every change; moves, sit, top-up, sit out, leave, show and the client seed as requests; on a
// lost socket it reconnects and sends `resume`, so the same seat comes back). docs/pvp.md "Pages".
import type { PvpTableView } from '../../cardroom/room/view';
import { readBoot } from '../boot';
import { fill, launchLanguage } from '../i18n';
import { loadKitWords } from '../kit-words';
import { HandEntropy } from '../pvp/hand-entropy';
import { startRealityCheck } from '../reality-check';
import { sessionEndedBy, showSessionEnded } from '../session-ended';
import { createSound } from '../sound';
import { tableSound } from '../table-sound';
import { ApiError, h, request, svgIcon } from '../ui';
import {
  actionOf,
  type CardFace,
  cardFace,
  checkHand,
  choices,
  clampRaise,
  filterTables,
  type Legal,
  type LobbyFilter,
  type LobbyRow,
  type Move,
  moneyText,
  movesOf,
  secondsLeft,
  stakesText,
  winLines,
} from './cr-present';
import { injectCardRoomStyle } from './cr-style';
import { type CrWords, loadCardRoomWords } from './cr-words';

/** A Tongits table as GET /api/pvp/lobby lists it (cardroom/room/lobby.ts). */
type TongitsRow = {
  id: string;
  name: string;
  game: 'tongits';
  seats: number;
  stake: number;
  minBuyIn: number;
  maxBuyIn: number;
  seated: number;
  /** The table's page: a query to put on this page's own address. */
  link: string;
};

type LobbyAnswer = {
  mode: string;
  demo: boolean;
  currency: string;
  figuresWindowMinutes: number;
  offerSeconds: number;
  tables: (LobbyRow & { name: string })[];
  tongitsTables: TongitsRow[];
};
type Boot = {
  language?: unknown;
  gameName?: unknown;
  member?: unknown;
  mode?: unknown;
  lobbyUrl?: unknown;
  preset?: { seats?: number; betting?: string };
};
type HistoryRow = { handId: number; tableId: string; number: number; status: string; pot: number; net: number | null };
type HandDetail =
  | {
      game: 'holdem';
      id: number;
      number: number;
      button: number | null;
      seats: number;
      board: string[];
      players: { seat: number; you: boolean; cards: string[] | null; stackBefore: number; stackAfter: number | null }[];
      fairness: { serverSeedHash: string; serverSeed: string | null; clientSeeds: string[]; nonce: number };
    }
  // The history lists every game's hands: a Tongits deal shows the player's hand as it ended.
  | {
      game: 'tongits';
      id: number;
      players: { seat: number; you: boolean }[];
      deal: { number: number; players: { seat: number; cards: string[] | null }[] } | null;
    };

const LOBBY_POLL_MS = 3000;

const present = (...nodes: (Node | null)[]): Node[] => nodes.filter((n): n is Node => n !== null);

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function cardEl(face: CardFace | null, words: CrWords, extra = ''): HTMLElement {
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

function chipStack(amount: number, text: string): HTMLElement {
  const colour = amount >= 100_000 ? 3 : amount >= 10_000 ? 2 : amount >= 1_000 ? 1 : 0;
  return h('span', {}, h('span', { class: `cr-chip c${colour}`, 'aria-hidden': 'true' }), text);
}

async function start(app: HTMLElement) {
  injectCardRoomStyle();
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const boot = (readBoot(document) ?? {}) as Boot;
  const language = launchLanguage(boot.language);
  const [words] = await Promise.all([loadCardRoomWords(language), loadKitWords(language)]);
  const locale = language.locale;
  const money = (m: number) => moneyText(m, locale);
  const api = <T>(path: string, options: { method?: string; body?: unknown } = {}) =>
    request<T>(path, { ...options, token }, language.code);
  const lobbyUrl = typeof boot.lobbyUrl === 'string' ? boot.lobbyUrl : null;
  const trial = boot.mode !== 'real';
  startRealityCheck({ demo: trial, lobbyUrl });
  const owner = typeof boot.member === 'string' && boot.member ? boot.member : 'guest';
  const sound = createSound(owner, storage());
  const effect = tableSound(sound);

  // ---- the frame: top bar, the status line ----
  const soundButton = h('button', { class: 'icon-button', type: 'button', 'data-testid': 'sound' });
  const showSound = () => {
    soundButton.setAttribute('aria-pressed', String(!sound.muted));
    soundButton.setAttribute('aria-label', sound.muted ? words.sound.off : words.sound.on);
    soundButton.replaceChildren(speakerIcon(sound.muted));
  };
  soundButton.addEventListener('click', () => {
    sound.setMuted(!sound.muted);
    showSound();
    sound.play('button');
  });
  showSound();
  const title = (typeof boot.gameName === 'string' && boot.gameName.trim()) || words.title;
  // The member's wallet balance: read when the page opens and after every move of money (sit, top-up, leave).
  const balance = h('strong', { 'data-testid': 'balance' }, '—');
  const showBalance = async () => {
    try {
      const s = await api<{ balance: number | null; currency: string }>('/api/session');
      balance.textContent = s.balance === null ? '—' : `${s.currency} ${money(s.balance)}`;
    } catch {
      balance.textContent = '—';
    }
  };
  void showBalance();
  const header = h(
    'header',
    { class: 'topbar cr-top' },
    lobbyUrl
      ? h(
          'a',
          {
            class: 'icon-button',
            href: lobbyUrl,
            target: '_top',
            'data-testid': 'lobby',
            'aria-label': words.backToLobby,
          },
          '‹',
        )
      : h('span', { class: 'icon-spacer' }),
    h('h1', { class: 'title', 'data-testid': 'game-title' }, title),
    h('span', { class: 'balance' }, h('span', { class: 'muted small' }, `${words.balance} `), balance),
    soundButton,
  );
  const status = h('p', { class: 'message', role: 'status', 'aria-live': 'polite', 'data-testid': 'message' });
  const screen = h('div', {});
  app.classList.add('cr-app');
  app.replaceChildren(header, status, screen);
  const say = (text: string, error = false) => {
    status.textContent = text;
    status.classList.toggle('error', error);
  };
  const errorText = (err: unknown): string => {
    if (err instanceof ApiError) {
      const mine = (words.errors as Record<string, string>)[err.code];
      return mine ?? err.message;
    }
    return words.errors.other;
  };

  let leaveScreen: () => void = () => undefined;

  // ---- the lobby ----
  const filter: LobbyFilter & { betting: string | null } = {
    bigBlind: null,
    seats: boot.preset?.seats ?? null,
    freeSeat: false,
    betting: boot.preset?.betting ?? null,
  };

  async function showLobby(autoOpen: boolean) {
    leaveScreen();
    location.hash = '';
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    leaveScreen = () => {
      stopped = true;
      clearTimeout(timer);
    };
    const notes = h('div', {});
    const filters = h('div', { class: 'cr-filters' });
    const list = h('div', { class: 'cr-tables', 'data-testid': 'lobby-tables' });
    // Tongits tables have a page of their own (client/pvp/tongits-page.ts): a row opens it at its
    // address. Their heading sits above their grid, so the rows line up with the Hold'em ones.
    const tongitsList = h('div', { class: 'cr-tables', 'data-testid': 'tongits-tables' });
    const tongitsHeading = h('h2', { hidden: true }, 'Tongits');
    const joinNext = h(
      'button',
      { type: 'button', class: 'button primary', 'data-testid': 'join-next', disabled: trial },
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
    screen.replaceChildren(
      h('h2', {}, words.lobby.heading),
      notes,
      filters,
      h(
        'div',
        { class: 'cr-filters' },
        h('label', {}, words.lobby.buyInBb, joinBb),
        h('div', { class: 'cr-actions' }, joinNext),
      ),
      list,
      tongitsHeading,
      tongitsList,
    );
    let data: LobbyAnswer | null = null;
    joinNext.addEventListener('click', async () => {
      joinNext.disabled = true;
      try {
        const bb = Math.round(Number(joinBb.value));
        const body: Record<string, unknown> = {
          buyInBigBlinds: Number.isFinite(bb) ? Math.min(1000, Math.max(1, bb)) : 50,
        };
        if (filter.seats !== null) body.seats = filter.seats;
        if (filter.bigBlind !== null) body.bigBlind = filter.bigBlind;
        if (filter.betting === 'no-limit' || filter.betting === 'pot-limit') body.betting = filter.betting;
        const joined = await api<{ tableId: string }>('/api/pvp/join-next', { method: 'POST', body });
        effect('chip');
        void showBalance();
        void showTable(joined.tableId);
      } catch (err) {
        say(errorText(err), true);
        joinNext.disabled = trial;
      }
    });

    const select = (label: string, values: number[], current: number | null, text: (v: number) => string) => {
      const el = h(
        'select',
        {},
        h('option', { value: '' }, words.lobby.any),
        ...values.map((v) => h('option', { value: String(v), selected: v === current }, text(v))),
      );
      return { el, wrap: h('label', {}, label, el) };
    };
    const drawFilters = (d: LobbyAnswer) => {
      const stakes = select(words.lobby.stakes, choices(d.tables, 'bigBlind'), filter.bigBlind, (bb) => {
        const t = d.tables.find((x) => x.bigBlind === bb)!;
        return stakesText(t.smallBlind, t.bigBlind, locale);
      });
      stakes.el.setAttribute('data-testid', 'filter-stakes');
      stakes.el.addEventListener('change', () => {
        filter.bigBlind = stakes.el.value ? Number(stakes.el.value) : null;
        drawTables(d);
      });
      const seats = select(words.lobby.seats, choices(d.tables, 'seats'), filter.seats, String);
      seats.el.setAttribute('data-testid', 'filter-seats');
      seats.el.addEventListener('change', () => {
        filter.seats = seats.el.value ? Number(seats.el.value) : null;
        drawTables(d);
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
        drawTables(d);
      });
      const free = h('input', { type: 'checkbox', checked: filter.freeSeat, 'data-testid': 'filter-free' });
      free.addEventListener('change', () => {
        filter.freeSeat = free.checked;
        drawTables(d);
      });
      filters.replaceChildren(
        h('label', {}, words.lobby.game, game),
        stakes.wrap,
        seats.wrap,
        h('label', { class: 'cr-check' }, free, words.lobby.freeSeat),
      );
    };
    const drawTables = (d: LobbyAnswer) => {
      const shown = filterTables(d.tables, filter).filter(
        (t) => filter.betting === null || t.betting === filter.betting,
      );
      const now = Date.now();
      list.replaceChildren(
        ...(shown.length === 0
          ? [h('p', { class: 'muted' }, words.lobby.none)]
          : shown.map((t) => {
              const gameName = t.betting === 'pot-limit' ? words.lobby.potLimit : words.lobby.noLimit;
              const open = h(
                'button',
                { type: 'button', class: 'button', 'data-testid': 'open-table' },
                words.lobby.open,
              );
              open.addEventListener('click', () => void showTable(t.id));
              const actions = h('div', { class: 'cr-actions' }, open);
              if (!trial && !t.you.seated) {
                const waiting = t.you.waitingPosition !== null;
                const wait = h(
                  'button',
                  { type: 'button', class: 'button ghost', 'data-testid': 'wait-toggle' },
                  waiting ? words.lobby.unwait : words.lobby.wait,
                );
                wait.addEventListener('click', async () => {
                  try {
                    await api(`/api/pvp/tables/${encodeURIComponent(t.id)}/wait`, {
                      method: waiting ? 'DELETE' : 'POST',
                    });
                    await refresh();
                  } catch (err) {
                    say(errorText(err), true);
                  }
                });
                actions.append(wait);
              }
              const offerLeft = t.you.offerEndsAt
                ? Math.max(0, Math.ceil((new Date(t.you.offerEndsAt).getTime() - now) / 1000))
                : null;
              return h(
                'article',
                { class: 'cr-trow', 'data-testid': 'lobby-table', 'data-table': t.id },
                h('h3', {}, `${gameName} ${stakesText(t.smallBlind, t.bigBlind, locale)}`),
                h(
                  'div',
                  { class: 'cr-figs' },
                  h(
                    'span',
                    { 'data-testid': 'seats-taken' },
                    fill(words.lobby.seatsTaken, { taken: t.seated, total: t.seats }),
                  ),
                  h(
                    'span',
                    {},
                    fill(words.lobby.avgPot, { amount: t.averagePot === null ? '—' : money(t.averagePot) }),
                  ),
                  h('span', {}, fill(words.lobby.handsPerHour, { n: t.handsPerHour })),
                  h('span', {}, fill(words.lobby.buyIn, { min: money(t.minBuyIn), max: money(t.maxBuyIn) })),
                  t.waiting > 0 ? h('span', {}, fill(words.lobby.waiting, { n: t.waiting })) : null,
                ),
                t.you.seated ? h('p', { class: 'cr-note strong' }, words.lobby.seated) : null,
                t.you.waitingPosition !== null
                  ? h('p', { class: 'cr-note' }, fill(words.lobby.position, { n: t.you.waitingPosition }))
                  : null,
                offerLeft !== null
                  ? h('p', { class: 'cr-offer', role: 'alert' }, fill(words.lobby.offer, { s: offerLeft }))
                  : null,
                actions,
              );
            })),
      );
    };
    const refresh = async () => {
      try {
        data = await api<LobbyAnswer>('/api/pvp/lobby');
      } catch (err) {
        say(errorText(err), true);
        return;
      }
      if (stopped) return;
      const d = data;
      if (autoOpen) {
        autoOpen = false;
        // Back on the page while seated (a reload, a lost tab): straight back to the seat.
        const mine = d.tables.find((t) => t.you.seated);
        if (mine) {
          void showTable(mine.id);
          return;
        }
      }
      notes.replaceChildren(
        ...present(
          h('p', { class: 'cr-note strong', 'data-testid': 'no-house' }, words.lobby.noHouse),
          d.demo ? h('p', { class: 'cr-note' }, words.lobby.demoTogether) : null,
          trial ? h('p', { class: 'cr-note' }, words.lobby.trial) : null,
          h('p', { class: 'cr-note' }, fill(words.lobby.figures, { minutes: d.figuresWindowMinutes })),
        ),
      );
      if (!filters.firstChild) drawFilters(d);
      drawTables(d);
      drawTongits(d.tongitsTables);
    };
    const drawTongits = (tables: TongitsRow[]) => {
      const address = (link: string) => {
        const query = new URLSearchParams(location.search);
        for (const [key, value] of new URLSearchParams(link)) query.set(key, value);
        return `${location.pathname}?${query.toString()}`;
      };
      tongitsHeading.hidden = tables.length === 0;
      tongitsList.replaceChildren(
        ...tables.map((t) =>
          h(
            'article',
            { class: 'cr-trow', 'data-testid': 'tongits-table' },
            h('h3', {}, t.name),
            h(
              'div',
              { class: 'cr-figs' },
              h('span', {}, `${words.lobby.stakes} ${money(t.stake)}`),
              h('span', {}, fill(words.lobby.seatsTaken, { taken: t.seated, total: t.seats })),
              h('span', {}, fill(words.lobby.buyIn, { min: money(t.minBuyIn), max: money(t.maxBuyIn) })),
            ),
            h('div', { class: 'cr-actions' }, h('a', { class: 'button', href: address(t.link) }, words.lobby.open)),
          ),
        ),
      );
    };
    await refresh();
    const poll = () => {
      if (stopped) return;
      timer = setTimeout(async () => {
        await refresh();
        poll();
      }, LOBBY_POLL_MS);
    };
    poll();
  }

  // ---- a table ----
  async function showTable(tableId: string) {
    leaveScreen();
    location.hash = `table=${encodeURIComponent(tableId)}`;
    say('');
    let stopped = false;
    let ws: WebSocket | null = null;
    let retry = 0;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let view: PvpTableView | null = null;
    let skew = 0;
    let seq = 0;
    let requestId = 0;
    let raiseTo = 0;
    let raiseFor = '';
    let lastHandId: number | null = null;
    let lastBoard = 0;
    let lastOverId: number | null = null;
    const answers = new Map<string, (m: { ok: boolean; error?: { code: string; message: string } }) => void>();

    const felt = h('div', { class: 'cr-felt' });
    const wrap = h('div', { class: 'cr-felt-wrap', 'data-testid': 'felt' }, felt);
    const turnLine = h('p', { class: 'cr-turnline', 'aria-live': 'polite', 'data-testid': 'turn-line' });
    const mine = h('div', { class: 'cr-mine', 'data-testid': 'my-cards' });
    const moves = h('div', { class: 'cr-moves', 'data-testid': 'moves' });
    const raise = h('div', { class: 'cr-raise' });
    const tools = h('div', { class: 'cr-tools' });
    const me = h('div', { class: 'cr-me' }, turnLine, mine, moves, raise, tools);
    const fairBody = h('div', {});
    const fair = h(
      'details',
      { class: 'cr-panel', 'data-testid': 'fairness' },
      h('summary', {}, words.fair.title),
      fairBody,
    );
    const histBody = h('div', {});
    const hist = h(
      'details',
      { class: 'cr-panel', 'data-testid': 'history' },
      h('summary', {}, words.history.title),
      histBody,
    );
    const sheet = h('div', { class: 'cr-sheet', hidden: true, role: 'dialog', 'aria-modal': 'false' });
    const back = h('button', { type: 'button', class: 'button ghost', 'data-testid': 'to-lobby' }, words.table.lobby);
    back.addEventListener('click', () => {
      void showLobby(false);
      void showBalance();
    });
    // The felt and the player's own panel: one above the other, side by side on a wide screen (cr-style.ts).
    const play = h('div', { class: 'cr-play' }, wrap, me);
    screen.replaceChildren(h('div', { class: 'cr-actions' }, back), play, fair, hist, sheet);

    const send = (message: Record<string, unknown>) =>
      new Promise<{ ok: boolean; error?: { code: string; message: string } }>((resolve) => {
        if (!ws || ws.readyState !== WebSocket.OPEN) {
          resolve({ ok: false, error: { code: 'NETWORK', message: words.table.reconnecting } });
          return;
        }
        const key = message.type === 'act' ? `act:${message.seq}` : `${message.type}:${message.id}`;
        answers.set(key, resolve);
        ws.send(JSON.stringify(message));
      });
    const requestOf = async (type: string, extra: Record<string, unknown> = {}) => {
      const answer = await send({ type, id: `r${++requestId}`, ...extra });
      if (answer.ok && (type === 'sit' || type === 'top-up' || type === 'leave')) void showBalance();
      if (!answer.ok && answer.error) {
        const mineText = (words.errors as Record<string, string>)[answer.error.code];
        say(mineText ?? answer.error.message, true);
      }
      return answer.ok;
    };

    // The page's own part of each next hand's deck, sent once its seed is committed.
    const entropy = new HandEntropy();
    const sendEntropy = (v: PvpTableView) => {
      const due = entropy.due(v);
      if (!due) return;
      void send({ type: 'entropy', id: `r${++requestId}`, ...due }).then((a) => {
        if (!a.ok) entropy.failed(due.hash);
      });
    };

    const connect = () => {
      if (stopped) return;
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      const socket = new WebSocket(
        `${scheme}://${location.host}/studio/ws/pvp?token=${encodeURIComponent(token)}&table=${encodeURIComponent(tableId)}`,
      );
      ws = socket;
      socket.addEventListener('open', () => {
        retry = 0;
        say('');
        socket.send(JSON.stringify({ type: 'resume' }));
      });
      socket.addEventListener('message', (e) => {
        const msg = JSON.parse(String(e.data)) as {
          type: string;
          data?: PvpTableView;
          id?: string;
          seq?: number;
          ok?: boolean;
          error?: { code: string; message: string };
        };
        if (msg.type === 'table' && msg.data) {
          if (view && msg.data.version < view.version) return;
          view = msg.data;
          skew = new Date(view.serverNow).getTime() - Date.now();
          draw();
          sendEntropy(view);
          return;
        }
        const base = msg.type.replace(/-result$/, '');
        const key = base === 'act' ? `act:${msg.seq}` : `${base}:${msg.id}`;
        const done = answers.get(key);
        answers.delete(key);
        done?.({ ok: msg.ok === true, ...(msg.error ? { error: msg.error } : {}) });
      });
      socket.addEventListener('close', (e) => {
        if (stopped || ws !== socket) return;
        for (const done of answers.values()) done({ ok: false });
        answers.clear();
        if (sessionEndedBy(e)) {
          stopped = true;
          showSessionEnded();
          return;
        }
        say(words.table.reconnecting, true);
        retryTimer = setTimeout(connect, Math.min(5000, 500 * 2 ** retry++));
      });
    };

    const clock = setInterval(() => drawClock(), 250);
    const onOnline = () => {
      if (ws?.readyState !== WebSocket.OPEN) {
        clearTimeout(retryTimer);
        connect();
      }
    };
    window.addEventListener('online', onOnline);
    leaveScreen = () => {
      stopped = true;
      clearInterval(clock);
      clearTimeout(retryTimer);
      window.removeEventListener('online', onOnline);
      ws?.close();
      ws = null;
    };
    connect();

    const seatPos = (seat: number, n: number, mySeat: number | null, r = 1, turn = 0) => {
      const a = Math.PI / 2 + ((seat - (mySeat ?? 0)) * 2 * Math.PI) / n + turn;
      let sin = Math.sin(a);
      // On an upright felt the seats beside the board would cover it: they move up or down, off its row.
      if (wrap.clientHeight > wrap.clientWidth && Math.abs(sin) < 0.62) sin = (sin > 1e-9 ? 1 : -1) * 0.62;
      return { x: 50 + 40 * r * Math.cos(a), y: 50 + 42 * r * sin };
    };

    const openSheet = (children: (Node | null)[]) => {
      sheet.replaceChildren(...children.filter((c): c is Node => c !== null));
      sheet.hidden = false;
      sheet.querySelector<HTMLElement>('input, button')?.focus();
    };
    const closeSheet = () => {
      sheet.hidden = true;
      sheet.replaceChildren();
    };
    const amountSheet = (p: {
      heading: string;
      min: number;
      max: number;
      value: number;
      confirm: string;
      testid: string;
      onConfirm: (amount: number) => Promise<boolean>;
    }) => {
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
        const amount = Math.round(Number(input.value) * 100);
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

    function drawClock() {
      if (!view?.hand || view.hand.over || view.hand.toAct === null) return;
      const now = Date.now();
      const turn = secondsLeft(view.hand.turnEndsAt, skew, now);
      const bank = secondsLeft(view.hand.timeBankEndsAt, skew, now);
      const bar = wrap.querySelector<HTMLElement>('.cr-seat.turn .cr-timer');
      if (bar && view.hand.turnEndsAt) {
        const total = 15;
        const inBank = (turn ?? 0) === 0;
        bar.classList.toggle('bank', inBank);
        const left = inBank ? (bank ?? 0) : (turn ?? 0);
        (bar.firstChild as HTMLElement).style.width = `${Math.min(100, (left / total) * 100)}%`;
      }
      if (view.you.seat !== null && view.hand.toAct === view.you.seat) {
        const inBank = (turn ?? 0) === 0;
        turnLine.textContent = inBank
          ? `${words.table.yourTurn} · ${fill(words.table.timeBank, { s: bank ?? 0 })}`
          : `${words.table.yourTurn} · ${turn ?? 0} s`;
      }
    }

    function draw() {
      const v = view;
      if (!v) return;
      const n = v.table.seats;
      const mySeat = v.you.seat;
      const hand = v.hand;
      const inHand = (seat: number) => hand?.players.find((p) => p.seat === seat);
      const winners = new Map<number, number>();
      const result = hand?.result as { pots?: { winners: { seat: number; amount: number }[] }[] } | null;
      for (const pot of result?.pots ?? []) {
        for (const w of pot.winners) winners.set(w.seat, (winners.get(w.seat) ?? 0) + w.amount);
      }
      const newHand = hand !== null && hand.id !== lastHandId;
      if (newHand) {
        lastHandId = hand.id;
        lastBoard = 0;
        effect('deal');
      }
      // ---- the felt ----
      const center = h(
        'div',
        { class: 'cr-center' },
        h('div', { class: 'cr-street' }, hand ? (words.table.streets[hand.street as 'flop'] ?? '') : ''),
        h(
          'div',
          { class: 'cr-board', 'data-testid': 'board' },
          ...(hand?.board ?? []).map((c, i) =>
            cardEl(cardFace(c), words, i >= lastBoard && !newHand ? ' flip' : newHand ? '' : ''),
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
      if ((hand?.board.length ?? 0) > lastBoard && !newHand) effect('flip');
      lastBoard = hand?.board.length ?? 0;
      const parts: HTMLElement[] = [center];
      for (let seat = 0; seat < n; seat++) {
        const s = v.seats[seat] ?? null;
        const pos = seatPos(seat, n, mySeat, 1);
        const p = inHand(seat);
        if (!s) {
          const canSit = !trial && mySeat === null && v.seats.every((x) => !x?.you);
          const empty = h(
            'button',
            {
              type: 'button',
              class: 'cr-empty',
              disabled: !canSit,
              'data-testid': `seat-${seat}`,
              'aria-label': `${words.table.emptySeat} ${seat + 1}`,
            },
            canSit ? words.table.sitHere : words.table.emptySeat,
          );
          empty.addEventListener('click', () =>
            amountSheet({
              heading: `${words.table.sit} · ${seat + 1}`,
              min: v.table.minBuyIn,
              max: v.table.maxBuyIn,
              value: Math.min(v.table.maxBuyIn, Math.max(v.table.minBuyIn, 100 * v.table.bigBlind)),
              confirm: words.table.sit,
              testid: 'buy-in',
              onConfirm: async (buyIn) => {
                const ok = await requestOf('sit', { seat, buyIn });
                if (ok) effect('chip');
                return ok;
              },
            }),
          );
          parts.push(h('div', { class: 'cr-seat', style: `left:${pos.x}%;top:${pos.y}%`, 'data-seat': seat }, empty));
          continue;
        }
        const turn = hand && !hand.over && hand.toAct === seat;
        const cls = [
          'cr-seat',
          s.you ? 'me' : '',
          turn ? 'turn' : '',
          p?.folded ? 'folded' : '',
          s.sittingOut || !s.connected ? 'out' : '',
          winners.has(seat) && hand?.over ? 'winner' : '',
        ]
          .filter(Boolean)
          .join(' ');
        const tag = s.buyingIn
          ? words.table.buyingIn
          : !s.connected
            ? words.table.away
            : s.sittingOut
              ? words.table.sittingOut
              : s.waitingForBigBlind
                ? words.table.waitingBb
                : p?.folded
                  ? words.table.folded
                  : p?.allIn
                    ? words.table.allInTag
                    : '';
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
            h(
              'div',
              { class: 'cr-bet', style: `left:${b.x}%;top:${b.y}%` },
              chipStack(p.streetBet, money(p.streetBet)),
            ),
          );
        }
        if (hand && hand.button === seat) {
          const d = seatPos(seat, n, mySeat, 0.62, 0.3);
          parts.push(
            h('div', { class: 'cr-dealer', style: `left:${d.x}%;top:${d.y}%`, title: words.table.dealer }, 'D'),
          );
        }
      }
      if (hand?.over && hand.id !== lastOverId) {
        lastOverId = hand.id;
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

      // ---- the player's own cards, moves and tools ----
      const myHand = mySeat === null ? undefined : inHand(mySeat);
      mine.replaceChildren(
        ...(myHand?.cards ?? []).map((c, i) => {
          const el = cardEl(cardFace(c), words, newHand ? ' dealt' : '');
          el.style.animationDelay = `${i * 120}ms`;
          return el;
        }),
      );
      const legal = v.you.legal as Legal | null;
      turnLine.textContent = '';
      if (mySeat === null) turnLine.textContent = trial ? words.lobby.trial : words.table.watching;
      moves.replaceChildren();
      raise.replaceChildren();
      if (legal && hand) {
        const key = `${hand.id}:${hand.street}:${hand.currentBet}`;
        if (raiseFor !== key) {
          raiseFor = key;
          raiseTo = clampRaise(legal, legal.minRaiseTo);
        }
        const drawMoves = () => {
          moves.replaceChildren(
            ...movesOf(legal, hand.currentBet, raiseTo).map((m) => {
              const label = moveLabel(m);
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
                seq = Math.max(seq, v.you.lastSeq) + 1;
                const answer = await send({ type: 'act', seq, action: actionOf(m) });
                if (answer.ok) effect(m.type === 'fold' || m.type === 'check' ? 'flip' : 'chip');
                else {
                  if (answer.error)
                    say((words.errors as Record<string, string>)[answer.error.code] ?? answer.error.message, true);
                  for (const x of moves.querySelectorAll('button')) (x as HTMLButtonElement).disabled = false;
                }
              });
              return b;
            }),
          );
        };
        drawMoves();
        if (legal.canRaise) {
          const lo = Math.min(legal.minRaiseTo, legal.allInTo);
          const hi = Math.max(lo, legal.maxRaiseTo);
          const slider = h('input', {
            type: 'range',
            min: lo,
            max: hi,
            step: Math.max(1, v.table.bigBlind / 2),
            value: raiseTo,
            'aria-label': words.table.amount,
            'data-testid': 'raise-slider',
          });
          const amount = h('input', {
            type: 'number',
            inputmode: 'decimal',
            min: (lo / 100).toFixed(2),
            max: (hi / 100).toFixed(2),
            step: '0.01',
            value: (raiseTo / 100).toFixed(2),
            'aria-label': words.table.amount,
            'data-testid': 'raise-amount',
          });
          slider.addEventListener('input', () => {
            raiseTo = clampRaise(legal, Number(slider.value));
            amount.value = (raiseTo / 100).toFixed(2);
            drawMoves();
          });
          amount.addEventListener('change', () => {
            raiseTo = clampRaise(legal, Math.round(Number(amount.value) * 100));
            amount.value = (raiseTo / 100).toFixed(2);
            slider.value = String(raiseTo);
            drawMoves();
          });
          raise.append(slider, amount);
        }
      }
      drawClock();
      tools.replaceChildren();
      if (mySeat !== null) {
        const stack = v.seats[mySeat]?.stack ?? 0;
        const tool = (label: string, testid: string, run: () => void) => {
          const b = h('button', { type: 'button', class: 'button ghost', 'data-testid': testid }, label);
          b.addEventListener('click', run);
          tools.append(b);
        };
        const seated = v.seats[mySeat];
        const room = v.table.maxBuyIn - stack - v.you.pendingTopUp;
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
        else tool(words.table.sitOut, 'sit-out', () => void requestOf('sit-out'));
        if (!v.you.leaveQueued) tool(words.table.leave, 'leave', () => void requestOf('leave'));
        if (hand?.over && myHand?.cards && !showsOf(hand).has(mySeat)) {
          tool(words.table.show, 'show', () => void requestOf('show'));
        }
        if (v.you.leaveQueued) tools.append(h('p', { class: 'cr-note' }, words.table.leaveQueued));
        if (v.you.pendingTopUp > 0) tools.append(h('p', { class: 'cr-note' }, words.table.topUpQueued));
      }
      drawFair();
    }

    function showsOf(hand: NonNullable<PvpTableView['hand']>): Set<number> {
      const shown = new Set<number>();
      for (const e of hand.events as { type: string; seat?: number }[]) {
        if (e.type === 'show' && typeof e.seat === 'number') shown.add(e.seat);
      }
      return shown;
    }

    function moveLabel(m: Move): string {
      switch (m.type) {
        case 'fold':
          return words.table.fold;
        case 'check':
          return words.table.check;
        case 'call':
          return fill(words.table.call, { amount: money(m.amount) });
        case 'bet':
          return fill(words.table.bet, { amount: money(m.to) });
        case 'raise':
          return fill(words.table.raise, { amount: money(m.to) });
        case 'allIn':
          return fill(words.table.allIn, { amount: money(m.to) });
      }
    }

    let seedInput: HTMLInputElement | null = null;
    function drawFair() {
      const v = view;
      if (!v) return;
      const hand = v.hand;
      const rows: (HTMLElement | null)[] = [h('p', { class: 'cr-note' }, words.fair.howTo)];
      const dl = h('dl', {});
      const add = (term: string, value: string, testid?: string) =>
        dl.append(h('dt', {}, term), h('dd', testid ? { 'data-testid': testid } : {}, value));
      if (hand) add(words.fair.hash, hand.fairness.serverSeedHash, 'hand-hash');
      add(words.fair.nextHash, v.nextServerSeedHash, 'next-hash');
      // From the deal on: each player's page can see its own value went into the deck.
      if (hand) add(words.fair.clientSeeds, hand.fairness.clientSeeds.join(', '), 'client-seeds');
      rows.push(dl);
      if (v.you.seat !== null) {
        // The seed field keeps what the player is typing across redraws.
        if (!seedInput) {
          seedInput = h('input', { 'data-testid': 'client-seed', maxlength: 64, 'aria-label': words.fair.clientSeed });
          seedInput.value = v.you.clientSeed ?? '';
        }
        const input = seedInput;
        const save = h('button', { type: 'button', class: 'button' }, words.fair.save);
        save.addEventListener('click', async () => {
          if (await requestOf('client-seed', { clientSeed: input.value.trim() })) {
            say(words.fair.saved);
            entropy.reset();
          }
        });
        rows.push(h('label', {}, words.fair.clientSeed, h('div', { class: 'cr-seedrow' }, input, save)));
      }
      fairBody.replaceChildren(...rows.filter((r): r is HTMLElement => r !== null));
    }

    /**
     * A finished hand's check, in its history where its server seed is revealed (docs/pvp.md says
     * when): the seed against the hash shown before the deal, and the cards this player saw against
     * the deck the seeds deal, computed in the page.
     */
    function handCheck(d: Extract<HandDetail, { game: 'holdem' }>): HTMLElement | null {
      const serverSeed = d.fairness.serverSeed;
      if (!serverSeed || d.button === null) return null;
      const button = d.button;
      const out = h('p', { class: 'cr-note', 'data-testid': 'hand-check' });
      const run = h('button', { type: 'button', class: 'button', 'data-testid': 'check-hand' }, words.fair.check);
      run.addEventListener('click', async () => {
        const r = await checkHand({
          serverSeed,
          serverSeedHash: d.fairness.serverSeedHash,
          clientSeeds: d.fairness.clientSeeds,
          nonce: d.fairness.nonce,
          button,
          seatCount: d.seats,
          players: d.players.map((p) => ({ seat: p.seat, cards: p.cards })),
          board: d.board,
        });
        out.textContent = r.hashMatches && r.cardsMatch ? words.fair.checked : words.fair.notChecked;
      });
      return h('div', {}, run, out);
    }

    hist.addEventListener('toggle', async () => {
      if (!hist.open) return;
      try {
        const { hands } = await api<{ hands: HistoryRow[] }>('/api/pvp/history?limit=10');
        if (hands.length === 0) {
          histBody.replaceChildren(h('p', { class: 'muted' }, words.history.none));
          return;
        }
        const detail = h('div', { class: 'cr-detail', 'data-testid': 'hand-detail' });
        histBody.replaceChildren(
          h(
            'ul',
            { class: 'cr-hist' },
            ...hands.map((row) => {
              const b = h(
                'button',
                { type: 'button', 'data-testid': 'history-hand' },
                `${fill(words.history.hand, { n: row.number })} · ${fill(words.table.pot, { amount: money(row.pot) })}${
                  row.net === null
                    ? ''
                    : ` · ${fill(words.history.net, { amount: `${row.net > 0 ? '+' : ''}${money(row.net)}` })}`
                }`,
              );
              b.addEventListener('click', async () => {
                try {
                  const d = await api<HandDetail>(`/api/pvp/hands/${row.handId}`);
                  const mySeat = d.players.find((p) => p.you)?.seat;
                  const board = d.game === 'holdem' ? d.board : null;
                  const cards =
                    d.game === 'holdem'
                      ? (d.players.find((p) => p.you)?.cards ?? null)
                      : (d.deal?.players.find((p) => p.seat === mySeat)?.cards ?? null);
                  detail.replaceChildren(
                    ...present(
                      h('strong', {}, fill(words.history.hand, { n: row.number })),
                      board ? h('span', {}, words.history.board) : null,
                      board ? h('div', { class: 'cr-board' }, ...board.map((c) => cardEl(cardFace(c), words))) : null,
                      cards ? h('span', {}, words.history.cards) : null,
                      cards ? h('div', { class: 'cr-board' }, ...cards.map((c) => cardEl(cardFace(c), words))) : null,
                      d.game === 'holdem' ? handCheck(d) : null,
                    ),
                  );
                } catch (err) {
                  say(errorText(err), true);
                }
              });
              return h('li', {}, b);
            }),
          ),
          detail,
        );
      } catch (err) {
        say(errorText(err), true);
      }
    });
  }

  const fromHash = /^#table=(.+)$/.exec(location.hash);
  if (fromHash) void showTable(decodeURIComponent(fromHash[1]!));
  else await showLobby(true);
}

const app = document.getElementById('app');
if (app) {
  start(app).catch((err: unknown) => {
    app.replaceChildren(h('section', { class: 'panel error-page' }, h('p', {}, String(err))));
  });
}

function speakerIcon(muted: boolean): SVGSVGElement {
  return svgIcon(20, [
    { d: 'M3 9h4l5-4v14l-5-4H3z', fill: 'currentColor' },
    {
      d: muted ? 'M16 9l6 6M22 9l-6 6' : 'M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12',
      stroke: 'currentColor',
      'stroke-width': '2',
      fill: 'none',
      'stroke-linecap': 'round',
    },
  ]);
}
