// e2e: beside own-accounts
// The house studio's slot page at desktop and phone sizes: a member who registered and
// deposited through the sandbox opens a slot, spins, and the reels land on the grid the server
// returned, the win and the balance shown are the server's; the fairness drawer opens with the
// verifier link; no console error, no horizontal overflow, no serious axe violation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser } from 'playwright-core';
import { seriousAxeViolations } from '../../support/axe';
import { screenshot } from '../../support/browser';
import { call } from '../../support/site';
import { checkGamePage, GAME_SIZES, launchByNode, newStudioMember, openGamePage, shown } from '../../support/studio';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();

type RoundAnswer = {
  balance: number;
  round: { win: number; pendingSteps: number; steps: { outcome: { grid: number[][] }; win: number }[] };
};

async function playAt(b: Browser, url: string, size: { width: number; height: number }, name: string) {
  const { page, errors, close } = await openGamePage(b, url, size);
  await page.getByTestId('spin').waitFor();
  const title = (await page.getByTestId('game-title').innerText()).trim();
  assert.doesNotMatch(title, /SLOT-\d+/, 'the page shows the game name, not its code');

  const answer = page.waitForResponse((r) => r.url().endsWith('/studio/api/round') && r.request().method() === 'POST');
  await page.keyboard.press('Space');
  const res = await answer;
  // A refused round (e.g. the wallet answering late under load) fails here with its code and message.
  assert.equal(res.status(), 200, await res.text());
  const body = (await res.json()) as RoundAnswer;
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
  // A spin that won free spins keeps its round open until they are played, and the studio refuses a
  // new round meanwhile: play them out, so the next size's page starts with a new round.
  if (body.round.pendingSteps > 0) {
    await page.getByRole('button', { name: 'Play all' }).click();
    await page.getByTestId('free-spin').waitFor({ state: 'detached', timeout: 120_000 });
  }
  await checkGamePage(page, errors, `studio-slots-${name}`);

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
  await close();
}

test('a new member spins a slot at desktop and phone sizes: the page shows the server result', async () => {
  const b = browser();
  const { context, token } = await newStudioMember(b, 'ss', 'Slot Tester');
  const list = await call<{ games: { nodeId: number; gameCode: string }[] }>(
    'GET',
    '/wps/relay/GCSGAME_gameList?gameType=RNG&pageSize=24',
    token,
  );
  const slot = list.value?.games.find((g) => g.gameCode.startsWith('SLOT-'));
  assert.ok(slot, 'a studio slot in the lobby');

  for (const size of GAME_SIZES) await playAt(b, await launchByNode(token, slot.nodeId), size, size.name);
  await context.close();
});
