// page.evaluate() callbacks run in the browser, so these specs see the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { screenshot } from '../../support/browser';
import { freshPage, login } from './games-helpers';
import { useSiteBrowser } from './web-build';

// A vendor's own offer: the LIVE rooms of GLS2_roomList on /live with a vendor chip
// selected, and the "Open <vendor> lobby" action (GCS_gameLaunchFB) of lobby vendors. The mini
// games category from the header menu, its page and a launch. The house sportsbook is one card.
const browser = useSiteBrowser(async (chromium) => {
  member = await freshPage(chromium);
  await login(member, 'demo01');
});
let member: Page;

test('a LIVE vendor chip shows its rooms with minimum bet and status, and a room launches into /seamless', async () => {
  const page = member;
  await page.goto('/live');
  await page.locator('[data-testid="game-grid"] li').first().waitFor();
  await page.getByRole('group', { name: 'Providers' }).getByRole('button', { name: 'Azure Garden Games' }).click();
  await page.waitForURL(/vassalage=AG/);
  const rooms = page.getByRole('list', { name: 'Azure Garden Games tables' });
  await rooms.getByRole('listitem').first().waitFor();
  // The rooms replace the tiles; each shows its name, minimum bet and status.
  assert.equal(await page.getByTestId('game-grid').count(), 0, 'no tile grid next to the rooms');
  const first = rooms.getByRole('listitem').first();
  assert.match(await first.innerText(), /Min\. bet \d/);
  assert.match(await first.innerText(), /Open|Maintenance/);
  assert.equal(
    await page.getByRole('button', { name: /^Open .* lobby$/ }).count(),
    0,
    'a LIVE vendor without a lobby gets no lobby button',
  );
  await screenshot(page, 'games-live-rooms');
  const open = rooms.locator('li[data-status="open"]').first();
  const roomName = (await open.locator('span span').first().innerText()).trim();
  await open.getByRole('button').click();
  await page.waitForURL(/\/seamless\?nodeId=\d+/);
  await page.getByTestId('game-frame').waitFor();
  assert.equal(await page.getByRole('heading', { level: 1 }).innerText(), roomName);
});

test("the mini games are in the menu; their page lists the studio's short games, and one launches", async () => {
  const page = member;
  await page.goto('/');
  await page.getByRole('link', { name: 'Mini games', exact: true }).first().click();
  await page.waitForURL(/\/mini$/);
  const grid = page.getByRole('list', { name: 'Mini games' });
  await grid.locator('li').first().waitFor();
  assert.equal(await grid.locator(':scope > li').count(), 2);
  await page.getByRole('button', { name: 'Play now: Crash', exact: true }).waitFor();
  await page.getByRole('button', { name: 'Play now: Three Card Duel vs the House', exact: true }).click();
  await page.waitForURL(/\/seamless\?nodeId=\d+/);
  const frame = page.getByTestId('game-frame');
  await frame.waitFor();
  assert.match((await frame.getAttribute('src')) ?? '', /[?&]game=MINI-002(&|$)/);
  await page.getByRole('link', { name: 'Back to lobby' }).click();
  await page.waitForURL(/\/mini/);
});

test('a guest on a LIVE vendor gets the login prompt instead of its rooms', async () => {
  const guest = await freshPage(browser());
  try {
    await guest.goto('/live?vassalage=AG');
    await guest.getByText("Log in to see this vendor's live tables.").waitFor();
    assert.equal(await guest.getByTestId('room-list').count(), 0);
    await guest.getByRole('button', { name: 'Log in to see all games' }).click();
    await guest.getByRole('dialog').waitFor();
  } finally {
    await guest.close();
  }
});

test("a sports vendor's lobby opens into /seamless from its chip", async () => {
  const page = member;
  await page.goto('/sports');
  const chips = page.getByRole('group', { name: 'Providers' }).getByRole('button');
  await chips.nth(1).waitFor();
  // The house book is listed once: no invented vendor cards that open the same book.
  const names = (await chips.allInnerTexts()).map((n) => n.trim());
  assert.equal(new Set(names).size, names.length, `each provider once: ${names.join(', ')}`);
  for (const retired of ['Ironbark Sports', 'Sandpiper Sports', 'Upland Sports'])
    assert.ok(!names.includes(retired), `${retired} opens the house book under another name`);
  // "All providers" offers no lobby; a chosen lobby vendor does.
  assert.equal(await page.getByRole('button', { name: /^Open .* lobby$/ }).count(), 0);
  const name = (await chips.nth(1).innerText()).trim();
  await chips.nth(1).click();
  await page.waitForURL(/vassalage=/);
  const lobby = page.getByRole('button', { name: `Open ${name} lobby` });
  await lobby.waitFor();
  await lobby.click();
  await page.waitForURL(/\/seamless\?lobby=[A-Z0-9_]+&gameType=SPORTS/);
  const frame = page.getByTestId('game-frame');
  await frame.waitFor();
  // The studio session is for the chosen vendor (the launch URL names it).
  const vendor = new URL(page.url()).searchParams.get('lobby') ?? '';
  assert.ok(((await frame.getAttribute('src')) ?? '').includes(`vendor=${vendor}`), 'the lobby of the chosen vendor');
  await screenshot(page, 'games-vendor-lobby');
  // The way back returns to the vendor's page.
  await page.getByRole('link', { name: 'Back to lobby' }).click();
  await page.waitForURL(/\/sports\?vassalage=/);
});
