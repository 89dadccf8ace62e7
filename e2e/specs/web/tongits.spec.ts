// e2e: beside own-accounts-b
// A Tongits table in the browser: three members who registered and deposited through the sandbox
// launch the lobby's PVP game at the demo table tongits-2-a (the first through the card room lobby's
// Tongits row, one on a phone), each sits down with a buy-in, and they play one deal to its end on
// the table page: draw from the stock, throw a card, until the stock runs out. Every page shows the
// deal's result with the bills, the page checks the deck in the browser against the revealed seed,
// and the stacks plus the rake are the buy-ins. No console error, no horizontal overflow, no serious
// axe violation on the phone; screenshots kept. Then one member tops up from the page and another
// opens the deal in the member centre's betting record: every hand with its points and the result.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newContext, screenshot } from '../../support/browser';
import { call } from '../../support/site';
import { checkGamePage, GAME_SIZES, launchByNode, newStudioMember } from '../../support/studio';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();
const TABLE = 'tongits-2-a';
/** ₱40, the table's minimum buy-in. */
const BUY_IN_MINOR = 4_000;

type View = {
  seats: ({ stack: number } | null)[];
  deal: { turn: number | null; phase: string; over: boolean; settlement: { rake: number } | null } | null;
};

/**
 * The member's page at the table: the first goes through the card room lobby, whose Tongits row for
 * the table shows its stake and seats and opens it; the others go straight to its address.
 */
