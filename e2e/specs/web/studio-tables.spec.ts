// e2e: beside own-accounts-b
// The house studio's live tables at desktop and phone sizes: a member who registered and
// deposited through the sandbox opens baccarat and roulette, places chips on the felt in a betting
// phase, and the cards shown (in the dealt order) or the wheel's landing pocket are the server's
// round, the win areas and the balance shown are the server's, and the wallet adds up over all the
// bets; no console error, no horizontal overflow, no serious axe violation; screenshots kept.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser } from 'playwright-core';
import { baseUrl } from '../../support/env';
import { launchStudioGame } from '../../support/player';
import {
  assertBalanceShown,
  checkGamePage,
  newStudioMember,
  openGamePage,
  shown,
  waitForBetting,
} from '../../support/studio';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();

type Card = { rank: number; suit: number };
type Outcome = { player?: Card[]; banker?: Card[]; result?: string | null; number?: number };
type TableMsg = { type: string; data: { round: { id: number; phase: string; outcome: Outcome } | null } };
type MyBet = { betId: string; roundId: number; stake: number; win: number; status: string; bet?: unknown };

async function tableApi(url: string): Promise<{ balance: number; mine: MyBet[] }> {
  const token = new URL(url, baseUrl()).searchParams.get('token') ?? '';
  const res = await fetch(new URL('/studio/api/table', baseUrl()), { headers: { 'x-game-token': token } });
  assert.equal(res.status, 200);
  return (await res.json()) as { balance: number; mine: MyBet[] };
}

/**
 * Opens a table at a size, bets a chip on `spot` in a betting phase, and checks the round it shows.
 * An inside roulette bet (`betType`) is chosen with the bet type buttons, then tapped in its area.
 */
