// The live table's side panels and fairness drawer: the road maps (bead plate and big road for
// baccarat, the recent numbers for roulette), the players of this round, my bets, and the round's
// seeds with a link that recomputes the round on the public verifier.
import type { TableState } from '../../casino/tables';
import type { gameWords } from '../game-words';
import { beadPlateEl, bigRoadEl, numberBall } from '../games/table-art';
import { beadPlate, bigRoad } from '../games/table-present';
import { h, money, shortHash } from '../ui';
import { fairUrl } from '../words';
import { betText, type MyBet, type TableEngine } from './table-state';

export function createTableLists(engine: TableEngine, language: unknown, w: ReturnType<typeof gameWords>['table']) {
  const road = h('div', { class: 'tb-road-box', 'data-testid': 'road' });
  const bigRoadBox = h('div', { class: 'tb-road-box', 'data-testid': 'big-road' });
  const players = h('tbody', { 'data-testid': 'players' });
  const myBody = h('tbody', { 'data-testid': 'my-bets' });
  const fair = h('div', { class: 'small', 'data-testid': 'fairness', style: 'overflow-wrap:anywhere' });
  const tableOf = (head: string[], body: HTMLElement) =>
    h(
      'div',
      { class: 'table-wrap' },
      h('table', {}, h('thead', {}, h('tr', {}, ...head.map((t) => h('th', {}, t)))), body),
    );
  const roads =
    engine === 'baccarat'
      ? h('section', { class: 'panel tb-roads' }, h('h2', {}, w.beadPlate), road, h('h2', {}, w.bigRoad), bigRoadBox)
      : h('section', { class: 'panel tb-roads' }, h('h2', {}, w.recentNumbers), road);

  let historyKey = '';
  function render(s: TableState | null, mine: MyBet[]) {
    if (!s) return;
    const key = `${s.history[0]?.no ?? ''}:${s.history.length}`;
    if (key !== historyKey) {
      historyKey = key;
      const oldestFirst = [...s.history].reverse();
      if (engine === 'baccarat') {
        road.replaceChildren(beadPlateEl(beadPlate(oldestFirst), language));
        bigRoadBox.replaceChildren(bigRoadEl(bigRoad(oldestFirst), language));
        bigRoadBox.scrollLeft = bigRoadBox.scrollWidth;
      } else {
        road.replaceChildren(
          ...s.history.slice(0, 18).map((b) => numberBall(b.number ?? Number(b.result), b.no, language)),
        );
      }
    }
    players.replaceChildren(
      ...s.bets.map((b) =>
        h(
          'tr',
          {},
          h('td', {}, b.player),
          h('td', {}, money(b.stake)),
          h('td', {}, b.status === 'in' ? '…' : b.status === 'won' ? money(b.win) : w.lost),
        ),
      ),
    );
    myBody.replaceChildren(
      ...mine.map((b) =>
        h(
          'tr',
          { 'data-status': b.status },
          h('td', {}, `#${b.roundNo}`),
          h('td', { class: 'small' }, betText(engine, b.bet, language)),
          h('td', {}, money(b.stake)),
          h(
            'td',
            {},
            b.status === 'open' || b.status === 'settling'
              ? '…'
              : b.status === 'rolled_back' || b.status === 'rolling_back'
                ? w.refunded
                : b.win > 0
                  ? money(b.win)
                  : w.lost,
          ),
        ),
      ),
    );
    if (!mine.length) myBody.append(h('tr', {}, h('td', { colspan: 4, class: 'muted' }, w.noBets)));
    renderFair(s, mine);
  }

  function renderFair(s: TableState, mine: MyBet[]) {
    const r = s.round;
    if (!r) return;
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
      h('p', {}, w.seedHashShown(r.no), h('code', { 'data-testid': 'seed-hash' }, r.serverSeedHash)),
      h('p', {}, w.clientSeed, h('code', {}, r.clientSeed), w.nonce(r.nonce)),
      r.serverSeed
        ? h(
            'p',
            {},
            w.serverSeed,
            h('code', { 'data-testid': 'server-seed' }, r.serverSeed),
            ' · ',
            h(
              'a',
              { href: fairUrl(query, language), target: '_blank', rel: 'noopener', 'data-testid': 'verify-link' },
              w.verify,
            ),
          )
        : h('p', { class: 'muted' }, w.seedRevealedLater),
      h('p', { class: 'muted' }, w.outcomeDrawn(shortHash(r.serverSeedHash))),
    );
  }

  return {
    roads,
    fair,
    myTable: tableOf(w.myColumns, myBody),
    playersTable: tableOf(w.playerColumns, players),
    render,
  };
}
