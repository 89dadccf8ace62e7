// The card room's lists: the lobby's Hold'em tables (figures, Open, the waiting list and a seat's
// offer) and Tongits tables, and under a table the fair shuffle panel (the hashes, the client seeds,
// the player's own seed) and the player's recent hands with each hand's cards and its check.
import type { PvpTableView } from '../../cardroom/room/view';
import { fill } from '../i18n';
import type { HandEntropy } from '../pvp/hand-entropy';
import { h } from '../ui';
import { cardFace, checkHand, stakesText } from './cr-present';
import { cardEl, present } from './cr-scene';
import {
  type CrApi,
  detailCards,
  type HandDetail,
  type HistoryRow,
  historyRowText,
  type LobbyAnswer,
  type LobbyChoice,
  lobbyTables,
  offerSecondsLeft,
  type TableScreen,
  type TongitsRow,
  tongitsAddress,
} from './cr-state';
import type { CrWords } from './cr-words';

// ---- the lobby ----

export type LobbyListOptions = {
  words: CrWords;
  locale: string;
  money: (minor: number) => string;
  trial: boolean;
  filter: LobbyChoice;
  api: CrApi;
  say: (text: string, error?: boolean) => void;
  errorText: (err: unknown) => string;
  showTable: (tableId: string) => void;
  /** Reads the lobby again (after joining or leaving a waiting list). */
  refresh: () => Promise<void>;
};

/** The Hold'em tables of the answer that fit the filter, a card each. */
export function drawLobbyTables(o: LobbyListOptions, list: HTMLElement, d: LobbyAnswer) {
  const { words } = o;
  const shown = lobbyTables(d.tables, o.filter);
  const now = Date.now();
  list.replaceChildren(
    ...(shown.length === 0
      ? [h('p', { class: 'muted' }, words.lobby.none)]
      : shown.map((t) => lobbyTableRow(o, t, now))),
  );
}

function lobbyTableRow(o: LobbyListOptions, t: LobbyAnswer['tables'][number], now: number): HTMLElement {
  const { words, locale, money } = o;
  const gameName = t.betting === 'pot-limit' ? words.lobby.potLimit : words.lobby.noLimit;
  const open = h('button', { type: 'button', class: 'button', 'data-testid': 'open-table' }, words.lobby.open);
  open.addEventListener('click', () => o.showTable(t.id));
  const actions = h('div', { class: 'cr-actions' }, open);
  if (!o.trial && !t.you.seated) {
    const waiting = t.you.waitingPosition !== null;
    const wait = h(
      'button',
      { type: 'button', class: 'button ghost', 'data-testid': 'wait-toggle' },
      waiting ? words.lobby.unwait : words.lobby.wait,
    );
    wait.addEventListener('click', async () => {
      try {
        await o.api(`/api/pvp/tables/${encodeURIComponent(t.id)}/wait`, {
          method: waiting ? 'DELETE' : 'POST',
        });
        await o.refresh();
      } catch (err) {
        o.say(o.errorText(err), true);
      }
    });
    actions.append(wait);
  }
  const offerLeft = offerSecondsLeft(t.you.offerEndsAt, now);
  return h(
    'article',
    { class: 'cr-trow', 'data-testid': 'lobby-table', 'data-table': t.id },
    h('h3', {}, `${gameName} ${stakesText(t.smallBlind, t.bigBlind, locale)}`),
    h(
      'div',
      { class: 'cr-figs' },
      h('span', { 'data-testid': 'seats-taken' }, fill(words.lobby.seatsTaken, { taken: t.seated, total: t.seats })),
      h('span', {}, fill(words.lobby.avgPot, { amount: t.averagePot === null ? '—' : money(t.averagePot) })),
      h('span', {}, fill(words.lobby.handsPerHour, { n: t.handsPerHour })),
      h('span', {}, fill(words.lobby.buyIn, { min: money(t.minBuyIn), max: money(t.maxBuyIn) })),
      t.waiting > 0 ? h('span', {}, fill(words.lobby.waiting, { n: t.waiting })) : null,
    ),
    t.you.seated ? h('p', { class: 'cr-note strong' }, words.lobby.seated) : null,
    t.you.waitingPosition !== null
      ? h('p', { class: 'cr-note' }, fill(words.lobby.position, { n: t.you.waitingPosition }))
      : null,
    offerLeft !== null ? h('p', { class: 'cr-offer', role: 'alert' }, fill(words.lobby.offer, { s: offerLeft })) : null,
    actions,
  );
}

