// The public verifier: recomputes a round from server seed, client seed, nonce, game and bet (or
// loads a past round by id) with the same engine and fair stream the studio plays with.
import type {
  CrashVerifyAnswer,
  CrashVerifyRequest,
  PvpVerification,
  PvpVerifyRequest,
  RoundView,
  Verification,
  VerifyRequest,
} from '../api-types';
import { pageLanguage } from './boot';
import { checkBlocks, crashRound, sha256Hex } from './fair-stream';
import { gameWords } from './game-words';
import { ApiError, h, money, request } from './ui';

/** Blocks whose floats are listed on the page (all are checked). */
const SHOWN_BLOCKS = 4;

// The page's words in the language the game page linked it with, loaded by the entry (fair.ts)
// before it starts the page (startFairPage).
let w = gameWords('EN').fair;

/**
 * This browser's own computation of the stream (WebCrypto), beside the server's replay: the seed's
 * SHA-256 against the committed hash, and every block's HMAC and floats against the server's.
 */
async function browserCheck(
  input: { serverSeed: string; clientSeed: string; nonce: number },
  v: Verification,
  committedHash: string | null,
): Promise<Node[]> {
  const hash = await sha256Hex(input.serverSeed);
  const checks = await checkBlocks(input, v.blocks);
  const allMatch = hash === v.serverSeedHash && checks.every((c) => c.matches);
  const nodes: Node[] = [
    h('h2', {}, w.browserTitle),
    h(
      'p',
      { class: 'muted small' },
      w.browserIntro,
      h('code', {}, w.streamForm.block),
      w.cursorFloat(w.streamForm.cursor, w.streamForm.float),
    ),
    h('p', {}, w.browserSha, h('code', { 'data-testid': 'browser-hash' }, hash)),
  ];
  if (committedHash)
    nodes.push(
      h(
        'p',
        { class: hash === committedHash.toLowerCase() ? 'ok' : 'bad', 'data-testid': 'browser-hash-verdict' },
        hash === committedHash.toLowerCase() ? w.browserHashOk : w.browserHashBad,
      ),
    );
  const rows = checks
    .slice(0, SHOWN_BLOCKS)
    .map((c, i) =>
      h(
        'tr',
        {},
        h('td', {}, String(c.step)),
        h('td', {}, h('code', {}, c.message)),
        h('td', {}, h('code', { 'data-testid': 'browser-hmac' }, c.hmac)),
        h('td', {}, h('code', {}, v.blocks[i]?.hmac ?? '')),
        h('td', {}, c.floats.map((f) => f.toFixed(8)).join(' ')),
        h('td', { class: c.matches ? 'ok' : 'bad' }, c.matches ? '✔' : '✘'),
      ),
    );
  nodes.push(
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        { class: 'small' },
        h('thead', {}, h('tr', {}, ...w.blockColumns.map((t) => h('th', {}, t)))),
        h('tbody', {}, ...rows),
      ),
    ),
    h(
      'p',
      { class: allMatch ? 'ok' : 'bad', 'data-testid': 'browser-verdict' },
      allMatch
        ? w.browserSame(checks.length)
        : w.browserDiffers(checks.filter((c) => !c.matches).length, checks.length),
    ),
  );
  return nodes;
}

let app: HTMLElement;
let params: URLSearchParams;
let roundInput: HTMLInputElement;
let serverSeed: HTMLInputElement;
let clientSeed: HTMLInputElement;
let nonce: HTMLInputElement;
let gameCode: HTMLInputElement;
let vendor: HTMLInputElement;
let bet: HTMLTextAreaElement;
let shownHash: string | null;
let out: HTMLElement;
let recorded: RoundView | null = null;

