/// <reference lib="dom" />
// The lottery page: the open draw with its committed seed hash and countdown, the ticket form, your
// tickets (settled after each draw) and the latest results with their revealed seeds.
import { pageTitle } from './game-title';
import type { SessionInfo } from './types';
import { ApiError, h, money, shortHash } from './ui';

type BetType = { type: string; name: string; digits: number; picks: number; odds100: number };
type LotteryInfo = {
  region: string;
  betTypes: BetType[];
  open: { numero: string; closesAt: string; drawsAt: string; serverSeedHash: string };
  tickets: Ticket[];
  results: {
    numero: string;
    drawsAt: string;
    prizes: Prize[];
    serverSeed: string;
    serverSeedHash: string;
  }[];
  balance: number | null;
};
type Prize = { tier: string; numbers: string[] };
export type Ticket = {
  ticketId: string;
  numero: string;
  drawsAt: string;
  bet: { type: string; numbers: string[] };
  stake: number;
  win: number;
  hits: number;
  status: string;
  /** The draw's numbers once drawn (null while the draw is ahead). */
  prizes: Prize[] | null;
};
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
export function drawWait(drawsAt: string, now: number): string {
  const wait = (Date.parse(drawsAt) - now) / 1000;
  return wait > 0 ? `draws in ${clock(wait)}` : 'drawing…';
}

/**
 * Whether the page should ask for the lottery again at `now`: once the open draw closes (the next
 * one opens), and, while a ticket waits for a draw whose time has passed, every few seconds until
 * the draw has settled it (the studio draws on its recovery loop, a moment after drawsAt).
 */
export function shouldReload(
  data: Pick<LotteryInfo, 'open' | 'tickets'>,
  loadedAt: number,
  now: number,
  everyMs = 2000,
): boolean {
  if (now - loadedAt < everyMs) return false;
  if (now >= Date.parse(data.open.closesAt)) return true;
  return data.tickets.some((t) => {
    const o = ticketOutcome(t);
    return (o === 'pending' || o === 'paying' || o === 'refunding') && now >= Date.parse(t.drawsAt);
  });
}

