// The set-up the house studio's game-page specs share: a member of their own, registered
// and funded through the sandbox; a game page opened at a size with its console errors collected;
// the checks every game page must pass at every size; the studio's money format.
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from './axe';
import { newContext, newPage, screenshot } from './browser';
import { depositThroughSandbox, markPopupsSeen } from './player';
import { call, closeMemberPopup, registerFromModal, tokenOf } from './site';

/**
 * How long a wait that may span a crash round's flight allows (a page opening in one, the crash after
 * a bet). A crash point has no upper bound (at least m× with chance 0.99/m) and the round flies
 * ln(m)/0.00006 ms: 100× takes 77 s, 1,000× 115 s, a million× 230 s; a rare long round is no failure.
 */
export const CRASH_FLIGHT_MS = 300_000;

/** The two sizes every game page is checked at. */
export const GAME_SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Minor units as the studio shows them (grouped, two decimals). */
export function shown(minor: number): string {
  const whole = Math.floor(minor / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${String(minor % 100).padStart(2, '0')}`;
}

/**
 * Checks that the page's balance reads `minor`, waiting up to 5 s: a page shows an answer's balance
 * once its script has read the answer, a moment after the browser has it.
 */
export async function assertBalanceShown(page: Page, minor: number, what: string): Promise<void> {
  const want = shown(minor);
  await page
    .waitForFunction((w) => document.querySelector('[data-testid=balance]')?.textContent?.trim() === w, want, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  assert.equal((await page.getByTestId('balance').innerText()).trim(), want, what);
}

export type StudioMember = { page: Page; context: BrowserContext; token: string; username: string };

/**
 * A new member (username `prefix` + a time stamp) registered from the modal, with 100 deposited. The
 * site's pages ask for reduced motion: the modal opens over the home page, whose marquees a
 * GPU-less Chromium draws on the CPU, and the member's page stays open while the games play.
 */
export async function newStudioMember(b: Browser, prefix: string, payeeName: string): Promise<StudioMember> {
  const page = await newPage(b);
  const context = page.context();
  await markPopupsSeen(page);
  const username = `${prefix}${Date.now().toString(36).slice(-8)}`;
  await registerFromModal(page, { username, password: 'Secret123', payeeName }).catch(async (err) => {
    await screenshot(page, `${prefix}-register-failed`);
    throw err;
  });
  await closeMemberPopup(page);
  await depositThroughSandbox(page, '100');
  return { page, context, token: await tokenOf(page), username };
}

/** The member's way in: Sports in the site's menu, the sportsbook's "Bet now", the game frame's address. */
export async function openSportsFromSite(b: Browser, prefix: string): Promise<string> {
  const member = await newStudioMember(b, prefix, 'Sportsbook Tester');
  try {
    const page = member.page;
    await page.getByRole('navigation').getByRole('link', { name: 'Sports', exact: true }).first().click();
    await page.waitForURL(/\/sports/);
    await page
      .getByTestId('sportsbook-entries')
      .getByRole('button', { name: /^Bet now at / })
      .first()
      .click();
    const frame = page.getByTestId('game-frame');
    await frame.waitFor();
    const src = (await frame.getAttribute('src')) ?? '';
    assert.match(src, /\/studio\/play\?.*game=SPORTS-000/, src);
    await page.frameLocator('[data-testid=game-frame]').getByTestId('tab-live').waitFor();
    await screenshot(page, `sportsbook-${prefix}-site-frame`);
    return src;
  } finally {
    await member.context.close();
  }
}

/** The studio URL of a lobby game (by its node id) launched for the member. */
export async function launchByNode(memberToken: string, nodeId: number): Promise<string> {
  const launch = await call<{ url: string }>('POST', '/wps/game/launchGame', memberToken, { nodeId });
  assert.equal(launch.success, true, JSON.stringify(launch));
  return launch.value?.url ?? '';
}

export type GamePage = { page: Page; errors: string[]; close: () => Promise<void> };

/**
 * A studio game page at a size (touch below 500 px wide), once its balance shows; console errors
 * and page errors are collected for checkGamePage.
 */
export async function openGamePage(
  b: Browser,
  url: string,
  size: { width: number; height: number },
  options: { reducedMotion?: boolean; timeout?: number; beforeOpen?: (page: Page) => void } = {},
): Promise<GamePage> {
  const context = await newContext(b, {
    viewport: { width: size.width, height: size.height },
    hasTouch: size.width < 500,
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
  });
  if (options.timeout) context.setDefaultTimeout(options.timeout);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  options.beforeOpen?.(page);
  await page.goto(url);
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=balance]')?.textContent ?? ''));
  return { page, errors, close: () => context.close() };
}

/** What every game page must hold at every size; keeps a screenshot named `name`. */
export async function checkGamePage(page: Page, errors: string[], name: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${name}: no horizontal scroll (${overflow}px too wide)`);
  assert.deepEqual(await seriousAxeViolations(page), [], `${name}: no serious axe violation`);
  await screenshot(page, name);
  assert.deepEqual(errors, [], `${name}: no console error`);
}

/**
 * Waits for a live table's betting phase with at least `seconds` of its countdown left: a bet
 * placed in the phase's last moment is refused as closed. `phaseText` is the phase's name in
 * the table's language.
 */
export async function waitForBetting(page: Page, seconds: number, phaseText = 'Place your bets'): Promise<void> {
  await page.waitForFunction(
    ([least, text]) =>
      document.querySelector('[data-testid=phase]')?.textContent === text &&
      Number.parseInt(document.querySelector('[data-testid=countdown]')?.textContent ?? '0', 10) >= Number(least),
    [seconds, phaseText] as const,
    { timeout: 60_000 },
  );
}