/** JSON with sorted keys: the stored round comes back from jsonb with its keys in another order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

async function loadRound() {
  out.replaceChildren();
  recorded = null;
  try {
    const r = await request<RoundView>(`/api/rounds/${encodeURIComponent(roundInput.value.trim())}`);
    recorded = r;
    clientSeed.value = r.clientSeed;
    nonce.value = String(r.nonce);
    gameCode.value = r.gameCode;
    vendor.value = r.vendor;
    bet.value = JSON.stringify(r.bet);
    serverSeed.value = r.serverSeed ?? '';
    out.replaceChildren(
      h(
        'p',
        {},
        w.roundSummary(r.roundId, money(r.stake), money(r.win), r.steps.length),
        h('code', {}, r.serverSeedHash),
      ),
      r.serverSeed ? h('p', {}, w.seedRevealed) : h('p', { class: 'muted' }, w.seedSecret),
    );
    if (r.serverSeed) await verify();
  } catch (err) {
    out.replaceChildren(h('p', { class: 'bad' }, err instanceof ApiError ? err.message : w.couldNotLoad));
  }
}

async function verify() {
  let betValue: unknown;
  if (bet.value.trim()) {
    try {
      betValue = JSON.parse(bet.value);
    } catch {
      out.replaceChildren(h('p', { class: 'bad' }, w.notJson));
      return;
    }
  }
  const seeds = {
    serverSeed: serverSeed.value.trim(),
    clientSeed: clientSeed.value.trim(),
    nonce: Number(nonce.value),
  };
  try {
    const v = await request<Verification>('/api/verify', {
      method: 'POST',
      body: {
        serverSeed: serverSeed.value.trim(),
        clientSeed: clientSeed.value.trim(),
        nonce: nonce.value.trim(),
        gameCode: gameCode.value.trim(),
        vendor: vendor.value.trim() || 'AG',
        bet: betValue,
        ...(shownHash && !recorded ? { serverSeedHash: shownHash } : {}),
      } satisfies VerifyRequest,
    });
    const nodes: Node[] = [h('p', {}, w.seedSha, h('code', { 'data-testid': 'computed-hash' }, v.serverSeedHash))];
    if (v.hashMatches !== null) {
      nodes.push(
        h(
          'p',
          { class: v.hashMatches ? 'ok' : 'bad', 'data-testid': 'hash-verdict' },
          v.hashMatches ? w.hashMatches : w.hashDiffers,
        ),
      );
    }
    if (recorded) {
      const hashOk = recorded.serverSeedHash === v.serverSeedHash;
      const outcomeOk = canonical(recorded.steps) === canonical(v.steps) && recorded.win === v.win;
      nodes.push(
        h('p', { class: hashOk ? 'ok' : 'bad' }, hashOk ? w.hashMatches : w.committedDiffers),
        h(
          'p',
          { class: outcomeOk ? 'ok' : 'bad', 'data-testid': 'verify-verdict' },
          outcomeOk ? w.outcomeSame : w.outcomeDiffers,
        ),
      );
    }
    nodes.push(
      h(
        'p',
        {},
        w.stakeTotalWin(money(v.stake)),
        h('strong', { 'data-testid': 'computed-win' }, money(v.win)),
        w.steps(v.steps.length),
      ),
      h('pre', {}, JSON.stringify(v.steps, null, 1)),
    );
    out.replaceChildren(...nodes);
    try {
      out.append(...(await browserCheck(seeds, v, recorded?.serverSeedHash ?? shownHash)));
    } catch {
      // No WebCrypto (a page not served over HTTPS or localhost): the server's replay still shows.
      out.append(h('p', { class: 'muted' }, w.noWebCrypto));
    }
  } catch (err) {
    out.replaceChildren(h('p', { class: 'bad' }, err instanceof ApiError ? err.message : w.failed));
  }
}

/** Draws the verifier in the page's language, whose words the entry has loaded. */
export function startFairPage(): void {
  w = gameWords(pageLanguage()).fair;
  document.title = `${w.title} · Gamehall Studio`;
  app = document.getElementById('app') as HTMLElement;
  params = new URLSearchParams(location.search);

  roundInput = h('input', {
    placeholder: w.roundIdPlaceholder,
    'data-testid': 'round-id',
    value: params.get('round') ?? '',
  });
  // A live table round links here with its values in the query (?seed=&client=&nonce=&game=&vendor=&bet=);
  // a card room deal with its own (?pvp=<game>&pseed=&pclients=&pnonce=&phash=&pdealer=&pseats=).
  serverSeed = h('input', {
    'data-testid': 'server-seed',
    placeholder: w.seedPlaceholder,
    value: params.get('seed') ?? '',
  });
  clientSeed = h('input', { 'data-testid': 'client-seed', value: params.get('client') ?? '' });
  nonce = h('input', { 'data-testid': 'nonce', inputmode: 'numeric', value: params.get('nonce') ?? '0' });
  gameCode = h('input', { 'data-testid': 'game-code', placeholder: 'SLOT-00001', value: params.get('game') ?? '' });
  vendor = h('input', { 'data-testid': 'vendor', value: params.get('vendor') ?? 'AG' });
  bet = h('textarea', { 'data-testid': 'bet', placeholder: w.betPlaceholder });
  bet.value = params.get('bet') ?? '';
  shownHash = params.get('hash');
  out = h('section', { class: 'panel', 'data-testid': 'verify-result' });
  app.replaceChildren(
    h('header', { class: 'topbar' }, h('span', { class: 'title' }, w.title)),
    h(
      'section',
      { class: 'panel' },
      h('p', { class: 'muted small' }, w.intro),
      h(
        'div',
        { class: 'row' },
        h('label', {}, w.pastRound, roundInput),
        h('button', { class: 'button', onclick: () => void loadRound(), 'data-testid': 'load-round' }, w.load),
      ),
      h(
        'div',
        { class: 'field-grid' },
        h('label', {}, w.serverSeed, serverSeed),
        h('label', {}, w.clientSeed, clientSeed),
        h('label', {}, w.nonce, nonce),
        h('label', {}, w.gameCode, gameCode),
        h('label', {}, w.vendor, vendor),
        h('label', {}, w.bet, bet),
      ),
      h(
        'div',
        { class: 'controls' },
        h('button', { class: 'button primary', onclick: () => void verify(), 'data-testid': 'verify' }, w.verify),
      ),
    ),
    out,
    pvpPanel(),
    crashPanel(),
  );
  if (roundInput.value) void loadRound();
  else if (serverSeed.value && clientSeed.value && gameCode.value) void verify();
}

