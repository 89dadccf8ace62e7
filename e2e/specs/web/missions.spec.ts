/// <reference lib="dom" />
// e2e: beside own-accounts
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot } from '../../support/browser';
import { depositThroughSandbox, playSlotInBrowser } from '../../support/player';
import { closeMemberPopup, registerFromModal } from '../../support/site';
import { useSiteBrowser } from './web-build';

// Missions in the browser: a new member opens the missions page, sees the demo's daily
// login mission complete (registering logs in), claims it, plays slot rounds and sees the rounds
// mission move (the engine's worker feeds events within about a second).

useSiteBrowser(async (chromium) => {
  page = await newPage(chromium);
});
let page: Page;
const username = `msn${Date.now().toString(36).slice(-8)}`;

function card(title: string) {
  return page.getByTestId('mission-card').filter({ hasText: title });
}

/** Reloads the missions page until `check` holds (the worker runs about every half second). */
async function waitFor(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 30; i++) {
    if (await check()) return;
    await page.waitForTimeout(1000);
    await page.reload();
    await page.getByTestId('mission-card').first().waitFor();
  }
  assert.fail(`timed out waiting for ${what}`);
}

test('a new member sees the login mission complete and claims it once', async () => {
  await registerFromModal(page, { username, password: 'Secret123', payeeName: 'Mission Tester' });
  await closeMemberPopup(page);
  await page.goto('/member/missionLeaderboard');
  await page.getByRole('heading', { level: 1, name: 'Mission leaderboard', exact: true }).waitFor();
  const login = card('Daily check-in');
  await login.waitFor();
  await waitFor(async () => (await login.getAttribute('data-status')) === 'claimable', 'the login mission to complete');
  await login.getByTestId('mission-progress').getByText('1 / 1').waitFor();
  // The missions badge on the member centre menu counts it.
  const entry = page
    .getByRole('navigation', { name: 'Member centre' })
    .getByRole('link', { name: /Mission leaderboard/ });
  await entry.getByText('1', { exact: true }).waitFor();
  await login.getByRole('button', { name: 'Claim' }).click();
  await login.getByTestId('mission-status').getByText('Claimed').waitFor();
  assert.equal(await login.getByRole('button', { name: 'Claim' }).count(), 0);
  await page
    .getByTestId('mission-leaderboard')
    .getByText(`${username.slice(0, 2)}***${username.slice(-2)}`)
    .waitFor();
  await screenshot(page, 'missions-claimed');
});

test('a deposit of 100 through the sandbox gateway completes the deposit mission', async () => {
  await depositThroughSandbox(page, '100');
  await page.goto('/member/missionLeaderboard');
  const deposit = card('Deposit 100');
  await deposit.waitFor();
  await waitFor(
    async () => (await deposit.getAttribute('data-status')) === 'claimable',
    'the deposit mission to complete',
  );
});

test('a slot round moves the rounds mission', async () => {
  const rounds = card('Play 10 rounds');
  assert.equal(await rounds.getByTestId('mission-progress').innerText(), '0 / 10');
  await playSlotInBrowser(page);

  await page.goto('/member/missionLeaderboard');
  await rounds.waitFor();
  await waitFor(
    async () => (await rounds.getByTestId('mission-progress').innerText()) !== '0 / 10',
    'the rounds mission to move',
  );
  assert.match(await rounds.getByTestId('mission-progress').innerText(), /^[1-9]\d* \/ 10$/);
  await rounds.getByText(/Resets in \d/).waitFor();
  await screenshot(page, 'missions-rounds');
});
