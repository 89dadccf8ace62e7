// The crash page's lists and fairness drawer: the recent crash points as coloured chips (each a link
// to verify its round), the players of this round with their bets and cash-outs, my bets, and the
// hash chain of the current round.
import type { CrashState, MyCrashBet as MyBet } from '../../casino/crash';
import type { gameWords } from '../game-words';
import { band, myOutcome, playerRows, times } from '../games/crash-present';
import { h, money, shortHash } from '../ui';
import { fairUrl } from '../words';

export function createCrashLists(language: unknown, w: ReturnType<typeof gameWords>['crash']) {
  const history = h('div', {
    class: 'crash-history',
    role: 'group',
    'data-testid': 'history',
    'aria-label': w.recentPoints,
  });
  const players = h('tbody', { 'data-testid': 'players' });
  const playersSummary = h('p', { class: 'muted small', 'data-testid': 'players-summary' });
  const myBody = h('tbody', { 'data-testid': 'my-bets' });
  const fair = h('div', { class: 'small', 'data-testid': 'fairness', style: 'overflow-wrap:anywhere' });
  // Focusable: a wide table scrolls sideways in its box, by keyboard too.
  const table = (label: string, head: string[], body: HTMLElement) =>
    h(
      'div',
      { class: 'table-wrap', tabindex: 0, role: 'region', 'aria-label': label },
      h('table', {}, h('thead', {}, h('tr', {}, ...head.map((t) => h('th', { scope: 'col' }, t)))), body),
    );

  function render(s: CrashState | null, mine: MyBet[]) {
    if (!s) return;
    const rows = playerRows(s.bets, language);
    const total = s.bets.reduce((sum, b) => sum + b.amount, 0);
    const won = s.bets.reduce((sum, b) => sum + b.win, 0);
    playersSummary.textContent = w.playersSummary(rows.length, money(total), money(won));
    // Rows keep their element from one state to the next (the server lists bets in the order placed),
    // so a new bet or a cash-out lights up its own row only.
    while (players.children.length > rows.length) players.lastElementChild?.remove();
    rows.forEach((r, i) => {
      let tr = players.children[i] as HTMLTableRowElement | undefined;
      const key = `${r.player}:${r.amount}`;
      if (!tr || tr.dataset.key !== key) {
        const fresh = h('tr', { 'data-key': key, class: 'crash-row-new' });
        if (tr) tr.replaceWith(fresh);
        else players.append(fresh);
        tr = fresh;
      }
      if (tr.dataset.state !== r.state) {
        tr.dataset.state = r.state;
        tr.replaceChildren(
          h('td', {}, r.player),
          h('td', {}, money(r.amount)),
          h('td', {}, r.out),
          h('td', { class: r.win > 0 ? 'win' : '' }, r.win > 0 ? money(r.win) : '—'),
        );
      }
    });
    if (!rows.length) players.replaceChildren(h('tr', {}, h('td', { colspan: 4, class: 'muted' }, w.noBets)));

    const chipsKey = s.history.map((r) => r.id).join();
    if (history.dataset.key !== chipsKey) {
      history.dataset.key = chipsKey;
      history.replaceChildren(
        ...s.history.map((r) =>
          h(
            'a',
            {
              class: `crash-chip ${band(r.crashPoint)}`,
              href: fairUrl(`crash=${r.hash}`, language),
              target: '_blank',
              rel: 'noopener',
              title: w.verifyRound(r.id),
              'data-crash-point': r.crashPoint,
            },
            times(r.crashPoint),
          ),
        ),
      );
    }
    myBody.replaceChildren(
      ...mine.map((b) =>
        h(
          'tr',
          {},
          h('td', {}, `#${b.roundId}`),
          h('td', {}, money(b.amount)),
          h('td', {}, myOutcome(b, language)),
          h('td', { class: b.win > 0 ? 'win' : '' }, money(b.win)),
        ),
      ),
    );
    const r = s.round;
    if (r) {
      const link = r.hash ? fairUrl(`crash=${r.hash}&prev=${r.previousHash}`, language) : null;
      fair.replaceChildren(
        h('p', {}, w.terminatingHash, h('code', {}, r.terminatingHash)),
        h('p', {}, w.mustHashTo(r.id), h('code', {}, shortHash(r.previousHash))),
        r.hash
          ? h(
              'p',
              {},
              w.roundHash,
              h('code', { 'data-testid': 'round-hash' }, r.hash),
              ' · ',
              h('a', { href: link ?? '#', target: '_blank', rel: 'noopener', 'data-testid': 'verify-link' }, w.verify),
            )
          : h('p', { class: 'muted' }, w.hashShownLater),
        h(
          'p',
          { class: 'muted' },
          w.formula(r.salt),
          h('a', { href: fairUrl('', language), target: '_blank', rel: 'noopener' }, w.verifier),
        ),
      );
    }
  }

  return {
    history,
    fair,
    playersPanel: [playersSummary, table(w.playersThisRound, [w.player, w.betColumn, w.out, w.win], players)],
    myTable: table(w.yourBets, [w.round, w.betColumn, w.out, w.win], myBody),
    render,
  };
}