/** The Tongits tables, each opening its own page (its heading hidden while there are none). */
export function drawTongitsTables(
  o: { words: CrWords; money: (minor: number) => string },
  heading: HTMLElement,
  list: HTMLElement,
  tables: TongitsRow[],
) {
  const { words, money } = o;
  const address = (link: string) => tongitsAddress(location.search, location.pathname, link);
  heading.hidden = tables.length === 0;
  list.replaceChildren(
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
}

// ---- under a table ----

export type TablePanelsOptions = {
  words: CrWords;
  locale: string;
  money: (minor: number) => string;
  api: CrApi;
  say: (text: string, error?: boolean) => void;
  errorText: (err: unknown) => string;
  /** The table screen's state: the view the fair shuffle panel shows. */
  state: TableScreen;
  requestOf: (type: string, extra?: Record<string, unknown>) => Promise<boolean>;
  /** The page's part of the next hands' decks: sent again once the player saves a seed. */
  entropy: HandEntropy;
};

export function createTablePanels(o: TablePanelsOptions) {
  const { words, money, say } = o;
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

  let seedInput: HTMLInputElement | null = null;
  function drawFair() {
    const v = o.state.view;
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
    if (v.you.seat !== null) rows.push(seedRow(v));
    fairBody.replaceChildren(...rows.filter((r): r is HTMLElement => r !== null));
  }

  /** The player's own client seed and its Save. */
  function seedRow(v: PvpTableView): HTMLElement {
    // The seed field keeps what the player is typing across redraws.
    if (!seedInput) {
      seedInput = h('input', { 'data-testid': 'client-seed', maxlength: 64, 'aria-label': words.fair.clientSeed });
      seedInput.value = v.you.clientSeed ?? '';
    }
    const input = seedInput;
    const save = h('button', { type: 'button', class: 'button' }, words.fair.save);
    save.addEventListener('click', async () => {
      if (await o.requestOf('client-seed', { clientSeed: input.value.trim() })) {
        say(words.fair.saved);
        o.entropy.reset();
      }
    });
    return h('label', {}, words.fair.clientSeed, h('div', { class: 'cr-seedrow' }, input, save));
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

  /** A hand of the history: its cards (and its check) in the detail below the list. */
  function historyHand(row: HistoryRow, detail: HTMLElement): HTMLElement {
    const b = h(
      'button',
      { type: 'button', 'data-testid': 'history-hand' },
      historyRowText(words, row, money, o.locale),
    );
    b.addEventListener('click', async () => {
      try {
        const d = await o.api<HandDetail>(`/api/pvp/hands/${row.handId}`);
        const { board, cards } = detailCards(d);
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
        say(o.errorText(err), true);
      }
    });
    return h('li', {}, b);
  }

  hist.addEventListener('toggle', async () => {
    if (!hist.open) return;
    try {
      const { hands } = await o.api<{ hands: HistoryRow[] }>('/api/pvp/history?limit=10');
      if (hands.length === 0) {
        histBody.replaceChildren(h('p', { class: 'muted' }, words.history.none));
        return;
      }
      const detail = h('div', { class: 'cr-detail', 'data-testid': 'hand-detail' });
      histBody.replaceChildren(h('ul', { class: 'cr-hist' }, ...hands.map((row) => historyHand(row, detail))), detail);
    } catch (err) {
      say(o.errorText(err), true);
    }
  });

  return { fair, hist, drawFair };
}
