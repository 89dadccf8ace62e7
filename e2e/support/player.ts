import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { newContext } from './browser';
import { baseUrl, PAGE_WAIT_MS } from './env';
import { call } from './site';

// Steps a player takes in several browser specs: log in from the header, launch a game.

/** The announcement popups count as already seen this session (spec §4), so they never cover the page. */
export async function markPopupsSeen(page: Page): Promise<void> {
  await page.addInitScript(() => {
    sessionStorage.setItem('ANONYMOUS_POPUP', '1');
    sessionStorage.setItem('USER_POPUP', '1');
  });
}

/** Logs in with the header form (demo accounts' password by default) and waits for the balance. */
/**
 * A page in a fresh context of its own (no cookies or storage) at one screen size, as a touch phone
 * when `touch`, with the site's first-visit popups already seen.
 */
export async function devicePage(b: Browser, size: { width: number; height: number }, touch: boolean): Promise<Page> {
  const context = await newContext(b, {
    viewport: size,
    hasTouch: touch,
    isMobile: touch,
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  await markPopupsSeen(page);
  return page;
}

export async function loginFromHeader(page: Page, username: string, password = 'Demo@1234'): Promise<void> {
  await page.goto('/');
  const form = page.getByRole('form', { name: 'Log in' }).first();
  await form.getByPlaceholder('Username').fill(username);
  await form.getByPlaceholder('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('header-balance').waitFor({ timeout: PAGE_WAIT_MS });
}

/** The launch call the lobby makes, from the logged-in page (session token from session storage). */
export async function launchStudioGame(page: Page, vassalage: string, gameCode: string): Promise<string> {
  const url = await page.evaluate(
    async ({ vassalage, gameCode }) => {
      const token = sessionStorage.getItem('token') ?? '';
      const res = await fetch('/wps/game/launchGame', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: JSON.stringify({ vassalage, gameCode, language: 'EN', backUrl: '/rng' }),
      });
      const body = (await res.json()) as { value?: { url: string } };
      return body.value?.url ?? `launch failed: ${res.status} ${JSON.stringify(body)}`;
    },
    { vassalage, gameCode },
  );
  assert.match(url, /\/studio\/play\?/, url);
  return url;
}

/**
 * Rounds at the house studio through launch and the studio's round API, as a player's browser makes
 * them, each played to its end, at the game's default bet unless `bet` says otherwise (a slot's
 * `{ coin }` in minor units); returns how many were played and their stakes in minor units.
 */
export async function playStudioRounds(
  memberToken: string,
  rounds: number,
  options: { bet?: unknown } = {},
): Promise<{ played: number; staked: number }> {
  const list = await call<{ games: { nodeId: number; gameCode: string }[] }>(
    'GET',
    '/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=24',
    memberToken,
  );
  const game = list.value?.games.find((g) => !g.gameCode.startsWith('CRASH'));
  assert.ok(game, 'a slot to play');
  const launch = await call<{ url: string }>('POST', '/wps/game/launchGame', memberToken, { nodeId: game.nodeId });
  assert.equal(launch.success, true, JSON.stringify(launch));
  const url = new URL(launch.value?.url ?? '', baseUrl());
  // Opening the game page starts the studio's session, as in a browser.
  assert.equal((await fetch(`${baseUrl()}${url.pathname}${url.search}`)).status, 200);
  const headers = { 'x-game-token': url.searchParams.get('token') ?? '', 'content-type': 'application/json' };
  const session = (await (await fetch(`${baseUrl()}/studio/api/session`, { headers })).json()) as {
    defaultBet: unknown;
  };
  let played = 0;
  let staked = 0;
  for (let r = 0; r < rounds; r++) {
    const res = await fetch(`${baseUrl()}/studio/api/round`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ bet: options.bet ?? session.defaultBet }),
    });
    const text = await res.text();
    assert.equal(res.status, 200, text);
    let round = (JSON.parse(text) as { round: { roundId: string; pendingSteps: number; stake: number } }).round;
    played++;
    staked += round.stake;
    // Free spins and features are steps of the same round: play them to its end, so it closes.
    for (let step = 0; round.pendingSteps > 0 && step < 50; step++) {
      const next = await fetch(`${baseUrl()}/studio/api/round/${round.roundId}/step`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      const body = (await next.json()) as { round?: typeof round };
      if (!next.ok || !body.round) break;
      round = body.round;
    }
  }
  return { played, staked };
}

/**
 * Deposits `amount` (in major units, as typed) from the member's deposit page through the sandbox
 * gateway: the payment page opens in a second tab, is paid there and closed again.
 */
export async function depositThroughSandbox(page: Page, amount: string): Promise<void> {
  await page.goto('/member/depositv2');
  const form = page.locator('form').filter({ has: page.getByRole('group', { name: 'Payment method' }) });
  await form.getByRole('radio', { name: /Online payment \(sandbox\)/ }).check();
  await form.getByLabel('Amount').fill(amount);
  await form.getByRole('button', { name: 'Deposit' }).click();
  const link = page.getByRole('link', { name: 'Open the payment page' });
  await link.waitFor();
  const href = await link.getAttribute('href');
  const pay = await page.context().newPage();
  await pay.goto(new URL(href ?? '', baseUrl()).pathname);
  await pay.getByRole('button', { name: 'Pay' }).click();
  await pay.getByText('Payment complete').waitFor();
  await pay.close();
}

/**
 * Opens the first slot of the RNG lobby in the browser and spins `rounds` times, waiting for each
 * round in the game's history; `coinIndex` picks a coin size first (the game's default otherwise).
 * Returns what the rounds staked in all, in minor units.
 */
export async function playSlotInBrowser(
  page: Page,
  options: { rounds?: number; coinIndex?: number } = {},
): Promise<number> {
  await page.goto('/rng');
  const tiles = page.locator('[data-testid="game-grid"] li');
  const slot = tiles.filter({ hasNotText: /crash/i }).first();
  await slot.waitFor();
  const name = (await slot.locator('p').innerText()).trim();
  await slot.getByRole('button', { name: `Play now: ${name}`, exact: true }).click();
  await page.waitForURL(/\/seamless\?nodeId=\d+/);
  const game = page.frameLocator('[data-testid=game-frame]');
  await game.getByTestId('spin').waitFor();
  if (options.coinIndex !== undefined) await game.getByTestId('coin').selectOption({ index: options.coinIndex });
  for (let i = 0; i < (options.rounds ?? 1); i++) {
    await game.getByTestId('spin').click();
    // The history sits in the game's fairness drawer, closed while playing.
    await game.locator('[data-testid=history] tbody tr[data-round-id]').nth(i).waitFor({ state: 'attached' });
    // Free spins keep a round open until they are played. They play one after another, and the game
    // ignores a spin while it is busy with them, so the next spin waits until they are done (the
    // button goes) and the game is idle again.
    const playAll = game.getByRole('button', { name: 'Play all' });
    if (await playAll.isVisible()) {
      await playAll.click();
      await playAll.waitFor({ state: 'detached' });
    }
    await game.locator('.busy').waitFor({ state: 'detached' });
  }
  // The game's own history shows each round's stake in its second column ("1,234.56").
  const stakes = await game.locator('[data-testid=history] tbody tr[data-round-id] td:nth-child(2)').allTextContents();
  return stakes.reduce((sum, text) => sum + Math.round(Number(text.replace(/,/g, '')) * 100), 0);
}
