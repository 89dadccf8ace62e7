// e2e: alone
// Vendor maintenance in the browser (spec §8 "Game maintenance (suggest other games)"):
// an operator puts a slot vendor in maintenance; its chip stays on /rng with a maintenance mark, and
// so does its entry in the header's Slots drop-down menu; its games stay listed, each marked, as many as the back office counts as listed; Play now says
// the game is in maintenance and suggests other games, none of them in maintenance. Each tile's mark
// says "Under maintenance" while no end is announced, and "Maintenance until <time>" (the brand's
// clock, the zone named) once one is. Alone: the
// vendor's games refuse launches while it runs, which other specs' games must never meet; the
// vendor is made active again whatever happens.
import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Page } from 'playwright-core';
import { operatorToken } from '../../support/api';
import { screenshot } from '../../support/browser';
import { call } from '../../support/site';
import { freshPage, gameCount, login } from './games-helpers';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();
let page: Page;
let admin = '';
let vendor = '';
let vendorName = '';

type Counts = { activeGameCount: number; listedGameCount: number };

/** spec §9: the header drop menu shows a category's first 13 vendors (web lib/game-menus DROP_MENU_VENDORS). */
const DROP_MENU_VENDORS = 13;

/** The vendor's entry in the header's Slots drop-down, opened by hovering the category. */
async function headerMenuEntry(p: Page) {
  const slots = p
    .getByRole('navigation', { name: 'Game categories' })
    .locator('li')
    .filter({ has: p.locator('a[href="/rng"]') });
  // The category's own link comes first; with 13 vendors or more the menu ends in "More", to /rng too.
  await slots.locator('a[href="/rng"]').first().hover();
  const entry = slots.locator(`a[href="/rng?vassalage=${encodeURIComponent(vendor)}"]`);
  await entry.waitFor();
  return entry;
}

/** The back office's counts of the vendor's slots (its game menus entry under RNG). */
async function consoleCounts(code: string): Promise<Counts> {
  const res = await call<{ list: { gameType: string; vendors: (Counts & { code: string })[] }[] }>(
    'GET',
    '/admin/games/menus',
    admin,
  );
  const found = res.value?.list.find((c) => c.gameType === 'RNG')?.vendors.find((v) => v.code === code);
  assert.ok(found, code);
  return found;
}

after(async () => {
  if (vendor) await call('PUT', `/admin/games/vendors/${vendor}`, admin, { status: 'active' });
});

// A demo member no other spec signs in with: this spec runs alone, after every other, and by then
// recovery.spec has changed demo01's password.
const PLAYER = 'team06';

test('a vendor in maintenance keeps its chip and its games on /rng, marked, as many as the back office lists', async () => {
  admin = await operatorToken();
  const menus = await call<{ gameCategory: string; vendors: { vassalage: string; name: string }[] }[]>(
    'GET',
    '/lgw/games/game_menus',
    '',
  );
  const rng = menus.value?.find((c) => c.gameCategory === 'RNG');
  // The last vendor the header's drop-down shows, so its mark there can be checked too.
  const last = rng?.vendors.slice(0, DROP_MENU_VENDORS).at(-1);
  assert.ok(last, 'a slot vendor');
  vendor = last.vassalage;
  vendorName = last.name;
  const res = await call<{ status: string; activeGameCount: number }>('PUT', `/admin/games/vendors/${vendor}`, admin, {
    status: 'maintenance',
  });
  assert.equal(res.success, true, JSON.stringify(res));
  assert.equal(res.value?.activeGameCount, 0);
  const counts = await consoleCounts(vendor);
  assert.equal(counts.activeGameCount, 0);
  assert.ok(counts.listedGameCount > 0);

  // A page opened after the change: the menus answer is cached for a minute (max-age=60).
  page = await freshPage(browser());
  await login(page, PLAYER);
  await page.goto(`/rng?vassalage=${vendor}`);
  const chip = page.getByRole('group', { name: 'Providers' }).getByRole('button', { name: new RegExp(vendorName) });
  await chip.getByTestId('vendor-maintenance').waitFor();
  await page.locator('[data-testid="game-grid"] li').first().waitFor();
  // Every listed game of the vendor is there, and the console counts the same number.
  assert.equal(await gameCount(page), counts.listedGameCount);
  const tiles = page.locator('[data-testid="game-grid"] li');
  const shown = await tiles.count();
  assert.ok(shown > 0);
  const marks = page.locator('[data-testid="game-grid"] [data-testid="game-maintenance"]');
  assert.equal(await marks.count(), shown);
  // No end announced: every mark says so.
  assert.deepEqual([...new Set(await marks.allTextContents())], ['Under maintenance']);
  await screenshot(page, 'games-vendor-maintenance');

  // The header's drop-down marks it too, and the mark's words are part of the entry's name.
  const entry = await headerMenuEntry(page);
  await entry.getByTestId('vendor-maintenance').waitFor();
  const escapedName = vendorName.replace(/[.*+?^$()|[\]{}\\]/g, '\\$&');
  const named = new RegExp(`${escapedName}.*Maintenance`, 'is');
  assert.equal(
    await page.getByRole('navigation', { name: 'Game categories' }).getByRole('link', { name: named }).count(),
    1,
  );
  await screenshot(page, 'games-vendor-maintenance-header-menu');
  await page.mouse.move(0, 600);
});

