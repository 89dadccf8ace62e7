/// <reference lib="dom" />
// The house studio in the browser (issue 6): a member launches a slot, the studio page opens with
// the member's wallet balance, a spin moves it, and the round verifies on the public fairness page
// after the seed is rotated. The studio is mounted under /studio by the server the runner starts.
// Named to run before recovery.spec.ts, which changes demo01's password.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newPage, screenshot } from '../../support/browser';
import { launchStudioGame, loginFromHeader, markPopupsSeen } from '../../support/player';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();

test('a member spins a house slot: the balance moves and the round verifies on /studio/fair', async () => {
  const page = await newPage(browser());
  await markPopupsSeen(page);
  await loginFromHeader(page, 'demo01');
  const url = await launchStudioGame(page, 'AE', 'SLOT-00001');
  await page.goto(url);
  const balance = page.getByTestId('balance');
  await page.getByTestId('spin').waitFor();
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=balance]')?.textContent ?? ''));
  const start = await balance.innerText();
  await screenshot(page, 'studio-slot-before');

  // A spin whose win equals its stake leaves the balance as it was: spin until it moves.
  let moved = false;
  for (let i = 0; i < 8 && !moved; i++) {
    const rows = await page.locator('[data-testid=history] tbody tr[data-round-id]').count();
    await page.getByTestId('spin').click();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid=history] tbody tr[data-round-id]').length > n,
      rows,
    );
    // Free spins owed: play them all so the round settles.
    while (await page.getByTestId('free-spin').isVisible()) {
      await page.getByTestId('free-spin').click();
      await page.waitForTimeout(300);
    }
    moved = (await balance.innerText()) !== start;
  }
  assert.ok(moved, `the balance stayed at ${start}`);
  await screenshot(page, 'studio-slot-after');

  // Reveal the seed, then open the newest round on the verifier.
  await page.getByTestId('rotate').click();
  await page.getByTestId('revealed-seed').waitFor();
  const roundId = await page
    .locator('[data-testid=history] tbody tr[data-round-id]')
    .first()
    .getAttribute('data-round-id');
  assert.ok(roundId);
  await page.goto(`/studio/fair?round=${roundId}`);
  const verdict = page.getByTestId('verify-verdict');
  await verdict.waitFor();
  assert.match(await verdict.innerText(), /equals the recorded round/);
  await screenshot(page, 'studio-fair');
});

test('a member bets at a live baccarat table in its betting phase and sees the bet settled on the shared round', async () => {
  const page = await newPage(browser());
  await markPopupsSeen(page);
  await loginFromHeader(page, 'demo01');
  // AG's LIVE-001 is a baccarat table (apps/studio/src/game-map.ts).
  const url = await launchStudioGame(page, 'AG', 'LIVE-001');
  await page.goto(url);
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=balance]')?.textContent ?? ''));
  // Wait for a betting phase with a few seconds left (a round may be dealing when the page opens).
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid=phase]')?.textContent === 'Place your bets' &&
      Number.parseInt(document.querySelector('[data-testid=countdown]')?.textContent ?? '0', 10) >= 4,
    undefined,
    { timeout: 60_000 },
  );
  const start = await page.getByTestId('balance').innerText();
  await page.locator('[data-spot=banker]').click();
  await page.getByTestId('place-bet').click();
  await page.getByTestId('message').filter({ hasText: 'Bet placed' }).waitFor({ timeout: 10_000 });
  assert.notEqual(await page.getByTestId('balance').innerText(), start, 'the stake left the balance');
  await screenshot(page, 'studio-table-bet');

  // The round deals and settles: my bet shows its result, the road gains a bead, the seed is revealed.
  await page.waitForFunction(
    () => document.querySelector('[data-testid=my-bets] tr')?.getAttribute('data-status') === 'closed',
    undefined,
    { timeout: 60_000 },
  );
  const row = await page.locator('[data-testid=my-bets] tr').first().innerText();
  assert.match(row, /banker 1\.00/);
  assert.match(row, /lost|1\.95|1\.00$/m);
  assert.ok((await page.locator('[data-testid=road] .bead').count()) >= 1);
  await page.getByTestId('verify-link').waitFor();
  await screenshot(page, 'studio-table-settled');
});
