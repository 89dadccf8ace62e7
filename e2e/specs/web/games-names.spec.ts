// What players read on game pages: a visitor sees the catalogue (home Slots tiles,
// category pages without a 401), and a member's game pages are titled by the game's name, never
// its catalogue code; the fishing game draws its fish and its history panel opens without a page
// error (the history lists the member's slot rounds too); lottery and provider labels are words.
// Named to run before recovery.spec.ts, which changes demo01's password.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FrameLocator, Page } from 'playwright-core';
import { screenshot } from '../../support/browser';
import { freshPage, login } from './games-helpers';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();

/** A catalogue code (SLOT-00039, FISH-001, LOTT-001). */
const CODE = /\b[A-Z]+-\d{3,}\b/;
/** An account type code used as a label (LOTT_LOTT, ELOTT_ELOTT). */
const TYPE_CODE = /^[A-Z0-9]+_[A-Z0-9_]+$/;

/** Collects the page's uncaught errors (every frame) and the 401 answers and console errors. */
function watch(page: Page) {
  const errors: string[] = [];
  const unauthorised: string[] = [];
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /401|Unauthorized/i.test(msg.text())) unauthorised.push(msg.text());
  });
  page.on('response', (res) => {
    if (res.status() === 401) unauthorised.push(`${res.status()} ${res.url()}`);
  });
  return { errors, unauthorised };
}

async function visibleText(scope: Page | FrameLocator): Promise<string> {
  return scope.locator('body').innerText();
}

test('a visitor sees slot tiles on the home page and category pages without a 401', async () => {
  const page = await freshPage(browser());
  const seen = watch(page);
  await page.goto('/');
  const slots = page.getByTestId('home-slot-games').locator('li');
  await slots.first().waitFor();
  assert.ok((await slots.count()) > 0, 'the Slots section shows tiles to a visitor');
  await screenshot(page, 'games-names-guest-home');

  for (const category of ['/rng', '/fish', '/elott']) {
    await page.goto(category);
    await page.locator('[data-testid="game-grid"] li').first().waitFor();
    assert.ok((await page.getByTestId('game-count').innerText()).match(/\d/), `${category} counts its games`);
  }
  await screenshot(page, 'games-names-guest-elott');
  // The E-lottery provider chips are words (a TY-blanked TCG vendor by a neutral label).
  const chips = page.getByRole('group', { name: 'Providers' }).getByRole('button');
  for (const chip of await chips.all()) {
    const text = (await chip.innerText()).trim();
    assert.ok(text.length > 0, 'a provider chip has a name');
    assert.doesNotMatch(text, TYPE_CODE);
  }
  assert.deepEqual(seen.unauthorised, [], 'no 401 answers or console errors');
  assert.deepEqual(seen.errors, []);
});

type Listed = { gameName: string; gameCode: string; vassalage: string };

/** A category's games as a visitor lists them (the first 100). */
async function listed(page: Page, gameType: string): Promise<Listed[]> {
  return page.evaluate(async (type) => {
    const res = await fetch(`/wps/relay/GCSGAME_gameList?gameType=${type}&pageSize=100&language=EN`);
    return ((await res.json()) as { value: { games: Listed[] } }).value.games;
  }, gameType);
}

/** Launches a game from its tile on its category page (found by the search box); answers the game frame. */
async function launch(page: Page, gameType: string, name: string): Promise<FrameLocator> {
  await page.goto(`/${gameType.toLowerCase()}`);
  await page.getByRole('searchbox').fill(name);
  await page
    // exact: another title may contain this one ("Gold" and "Gold Rush"), and the list's order moves with play.
    .getByRole('button', { name: `Play now: ${name}`, exact: true })
    .first()
    .click();
  await page.waitForURL(/\/seamless\?nodeId=\d+/);
  const game = page.frameLocator('[data-testid=game-frame]');
  await game.getByTestId('game-title').waitFor();
  return game;
}

async function assertNamed(page: Page, game: FrameLocator, name: string) {
  assert.equal((await page.getByTestId('game-name').innerText()).trim(), name, 'the site names the game');
  assert.equal((await game.getByTestId('game-title').innerText()).replace(/DEMO$/, '').trim(), name);
  assert.doesNotMatch(await visibleText(page), CODE);
  assert.doesNotMatch(await visibleText(game), CODE);
}

