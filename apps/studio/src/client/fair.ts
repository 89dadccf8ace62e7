/// <reference lib="dom" />
// The public verifier: recomputes a round from server seed, client seed, nonce, game and bet (or
// loads a past round by id) with the same engine and fair stream the studio plays with.
import { checkBlocks, crashRound, type ServerBlock, sha256Hex } from './fair-stream';
import type { RoundView, StepView } from './types';
import { ApiError, h, money, request } from './ui';

type Verification = {
  serverSeedHash: string;
  hashMatches: boolean | null;
  steps: StepView[];
  win: number;
  stake: number;
  bet: unknown;
  form: { block: string; cursor: string; float: string };
  blocks: ServerBlock[];
};

/** Blocks whose floats are listed on the page (all are checked). */
const SHOWN_BLOCKS = 4;

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
    h('h2', {}, 'Recomputed in this browser'),
    h(
      'p',
      { class: 'muted small' },
      'Your browser computed these with WebCrypto from the seeds above, without the server: ',
      h('code', {}, v.form.block),
      `; cursor ${v.form.cursor}; float = ${v.form.float}.`,
    ),
    h('p', {}, 'SHA-256 of the server seed (browser): ', h('code', { 'data-testid': 'browser-hash' }, hash)),
  ];
  if (committedHash)
    nodes.push(
      h(
        'p',
        { class: hash === committedHash.toLowerCase() ? 'ok' : 'bad', 'data-testid': 'browser-hash-verdict' },
        hash === committedHash.toLowerCase()
          ? '✔ Your browser finds the seed matches the hash committed before the round.'
          : '✘ Your browser finds the seed does not match the committed hash.',
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
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            ...['step', 'message', 'HMAC (browser)', 'HMAC (server)', 'floats (browser)', 'same'].map((t) =>
              h('th', {}, t),
            ),
          ),
        ),
        h('tbody', {}, ...rows),
      ),
    ),
    h(
      'p',
      { class: allMatch ? 'ok' : 'bad', 'data-testid': 'browser-verdict' },
      allMatch
        ? `✔ Your browser computed the same ${checks.length} block(s) and floats the server replayed.`
        : `✘ ${checks.filter((c) => !c.matches).length} of ${checks.length} block(s) differ from what your browser computed.`,
    ),
  );
  return nodes;
}

const app = document.getElementById('app') as HTMLElement;
const params = new URLSearchParams(location.search);

const roundInput = h('input', { placeholder: 'round id', 'data-testid': 'round-id', value: params.get('round') ?? '' });
// A live table round links here with its values in the query (?seed=&client=&nonce=&game=&vendor=&bet=).
const serverSeed = h('input', {
  'data-testid': 'server-seed',
  placeholder: '64 hex characters',
  value: params.get('seed') ?? '',
});
const clientSeed = h('input', { 'data-testid': 'client-seed', value: params.get('client') ?? '' });
const nonce = h('input', { 'data-testid': 'nonce', inputmode: 'numeric', value: params.get('nonce') ?? '0' });
const gameCode = h('input', { 'data-testid': 'game-code', placeholder: 'SLOT-00001', value: params.get('game') ?? '' });
const vendor = h('input', { 'data-testid': 'vendor', value: params.get('vendor') ?? 'AG' });
const bet = h('textarea', { 'data-testid': 'bet', placeholder: '{"coin":1} (empty: the smallest bet)' });
bet.value = params.get('bet') ?? '';
const shownHash = params.get('hash');
const out = h('section', { class: 'panel', 'data-testid': 'verify-result' });
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
        `Round ${r.roundId}: stake ${money(r.stake)}, win ${money(r.win)}, ${r.steps.length} step(s), committed hash `,
        h('code', {}, r.serverSeedHash),
      ),
      r.serverSeed
        ? h('p', {}, 'The server seed has been revealed: press Verify.')
        : h('p', { class: 'muted' }, 'The server seed is still secret: rotate the seed in the game, then verify.'),
    );
    if (r.serverSeed) await verify();
  } catch (err) {
    out.replaceChildren(h('p', { class: 'bad' }, err instanceof ApiError ? err.message : 'Could not load the round'));
  }
}

