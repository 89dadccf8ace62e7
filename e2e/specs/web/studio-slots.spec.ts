/// <reference lib="dom" />
// e2e: beside own-accounts-b
// The house studio's slot page (issue 16) at desktop and phone sizes: a member who registered and
// deposited through the sandbox opens a slot, spins, and the reels land on the grid the server
// returned, the win and the balance shown are the server's; the fairness drawer opens with the
// verifier link; no console error, no horizontal overflow, no serious axe violation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser } from 'playwright-core';
import { seriousAxeViolations } from '../../support/axe';
import { screenshot } from '../../support/browser';
import { baseUrl } from '../../support/env';
import { depositThroughSandbox, markPopupsSeen } from '../../support/player';
import { call, closeMemberPopup, registerFromModal, tokenOf } from '../../support/site';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();

/** Minor units as the studio shows them (grouped, two decimals). */
function shown(minor: number): string {
  const whole = Math.floor(minor / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${String(minor % 100).padStart(2, '0')}`;
}

type RoundAnswer = {
  balance: number;
  round: { win: number; steps: { outcome: { grid: number[][] }; win: number }[] };
};

async function launchUrl(memberToken: string, nodeId: number): Promise<string> {
  const launch = await call<{ url: string }>('POST', '/wps/game/launchGame', memberToken, { nodeId });
  assert.equal(launch.success, true, JSON.stringify(launch));
  return launch.value?.url ?? '';
}

async function playAt(b: Browser, url: string, size: { width: number; height: number }, name: string) {
  const context = await b.newContext({ baseURL: baseUrl(), viewport: size, hasTouch: size.width < 500 });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.getByTestId('spin').waitFor();
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=balance]')?.textContent ?? ''));
  const title = (await page.getByTestId('game-title').innerText()).trim();
  assert.doesNotMatch(title, /SLOT-\d+/, 'the page shows the game name, not its code');

  const answer = page.waitForResponse((r) => r.url().endsWith('/studio/api/round') && r.request().method() === 'POST');
  await page.keyboard.press('Space');
  const body = (await (await answer).json()) as RoundAnswer;
  // The reels have landed when the spin button is back and the result text is written.
  await page.waitForFunction(() => {
    const spin = document.querySelector('[data-testid=spin]') as HTMLButtonElement | null;
    return spin && !spin.disabled && (document.querySelector('[data-testid=message]')?.textContent ?? '') !== '';
  });
  const grid = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid=slot-grid] .slot-strip')).map((strip) =>
      Array.from(strip.querySelectorAll('[data-symbol-id]')).map((c) => Number((c as HTMLElement).dataset.symbolId)),
    ),
  );
  assert.deepEqual(grid, body.round.steps[0]?.outcome.grid, 'the reels show the server grid');
  assert.equal((await page.getByTestId('last-win').innerText()).trim(), shown(body.round.win), 'the server win');
  assert.equal((await page.getByTestId('balance').innerText()).trim(), shown(body.balance), 'the server balance');
  const message = (await page.getByTestId('message').innerText()).trim();
  assert.ok(message.length > 0, 'a result text in the live region');

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `no horizontal scroll (${overflow}px too wide)`);
  assert.deepEqual(await seriousAxeViolations(page), [], 'no serious axe violation');
  await screenshot(page, `studio-slots-${name}`);

  // The fairness panel and history: one tap away, with the verifier link.
  await page.getByTestId('fair-toggle').click();
  await page.getByTestId('server-seed-hash').waitFor();
  await page.getByRole('link', { name: 'verifier' }).waitFor();
  await page.locator('[data-testid=history] tbody tr[data-round-id]').first().waitFor();
  await screenshot(page, `studio-slots-${name}-fairness`);
  assert.deepEqual(await seriousAxeViolations(page), [], 'no serious axe violation with the drawer open');
  await page.keyboard.press('Escape');

  // Sound starts muted; the player's choice is remembered for this player.
  const sound = page.getByTestId('sound');
  assert.equal(await sound.getAttribute('aria-pressed'), 'false');
  await sound.click();
  await page.reload();
  await page.getByTestId('spin').waitFor();
  assert.equal(await page.getByTestId('sound').getAttribute('aria-pressed'), 'true', 'the sound choice is kept');

  assert.deepEqual(errors, [], 'no console error');
  await context.close();
}

test('a new member spins a slot at desktop and phone sizes: the page shows the server result', async () => {
  const b = browser();
  const context = await b.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  await markPopupsSeen(page);
  const username = `ss${Date.now().toString(36).slice(-8)}`;
  await registerFromModal(page, { username, password: 'Secret123', payeeName: 'Slot Tester' }).catch(async (err) => {
    await screenshot(page, 'studio-slots-register-failed');
    throw err;
  });
  await closeMemberPopup(page);
  await depositThroughSandbox(page, '100');
  const token = await tokenOf(page);
  const list = await call<{ games: { nodeId: number; gameCode: string }[] }>(
    'GET',
    '/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=24',
    token,
  );
  const slot = list.value?.games.find((g) => g.gameCode.startsWith('SLOT-'));
  assert.ok(slot, 'a studio slot in the lobby');

  await playAt(b, await launchUrl(token, slot.nodeId), { width: 1280, height: 800 }, 'desktop');
  await playAt(b, await launchUrl(token, slot.nodeId), { width: 390, height: 844 }, 'phone');
  await context.close();
});