async function openTable(b: Browser, url: string, size: { width: number; height: number }, viaLobby = false) {
  const context = await newContext(b, {
    viewport: { width: size.width, height: size.height },
    hasTouch: size.width < 500,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  if (viaLobby) {
    await page.goto(url);
    const row = page.getByTestId('tongits-table').filter({ has: page.locator(`a[href*="table=${TABLE}"]`) });
    await row.getByText('Seats 0/3').waitFor();
    assert.match(await row.innerText(), /Stakes/);
    // The Tongits rows sit in the lobby's grid like the Hold'em ones: the first of each starts at the
    // same left edge with the same width (the heading above the grid, not in its first cell).
    const holdem = page.getByTestId('lobby-table').first();
    await holdem.waitFor();
    const [first, reference] = [
      await page.getByTestId('tongits-table').first().boundingBox(),
      await holdem.boundingBox(),
    ];
    assert.ok(first && reference, 'both rows are laid out');
    assert.equal(Math.round(first.x), Math.round(reference.x), 'the left edges line up');
    assert.equal(Math.round(first.width), Math.round(reference.width), 'the widths agree');
    await row.getByRole('link', { name: 'Open table' }).click();
  } else {
    await page.goto(`${url}&table=${TABLE}`);
  }
  await page.getByTestId('tg-status').waitFor();
  return { page, errors, close: () => context.close() };
}

/** The table as the page's own token sees it. */
function viewOf(page: Page): Promise<View> {
  return page.evaluate(async (table) => {
    const token = new URLSearchParams(location.search).get('token') ?? '';
    const res = await fetch(`/studio/api/pvp/tongits/tables/${table}`, { headers: { 'x-game-token': token } });
    return (await res.json()) as View;
  }, TABLE);
}

test('three members sit at a Tongits table and play a deal to its end; the page checks the deck', async () => {
  const b = browser();
  const members = [
    await newStudioMember(b, 'tga', 'Tongits One'),
    await newStudioMember(b, 'tgb', 'Tongits Two'),
    await newStudioMember(b, 'tgc', 'Tongits Three'),
  ];
  const list = await call<{ games: { nodeId: number; gameCode: string }[] }>(
    'GET',
    '/wps/relay/GCSGAME_gameList?gameType=PVP&pageSize=48',
    members[0]!.token,
  );
  const game = list.value?.games.find((g) => g.gameCode.startsWith('PVP-'));
  assert.ok(game, 'a studio PVP game in the lobby');
  const sizes = [GAME_SIZES[1], GAME_SIZES[0], GAME_SIZES[0]];
  const tables = [];
  for (const [i, m] of members.entries()) {
    const t = await openTable(b, await launchByNode(m.token, game.nodeId), sizes[i]!, i === 0);
    await t.page.getByTestId('tg-buy-in').fill(String(BUY_IN_MINOR / 100));
    await t.page.getByTestId(`tg-sit-${i}`).click();
    await t.page.getByTestId('tg-leave').waitFor();
    tables.push(t);
  }
  const pages = tables.map((t) => t.page);
  // All three seated: the table deals.
  await pages[0]!.locator('[data-testid=tg-hand] .tg-card').first().waitFor();
  for (let moves = 0; moves < 120; moves++) {
    const deal = (await viewOf(pages[0]!)).deal;
    assert.ok(deal, 'a deal in play');
    if (deal.over) break;
    const page = pages[deal.turn!]!;
    if (deal.phase === 'draw') await page.getByTestId('tg-draw').click();
    await page.getByTestId('tg-discard').waitFor();
    await page.locator('[data-testid=tg-hand] .tg-card').first().click();
    await page.getByTestId('tg-discard').click();
    await page.getByTestId('tg-discard').waitFor({ state: 'detached' });
  }
  const end = await viewOf(pages[0]!);
  assert.equal(end.deal?.over, true, 'the deal ended');
  // Nothing was melded, so the stock ran out; every page shows the result with its bills.
  for (const [i, page] of pages.entries()) {
    await page.getByTestId('tg-result').waitFor();
    assert.match(await page.getByTestId('tg-result').innerText(), /wins when the stock ran out/);
    // The deck recomputed in the browser from the revealed seed deals the hand the member got.
    await page.locator('.tg-fair summary').click();
    const check = page.getByTestId('tg-deck-check');
    await check.waitFor();
    assert.match(await check.innerText(), /seed matches its hash and deals your hand/, `member ${i}`);
  }
  const stacks = end.seats.reduce((sum, s) => sum + (s?.stack ?? 0), 0);
  assert.equal(stacks + (end.deal?.settlement?.rake ?? 0), 3 * BUY_IN_MINOR, 'stacks plus rake are the buy-ins');
  await screenshot(pages[1]!, 'tongits-desktop');
  await checkGamePage(pages[0]!, tables[0]!.errors, 'tongits-phone');
  // Between deals a member tops up ₱10 from the page: the chips are on the stack at once.
  const before = end.seats[1]!.stack;
  await pages[1]!.getByTestId('tg-top-up-amount').fill('10');
  await pages[1]!.getByTestId('tg-top-up').click();
  await pages[1]!
    .getByTestId('tg-stack')
    .filter({ hasText: `You: ${((before + 1_000) / 100).toFixed(2)}` })
    .waitFor();
  assert.equal((await viewOf(pages[1]!)).seats[1]!.stack, before + 1_000, 'the top-up is on the stack');
  for (const page of pages) await page.getByTestId('tg-leave').click();
  for (const t of tables) {
    assert.deepEqual(t.errors, [], 'no console error');
    await t.close();
  }
  // The member centre's betting record opens the sitting's deal with every hand, the result and the seeds.
  const site = members[2]!.page;
  await site.goto('/member/personalHistoryCopy');
  await site.getByRole('button', { name: 'Hands' }).first().click();
  await site.locator('[data-testid=pvp-hands] button').first().click();
  await site.getByTestId('pvp-tongits-result').waitFor();
  assert.match(await site.getByTestId('pvp-tongits-result').innerText(), /won when the stock ran out/);
  const hands = await site.locator('[data-testid=pvp-players] li').allInnerTexts();
  assert.equal(hands.length, 3);
  for (const hand of hands) assert.match(hand, /\d+ points/);
  // Its link opens the studio's verifier filled in: the seed matches the committed hash, the deck dealt.
  const verifier = await site.getByTestId('pvp-verifier-link').getAttribute('href');
  assert.ok(verifier, 'a link to the verifier');
  await site.goto(verifier);
  const verified = site.getByTestId('pvp-result');
  await verified.locator('p').first().waitFor();
  assert.equal(await verified.getByTestId('pvp-hash-verdict').getAttribute('class'), 'ok', await verified.innerText());
  assert.equal((await site.getByTestId('pvp-deck').innerText()).split(' ').length, 52);
  for (const m of members) await m.context.close();
});
