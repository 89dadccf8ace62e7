// The house studio in the browser. A member signs in through the login modal, launches a
// slot from the lobby, plays it inside /seamless's iframe, sees the header balance move by the
// round's net, finds the round in the member centre's betting record, and verifies it on the public
// fairness page after the seed is rotated. The studio is mounted under /studio by the server the
// runner starts. Named to run before recovery.spec.ts, which changes demo01's password.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FrameLocator, Page } from 'playwright-core';
import { newPage, screenshot } from '../../support/browser';
import { PAGE_WAIT_MS } from '../../support/env';
import { launchStudioGame, loginFromHeader, markPopupsSeen } from '../../support/player';
import { waitForBetting } from '../../support/studio';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();

/** An amount as shown ('₱1,234.56', '-0.40', '12.00') in minor units, so sums are exact. */
function minorOf(text: string): number {
  const m = /(-?)[^\d-]*([\d,]+)\.(\d{2})/.exec(text);
  assert.ok(m, `no amount in "${text}"`);
  const minor = Number(m[2]!.replace(/,/g, '')) * 100 + Number(m[3]);
  return m[1] ? -minor : minor;
}

/** Waits until the site header shows this balance (it follows every posting over /ws). */
async function headerShows(page: Page, minor: number): Promise<void> {
  await page.waitForFunction(
    (want) => {
      const m = /(-?)[^\d-]*([\d,]+)\.(\d{2})/.exec(
        document.querySelector('[data-testid=header-balance]')?.textContent ?? '',
      );
      if (!m) return false;
      const got = Number(m[2]!.replace(/,/g, '')) * 100 + Number(m[3]);
      return (m[1] ? -got : got) === want;
    },
    minor,
    // The socket normally delivers within a second; the header's 30 s refetch is the fallback.
    { timeout: 45_000 },
  );
}

type Round = { roundId: string; stake: number; win: number; stakeText: string; winText: string };

/**
 * One spin in the studio frame, played to its end: free spins it awards are played ("Play all"), and
 * the round is done when its history row no longer shows an unsettled status (open, settling).
 */
async function spinRound(game: FrameLocator): Promise<Round> {
  const rows = game.locator('[data-testid=history] tbody tr[data-round-id]');
  const previous = (await rows.count()) > 0 ? await rows.first().getAttribute('data-round-id') : null;
  await game.getByTestId('spin').click();
  // The answer reloads the history with the new round on top.
  const fresh = game.locator(
    `[data-testid=history] tbody tr:first-child[data-round-id]${previous ? `:not([data-round-id="${previous}"])` : ''}`,
  );
  // The history sits in the fairness drawer, closed while playing.
  await fresh.waitFor({ state: 'attached' });
  const roundId = await fresh.getAttribute('data-round-id');
  assert.ok(roundId);
  const row = game.locator(`[data-testid=history] tr[data-round-id="${roundId}"]`);
  const playAll = game.getByRole('button', { name: 'Play all' });
  if (await playAll.isVisible()) await playAll.click();
  await row
    .locator('td:nth-child(4)')
    .filter({ hasNotText: /^(open|settling|betting|rolling back)$/ })
    .waitFor({ state: 'attached', timeout: 60_000 });
  const stakeText = (await row.locator('td:nth-child(2)').innerText()).trim();
  const winText = (await row.locator('td:nth-child(3)').innerText()).trim();
  return { roundId, stake: minorOf(stakeText), win: minorOf(winText), stakeText, winText };
}

