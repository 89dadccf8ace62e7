// e2e: beside own-accounts-c
// (a visitor's lobby and a member it registers itself: nothing it does touches shared accounts)
// page.evaluate() callbacks run in the browser, so this spec sees the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { api } from '../../support/api';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot } from '../../support/browser';
import { markPopupsSeen } from '../../support/player';
import { registerFromModal } from '../../support/site';
import { useSiteBrowser } from './web-build';

// The lobby (docs/games.md "Popular and hot"): the Sort control changes the order of the tiles as
// the server orders them (A-Z by the page's names, new, popular); HOT marks only the few most played
// games; the winners strip's Play now opens the winner's game. At 1440 x 900 and 390 x 844; axe
// finds no serious violation.

const browser = useSiteBrowser();
const axeFindings: string[] = [];

type Tile = { nodeId: number; gameName: string; isHot: boolean };
type Page0 = { games: Tile[]; totalElements: number };

async function listed(query: string): Promise<Page0> {
  const res = await api<Page0>('GET', `/wps/relay/GCSGAME_gameList?language=EN&${query}`);
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.value as Page0;
}

async function page(chromium: Browser, width: number, height: number): Promise<Page> {
  const p = await newPage(chromium);
  await p.setViewportSize({ width, height });
  await markPopupsSeen(p);
  return p;
}

const tiles = (p: Page) => p.locator('[data-testid="game-grid"] [data-node-id]');

/** The node ids of the first `n` tiles on screen, once the first is `first`. */
async function firstIds(p: Page, first: number, n: number): Promise<number[]> {
  await p
    .locator(`[data-testid="game-grid"] [data-node-id]`)
    .first()
    .and(p.locator(`[data-node-id="${first}"]`))
    .waitFor();
  const ids = await tiles(p).evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-node-id'))));
  return ids.slice(0, n);
}

test('at 1440 px the Sort control orders the lobby A-Z, new and popular, as the server does', async () => {
  const p = await page(browser(), 1440, 900);
  await p.goto('/lobby');
  await p.getByTestId('game-count').waitFor();
  const sort = p.getByTestId('lobby-sort');
  assert.equal(await sort.inputValue(), 'featured');

  for (const [value, query] of [
    ['name', 'sort=name'],
    ['new', 'sort=new'],
    ['popular', 'sort=popular'],
  ] as const) {
    await sort.selectOption(value);
    await p.waitForURL(new RegExp(`[?&]sort=${value}`));
    const expected = (await listed(`${query}&pageSize=12`)).games;
    assert.deepEqual(
      await firstIds(p, expected[0]!.nodeId, 8),
      expected.slice(0, 8).map((g) => g.nodeId),
      value,
    );
    if (value === 'name') {
      const names = expected.map((g) => g.gameName);
      assert.deepEqual(names, [...names].sort(new Intl.Collator('en', { sensitivity: 'base', numeric: true }).compare));
    }
  }
  await screenshot(p, 'lobby-popular-1440');
  axeFindings.push(...(await seriousAxeViolations(p)).map((v) => `lobby 1440: ${v}`));

  // HOT is on the few most played games only: on the popular order's first tiles, as the server marks them.
  const popular = (await listed('sort=popular&pageSize=60')).games;
  const hotShown = await tiles(p)
    .filter({ has: p.getByText('HOT', { exact: true }) })
    .evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-node-id'))));
  const hotListed = popular.filter((g) => g.isHot).map((g) => g.nodeId);
  assert.deepEqual(
    hotShown,
    hotListed.filter((id) => hotShown.includes(id)),
  );
  const everyListed = await listed('pageSize=1');
  assert.ok(hotListed.length <= Math.ceil(everyListed.totalElements * 0.02), `${hotListed.length} hot games`);
  assert.ok(hotListed.length < popular.length / 4, 'not nearly every tile is hot');
});

test('at 390 px the order is kept in the address and shown in the control', async () => {
  const p = await page(browser(), 390, 844);
  await p.goto('/rng?sort=popular');
  const sort = p.getByTestId('lobby-sort');
  await sort.waitFor();
  assert.equal(await sort.inputValue(), 'popular');
  const expected = (await listed('gameType=RNG&sort=popular&pageSize=4')).games;
  assert.deepEqual(
    await firstIds(p, expected[0]!.nodeId, 4),
    expected.map((g) => g.nodeId),
  );
  await sort.selectOption('name');
  await p.waitForURL(/[?&]sort=name/);
  const byName = (await listed('gameType=RNG&sort=name&pageSize=4')).games;
  assert.deepEqual(
    await firstIds(p, byName[0]!.nodeId, 4),
    byName.map((g) => g.nodeId),
  );
  const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the lobby scrolls sideways by ${overflow} px`);
  await screenshot(p, 'lobby-sort-390');
  axeFindings.push(...(await seriousAxeViolations(p)).map((v) => `lobby 390: ${v}`));
});

test("the winners strip's Play now opens the winner's game", async () => {
  const rank = await api<{ list: { vo: { gameName: string; nodeId: number | null } }[] }>(
    'GET',
    '/wps/relay/GCSGAME_getRankList?gameCategory=ALL&language=EN&limitNum=20',
  );
  const winner = rank.body.value?.list.find((w) => w.vo.nodeId !== null)?.vo;
  assert.ok(winner, `the demo's evening left winners: ${JSON.stringify(rank.body)}`);
  const p = await page(browser(), 390, 844);
  const username = `lob${Date.now().toString(36).slice(-8)}`;
  await registerFromModal(p, { username, password: 'Secret123', payeeName: 'Lobby Tester' });
  await p.goto('/');
  const strip = p.getByTestId('winners-strip');
  await strip.waitFor();
  await strip
    .getByRole('button', { name: `Play now: ${winner.gameName}` })
    .first()
    .click();
  await p.waitForURL(new RegExp(`/seamless\\?nodeId=${winner.nodeId}$`));
  await screenshot(p, 'winners-strip-opened');
});

test('axe finds no serious violation in the lobby', () => {
  assert.deepEqual(axeFindings, []);
});