async function betAt(
  b: Browser,
  url: string,
  kind: 'baccarat' | 'roulette',
  spot: string,
  size: { width: number; height: number },
  name: string,
  betType?: 'split' | 'street' | 'corner' | 'line',
): Promise<MyBet> {
  // The server's rounds as the table's socket sends them: the result of each round by id.
  const results = new Map<number, Outcome>();
  // What the socket carried, for the failure message: opens, closes and each round's phases.
  const seen: string[] = [];
  const at = () => new Date().toISOString().slice(14, 23);
  const { page, errors, close } = await openGamePage(b, url, size, {
    beforeOpen: (p) =>
      p.on('websocket', (ws) => {
        seen.push(`${at()} open`);
        ws.on('close', () => seen.push(`${at()} close`));
        ws.on('framereceived', (f) => {
          const msg = JSON.parse(String(f.payload)) as TableMsg;
          const r = msg.data?.round;
          const step = `${r?.id}:${r?.phase}`;
          if (r && !seen.at(-1)?.endsWith(step)) seen.push(`${at()} ${step}`);
          if (msg.type === 'state' && r && (r.phase === 'result' || r.phase === 'done')) results.set(r.id, r.outcome);
        });
      }),
  });
  assert.doesNotMatch(await page.getByTestId('game-title').innerText(), /LIVE-\d+/, 'the name, not the code');
  // Ten of the window's fifteen seconds left: the chips, the undo and the bet are several round
  // trips to a browser that shares two cores with the rest of the suite.
  await waitForBetting(page, 10);

  // Two chips, one undone with the keyboard: one chip goes to the server.
  const area = betType ? page.locator(`[data-spot=${spot}] .tb-hit`) : page.locator(`[data-spot=${spot}]`);
  if (betType) {
    await page.locator(`[data-bet-type=${betType}]`).click();
    assert.equal(await page.locator(`[data-bet-type=${betType}]`).getAttribute('aria-pressed'), 'true');
  }
  await area.click();
  await area.click();
  await page.keyboard.press('z');
  if (betType) {
    const said = page.locator(`[data-spot=${spot}] .tb-sr`);
    await said
      .filter({ hasText: /1\.00 to place/ })
      .waitFor({ timeout: 10_000 })
      .catch(async () => {
        assert.fail(`the area tells a screen reader what it holds: ${JSON.stringify(await said.innerText())}`);
      });
  }
  const answer = page.waitForResponse((r) => r.url().endsWith('/studio/api/table/bet'));
  await page.getByTestId('place-bet').click();
  const placed = (await (await answer).json()) as { bet: MyBet; balance: number };
  assert.equal(placed.bet.stake, 100, 'one chip of 1.00 after the undo');
  // A poll answered late must not take the answer's balance back (client/balance-shown.ts).
  await assertBalanceShown(page, placed.balance, 'the server balance');

  // The round is dealt (or spun) and settled; the page shows the server's round.
  await page.waitForFunction(
    () => document.querySelector('[data-testid=my-bets] tr')?.getAttribute('data-status') === 'closed',
    undefined,
    { timeout: 60_000 },
  );
  await page.getByTestId('verdict').filter({ hasText: /\w/ }).waitFor();
  const outcome = results.get(placed.bet.roundId);
  assert.ok(outcome, `the socket sent round ${placed.bet.roundId}'s result: ${seen.join(', ')}`);
  if (kind === 'baccarat') {
    const cards = (hand: string) =>
      page.$$eval(`[data-testid=${hand}-cards] [data-card]`, (els) => els.map((e) => (e as HTMLElement).dataset.card));
    assert.deepEqual(
      await cards('player'),
      (outcome.player ?? []).map((c) => `${c.rank}-${c.suit}`),
      'player cards',
    );
    assert.deepEqual(
      await cards('banker'),
      (outcome.banker ?? []).map((c) => `${c.rank}-${c.suit}`),
      'banker cards',
    );
    const order = await page.$$eval('[data-card]', (els) => els.map((e) => Number((e as HTMLElement).dataset.deal)));
    assert.deepEqual([...order].sort(), order.map((_, i) => i).sort(), 'every card dealt once');
  } else {
    await page.locator('[data-testid=wheel][data-landed]').waitFor({ state: 'attached' });
    const landed = await page.getByTestId('wheel').getAttribute('data-landed');
    assert.equal(Number(landed), outcome.number, 'the wheel lands on the server number');
    assert.equal((await page.getByTestId('number').innerText()).trim(), String(outcome.number));
  }
  const settled = (await tableApi(url)).mine.find((m) => m.betId === placed.bet.betId);
  assert.ok(settled && settled.status === 'closed');
  const lit = await page.locator(`[data-spot=${spot}].win`).count();
  assert.equal(lit === 1, settled.win > settled.stake, 'the area is lit exactly when it wins');
  if (betType) {
    const [, ...numbers] = spot.split('-').map((x) => (Number.isNaN(Number(x)) ? x : Number(x)));
    const sent = (settled.bet as { bets?: { type: string; numbers?: number[]; amount: number }[] }).bets;
    assert.deepEqual(sent, [{ type: betType, numbers, amount: 100 }], 'the engine got the bet of the area tapped');
    if (lit === 1)
      assert.equal(
        (await page.locator(`[data-spot=${spot}] .tb-won`).innerText()).trim(),
        `Win ${shown(settled.win)}`,
        "the area's win is the server's",
      );
  }
  const row = await page.locator('[data-testid=my-bets] tr').first().innerText();
  assert.match(row, settled.win > 0 ? new RegExp(shown(settled.win).replace('.', '\\.')) : /lost/);

  await checkGamePage(page, errors, `studio-tables-${name}`);
  await page.getByTestId('fair-toggle').click();
  await page.getByTestId('seed-hash').waitFor();
  await page.keyboard.press('Escape');
  assert.deepEqual(errors, [], 'no console error');
  await close();
  return settled;
}

test('a new member bets at baccarat and roulette at desktop and phone sizes: the page shows the server round', async () => {
  const b = browser();
  const { page, context } = await newStudioMember(b, 'st', 'Table Tester');
  // The member's own page stays open while the game pages play: a member-centre page, not the home
  // page, whose animations take a core's fraction for the whole test without a GPU.
  await page.goto('/member/transferFund');
  // AG's LIVE-001 is a baccarat table and LIVE-005 a roulette table (apps/studio/src/kit/game-map.ts).
  const launch = (code: string) => launchStudioGame(page, 'AG', code);
  const first = await launch('LIVE-001');
  // Opening the page opens the game session (the browser opens it again with the same token).
  assert.equal((await fetch(new URL(first, baseUrl()))).status, 200);
  const start = (await tableApi(first)).balance;

  // Two pages at once (the tables' rounds run side by side), then the other two sizes.
  const bets = [
    ...(await Promise.all([
      betAt(b, first, 'baccarat', 'banker', { width: 1280, height: 800 }, 'baccarat-desktop'),
      betAt(
        b,
        await launch('LIVE-005'),
        'roulette',
        'split-17-20',
        { width: 390, height: 844 },
        'roulette-phone',
        'split',
      ),
    ])),
    ...(await Promise.all([
      betAt(b, await launch('LIVE-001'), 'baccarat', 'player', { width: 390, height: 844 }, 'baccarat-phone'),
      betAt(b, await launch('LIVE-005'), 'roulette', 'red', { width: 1280, height: 800 }, 'roulette-desktop'),
    ])),
  ];
  // The wallet adds up: every stake left it, every win came back.
  const end = (await tableApi(first)).balance;
  assert.equal(end, start - bets.reduce((t, x) => t + x.stake, 0) + bets.reduce((t, x) => t + x.win, 0));
  await context.close();
});

