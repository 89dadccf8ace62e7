/// <reference lib="dom" />
// The lottery page on the shared frame (frame.ts: top bar, fairness drawer, sound, live region,
// space): the draw board that shows each draw being made from the server's result (games/
// lottery-board.ts), the countdown to the open draw's close and to the closed draw's drawing, the
// ticket picker (bet type, a number grid or quick pick, stake), your tickets (settled after each
// draw) and the history of draws with their revealed seeds in the fairness drawer.
import type { LotteryInfo, LotteryTicket, LotteryTicketAnswer, RoundRequest } from '../../api-types';
import { bindSpace, createFrame } from '../frame';
import { pageLanguage, pageTitle } from '../game-title';
import { gameWords } from '../game-words';
import { createLotteryBoard } from '../games/lottery-board';
import {
  betTypeHint,
  betTypeLabel,
  hitKeys,
  prizeLine,
  quickPick,
  readPicks,
  togglePick,
  topPrize,
} from '../games/lottery-present';
import { addStyle, LOTTERY_CSS } from '../games/lottery-style';
import type { SessionInfo } from '../types';
import { ApiError, h, money, shortHash } from '../ui';
import { fairUrl } from '../words';

export type Ticket = LotteryTicket;
type Api = <T>(path: string, options?: { method?: string; body?: unknown }) => Promise<T>;

/** What a ticket shows as its outcome: pending until its draw settles it, then won or lost. */
export function ticketOutcome(
  t: Pick<Ticket, 'status' | 'win'>,
): 'pending' | 'paying' | 'won' | 'lost' | 'refunding' | 'refunded' {
  if (t.status === 'closed') return t.win > 0 ? 'won' : 'lost';
  if (t.status === 'settling') return t.win > 0 ? 'paying' : 'lost';
  if (t.status === 'rolling_back') return 'refunding';
  if (t.status === 'rolled_back') return 'refunded';
  return 'pending';
}

/** m:ss for a positive number of seconds. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** A pending ticket's wait for its draw. */
export function drawWait(drawsAt: string, now: number, language: unknown = 'EN'): string {
  const words = gameWords(language).lottery;
  const wait = (Date.parse(drawsAt) - now) / 1000;
  return wait > 0 ? words.drawsIn(clock(wait)) : words.drawing;
}

/**
 * Whether the page should ask for the lottery again at `now`: once the open draw closes (the next
 * one opens), while the closed draw the page waits to show is due (`awaiting`, until its result
 * comes), and, while a ticket waits for a draw whose time has passed, every few seconds until the
 * draw has settled it (the studio draws on its recovery loop, a moment after drawsAt).
 */
export function shouldReload(
  data: Pick<LotteryInfo, 'open' | 'tickets'> & { awaiting?: { drawsAt: string } | null },
  loadedAt: number,
  now: number,
  everyMs = 2000,
): boolean {
  if (now - loadedAt < everyMs) return false;
  if (now >= Date.parse(data.open.closesAt)) return true;
  if (data.awaiting && now >= Date.parse(data.awaiting.drawsAt)) return true;
  return data.tickets.some((t) => {
    const o = ticketOutcome(t);
    return (o === 'pending' || o === 'paying' || o === 'refunding') && now >= Date.parse(t.drawsAt);
  });
}

type Result = LotteryInfo['results'][number];
type AwaitedDraw = { numero: string; drawsAt: string };

/**
 * The closed draw the page waits to show after a load: the one that was open at the previous load
 * and has closed since, or the one the studio says is closed and not drawn (the page opened between
 * close and draw). Done once a result as late as it is in, or given up a minute after its time.
 */
export function nextAwaiting(
  previous: Pick<LotteryInfo, 'open'> | null,
  data: Pick<LotteryInfo, 'open' | 'closed' | 'results'>,
  awaiting: AwaitedDraw | null,
  now: number,
): AwaitedDraw | null {
  let next = awaiting;
  if (previous && previous.open.numero !== data.open.numero) next = previous.open;
  else if (!next && data.closed) next = data.closed;
  const latest = data.results[0];
  if (!next) return null;
  const due = Date.parse(next.drawsAt);
  if ((latest && Date.parse(latest.drawsAt) >= due) || now > due + 60_000) return null;
  return { numero: next.numero, drawsAt: next.drawsAt };
}