// Crash rounds come from a hash chain, not a seed pair: a round's hash gives its crash point, and
// SHA-256(round hash) must equal the previous round's hash (the first round's: the terminating hash).
function crashPanel(): HTMLElement {
  const hash = h('input', {
    'data-testid': 'crash-hash',
    placeholder: w.roundHashPlaceholder,
    value: params.get('crash') ?? '',
  });
  const previous = h('input', {
    'data-testid': 'crash-previous',
    placeholder: w.previousPlaceholder,
    value: params.get('prev') ?? '',
  });
  const result = h('div', { 'data-testid': 'crash-result', role: 'status' });
  const check = async () => {
    try {
      const v = await request<CrashVerifyAnswer>('/api/crash/verify', {
        method: 'POST',
        body: {
          hash: hash.value.trim(),
          ...(previous.value.trim() ? { previousHash: previous.value.trim() } : {}),
        } satisfies CrashVerifyRequest,
      });
      result.replaceChildren(
        h('p', {}, w.crashPoint, h('strong', { 'data-testid': 'crash-point' }, `${(v.crashPoint / 100).toFixed(2)}×`)),
        v.linkMatches === null
          ? h('p', { class: 'muted' }, w.addPrevious)
          : h('p', { class: v.linkMatches ? 'ok' : 'bad' }, v.linkMatches ? w.linkVerified : w.linkBroken),
      );
      try {
        const mine = await crashRound(hash.value.trim(), v.salt, previous.value.trim() || null);
        const same = mine.crashPoint === v.crashPoint && mine.linkMatches === v.linkMatches;
        result.append(
          h(
            'p',
            { class: same ? 'ok' : 'bad', 'data-testid': 'crash-browser-verdict' },
            w.browserCrash(v.salt, mine.x.toFixed(12), `${(mine.crashPoint / 100).toFixed(2)}×`),
            mine.linkMatches === null ? '' : mine.linkMatches ? w.linkHolds : w.linkNotHolds,
            same ? w.sameAsServer : w.notServer,
          ),
        );
      } catch {
        result.append(h('p', { class: 'muted' }, w.noWebCrypto));
      }
    } catch (err) {
      result.replaceChildren(h('p', { class: 'bad' }, err instanceof ApiError ? err.message : w.failed));
    }
  };
  if (hash.value) void check();
  return h(
    'section',
    { class: 'panel' },
    h('h2', {}, w.crashTitle),
    h('p', { class: 'muted small' }, w.crashIntro),
    h('div', { class: 'field-grid' }, h('label', {}, w.roundHash, hash), h('label', {}, w.previousHash, previous)),
    h(
      'div',
      { class: 'controls' },
      h(
        'button',
        { class: 'button primary', onclick: () => void check(), 'data-testid': 'crash-verify' },
        w.verifyCrash,
      ),
    ),
    result,
  );
}

/** Comma-separated text as a list of its non-empty, trimmed parts (hoisted: the panel checks at once). */
function listOf(text: string): string[] {
  return text
    .split(',')
    .map((x) => x.trim())
    .filter((x) => x !== '');
}

