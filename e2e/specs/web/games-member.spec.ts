// page.evaluate() callbacks run in the browser, so these specs see the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshot } from '../../support/browser';
import { firstTileName, freshPage, gameCount, login, slotGrid } from './games-helpers';
import { useSiteBrowser } from './web-build';

// The games part of the player site for a real member: browse a category with vendor
// chips and search, favourites, launch into /seamless, recent games, the popup game list of
// isGame VASSALAGE vendors, lottery pages, betting record and personal loss. One login for the
// file (the node test runner gives a spec file 120 s).
useSiteBrowser(async (chromium) => {
  member = await freshPage(chromium);
  await login(member, 'demo01');
});
let member: Page;

test('a member browses slots, filters by vendor and searches by name', async () => {
  const page = member;
  await page.goto('/rng');
  await slotGrid(page).locator('li').first().waitFor();
  const all = await gameCount(page);
  assert.ok(all > 100, `slots listed: ${all}`);
  assert.ok(await page.getByRole('button', { name: 'Scratch cards' }).isVisible(), 'slot sub-category tabs');

  // Vendor chips (spec §3 vendor lanes): one vendor's games only, and the query keeps it.
  const chips = page.getByRole('group', { name: 'Providers' }).getByRole('button');
  const vendorChip = chips.nth(1);
  const vendorName = (await vendorChip.innerText()).trim();
  await vendorChip.click();
  await page.waitForURL(/vassalage=/);
  await page.waitForFunction(
    (before) => Number(document.querySelector('[data-testid="game-count"]')?.textContent?.replace(/\D/g, '')) < before,
    all,
  );
  const vendorCount = await gameCount(page);
  assert.ok(vendorCount > 0 && vendorCount < all, `${vendorName}: ${vendorCount} of ${all}`);
  assert.equal(await vendorChip.getAttribute('aria-pressed'), 'true');
  await screenshot(page, 'games-rng-vendor');

  // The vassalage query preselects the vendor on a fresh visit.
  const vendorUrl = page.url();
  await page.goto(vendorUrl);
  await slotGrid(page).locator('li').first().waitFor();
  assert.equal(await gameCount(page), vendorCount);

  // Debounced name search, case-insensitive, combined with the vendor filter cleared.
  await chips.first().click();
  await page.waitForFunction(
    (expected) =>
      Number(document.querySelector('[data-testid="game-count"]')?.textContent?.replace(/\D/g, '')) === expected,
    all,
  );
  const name = await firstTileName(page);
  const word = name.split(' ')[0] as string;
  await page.getByRole('searchbox', { name: 'Search games' }).fill(word.toUpperCase());
  await page.waitForFunction(
    (before) => Number(document.querySelector('[data-testid="game-count"]')?.textContent?.replace(/\D/g, '')) < before,
    all,
  );
  const names = await slotGrid(page).locator('li p').allInnerTexts();
  assert.ok(names.length > 0);
  for (const n of names) assert.match(n.toLowerCase(), new RegExp(word.toLowerCase()));
});

test('a member adds and removes a favourite with the heart', async () => {
  const page = member;
  await page.goto('/rng');
  await slotGrid(page).locator('li').first().waitFor();
  const name = await firstTileName(page);
  const add = page.getByRole('button', { name: `Add to favourites: ${name}` });
  const saved = page.waitForResponse((r) => r.url().includes('addFavoriteGameV2'));
  await add.click();
  // The heart turns at once (optimistic add) ...
  const remove = page.getByRole('button', { name: `Remove from favourites: ${name}` });
  await remove.waitFor();
  assert.equal(await remove.getAttribute('aria-pressed'), 'true');
  // ... and the server has it before the list is read.
  assert.equal((await saved).status(), 200);

  await page.getByRole('tab', { name: 'Favourites' }).click();
  const favourites = page.getByRole('list', { name: 'Favourites' });
  await favourites.getByText(name, { exact: true }).waitFor();
  // spec §4: one toggle per 1000 ms; removing filters the list at once.
  await page.waitForTimeout(1100);
  await favourites.getByRole('button', { name: `Remove from favourites: ${name}` }).click();
  await page.getByText('No favourite games yet', { exact: false }).waitFor();

  // The server agrees after a reload.
  await page.reload();
  await page.getByRole('tab', { name: 'Favourites' }).click();
  await page.getByText('No favourite games yet', { exact: false }).waitFor();
});

