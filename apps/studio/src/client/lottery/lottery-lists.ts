// The lottery page's lists: my tickets (settled after each draw, pending ones counting down to their
// draw), the history of draws, and in the fairness drawer the open draw's seed hash and the revealed
// seeds of the past draws.
import type { LotteryInfo } from '../../api-types';
import type { gameWords } from '../game-words';
import { betTypeLabel, prizeLine, topPrize } from '../games/lottery-present';
import { h, money, shortHash } from '../ui';
import { fairUrl } from '../words';
import { drawWait, type Result, ticketOutcome } from './lottery-state';

export function createLotteryLists(
  language: unknown,
  w: ReturnType<typeof gameWords>['lottery'],
  present: (r: Result, animate: boolean) => void,
) {
  const tickets = h('tbody');
  const results = h('div', { class: 'lot-results', 'data-testid': 'results' });
  const seeds = h('div', { class: 'small' });
  const seedHash = h('code', { 'data-testid': 'server-seed-hash' });
  const fair = h(
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
  );
  const ticketsPanel = h(
    'section',
    { class: 'panel' },
    h('h2', {}, w.myTickets),
    // Focusable: a wide table scrolls sideways in its box, by keyboard too.
    h(
      'div',
      { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': w.myTickets },
      h('table', { 'data-testid': 'tickets' }, tickets),
    ),
  );
  const resultsPanel = h('section', { class: 'panel' }, h('h2', {}, w.drawHistory), results);

  function renderTickets(d: LotteryInfo) {
    // The bet type's name, as the picker shows it (the code is an id, not words for players).
    const betTypeName = (type: string) => {
      const t = d.betTypes.find((b) => b.type === type);
      return t ? betTypeLabel(t, language) : type;
    };
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
    seedHash.textContent = d.open.serverSeedHash;
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

  /** Pending tickets count down to their draw. */
  function tickTickets(now: number) {
    tickets.querySelectorAll<HTMLElement>('span[data-draws-at]').forEach((span) => {
      span.textContent = drawWait(span.dataset.drawsAt ?? '', now, language);
    });
  }

  return { fair, ticketsPanel, resultsPanel, renderTickets, renderResults, tickTickets };
}