// A TY (Filipino) launch shows the table page, its betting areas, bet types and hints,
// and the verifier it links in Filipino, and the longer words still fit a 390 px phone.
test('a TY launch shows the roulette table and its verifier in Filipino on a phone', async () => {
  const b = browser();
  const { page, context } = await newStudioMember(b, 'sty', 'Mesa Tester');
  await page.goto('/member/transferFund');
  const url = await page.evaluate(async () => {
    const res = await fetch('/wps/game/launchGame', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: sessionStorage.getItem('token') ?? '' },
      body: JSON.stringify({ vassalage: 'AG', gameCode: 'LIVE-005', language: 'TY', backUrl: '/rng' }),
    });
    return ((await res.json()) as { value?: { url: string } }).value?.url ?? `launch failed: ${res.status}`;
  });
  assert.match(url, /\/studio\/play\?.*lang=TY/, url);
  const game = await openGamePage(b, url, { width: 390, height: 844 });
  const p = game.page;
  assert.equal(await p.getAttribute('html', 'lang'), 'fil');
  await waitForBetting(p, 5, 'Ilagay ang taya');
  assert.deepEqual(
    (await p.locator('[data-bet-type]').allInnerTexts()).map((t) => t.trim()),
    ['Diretso', 'Hati', 'Hilera', 'Kanto', 'Linya'],
  );
  await p.locator('[data-bet-type=split]').click();
  assert.equal(
    (await p.getByTestId('bet-type-hint').innerText()).trim(),
    'Pindutin ang guhit sa pagitan ng dalawang numero',
  );
  await p.locator('[data-spot=split-17-20] .tb-hit').click();
  assert.match(await p.getByTestId('slip').innerText(), /^Ilalagay: Hati 17\/20 1\.00 = 1\.00$/);
  assert.match(await p.locator('[data-spot=split-17-20] .tb-sr').innerText(), /^Hati 17\/20, 1\.00 na ilalagay$/);
  // No English word of the table's own texts is left on the page, in its text or its labels.
  const shown = await p.evaluate(() =>
    [
      document.body.innerText,
      ...Array.from(document.querySelectorAll('[aria-label],[title]')).map(
        (e) => `${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('title') ?? ''}`,
      ),
      ...Array.from(document.querySelectorAll('.tb-sr')).map((e) => e.textContent ?? ''),
    ].join('\n'),
  );
  const english =
    /\b(Place your bets|Undo|Clear|Repeat|Place bet|Straight|Split|Street|Corner|Odd|Even|Column|Betting areas|Pick a chip|Your bets|No bets yet|red|black|green|Tap)\b/;
  assert.doesNotMatch(shown, english);
  await checkGamePage(p, game.errors, 'studio-tables-roulette-ty-phone');

  // The drawer's verify link (once a round's seed is out) opens the verifier in Filipino too.
  await p.getByTestId('fair-toggle').click();
  await p.getByTestId('seed-hash').waitFor();
  const link = p.getByTestId('verify-link');
  const href = (await link.count()) ? await link.getAttribute('href') : '/studio/fair?lang=TY';
  assert.match(href ?? '', /lang=TY/);
  const fair = await p.context().newPage();
  await fair.goto(href ?? '');
  assert.equal(await fair.getAttribute('html', 'lang'), 'fil');
  await fair.getByRole('button', { name: 'Suriin ang crash' }).waitFor();
  assert.doesNotMatch(await fair.locator('body').innerText(), /\b(Verify|Past round|Every outcome|Crash round|Load)\b/);
  await game.close();
  await context.close();
});