test('a member launches a game into /seamless and finds it under recent games', async () => {
  const page = member;
  await page.goto('/rng');
  await slotGrid(page).locator('li').first().waitFor();
  const name = await firstTileName(page);
  await page.getByRole('button', { name: `Play now: ${name}`, exact: true }).click();
  await page.waitForURL(/\/seamless\?nodeId=\d+/);
  const frame = page.getByTestId('game-frame');
  await frame.waitFor();
  const src = await frame.getAttribute('src');
  assert.ok(src && src.length > 0, 'the iframe carries the launch URL');
  assert.equal(await page.locator('footer').count(), 0, 'header only on the seamless page');
  await screenshot(page, 'games-seamless');

  await page.getByRole('link', { name: 'Back to lobby' }).click();
  await page.waitForURL(/\/rng/);
  await page.getByRole('tab', { name: 'Recent' }).click();
  await page.getByRole('list', { name: 'Recent' }).getByText(name, { exact: true }).waitFor();
});

test('a sports vendor (isGame VASSALAGE) opens its popup game list, whose games launch', async () => {
  const page = member;
  await page.goto('/sports');
  const tiles = page.locator('[data-testid="game-grid"] li');
  await tiles.first().waitFor();
  // Vendors name their games alike ("Virtual Football"): the buttons are taken inside their tile.
  await tiles
    .first()
    .getByRole('button', { name: /^Play now/ })
    .click();
  const popup = page.getByRole('dialog');
  await popup.getByRole('listitem').first().waitFor();
  await screenshot(page, 'games-vendor-popup');
  await popup
    .getByRole('listitem')
    .first()
    .getByRole('button', { name: /^Play now/ })
    .click();
  await page.waitForURL(/\/seamless\?nodeId=\d+/);
  await page.getByTestId('game-frame').waitFor();
});

test('the betting record and personal loss pages filter by period', async () => {
  const page = member;
  await page.goto('/member/personalHistoryCopy');
  await page.getByRole('heading', { name: 'Betting record', level: 1 }).waitFor();
  await page.getByTestId('betting-totals').waitFor();
  await page.getByRole('button', { name: 'Past 30 days' }).click();
  assert.equal(await page.getByRole('button', { name: 'Past 30 days' }).getAttribute('aria-pressed'), 'true');
  await page.getByRole('button', { name: 'Custom' }).click();
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('alert').getByText('Choose both a start and an end date.').waitFor();
  await page.getByLabel('Game type').selectOption('RNG');
  await page.getByTestId('betting-totals').waitFor();

  await page.goto('/member/personalProfit');
  await page.getByRole('heading', { name: 'Personal loss', level: 1 }).waitFor();
  const overall = page.getByTestId('profit-overall');
  await overall.waitFor();
  assert.match(await overall.innerText(), /Deposits/);
  await page.getByRole('heading', { name: 'By game type' }).waitFor();
  await screenshot(page, 'games-personal-profit');
});

test('a lottery page opens the chosen game in the page with its draw countdown', async () => {
  const page = member;
  await page.goto('/vnLottery');
  await page.getByRole('heading', { name: 'Vietnam lottery', level: 1 }).waitFor();
  await page.waitForURL(/gameCode=/);
  const frame = page.getByTestId('lottery-frame');
  await frame.waitFor();
  assert.ok(await frame.getAttribute('src'));
  await page.getByText('Closes in').waitFor();
  // Another game of the menu: the gameCode query follows the choice.
  // The menu's own buttons only: the recent list below it reorders as games are launched.
  const buttons = page.getByRole('complementary').locator('section').first().getByRole('button');
  if ((await buttons.count()) > 1) {
    const before = page.url();
    await buttons.nth(1).click();
    await page.waitForURL((url) => url.href !== before && url.searchParams.has('gameCode'));
    await page
      .getByRole('complementary')
      .locator('section')
      .first()
      .locator('button[aria-pressed="true"]')
      .nth(0)
      .waitFor();
    assert.equal(await buttons.nth(1).getAttribute('aria-pressed'), 'true');
  }
  await screenshot(page, 'games-vn-lottery');
});

test('the home slot section shows six games of the chosen vendor, and the live section real tables', async () => {
  const page = member;
  await page.goto('/');
  const slots = page.getByTestId('home-slot-games');
  await slots.locator('li').first().waitFor();
  assert.equal(await slots.locator('li').count(), 6);
  const before = await slots.locator('li p').allInnerTexts();
  const vendors = page.getByRole('group', { name: 'Providers' }).getByRole('button');
  assert.equal(await vendors.count(), 4, 'the first four slot vendors');
  await vendors.nth(1).click();
  // The section shows a placeholder while the vendor's games load: wait for the new tiles themselves.
  await page.waitForFunction((names) => {
    const shown = Array.from(document.querySelectorAll('[data-testid="home-slot-games"] li p'), (p) => p.textContent);
    return shown.length > 0 && shown.join('|') !== names.join('|');
  }, before);
  assert.equal(await slots.locator('li').count(), 6);
  const live = page.getByTestId('home-live-games');
  await live.locator('li').first().waitFor();
  assert.ok((await live.locator('li').count()) >= 2);
  assert.match((await live.locator('li').first().getAttribute('class')) ?? '', /col-span-2/, 'first items larger');
});