test('a member plays a slot and a fishing game titled by their names; the fish history opens cleanly', async () => {
  const page = await freshPage(browser());
  const seen = watch(page);
  await login(page, 'demo01');

  // A slot and a fishing game of one vendor: a player's history there spans both games.
  const slots = (await listed(page, 'RNG')).filter((g) => g.gameCode.startsWith('SLOT-'));
  const fishes = await listed(page, 'FISH');
  const fishGame = fishes.find((f) => slots.some((g) => g.vassalage === f.vassalage));
  assert.ok(fishGame, 'a vendor with slots and a fishing game');
  const slotGame = slots.find((g) => g.vassalage === fishGame.vassalage)!;
  const slot = { name: slotGame.gameName, game: await launch(page, 'RNG', slotGame.gameName) };
  await assertNamed(page, slot.game, slot.name);
  // A slot round, so the member's history (which spans their games) holds a round of another engine.
  await slot.game.getByTestId('spin').click();
  // The history sits in the fairness drawer (closed): the row is attached, not shown.
  await slot.game.locator('[data-testid=history] tbody tr[data-round-id]').first().waitFor({ state: 'attached' });
  const playAll = slot.game.getByRole('button', { name: 'Play all' });
  if (await playAll.isVisible()) await playAll.click();
  await screenshot(page, 'games-names-slot');

  const fish = { name: fishGame.gameName, game: await launch(page, 'FISH', fishGame.gameName) };
  await assertNamed(page, fish.game, fish.name);
  // The history panel lists the slot round, summarised as a slot round.
  const rows = fish.game.locator('[data-testid=history] tbody tr[data-round-id]');
  await rows
    .filter({ hasText: /\d+ wins?/ })
    .first()
    .waitFor({ state: 'attached' });
  // Drawn fish: visible SVG figures in the sea, not emoji that need a font.
  const drawn = fish.game.locator('[data-testid=sea] svg.fish');
  await drawn.first().waitFor();
  assert.ok((await drawn.count()) >= 3, 'the sea shows a school of drawn fish');
  const box = await drawn.first().boundingBox();
  assert.ok(box && box.width > 30 && box.height > 15, 'a fish has a visible size');
  await fish.game.getByTestId('spin').click();
  await fish.game
    .locator('[data-testid=history] tbody tr[data-round-id]')
    .first()
    .filter({ hasText: /\d+\/\d+ caught/ })
    .waitFor({ state: 'attached' });
  await screenshot(page, 'games-names-fish');
  assert.deepEqual(seen.errors, [], 'no page error in the site or the game frames');
});

test('a member opens a lottery game titled by its name, under providers named in words', async () => {
  const page = await freshPage(browser());
  const seen = watch(page);
  await login(page, 'demo01');
  await page.goto('/lottery');
  const frame = page.getByTestId('lottery-frame');
  await frame.waitFor();
  const game = page.frameLocator('[data-testid=lottery-frame]');
  await game.getByTestId('game-title').waitFor();
  const chosen = (await page.locator('aside button[aria-pressed=true] span.truncate').first().innerText()).trim();
  assert.equal((await game.getByTestId('game-title').innerText()).replace(/DEMO$/, '').trim(), chosen);
  assert.equal(await frame.getAttribute('title'), chosen);
  for (const heading of await page.getByTestId('lottery-vendor').all()) {
    const text = (await heading.innerText()).trim();
    assert.ok(text.length > 0, 'a lottery provider heading has a name');
    assert.doesNotMatch(text, TYPE_CODE);
  }
  assert.doesNotMatch(await visibleText(page), CODE);
  assert.doesNotMatch(await visibleText(game), CODE);
  await screenshot(page, 'games-names-lottery');

  // A ticket on this game: the betting record names its provider in words (a TY-blanked TCG vendor
  // by its neutral label), never blank or by code.
  const provider = (
    await page
      .locator('aside section', { has: page.locator('button[aria-pressed=true]') })
      .first()
      .getByTestId('lottery-vendor')
      .innerText()
  ).trim();
  await game.getByTestId('bet-type').selectOption('lo2');
  await game.getByTestId('numbers').fill('27');
  const bought = page.waitForResponse((r) => r.url().endsWith('/studio/api/lottery/ticket'));
  await game.getByTestId('buy').click();
  assert.equal((await bought).status(), 200);
  await page.goto('/member/personalHistoryCopy');
  const row = page.locator('tr', { hasText: chosen }).first();
  await row.waitFor();
  const cells = await row.locator('td').allInnerTexts();
  assert.equal(cells[2]?.trim(), provider, `the provider column of ${cells.join(' | ')}`);
  await screenshot(page, 'games-names-betting-record');
  assert.deepEqual(seen.errors, []);
});
