// page.evaluate() callbacks run in the browser, so these specs see the DOM types.
// The player site as an app on a phone (390x844, touch) beside the desktop (1440x900): the bottom
// tab bar reaches every tab, the side buttons sit in the menu, a tile's tap opens its sheet, a game
// fills the screen and its back button returns to the same lobby at the same scroll position, no
// fixed element covers text, a sign-in after the session ended lands on the page asked for, and the
// phone's home keeps within the script, LCP and layout-shift budgets.
// e2e: beside own-accounts-c
// (it registers the member it plays with, so it runs beside the main process's demo accounts)
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../../support/axe';
import { newContext } from '../../support/browser';
import { artifactsDir, baseUrl, PAGE_WAIT_MS } from '../../support/env';
import { coveredTexts, scrollToEdge } from '../../support/layout';
import { devicePage } from '../../support/player';
import { registerFromModal, tokenOf } from '../../support/site';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();
const username = `sh${Date.now().toString(36).slice(-8)}`;
const password = 'Secret123';
let phone: Page;

/** Signs the spec's member in with the open login modal. */
async function signInWithModal(page: Page, options: { wait?: boolean } = {}) {
  const modal = page.getByRole('dialog', { name: 'Log in' });
  await modal.getByRole('textbox', { name: 'Username' }).fill(username);
  await modal.locator('input[name="password"]').fill(password);
  await modal.getByRole('button', { name: 'Log in' }).click();
  if (options.wait !== false) await modal.waitFor({ state: 'detached' });
}

/**
 * No fixed or sticky element over text at the page's top, midway and end (support/layout.ts). An
 * endless list has no end to reach: its end is checked on the pages that have one.
 */
async function assertNothingCovered(page: Page, label: string, options: { endless?: boolean } = {}) {
  await scrollToEdge(page, 'top');
  assert.deepEqual(await coveredTexts(page, 'top'), [], `${label}, top`);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await page.waitForTimeout(200);
  assert.deepEqual(await coveredTexts(page, 'middle'), [], `${label}, midway`);
  if (options.endless) return;
  const settled = await scrollToEdge(page, 'end');
  assert.deepEqual(
    await coveredTexts(page, 'end'),
    [],
    `${label}, end${settled ? '' : ' (the page was still changing height after 15 s)'}`,
  );
}

/** What the window shows now (the end of the page, after the checks): the tab bar and what is above it. */
const screen = (page: Page, name: string) => page.screenshot({ path: path.join(artifactsDir, `${name}.png`) });

async function assertAxe(page: Page, label: string) {
  const violations = await seriousAxeViolations(page);
  assert.deepEqual(violations, [], `${label}: ${violations.join(', ')}`);
}

/** A slot tile of the lobby's grid that is on screen now (below the fold the test scrolled to). */
async function visibleSlot(page: Page) {
  const index = await page.evaluate(() => {
    const tiles = Array.from(document.querySelectorAll('[data-testid="game-grid"] li'));
    return tiles.findIndex((li) => {
      const r = li.getBoundingClientRect();
      return r.top > 80 && r.bottom < window.innerHeight - 80 && !/crash/i.test(li.textContent ?? '');
    });
  });
  assert.ok(index >= 0, 'a slot tile on screen');
  const name = (await page.locator('[data-testid="game-grid"] li').nth(index).locator('p').innerText()).trim();
  // Found again by its game, not by its place: the grid is virtual and recycles its items, so the
  // nth item can be another game (or move) once a page loads further down.
  const tile = page
    .locator('[data-testid="game-grid"] li')
    .filter({ has: page.locator('p', { hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) })
    .first();
  return { tile, name };
}

/** Scrolls the lobby well down, so coming back to its top would be a visible mistake. */
async function scrollLobby(page: Page, y: number): Promise<number> {
  await page.locator('[data-testid="game-grid"] li').first().waitFor();
  await page.evaluate((to) => window.scrollTo(0, to), y);
  await page.waitForTimeout(400);
  // The scroll may have asked for the grid's next page: let it land before a tile is picked.
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => window.scrollY);
}