async function verify() {
  let betValue: unknown;
  if (bet.value.trim()) {
    try {
      betValue = JSON.parse(bet.value);
    } catch {
      out.replaceChildren(h('p', { class: 'bad' }, 'The bet is not valid JSON'));
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
      },
    });
    const nodes: Node[] = [
      h('p', {}, 'SHA-256 of the server seed: ', h('code', { 'data-testid': 'computed-hash' }, v.serverSeedHash)),
    ];
    if (v.hashMatches !== null) {
      nodes.push(
        h(
          'p',
          { class: v.hashMatches ? 'ok' : 'bad', 'data-testid': 'hash-verdict' },
          v.hashMatches
            ? '✔ The seed matches the hash shown before the round.'
            : '✘ The seed does not match the hash shown before the round.',
        ),
      );
    }
    if (recorded) {
      const hashOk = recorded.serverSeedHash === v.serverSeedHash;
      const outcomeOk = canonical(recorded.steps) === canonical(v.steps) && recorded.win === v.win;
      nodes.push(
        h(
          'p',
          { class: hashOk ? 'ok' : 'bad' },
          hashOk
            ? '✔ The seed matches the hash shown before the round.'
            : '✘ The seed does not match the committed hash.',
        ),
        h(
          'p',
          { class: outcomeOk ? 'ok' : 'bad', 'data-testid': 'verify-verdict' },
          outcomeOk
            ? '✔ Recomputed outcome equals the recorded round.'
            : '✘ The recomputed outcome differs from the recorded round.',
        ),
      );
    }
    nodes.push(
      h(
        'p',
        {},
        `Stake ${money(v.stake)} · total win `,
        h('strong', { 'data-testid': 'computed-win' }, money(v.win)),
        ` · ${v.steps.length} step(s)`,
      ),
      h('pre', {}, JSON.stringify(v.steps, null, 1)),
    );
    out.replaceChildren(...nodes);
    try {
      out.append(...(await browserCheck(seeds, v, recorded?.serverSeedHash ?? shownHash)));
    } catch {
      // No WebCrypto (a page not served over HTTPS or localhost): the server's replay still shows.
      out.append(h('p', { class: 'muted' }, 'This browser cannot compute HMAC-SHA256 here (WebCrypto needs HTTPS).'));
    }
  } catch (err) {
    out.replaceChildren(h('p', { class: 'bad' }, err instanceof ApiError ? err.message : 'Verification failed'));
  }
}

app.replaceChildren(
  h('header', { class: 'topbar' }, h('span', { class: 'title' }, 'Provably fair verifier')),
  h(
    'section',
    { class: 'panel' },
    h(
      'p',
      { class: 'muted small' },
      'Every outcome is drawn from HMAC-SHA256(key = server seed, message = "<client seed>:<nonce>:<cursor>"), both as UTF-8 text; the cursor is 0 for the first 32 bytes and counts up for each further 32-byte block (step k of a round with free spins starts at cursor k × 65536); each 4 bytes, big-endian, / 2^32 make one number in [0, 1). Enter a round’s values (or its id) to recompute it: the server replays the game, and your browser recomputes the HMAC and numbers itself.',
    ),
    h(
      'div',
      { class: 'row' },
      h('label', {}, 'Past round ', roundInput),
      h('button', { class: 'button', onclick: () => void loadRound(), 'data-testid': 'load-round' }, 'Load'),
    ),
    h(
      'div',
      { class: 'field-grid' },
      h('label', {}, 'Server seed', serverSeed),
      h('label', {}, 'Client seed', clientSeed),
      h('label', {}, 'Nonce', nonce),
      h('label', {}, 'Game code', gameCode),
      h('label', {}, 'Vendor', vendor),
      h('label', {}, 'Bet (JSON)', bet),
    ),
    h(
      'div',
      { class: 'controls' },
      h('button', { class: 'button primary', onclick: () => void verify(), 'data-testid': 'verify' }, 'Verify'),
    ),
  ),
  out,
  crashPanel(),
);
if (roundInput.value) void loadRound();
else if (serverSeed.value && clientSeed.value && gameCode.value) void verify();

