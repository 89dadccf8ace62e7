// e2e: beside own-accounts
// page.evaluate() callbacks run in the browser, so these specs see the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PAGE_WAIT_MS } from '../../support/env';
import { firstTileName, freshPage, login, slotGrid } from './games-helpers';
import { useSiteBrowser } from './web-build';

// Game tiles for visitors and trial accounts (spec §4 "Guest and trial", §6 "Visitor: trial or free
// demo prompts login"): a guest's play opens the login popup, and the free trial, which the demo
// brand's FREEPLAY3 allows, opens in the page (guest-play.spec.ts follows it); trial01 gets
// in_need_true_account on play and keeps the free trial in a new window; a blocked window says so
// (in_popup_prompt); lottery pages need a session. Its only account, trial01, is no other spec's, so
// it runs beside the demo members' specs.
const browser = useSiteBrowser();

test('a guest gets the login popup on play, the free trial in the page, and no game window', async () => {
  const page = await freshPage(browser());
  let popups = 0;
  page.on('popup', () => popups++);
  await page.goto('/rng');
  const tiles = page.locator('[data-testid="game-grid"] li');
  await tiles.first().waitFor();
  const name = (await tiles.first().locator('p').innerText()).trim();
  await page.getByRole('button', { name: `Play now: ${name}` }).click();
  const modal = page.getByRole('dialog', { name: 'Log in' });
  await modal.waitFor();
  await modal.getByRole('button', { name: 'Close' }).click();
  await modal.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: `Free trial: ${name}` }).click();
  await page.waitForURL(/\/try\?nodeId=\d+/);
  await page.getByTestId('free-play-banner').waitFor();
  await page.getByTestId('game-frame').waitFor();
  assert.equal(await page.getByTestId('game-name').innerText(), name);
  assert.equal(popups, 0, 'no game window for a guest');
  await page.context().close();
});

test('a blocked game window shows in_popup_prompt', async () => {
  const page = await freshPage(browser());
  // A popup blocker makes window.open answer null.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await login(page, 'trial01');
  await page.goto('/rng');
  await slotGrid(page).locator('li').first().waitFor();
  const name = await firstTileName(page);
  await page.getByRole('button', { name: `Free trial: ${name}` }).click();
  await page.getByRole('alertdialog').getByText('Your browser blocked the game window', { exact: false }).waitFor();
  await page.context().close();
});

test('trial01 gets in_need_true_account on play, and may still use the free trial', async () => {
  const page = await freshPage(browser());
  await login(page, 'trial01');
  await page.goto('/rng');
  await slotGrid(page).locator('li').first().waitFor();
  const name = await firstTileName(page);
  await page.getByRole('button', { name: `Play now: ${name}`, exact: true }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText('Please use a real account to play').waitFor();
  // It offers to register (spec §6); the player declines and stays on the list.
  await dialog.getByRole('button', { name: 'Register' }).waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.doesNotMatch(page.url(), /seamless/);

  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: `Free trial: ${name}` }).click(),
  ]);
  await popup.waitForURL((url) => url.href !== 'about:blank', { timeout: PAGE_WAIT_MS });
  await page.context().close();
});

test('lottery pages need a session: a guest goes to /login', async () => {
  const page = await freshPage(browser());
  for (const path of ['/lottery', '/seaLottery', '/vnLottery']) {
    await page.goto(path);
    await page.waitForURL(/\/login/);
  }
  await page.context().close();
});

test('every category link of the header opens its game list (JILI, game type JL, under /jili)', async () => {
  const page = await freshPage(browser());
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Game categories' });
  await nav.locator('a[href="/jili"]').first().waitFor({ state: 'attached' });
  const hrefs = await nav
    .locator('a')
    .evaluateAll((links) =>
      links.map((a) => a.getAttribute('href') ?? '').filter((h) => /^\/[a-z]+$/i.test(h) && h !== '/promotions'),
    );
  const categories = [...new Set(hrefs)];
  assert.ok(categories.length >= 8, `category links: ${categories.join(' ')}`);
  for (const href of categories) {
    await page.goto(href);
    const list = page.locator('[data-game-type]');
    await list.waitFor();
    assert.notEqual(await list.getAttribute('data-game-type'), 'ALL', href);
  }
  await page.context().close();
});