test('phone: the tab bar reaches every tab, with the side buttons in the menu and no text covered', async () => {
  const page = await devicePage(browser(), { width: 390, height: 844 }, true);
  await registerFromModal(page, { username, password, payeeName: 'Shell Tester' });
  const bar = page.getByRole('navigation', { name: 'Main sections' });
  await bar.waitFor();
  assert.equal(await page.getByTestId('side-menu').count(), 0, 'no floating side buttons on a phone');
  for (const [tab, path, heading] of [
    ['Games', '/lobby', 'Game lobby'],
    ['Promotions', '/promotions', 'Promotions'],
    ['Deposit', '/member/depositv2', 'Deposit'],
    ['Account', '/member/securityCenter', 'My account'],
    ['Home', '/', undefined],
  ] as const) {
    await bar.getByRole('link', { name: new RegExp(`^${tab}`) }).click();
    await page.waitForURL((url) => url.pathname === path);
    if (heading) await page.getByRole('heading', { level: 1, name: heading }).first().waitFor();
    await bar.locator('[aria-current="page"]').filter({ hasText: tab }).waitFor();
    await page.waitForLoadState('networkidle');
    await assertNothingCovered(page, path, { endless: path === '/lobby' });
    await screen(page, `shell-phone-tab-${tab.toLowerCase()}`);
  }
  // The side buttons are lines of the header's menu; the menu opens under the header.
  await scrollToEdge(page, 'top');
  await page.getByRole('button', { name: 'Menu' }).click();
  const links = page.getByTestId('quick-links');
  await links.getByRole('button', { name: 'Back to top' }).waitFor();
  assert.ok(await links.getByRole('link', { name: 'Customer service' }).isVisible());
  await page.getByRole('button', { name: 'Menu' }).click();
  await assertAxe(page, 'phone home with the tab bar');
  phone = page;
});

test('phone: a tile opens its sheet, the game fills the screen, back returns to the same lobby place; a sign-in after the session ended lands on the page', async () => {
  // The member registered by the test before, still signed in on its phone.
  const page = phone;
  await page.goto('/rng');
  const y = await scrollLobby(page, 1600);
  assert.ok(y > 1000, `the lobby scrolled to ${y}`);
  const { tile, name } = await visibleSlot(page);
  // Touch screens get no buttons over the artwork: a tap on it opens the sheet.
  assert.equal(await tile.getByRole('button', { name: `Play now: ${name}` }).isVisible(), false);
  await tile.getByRole('button', { name: `Game details: ${name}` }).tap();
  const sheet = page.getByRole('dialog', { name });
  await sheet.waitFor();
  await sheet.getByText('Provider').waitFor();
  // A slot the house studio plays: the sheet gives its declared return and its volatility.
  const facts = await sheet.locator('dt, dd').allInnerTexts();
  assert.deepEqual(facts.slice(4, 5), ['RTP'], facts.join(' | '));
  assert.match(facts[5] ?? '', /^9\d(\.\d{1,2})?%$/, facts.join(' | '));
  assert.deepEqual(facts.slice(6, 7), ['Volatility'], facts.join(' | '));
  assert.ok(['Low', 'Medium', 'High'].includes(facts[7] ?? ''), facts.join(' | '));
  await assertAxe(page, 'game sheet');
  // What the phone shows (a full-page screenshot resizes the window, and the lobby scrolls with it).
  await screen(page, 'shell-phone-sheet');
  assert.equal(await page.evaluate(() => window.scrollY), y, 'the sheet leaves the lobby where it was');
  await sheet.getByRole('button', { name: 'Play now' }).tap();

  await page.waitForURL(/\/seamless\?nodeId=\d+/);
  const bar = page.getByTestId('game-bar');
  await bar.waitFor();
  assert.equal(await bar.getByTestId('game-name').innerText(), name);
  await page.waitForFunction(() =>
    /\d/.test(document.querySelector('[data-testid="game-bar-balance"]')?.textContent ?? ''),
  );
  // One slim bar: no site header, no tab bar; the game takes the rest of the screen.
  assert.equal(await page.locator('header').count(), 0);
  assert.equal(await page.getByTestId('tab-bar').count(), 0);
  const frame = await page.getByTestId('game-frame').boundingBox();
  const barBox = await bar.boundingBox();
  assert.ok(frame && barBox);
  assert.ok(barBox.height <= 48, `the bar is ${barBox.height}px tall`);
  assert.equal(Math.round(frame.y), Math.round(barBox.y + barBox.height));
  assert.equal(Math.round(frame.width), 390);
  assert.ok(Math.abs(frame.y + frame.height - 844) <= 1, `the game ends at ${frame.y + frame.height}`);
  // The game is a second document in this fresh context (the studio's page, its code and art): on
  // loaded runs it drew its Spin a few seconds past one page's wait.
  await page
    .frameLocator('[data-testid=game-frame]')
    .getByTestId('spin')
    .waitFor({ timeout: 2 * PAGE_WAIT_MS });
  // The browser granted full screen to the tile's tap (headless Chromium allows it).
  assert.equal(await page.evaluate(() => document.fullscreenElement !== null), true, 'full screen');
  await bar.getByRole('button', { name: 'Game menu' }).tap();
  await page.getByRole('menuitem', { name: 'Exit full screen' }).waitFor();
  await assertAxe(page, 'game page with its menu');
  await screen(page, 'shell-phone-game');
  await page.keyboard.press('Escape');

  await bar.getByRole('button', { name: 'Back to lobby' }).tap();
  await page.waitForURL((url) => url.pathname === '/rng');
  await page.waitForFunction((at) => Math.abs(window.scrollY - at) <= 2, y, { timeout: 10_000 });
  assert.equal(await page.evaluate(() => document.fullscreenElement), null, 'full screen ends with the game');
  const again = await tile.boundingBox();
  assert.ok(again && again.y > 0 && again.y + again.height < 844, 'the same tile is on screen again');

  // After the session ends, signing in again lands on the page the player was on.
  await page.goto('/member/transactionHistory');
  await page.getByRole('heading', { level: 1 }).waitFor();
  // The server forgets the session (as after a sign-in elsewhere or an operator's kick).
  const token = await tokenOf(page);
  await fetch(`${baseUrl()}/wps/session/logout`, { method: 'DELETE', headers: { Authorization: token } });
  await page.reload();
  await page.waitForURL((url) => url.pathname === '/login');
  assert.equal(new URL(page.url()).searchParams.get('next'), '/member/transactionHistory');
  await signInWithModal(page, { wait: false });
  await page.waitForURL((url) => url.pathname === '/member/transactionHistory');
  await page.getByRole('heading', { level: 1, name: 'Account record' }).waitFor();
  await page.context().close();
});