// Crash rounds come from a hash chain, not a seed pair: a round's hash gives its crash point, and
// SHA-256(round hash) must equal the previous round's hash (the first round's: the terminating hash).
function crashPanel(): HTMLElement {
  const hash = h('input', {
    'data-testid': 'crash-hash',
    placeholder: 'round hash (64 hex)',
    value: params.get('crash') ?? '',
  });
  const previous = h('input', {
    'data-testid': 'crash-previous',
    placeholder: 'previous round hash (optional)',
    value: params.get('prev') ?? '',
  });
  const result = h('div', { 'data-testid': 'crash-result', role: 'status' });
  const check = async () => {
    try {
      const v = await request<{ crashPoint: number; linkMatches: boolean | null; salt: string }>('/api/crash/verify', {
        method: 'POST',
        body: { hash: hash.value.trim(), ...(previous.value.trim() ? { previousHash: previous.value.trim() } : {}) },
      });
      result.replaceChildren(
        h(
          'p',
          {},
          'Crash point: ',
          h('strong', { 'data-testid': 'crash-point' }, `${(v.crashPoint / 100).toFixed(2)}×`),
        ),
        v.linkMatches === null
          ? h('p', { class: 'muted' }, 'Add the previous round hash to check the chain link.')
          : h(
              'p',
              { class: v.linkMatches ? 'ok' : 'bad' },
              v.linkMatches
                ? 'Chain link verified: SHA-256(round hash) = previous hash.'
                : 'Chain link does NOT match.',
            ),
      );
      try {
        const mine = await crashRound(hash.value.trim(), v.salt, previous.value.trim() || null);
        const same = mine.crashPoint === v.crashPoint && mine.linkMatches === v.linkMatches;
        result.append(
          h(
            'p',
            { class: same ? 'ok' : 'bad', 'data-testid': 'crash-browser-verdict' },
            `Your browser (WebCrypto, salt "${v.salt}"): X = ${mine.x.toFixed(12)}, crash point ${(mine.crashPoint / 100).toFixed(2)}×`,
            mine.linkMatches === null ? '' : mine.linkMatches ? ', chain link holds' : ', chain link does NOT hold',
            same ? ' — the same as the server.' : ' — NOT what the server answered.',
          ),
        );
      } catch {
        result.append(
          h('p', { class: 'muted' }, 'This browser cannot compute HMAC-SHA256 here (WebCrypto needs HTTPS).'),
        );
      }
    } catch (err) {
      result.replaceChildren(h('p', { class: 'bad' }, err instanceof ApiError ? err.message : 'Verification failed'));
    }
  };
  if (hash.value) void check();
  return h(
    'section',
    { class: 'panel' },
    h('h2', {}, 'Crash round'),
    h(
      'p',
      { class: 'muted small' },
      'Crash point = max(1.00, floor(99 / (1 − X)) / 100) with X the first 52 bits of HMAC-SHA256(key = round hash as its 64 hex characters, message = salt) / 2^52; the chain link holds when SHA-256(round hash as text) = the previous round’s hash. Your browser recomputes both.',
    ),
    h('div', { class: 'field-grid' }, h('label', {}, 'Round hash', hash), h('label', {}, 'Previous hash', previous)),
    h(
      'div',
      { class: 'controls' },
      h(
        'button',
        { class: 'button primary', onclick: () => void check(), 'data-testid': 'crash-verify' },
        'Verify crash',
      ),
    ),
    result,
  );
}