export function lotteryPage(app: HTMLElement, info: SessionInfo, api: Api): void {
  addStyle('lottery-css', LOTTERY_CSS);
  const language = pageLanguage();
  const w = gameWords(language).lottery;
  const reduced = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
  const balance = h('strong', { 'data-testid': 'balance' }, money(info.balance));
  const countdown = h('strong', { 'data-testid': 'countdown' });
  const openLine = h('p', { class: 'lot-open' });
  const awaitingLine = h('p', { class: 'lot-awaiting', 'data-testid': 'awaiting' });
  const timer = h('span');
  const timerBar = h('div', { class: 'lot-timer', 'aria-hidden': 'true' }, timer);
  const typeSelect = h('select', { 'aria-label': w.betType, 'data-testid': 'bet-type' });
  const numbers = h('input', {
    'aria-label': w.numbers,
    placeholder: w.numbersPlaceholder,
    inputmode: 'numeric',
    autocomplete: 'off',
    'data-testid': 'numbers',
  });
  const amount = h('select', { 'aria-label': w.stake, 'data-testid': 'chip' });
  for (const a of [100, 500, 1000, 5000, 10_000]) amount.append(h('option', { value: a }, money(a)));
  const hint = h('p', { class: 'muted small' });
  const grid = h('div', { class: 'lot-grid', role: 'group', 'aria-label': w.pickNumbers, 'data-testid': 'pick-grid' });
  const quick = h('button', { class: 'button', type: 'button', 'data-testid': 'quick-pick' }, w.quickPick);
  const buyButton = h(
    'button',
    { class: 'button primary big', type: 'button', 'data-testid': 'buy', 'data-primary': true },
    w.buyTicket,
  );
  const tickets = h('tbody');
  const results = h('div', { class: 'lot-results', 'data-testid': 'results' });
  const seeds = h('div', { class: 'small' });
  const seedHash = h('code', { 'data-testid': 'server-seed-hash' });
  const replay = h('button', { class: 'button small-btn', type: 'button', 'data-testid': 'replay' }, w.replay);
  const skip = h('button', { class: 'button small-btn', type: 'button', hidden: true }, w.showAll);

  const frame = createFrame({
    title: pageTitle(info.engine),
    demo: info.mode === 'trial',
    lobbyUrl: info.lobbyUrl,
    balance,
    currency: info.currency,
    drawerContent: [
      h(
        'section',
        { class: 'panel' },
        h('h2', {}, w.provablyFair),
        h(
          'p',
          { class: 'muted small' },
          w.fairIntro,
          h('a', { href: fairUrl('', language), target: '_blank', rel: 'noopener' }, w.verifier),
          '.',
        ),
        h('p', { class: 'small' }, w.openSeedHash, seedHash),
        h('h2', {}, w.revealedSeeds),
        seeds,
      ),
    ],
  });
  const { message, sound } = frame;
  const board = createLotteryBoard(sound, language);
  let data: LotteryInfo | null = null;
  /** The closed draw the page waits to show: the one that was open when the page last looked. */
  let awaiting: AwaitedDraw | null = null;
  let picks: string[] = [];

  const say = (text: string, kind: 'info' | 'error' | 'ok' = 'info') => {
    message.textContent = text;
    message.className = `message ${kind}`;
  };
  const currentType = () => data?.betTypes.find((t) => t.type === typeSelect.value);
  const betTypeName = (type: string) => {
    const t = data?.betTypes.find((b) => b.type === type);
    return t ? betTypeLabel(t, language) : type;
  };

  function drawGrid() {
    const t = currentType();
    // A grid for one- and two-digit numbers (10 or 100 balls); longer numbers are typed or quick-picked.
    if (!t || t.digits > 2) {
      grid.hidden = true;
      grid.replaceChildren();
      return;
    }
    grid.hidden = false;
    grid.dataset.digits = String(t.digits);
    const size = 10 ** t.digits;
    grid.replaceChildren(
      ...Array.from({ length: size }, (_, i) => {
        const n = String(i).padStart(t.digits, '0');
        return h(
          'button',
          {
            type: 'button',
            class: 'lot-pick',
            'aria-pressed': String(picks.includes(n)),
            'aria-label': w.pick(n),
            'data-n': n,
          },
          n,
        );
      }),
    );
  }
  function showPicks() {
    grid.querySelectorAll<HTMLButtonElement>('button[data-n]').forEach((b) => {
      b.setAttribute('aria-pressed', String(picks.includes(b.dataset.n ?? '')));
    });
  }
  grid.addEventListener('click', (e) => {
    const b = (e.target as HTMLElement).closest<HTMLButtonElement>('button[data-n]');
    const t = currentType();
    if (!b || !t) return;
    picks = togglePick(picks, b.dataset.n ?? '', t.picks);
    numbers.value = picks.join(',');
    showPicks();
    sound.play('button');
  });
  numbers.addEventListener('input', () => {
    const t = currentType();
    picks = t ? readPicks(numbers.value, t.digits) : [];
    showPicks();
  });
  quick.addEventListener('click', () => {
    const t = currentType();
    if (!t) return;
    picks = quickPick(t.digits, t.picks);
    numbers.value = picks.join(',');
    showPicks();
    sound.play('button');
  });
  typeSelect.addEventListener('change', () => {
    const t = currentType();
    if (t) {
      hint.textContent = betTypeHint(t, language);
      picks = readPicks(numbers.value, t.digits)
        .filter((n) => n.length === t.digits)
        .slice(0, t.picks);
      numbers.value = picks.join(',');
    }
    drawGrid();
  });

  /** Shows a draw on the board; the draw being made when it is new to this page. */
  async function present(r: Result, animate: boolean) {
    const mine = (data?.tickets ?? []).filter((t) => t.numero === r.numero);
    skip.hidden = !animate;
    replay.disabled = animate;
    if (animate) {
      say(w.beingDrawn(r.numero));
      const box = board.el.getBoundingClientRect();
      if (box.bottom < 0 || box.top > innerHeight) board.el.scrollIntoView({ block: 'nearest' });
    }
    await board.show(r, { animate: animate && !reduced, hits: hitKeys(r.prizes, mine) });
    skip.hidden = true;
    replay.disabled = false;
    if (!animate) return;
    const won = mine.reduce((sum, t) => sum + t.win, 0);
    const special = topPrize(r.prizes, language);
    const top = `${special.tier} ${special.numbers}`;
    if (won > 0) {
      say(w.drawWon(r.numero, top, money(won)), 'ok');
      sound.play('win');
    } else if (mine.length) say(w.drawNoWin(r.numero, top));
    else say(w.drawTop(r.numero, top));
  }
  replay.addEventListener('click', () => {
    const r = data?.results[0];
    if (r) void present(r, true);
  });
  skip.addEventListener('click', () => board.finish());

  let loadedAt = 0;
  let loading = false;
  async function load() {
    loadedAt = Date.now();
    const previous = data;
    const fresh = await api<LotteryInfo>('/api/lottery');
    data = fresh;
    if (!typeSelect.options.length) {
      for (const t of data.betTypes) typeSelect.append(h('option', { value: t.type }, betTypeLabel(t, language)));
      typeSelect.dispatchEvent(new Event('change'));
    }
    // A closed draw is awaited so that its drawing is shown being made.
    awaiting = nextAwaiting(previous, data, awaiting, Date.now());
    const latest = data.results[0];
    seedHash.textContent = data.open.serverSeedHash;
    renderResults(data);
    replay.disabled = !latest;
    if (!latest && board.numero === null) board.empty(w.firstDraw);
    const settle = () => {
      balance.textContent = money(fresh.balance);
      renderTickets(fresh);
    };
    if (latest && board.numero !== latest.numero && previous !== null) {
      // A draw made while the page was open is shown being made; the tickets and the balance it
      // settled follow once the last number has landed.
      void present(latest, true).then(settle);
      return;
    }
    // The draw found on opening is shown at once.
    if (latest && board.numero !== latest.numero) void present(latest, false);
    settle();
  }

  function renderTickets(d: LotteryInfo) {
    tickets.replaceChildren(
      h('tr', {}, ...w.columns.map((label) => h('th', { scope: 'col' }, label))),
      ...d.tickets.map((t) => {
        const outcome = ticketOutcome(t);
        const drawCell = h('td', { 'data-testid': 'ticket-draw', class: 'lot-ticket-draw' });
        if (t.prizes) {
          const special = topPrize(t.prizes, language);
          drawCell.append(
            h(
              'details',
              {},
              h('summary', {}, `${special.tier} ${special.numbers}`),
              h('ul', { class: 'bets-list' }, ...t.prizes.map((p) => h('li', {}, prizeLine(p, language)))),
            ),
          );
        } else {
          drawCell.append(
            h('span', { class: 'muted', 'data-draws-at': t.drawsAt }, drawWait(t.drawsAt, Date.now(), language)),
          );
        }
        return h(
          'tr',
          {
            'data-ticket-id': t.ticketId,
            'data-status': outcome,
            'data-numero': t.numero,
            'data-draws-at': t.drawsAt,
            class: `lot-ticket ${outcome}`,
          },
          h('td', {}, t.numero, h('br'), h('span', { class: 'muted small' }, new Date(t.drawsAt).toLocaleTimeString())),
          // The bet type's name, as the picker shows it (the code is an id, not words for players).
          h('td', {}, `${betTypeName(t.bet.type)} ${t.bet.numbers.join(', ')}`),
          h('td', {}, money(t.stake)),
          h(
            'td',
            { 'data-testid': 'ticket-status' },
            outcome === 'won' || outcome === 'paying' ? w.wonHits(w.outcome.won, t.hits) : w.outcome[outcome],
          ),
          h(
            'td',
            { class: t.win > 0 ? 'win' : '', 'data-testid': 'ticket-win' },
            outcome === 'pending' ? '—' : money(t.win),
          ),
          drawCell,
        );
      }),
    );
    if (!d.tickets.length) tickets.append(h('tr', {}, h('td', { colspan: 6, class: 'muted' }, w.noTickets)));
  }

  function renderResults(d: LotteryInfo) {
    results.replaceChildren(
      ...d.results.map((r) => {
        const special = topPrize(r.prizes, language);
        const show = h('button', { class: 'button small-btn', type: 'button' }, w.show);
        show.addEventListener('click', () => void present(r, false));
        return h(
          'details',
          { class: 'lot-result' },
          h('summary', {}, `${r.numero} · ${special.tier} `, h('strong', { class: 'lot-special' }, special.numbers)),
          h('ul', { class: 'bets-list' }, ...r.prizes.map((p) => h('li', {}, prizeLine(p, language)))),
          show,
        );
      }),
    );
    if (!d.results.length) results.append(h('p', { class: 'muted' }, w.noDraws));
    seeds.replaceChildren(
      ...d.results.map((r) =>
        h(
          'p',
          { class: 'muted small' },
          // A code element breaks the 64-character seed anywhere instead of widening the panel.
          w.seed(r.numero),
          h('code', {}, r.serverSeed),
          w.hash(shortHash(r.serverSeedHash)),
        ),
      ),
    );
  }

  async function buy() {
    const t = currentType();
    if (!t) return;
    const picked = readPicks(numbers.value, t.digits);
    buyButton.disabled = true;
    try {
      const r = await api<LotteryTicketAnswer>('/api/lottery/ticket', {
        method: 'POST',
        body: { bet: { type: t.type, numbers: picked, amount: Number(amount.value) } } satisfies RoundRequest,
      });
      balance.textContent = money(r.balance);
      say(w.bought(r.numero));
      sound.play('spin');
      await load();
    } catch (err) {
      say(err instanceof ApiError ? err.message : w.couldNotBuy, 'error');
    } finally {
      buyButton.disabled = false;
    }
  }
  buyButton.addEventListener('click', () => void buy());

  const picker = h(
    'section',
    { class: 'panel lot-picker' },
    h('h2', {}, w.yourTicket),
    h('label', { class: 'lot-field' }, w.betType, typeSelect),
    hint,
    grid,
    h('div', { class: 'lot-row-fields' }, h('label', { class: 'lot-field' }, w.numbers, numbers), quick),
    h(
      'div',
      { class: 'lot-row-fields' },
      h('label', { class: 'lot-field' }, w.stakeIn(info.currency), amount),
      buyButton,
    ),
    message,
  );
  app.replaceChildren(
    frame.header,
    h(
      'div',
      { class: 'lot-layout' },
      h(
        'div',
        { class: 'lot-main' },
        h('section', { class: 'panel lot-schedule' }, openLine, timerBar, awaitingLine),
        h('div', { class: 'lot-stage' }, board.el, h('div', { class: 'lot-board-actions' }, replay, skip)),
        picker,
      ),
      h(
        'div',
        { class: 'lot-side' },
        h(
          'section',
          { class: 'panel' },
          h('h2', {}, w.myTickets),
          // Focusable: a wide table scrolls sideways in its box, by keyboard too.
          h(
            'div',
            { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': w.myTickets },
            h('table', { 'data-testid': 'tickets' }, tickets),
          ),
        ),
        h('section', { class: 'panel' }, h('h2', {}, w.drawHistory), results),
      ),
    ),
    frame.drawer,
  );
  bindSpace(picker);

  let barFor = '';
  let barSpan = 1;
  function tick() {
    if (!data) return;
    const now = Date.now();
    const left = (Date.parse(data.open.closesAt) - now) / 1000;
    countdown.textContent = left > 0 ? w.toClose(clock(left)) : w.closed;
    if (!openLine.firstChild)
      openLine.append(
        w.draw,
        h('strong', { 'data-testid': 'open-numero' }),
        ' · ',
        countdown,
        h('span', { class: 'muted small' }),
      );
    const numeroEl = openLine.querySelector('[data-testid=open-numero]');
    if (numeroEl && numeroEl.textContent !== data.open.numero) numeroEl.textContent = data.open.numero;
    const when = openLine.lastElementChild as HTMLElement;
    when.textContent = w.drawsAt(new Date(data.open.drawsAt).toLocaleTimeString());
    // The bar empties as the betting time runs out (from the time left when the page first saw the draw).
    if (barFor !== data.open.numero) {
      barFor = data.open.numero;
      barSpan = Math.max(1, left);
    }
    timer.style.transform = `scaleX(${Math.max(0, Math.min(1, left / barSpan))})`;
    if (awaiting) {
      const wait = (Date.parse(awaiting.drawsAt) - now) / 1000;
      awaitingLine.textContent =
        wait > 0 ? w.awaitingClosed(awaiting.numero, clock(wait)) : w.awaitingDrawing(awaiting.numero);
    } else awaitingLine.textContent = '';
    // Pending tickets count down to their draw.
    tickets.querySelectorAll<HTMLElement>('span[data-draws-at]').forEach((span) => {
      span.textContent = drawWait(span.dataset.drawsAt ?? '', now, language);
    });
    if (!loading && shouldReload({ ...data, awaiting }, loadedAt, now)) {
      loading = true;
      void load()
        .catch(() => undefined)
        .finally(() => {
          loading = false;
        });
    }
  }
  setInterval(tick, 1000);
  void load()
    .then(tick)
    .catch((err) => say(err instanceof ApiError ? err.message : w.couldNotLoad, 'error'));
}