test('a member signs in, plays a lobby slot in /seamless, the header moves by the round and the betting record and /studio/fair show it', async () => {
  const page = await newPage(browser());
  await markPopupsSeen(page);

  // A guest's play opens the login modal; signing in there keeps the player on the lobby.
  await page.goto('/rng');
  const tiles = page.locator('[data-testid="game-grid"] li');
  await tiles.first().waitFor();
  await tiles
    .first()
    .getByRole('button', { name: /^Play now/ })
    .click();
  const modal = page.getByRole('dialog', { name: 'Log in' });
  await modal.waitFor();
  await modal.getByRole('textbox', { name: 'Username' }).fill('demo01');
  await modal.locator('input[name="password"]').fill('Demo@1234');
  await modal.getByRole('button', { name: 'Log in' }).click();
  await page.getByTestId('header-balance').waitFor({ timeout: PAGE_WAIT_MS });
  await modal.waitFor({ state: 'detached' });

  // Back to the slots lobby: a slot tile's play button opens /seamless with the studio inside. The
  // lobby also lists the house crash games (a round per flight, not a spin): skip those.
  await page.goto('/rng');
  const slot = tiles.filter({ hasNotText: /crash/i }).first();
  await slot.waitFor();
  const name = (await slot.locator('p').innerText()).trim();
  await slot.getByRole('button', { name: `Play now: ${name}`, exact: true }).click();
  await page.waitForURL(/\/seamless\?nodeId=\d+/);
  const frame = page.getByTestId('game-frame');
  await frame.waitFor();
  assert.equal(await frame.getAttribute('title'), name);
  assert.match((await frame.getAttribute('src')) ?? '', /\/studio\/play\?/);
  const game = page.frameLocator('[data-testid=game-frame]');
  await game.getByTestId('spin').waitFor();
  await game.getByTestId('balance').filter({ hasText: /\d/ }).waitFor();
  // The header and the studio read the same wallet.
  await page.getByTestId('header-balance').filter({ hasText: /\d/ }).waitFor();
  let balance = minorOf(await game.getByTestId('balance').innerText());
  await headerShows(page, balance);
  await screenshot(page, 'studio-slot-before');

  // The game tells the site when it plays and shows a round, so the header holds its balance until
  // the reels have landed (lib/balance-hold.ts): record what the page hears, with the header then.
  await page.evaluate(() => {
    const w = window as unknown as { roundSignals: { presenting: unknown; header: string | null | undefined }[] };
    w.roundSignals = [];
    window.addEventListener('message', (e) => {
      if (e.data?.type === 'gamehall:round')
        w.roundSignals.push({
          presenting: e.data.presenting,
          header: document.querySelector('[data-testid=header-balance]')?.textContent,
        });
    });
  });
  const headerBefore = await page.getByTestId('header-balance').innerText();

  // A round whose win equals its stake leaves the balance as it was: play until one moves it. Each
  // round moves the header by exactly its net, win minus stake.
  let round: Round | undefined;
  for (let i = 0; i < 8 && (!round || round.win === round.stake); i++) {
    round = await spinRound(game);
    if (i === 0) {
      const signals = await page.evaluate(
        () => (window as unknown as { roundSignals: { presenting: unknown; header: unknown }[] }).roundSignals,
      );
      // A round's start and end, and the header had not moved when either arrived.
      assert.deepEqual(signals.slice(0, 2), [
        { presenting: true, header: headerBefore },
        { presenting: false, header: headerBefore },
      ]);
    }
    balance += round.win - round.stake;
    await headerShows(page, balance);
    assert.equal(minorOf(await game.getByTestId('balance').innerText()), balance, 'the studio shows the same balance');
  }
  assert.ok(round && round.win !== round.stake, 'eight rounds in a row paid back their stake');
  await screenshot(page, 'studio-slot-after');

  // Reveal the seed so the round can be verified later.
  await game.getByTestId('fair-toggle').click();
  await game.getByTestId('rotate').click();
  await game.getByTestId('revealed-seed').waitFor();

  // The member centre's betting record lists the round first: game, bet, win, net, settled.
  await page.getByTestId('account-name').click();
  await page.getByRole('navigation', { name: 'Member centre' }).getByRole('link', { name: 'Betting record' }).click();
  await page.waitForURL(/\/member\/personalHistoryCopy/);
  const record = page.locator('table tbody tr').first();
  await record.waitFor();
  const cells = (await record.locator('td').allInnerTexts()).map((c) => c.trim());
  assert.equal(cells[1], name);
  assert.equal(cells[3], round.stakeText);
  assert.equal(cells[4], round.winText);
  assert.equal(minorOf(cells[5] ?? ''), round.win - round.stake);
  assert.equal(cells[6], 'Settled');
  await screenshot(page, 'studio-betting-record');

  await page.goto(`/studio/fair?round=${round.roundId}`);
  const verdict = page.getByTestId('verify-verdict');
  await verdict.waitFor();
  assert.match(await verdict.innerText(), /equals the recorded round/);
  // The page also recomputes the round's HMAC blocks with WebCrypto, without trusting the server.
  const browserVerdict = page.getByTestId('browser-verdict');
  await browserVerdict.waitFor();
  assert.match(await browserVerdict.innerText(), /^✔ Your browser computed the same \d+ block/);
  await screenshot(page, 'studio-fair');
});

test('a member bets at a live baccarat table in its betting phase and sees the bet settled on the shared round', async () => {
  const page = await newPage(browser());
  await markPopupsSeen(page);
  await loginFromHeader(page, 'demo01');
  // AG's LIVE-001 is a baccarat table (apps/studio/src/kit/game-map.ts).
  const url = await launchStudioGame(page, 'AG', 'LIVE-001');
  await page.goto(url);
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid=balance]')?.textContent ?? ''));
  // Wait for a betting phase with a few seconds left (a round may be dealing when the page opens).
  await waitForBetting(page, 4);
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
  // The area by its name (as the felt shows it), not its code.
  assert.match(row, /Banker 1\.00/);
  assert.match(row, /lost|1\.95|1\.00$/m);
  assert.ok((await page.locator('[data-testid=road] .bead').count()) >= 1);
  // The round's seeds and the verify link are in the fairness drawer.
  await page.getByTestId('fair-toggle').click();
  await page.getByTestId('verify-link').waitFor();
  await screenshot(page, 'studio-table-settled');
});