export function lotteryPage(app: HTMLElement, info: SessionInfo, api: Api): void {
  const balance = h('strong', { 'data-testid': 'balance' }, money(info.balance));
  const message = h('p', { class: 'message', role: 'status', 'data-testid': 'message' });
  const drawBox = h('div', {});
  const countdown = h('strong', { 'data-testid': 'countdown' });
  const typeSelect = h('select', { 'aria-label': 'Bet type', 'data-testid': 'bet-type' });
  const numbers = h('input', { 'aria-label': 'Numbers', placeholder: 'e.g. 27 or 12,34', 'data-testid': 'numbers' });
  const amount = h('select', { 'aria-label': 'Stake', 'data-testid': 'chip' });
  for (const a of [100, 500, 1000, 5000, 10_000]) amount.append(h('option', { value: a }, money(a)));
  const hint = h('p', { class: 'muted small' });
  const tickets = h('tbody');
  const results = h('div', { 'data-testid': 'results' });
  let data: LotteryInfo | null = null;

  const say = (text: string, kind: 'info' | 'error' = 'info') => {
    message.textContent = text;
    message.className = `message ${kind}`;
  };
  const currentType = () => data?.betTypes.find((t) => t.type === typeSelect.value);
  const drawHint = () => {
    const t = currentType();
    if (t)
      hint.textContent = `${t.name}: pick ${t.picks} number(s) of ${t.digits} digit(s); pays ${(t.odds100 / 100).toFixed(2)}× per hit`;
  };
  typeSelect.addEventListener('change', drawHint);

  let loadedAt = 0;
  let loading = false;
  async function load() {
    loadedAt = Date.now();
    data = await api<LotteryInfo>('/api/lottery');
    balance.textContent = money(data.balance);
    if (!typeSelect.options.length) {
      for (const t of data.betTypes) typeSelect.append(h('option', { value: t.type }, t.name));
      drawHint();
    }
    drawBox.replaceChildren(
      h(
        'p',
        {},
        `Draw ${data.open.numero} · closes ${new Date(data.open.closesAt).toLocaleTimeString()} · draws ${new Date(data.open.drawsAt).toLocaleTimeString()} · `,
        countdown,
      ),
      h(
        'p',
        { class: 'muted small' },
        'Server seed hash (committed): ',
        h('code', { 'data-testid': 'server-seed-hash' }, data.open.serverSeedHash),
      ),
    );
    tickets.replaceChildren(
      h(
        'tr',
        {},
        ...['Draw', 'Bet', 'Stake', 'Result', 'Win', 'Numbers'].map((label) => h('th', { scope: 'col' }, label)),
      ),
      ...data.tickets.map((t) => {
        const outcome = ticketOutcome(t);
        // The 27 numbers wrap inside the cell instead of widening the side column on a phone.
        const drawCell = h('td', { 'data-testid': 'ticket-draw', style: 'white-space: normal; min-width: 12em' });
        if (t.prizes) {
          const special = t.prizes[0];
          drawCell.append(
            h(
              'details',
              {},
              h('summary', {}, `${special?.tier ?? ''} ${special?.numbers.join(' ') ?? ''}`),
              h('ul', { class: 'bets-list' }, ...t.prizes.map((p) => h('li', {}, `${p.tier}: ${p.numbers.join(' ')}`))),
            ),
          );
        } else {
          drawCell.append(h('span', { class: 'muted', 'data-draws-at': t.drawsAt }, drawWait(t.drawsAt, Date.now())));
        }
        return h(
          'tr',
          { 'data-ticket-id': t.ticketId, 'data-status': outcome, 'data-numero': t.numero, 'data-draws-at': t.drawsAt },
          h('td', {}, t.numero, h('br'), h('span', { class: 'muted small' }, new Date(t.drawsAt).toLocaleTimeString())),
          h('td', {}, `${t.bet.type} ${t.bet.numbers.join(',')}`),
          h('td', {}, money(t.stake)),
          h(
            'td',
            { 'data-testid': 'ticket-status' },
            outcome === 'won' || outcome === 'paying' ? `won (${t.hits} hit${t.hits === 1 ? '' : 's'})` : outcome,
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
    if (!data.tickets.length) tickets.append(h('tr', {}, h('td', { colspan: 6, class: 'muted' }, 'No tickets yet')));
    results.replaceChildren(
      ...data.results.map((r) =>
        h(
          'details',
          {},
          h('summary', {}, `${r.numero} · ${r.prizes[0]?.tier ?? ''} ${r.prizes[0]?.numbers.join(' ') ?? ''}`),
          h('ul', { class: 'bets-list' }, ...r.prizes.map((p) => h('li', {}, `${p.tier}: ${p.numbers.join(' ')}`))),
          h(
            'p',
            { class: 'muted small' },
            // A code element breaks the 64-character seed anywhere instead of widening the panel.
            'seed ',
            h('code', {}, r.serverSeed),
            ` (hash ${shortHash(r.serverSeedHash)})`,
          ),
        ),
      ),
    );
  }

  async function buy() {
    const t = currentType();
    if (!t) return;
    const picked = numbers.value
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((n) => n.padStart(t.digits, '0'));
    try {
      const r = await api<{ numero: string; balance: number }>('/api/lottery/ticket', {
        method: 'POST',
        body: { bet: { type: t.type, numbers: picked, amount: Number(amount.value) } },
      });
      balance.textContent = money(r.balance);
      say(`Ticket bought for draw ${r.numero}`);
      await load();
    } catch (err) {
      say(err instanceof ApiError ? err.message : 'Could not buy the ticket', 'error');
    }
  }

  app.replaceChildren(
    h(
      'header',
      { class: 'topbar' },
      info.lobbyUrl ? h('a', { class: 'button ghost', href: info.lobbyUrl, target: '_top' }, '← Lobby') : h('span'),
      h(
        'span',
        { class: 'title', 'data-testid': 'game-title' },
        pageTitle(info.engine),
        info.mode === 'trial' ? h('span', { class: 'badge' }, 'DEMO') : null,
      ),
      h('span', { class: 'balance' }, `${info.currency} `, balance),
    ),
    h(
      'div',
      { class: 'layout' },
      h(
        'div',
        { class: 'main-col' },
        h(
          'section',
          { class: 'panel stage' },
          drawBox,
          h(
            'div',
            { class: 'controls' },
            typeSelect,
            numbers,
            amount,
            h('button', { class: 'button primary big', onclick: () => void buy(), 'data-testid': 'buy' }, 'Buy ticket'),
          ),
          hint,
        ),
        message,
      ),
      h(
        'div',
        { class: 'side-col' },
        h(
          'section',
          { class: 'panel' },
          h('h2', {}, 'My tickets'),
          h('div', { class: 'table-wrap' }, h('table', { 'data-testid': 'tickets' }, tickets)),
        ),
        h('section', { class: 'panel' }, h('h2', {}, 'Results'), results),
      ),
    ),
  );

  setInterval(() => {
    if (!data) return;
    const now = Date.now();
    const left = (Date.parse(data.open.closesAt) - now) / 1000;
    countdown.textContent = left > 0 ? `${clock(left)} to close` : 'closed';
    // Pending tickets count down to their draw.
    tickets.querySelectorAll<HTMLElement>('span[data-draws-at]').forEach((span) => {
      span.textContent = drawWait(span.dataset.drawsAt ?? '', now);
    });
    if (!loading && shouldReload(data, loadedAt, now)) {
      loading = true;
      void load()
        .catch(() => undefined)
        .finally(() => {
          loading = false;
        });
    }
  }, 1000);
  void load().catch((err) => say(err instanceof ApiError ? err.message : 'Could not load the lottery', 'error'));
}