// A card room deal's deck (Hold'em or Tongits): recomputed by the studio with the function its tables
// deal with, shown in dealing order, checked against the committed hash, and dealt to the seats.
function pvpPanel(): HTMLElement {
  const game = h(
    'select',
    { 'data-testid': 'pvp-game' },
    h('option', { value: 'holdem' }, w.holdem),
    h('option', { value: 'tongits' }, w.tongits),
  );
  if (params.get('pvp') === 'tongits') game.value = 'tongits';
  const seed = h('input', {
    'data-testid': 'pvp-seed',
    placeholder: w.seedPlaceholder,
    value: params.get('pseed') ?? '',
  });
  const clients = h('input', { 'data-testid': 'pvp-clients', value: params.get('pclients') ?? '' });
  const pNonce = h('input', { 'data-testid': 'pvp-nonce', inputmode: 'numeric', value: params.get('pnonce') ?? '' });
  const hash = h('input', { 'data-testid': 'pvp-hash', value: params.get('phash') ?? '' });
  const dealer = h('input', { 'data-testid': 'pvp-dealer', inputmode: 'numeric', value: params.get('pdealer') ?? '' });
  const seats = h('input', { 'data-testid': 'pvp-seats', value: params.get('pseats') ?? '' });
  const result = h('div', { 'data-testid': 'pvp-result', role: 'status' });
  const cardsLine = (label: string, cards: string[], testid: string) =>
    h('p', {}, label, ' ', h('code', { 'data-testid': testid }, cards.join(' ')));
  const check = async () => {
    const seatList = listOf(seats.value);
    try {
      const v = await request<PvpVerification>('/api/verify/pvp', {
        method: 'POST',
        body: {
          game: game.value === 'tongits' ? 'tongits' : 'holdem',
          serverSeed: seed.value.trim(),
          clientSeeds: listOf(clients.value),
          nonce: pNonce.value.trim(),
          ...(hash.value.trim() ? { serverSeedHash: hash.value.trim() } : {}),
          ...(dealer.value.trim() ? { dealer: dealer.value.trim() } : {}),
          ...(seatList.length > 0 ? { seats: seatList } : {}),
        } satisfies PvpVerifyRequest,
      });
      const nodes: Node[] = [
        h('p', {}, w.seedSha, h('code', { 'data-testid': 'pvp-computed-hash' }, v.serverSeedHash)),
      ];
      if (v.hashMatches !== null) {
        nodes.push(
          h(
            'p',
            { class: v.hashMatches ? 'ok' : 'bad', 'data-testid': 'pvp-hash-verdict' },
            v.hashMatches ? w.hashMatches : w.hashDiffers,
          ),
        );
      }
      nodes.push(cardsLine(w.deck, v.cards, 'pvp-deck'));
      if (v.hands.length === 0) nodes.push(h('p', { class: 'muted' }, w.noDeal));
      for (const hand of v.hands) nodes.push(cardsLine(w.seatCards(hand.seat), hand.cards, `pvp-seat-${hand.seat}`));
      if (v.board.length > 0) nodes.push(cardsLine(w.board, v.board, 'pvp-board'));
      if (v.stock.length > 0) nodes.push(cardsLine(w.stock, v.stock, 'pvp-stock'));
      result.replaceChildren(...nodes);
    } catch (err) {
      result.replaceChildren(h('p', { class: 'bad' }, err instanceof ApiError ? err.message : w.failed));
    }
  };
  if (params.get('pvp') && seed.value) void check();
  return h(
    'section',
    { class: 'panel', 'data-testid': 'pvp-panel' },
    h('h2', {}, w.pvpTitle),
    h('p', { class: 'muted small' }, w.pvpIntro),
    h(
      'div',
      { class: 'field-grid' },
      h('label', {}, w.pvpGame, game),
      h('label', {}, w.serverSeed, seed),
      h('label', {}, w.clientSeeds, clients),
      h('label', {}, w.nonce, pNonce),
      h('label', {}, w.committedHash, hash),
      h('label', {}, w.dealer, dealer),
      h('label', {}, w.seats, seats),
    ),
    h(
      'div',
      { class: 'controls' },
      h('button', { class: 'button primary', onclick: () => void check(), 'data-testid': 'pvp-verify' }, w.verifyDeal),
    ),
    result,
  );
}
