// The slot's rules, generated from the game's real configuration: the declared return to player,
// volatility and layout, the paytable at the chosen stake, the wild and scatter rules, the free spins
// each scatter count awards, and a map of every payline.
import type { gameWords } from '../game-words';
import type { SlotGame } from '../games/slot-present';
import { h, money } from '../ui';
import { type SlotSymbols, SVG_NS } from './slot-symbols';

export type PaytableOptions = {
  game: SlotGame;
  words: ReturnType<typeof gameWords>['slot'];
  symbols: SlotSymbols;
  /** The coin chosen; the paytable shows the pays at its stake. */
  coin: number;
  declaredRtp: number | null | undefined;
  /** "20 lines" or "243 ways", as the page says it. */
  linesOrWays: string;
};

/** The rules dialog, not yet in the page; it removes itself when closed. */
export function slotPaytable(o: PaytableOptions): HTMLDialogElement {
  const { game, words: w, symbols } = o;
  const coin = o.coin || 1;
  const stake = coin * game.betMultiplier;
  const runs = Array.from({ length: game.reels }, (_, i) => i + 1).filter((run) =>
    game.pays.some((p) => (p[run] ?? 0) > 0),
  );
  const rows = game.symbols
    .filter((s) => s.kind === 'regular')
    .map((s) =>
      h(
        'tr',
        {},
        h('th', { scope: 'row' }, h('span', { class: 'pay-symbol' }, symbols.node(s.id)), s.name),
        ...runs.map((run) => h('td', {}, money((game.pays[s.id]?.[run] ?? 0) * coin))),
      ),
    );
  const wild = game.symbols.find((s) => s.kind === 'wild');
  const scatter = game.symbols.find((s) => s.kind === 'scatter');
  const scatterRows = game.scatterPays
    .map((pay, count) => ({ count, pay, spins: game.freeSpinAwards[count] ?? 0 }))
    .filter((x) => x.pay > 0 || x.spins > 0)
    .map((x) =>
      h(
        'li',
        {},
        w.scatterPay(x.count, scatter?.name ?? w.scatter, x.pay > 0 ? money(x.pay * stake) : null, x.pay, x.spins),
      ),
    );
  const close = h('button', { class: 'button', type: 'button' }, w.close);
  const dialog = h(
    'dialog',
    { class: 'paytable', 'aria-label': w.paytableLabel, 'data-testid': 'paytable' },
    h('h2', { tabindex: -1 }, w.paytableLabel),
    h(
      'p',
      { 'data-testid': 'paytable-rtp' },
      `${w.returnToPlayer} ${o.declaredRtp ? `${(o.declaredRtp * 100).toFixed(2)}%` : '—'} · ${w.volatility(game.volatility)} · ${game.reels}×${game.rows} · ${o.linesOrWays}`,
    ),
    h(
      'p',
      { class: 'muted small' },
      `${w.paysAtStake(money(stake), game.mode === 'lines' ? money(coin) : null)} ${
        game.mode === 'lines' ? w.lineRules : w.waysRules
      }`,
    ),
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'pays' },
        h('thead', {}, h('tr', {}, h('th', {}, w.symbol), ...runs.map((run) => h('th', {}, `${run}×`)))),
        h('tbody', {}, ...rows),
      ),
    ),
    wild
      ? h(
          'p',
          {},
          h('span', { class: 'pay-symbol' }, symbols.node(wild.id)),
          w.wildRule(wild.name, scatter?.name ?? null),
        )
      : null,
    scatter
      ? h(
          'div',
          {},
          h('p', {}, h('span', { class: 'pay-symbol' }, symbols.node(scatter.id)), w.scatterRule(scatter.name)),
          h('ul', {}, ...scatterRows),
          h('p', {}, w.freeSpinRule(game.freeSpinMultiplier, game.freeSpinCap)),
        )
      : null,
    game.mode === 'lines'
      ? h('div', { class: 'line-maps' }, ...game.paylines.map((line, i) => lineMap(o, line, i)))
      : null,
    h('p', { class: 'muted small' }, w.serverDecides),
    close,
  );
  close.addEventListener('click', () => dialog.close());
  dialog.addEventListener('close', () => dialog.remove());
  return dialog;
}

function lineMap(o: PaytableOptions, line: number[], i: number): HTMLElement {
  const { game } = o;
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${game.reels} ${game.rows}`);
  svg.setAttribute('aria-hidden', 'true');
  for (let r = 0; r < game.reels; r++)
    for (let y = 0; y < game.rows; y++) {
      const rect = document.createElementNS(SVG_NS, 'rect');
      rect.setAttribute('x', String(r + 0.08));
      rect.setAttribute('y', String(y + 0.08));
      rect.setAttribute('width', '0.84');
      rect.setAttribute('height', '0.84');
      rect.setAttribute('class', line[r] === y ? 'on' : '');
      svg.append(rect);
    }
  return h('figure', {}, svg, h('figcaption', {}, o.words.line(i + 1)));
}