test('Play now on a game in maintenance says so and suggests other games that are open', async () => {
  const tile = page.locator('[data-testid="game-grid"] li').first();
  const before = page.url();
  await tile.getByRole('button', { name: /^Play now:/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Game maintenance' });
  await dialog.waitFor();
  // The vendor was put in maintenance with no announced end: the dialog names it, with no time.
  await dialog.getByText(`${vendorName} is under maintenance. Please try other games.`).waitFor();
  const suggestions = dialog.locator('[data-node-id]');
  await suggestions.first().waitFor();
  assert.ok((await suggestions.count()) > 0);
  assert.equal(await dialog.getByTestId('game-maintenance').count(), 0, 'no suggestion is in maintenance');
  assert.equal(page.url(), before, 'no game page opened');
  await screenshot(page, 'games-maintenance-launch');
  await dialog.getByRole('button', { name: 'Close' }).click();
});

/** What a clock in `timeZone` reads at `iso`, as the tile writes it in English (spaces folded). */
function tileTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    timeZone,
  }).format(new Date(iso));
}
const folded = (text: string) => text.replace(/\s+/g, ' ').trim();

test("with an end announced, each tile says until when, on the brand's clock, with the list's data", async () => {
  const until = new Date(Date.now() + 3 * 3_600_000);
  until.setSeconds(0, 0);
  const res = await call('PUT', `/admin/games/vendors/${vendor}`, admin, {
    status: 'maintenance',
    maintenanceUntil: until.toISOString(),
  });
  assert.equal(res.success, true, JSON.stringify(res));
  const list = await call<{ games: { vendorMaintenance: { until: string; timeZone: string } | null }[] }>(
    'GET',
    `/wps/relay/GCSGAME_gameList?vassalage=${encodeURIComponent(vendor)}&pageSize=1`,
    '',
  );
  const timeZone = list.value?.games[0]?.vendorMaintenance?.timeZone;
  assert.ok(timeZone, JSON.stringify(list));
  const expected = folded(`Maintenance until ${tileTime(until.toISOString(), timeZone)}`);

  await page.context().close();
  page = await freshPage(browser());
  await login(page, PLAYER);
  // The badges come with the game list: no API call names one game (a per-tile request would).
  const perTile: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (/^\/(wps|lgw)\//.test(url.pathname) && /nodeId/i.test(url.search)) perTile.push(r.url());
  });
  await page.goto(`/rng?vassalage=${vendor}`);
  const marks = page.locator('[data-testid="game-grid"] [data-testid="game-maintenance"]');
  await marks.first().waitFor();
  assert.equal(await marks.count(), await page.locator('[data-testid="game-grid"] li').count());
  assert.deepEqual([...new Set((await marks.allTextContents()).map(folded))], [expected]);
  assert.deepEqual(perTile, [], 'no request per tile');
  await screenshot(page, 'games-vendor-maintenance-until');
});

test('back to active, the marks go and the console counts the games playable again', async () => {
  await call('PUT', `/admin/games/vendors/${vendor}`, admin, { status: 'active' });
  const counts = await consoleCounts(vendor);
  assert.equal(counts.activeGameCount, counts.listedGameCount);
  await page.context().close();
  page = await freshPage(browser());
  await login(page, PLAYER);
  await page.goto(`/rng?vassalage=${vendor}`);
  await page.locator('[data-testid="game-grid"] li').first().waitFor();
  assert.equal(await page.getByTestId('vendor-maintenance').count(), 0);
  assert.equal(await page.getByTestId('game-maintenance').count(), 0);
  assert.equal(await gameCount(page), counts.listedGameCount);
  const entry = await headerMenuEntry(page);
  assert.equal(await entry.getByTestId('vendor-maintenance').count(), 0);
});