test('desktop: no tab bar, the side buttons and tile buttons stay, and back from a game keeps the lobby place', async () => {
  const page = await devicePage(browser(), { width: 1440, height: 900 }, false);
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Log in' }).first();
  await form.getByPlaceholder('Username').fill(username);
  await form.getByPlaceholder('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('header-balance').waitFor();
  assert.equal(await page.getByTestId('tab-bar').count(), 0);
  await page.getByTestId('side-menu').getByRole('button', { name: 'Back to top' }).waitFor();
  // The home's last section in place (its codes are drawn only when scrolled to).
  await page.locator('#download li').first().waitFor();
  await assertNothingCovered(page, 'desktop home');

  await page.goto('/rng');
  const y = await scrollLobby(page, 1200);
  const { tile, name } = await visibleSlot(page);
  await tile.hover();
  await tile.getByRole('button', { name: `Play now: ${name}`, exact: true }).click();
  await page.waitForURL(/\/seamless\?nodeId=\d+/);
  await page.getByTestId('game-frame').waitFor();
  assert.equal(await page.locator('header').count(), 1, 'the desktop keeps its header');
  assert.equal(await page.evaluate(() => document.fullscreenElement), null, 'no full screen on a desktop');
  await page.getByRole('link', { name: 'Back to lobby' }).click();
  await page.waitForURL((url) => url.pathname === '/rng');
  await page.waitForFunction((at) => Math.abs(window.scrollY - at) <= 2, y, { timeout: 10_000 });
  await assertAxe(page, 'desktop lobby');
  await assertNothingCovered(page, 'desktop lobby', { endless: true });
  await screen(page, 'shell-desktop-lobby');
  await page.context().close();
});

// A Lighthouse-style budget on the phone profile: what the home's scripts weigh as
// transferred, every one fetched before network idle (docs/benchmarks.md "Bytes": 170 KiB), and its
// Largest Contentful Paint (ui-guide: under 1.0 s in headless Chromium against the local server)
// and layout shift (under 0.05). budgets.spec measures the same at 1280x900; the phone loads its
// own chunks (the tab bar) and lays the page out narrower. Figures go to app-shell-budgets.json.
const HOME_SCRIPT_BUDGET_KIB = 170;
const LCP_BUDGET_MS = 1000;

test("phone: the home's scripts, LCP and layout shift within the budgets", async () => {
  const figures: Record<string, unknown> = {};
  // No service worker (newContext's default): its precaching is the worker's traffic, not the page's.
  const context = await newContext(browser(), {
    reducedMotion: 'reduce',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  // A first visitor's page: the announcement popup opens and its scripts count.
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __lcpElement: string; __cls: number };
    w.__lcp = 0;
    w.__lcpElement = '';
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
        w.__lcp = entry.startTime;
        w.__lcpElement = entry.element
          ? `${entry.element.tagName.toLowerCase()}${entry.element.id ? `#${entry.element.id}` : ''}`
          : '';
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });

  // The first visit, with nothing cached: every script the home fetched before the network went
  // idle, in compressed bytes as transferred (Resource Timing's encodedBodySize). Bytes do not
  // depend on the machine's speed, so this figure has no tolerance.
  await page.goto('/', { waitUntil: 'networkidle', timeout: 60_000 });
  // The popup's dialog hides the rest of the page from the accessibility tree: found by its id.
  await page.getByTestId('tab-bar').waitFor();
  await page.getByRole('dialog').first().waitFor();
  const scripts = await page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => entry.initiatorType === 'script' || /\.m?js(\?|$)/.test(new URL(entry.name).pathname))
      .map((entry) => ({ url: entry.name, transferred: entry.encodedBodySize, decoded: entry.decodedBodySize })),
  );
  const transferred = scripts.reduce((sum, s) => sum + s.transferred, 0);
  const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
  figures.homeScripts = scripts.length;
  figures.homeScriptTransferredKiB = kib(transferred);
  figures.homeScriptDecodedKiB = kib(scripts.reduce((sum, s) => sum + s.decoded, 0));
  const list = scripts.map((s) => `${new URL(s.url).pathname} ${(s.transferred / 1024).toFixed(1)} KiB`).join('\n');
  writeFileSync(path.join(artifactsDir, 'home-scripts-phone.txt'), `${list}\n`);
  assert.ok(
    scripts.some((s) => s.url.includes('/tab-bar-')),
    'the phone loads the tab bar',
  );
  assert.ok(
    transferred <= HOME_SCRIPT_BUDGET_KIB * 1024,
    `the phone's home loads ${scripts.length} scripts, ${figures.homeScriptTransferredKiB} KiB as transferred:\n${list}`,
  );

  // LCP, the first visit having warmed the server's caches as a visitor's second page finds them.
  // The time is the one figure a slow machine moves, so each visit is judged against the budget
  // times the slowdown its own renderer saw: the wall time of the page's main-thread tasks over the
  // CPU time that thread got (DevTools' Performance metrics TaskDuration / ThreadTime, counted
  // afresh for each page). On an idle machine that is about 1 and the budget is the ui-guide's 1.0
  // s; on a machine whose cores are shared out, the tasks take longer than their work by the same
  // factor as everything before the paint does. Up to three visits, judged by the best: a page
  // really over budget is over it every time. Layout shift must hold on every visit.
  // The popup stays closed for the timed visits, as in budgets.spec.
  await page.evaluate(() => sessionStorage.setItem('ANONYMOUS_POPUP', '1'));
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const visits: { lcpMs: number; slowdown: number; allowedMs: number; cls: number; element: string }[] = [];
  for (let visit = 0; visit < 3; visit++) {
    await page.goto('/');
    // The home's last section in place (its codes are drawn only when scrolled to).
    await page.locator('#download li').nth(2).waitFor();
    await page.waitForTimeout(1500);
    const sample = await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __lcpElement: string; __cls: number };
      return { lcp: w.__lcp, element: w.__lcpElement, cls: w.__cls };
    });
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    const thread = metric('ThreadTime');
    const slowdown = thread > 0 ? Math.max(1, metric('TaskDuration') / thread) : 1;
    const allowedMs = LCP_BUDGET_MS * slowdown;
    visits.push({
      lcpMs: Math.round(sample.lcp),
      slowdown: Math.round(slowdown * 100) / 100,
      allowedMs: Math.round(allowedMs),
      cls: Math.round(sample.cls * 1000) / 1000,
      element: sample.element,
    });
    assert.ok(sample.cls < 0.05, `CLS ${sample.cls}`);
    if (sample.lcp > 0 && sample.lcp <= allowedMs) break;
  }
  figures.visits = visits;
  writeFileSync(path.join(artifactsDir, 'app-shell-budgets.json'), `${JSON.stringify(figures, null, 2)}\n`);
  assert.ok(
    visits.some((v) => v.lcpMs > 0 && v.lcpMs <= v.allowedMs),
    `LCP over budget on every visit: ${JSON.stringify(visits)}`,
  );
  await context.close();
});
