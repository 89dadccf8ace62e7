/// <reference lib="dom" />
// e2e: beside own-accounts
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot } from '../../support/browser';
import { depositThroughSandbox, playSlotInBrowser } from '../../support/player';
import { closeMemberPopup, openMemberEntry, registerFromModal } from '../../support/site';
import { useSiteBrowser } from './web-build';

// Issue 13 in the browser: a new member opens /promotions, deposits
// through the sandbox gateway, claims the matched bonus in the reward centre, plays a slot, and
// sees the wagering progress move (the engine's worker feeds events within about a second), and the
// withdraw page warns that a withdrawal request would forfeit the bonus still being wagered.

useSiteBrowser(async (chromium) => {
  page = await newPage(chromium);
});
let page: Page;
const username = `rwd${Date.now().toString(36).slice(-8)}`;

test('a new member registers and opens /promotions', async () => {
  await registerFromModal(page, { username, password: 'Secret123', payeeName: 'Reward Tester' });
  await closeMemberPopup(page);
  await page.goto('/promotions');
  await page.getByRole('heading', { level: 1, name: 'Promotions' }).waitFor();
  const card = page.getByTestId('promotion-card').filter({ hasText: 'Welcome' });
  await card.waitFor();
  await card.getByRole('link').click();
  await page.getByRole('heading', { level: 1, name: /Welcome/ }).waitFor();
  await page.getByTestId('promotion-status').waitFor();
  await screenshot(page, 'rewards-promotions-list');
});

test('deposits 500 through the sandbox gateway and claims the 500 bonus in the reward centre', async () => {
  await depositThroughSandbox(page, '500');

  await openMemberEntry(page, 'Reward centre');
  // The engine turns the credited deposit into a claimable reward on its next run.
  const row = page.getByTestId('reward-row').filter({ hasText: 'Welcome' });
  for (let i = 0; i < 30 && !(await row.isVisible()); i++) {
    await page.waitForTimeout(1000);
    await page.reload();
  }
  await row.getByRole('button', { name: 'Claim' }).click();
  await row.getByText('Claimed').waitFor();
  await page.getByTestId('reward-bonus-balance').getByText('₱500.00').waitFor();
  await page.getByTestId('wager-progress').first().getByText('₱0.00 / ₱5,000.00').waitFor();
  await screenshot(page, 'rewards-centre');
});

test('a slot round moves the wagering progress', async () => {
  await playSlotInBrowser(page);

  await page.goto('/member/rewardCenter');
  const progress = page.getByTestId('wager-progress').first();
  await progress.waitFor();
  let text = await progress.innerText();
  for (let i = 0; i < 30 && text.startsWith('₱0.00 /'); i++) {
    await page.waitForTimeout(1000);
    await page.reload();
    text = await page.getByTestId('wager-progress').first().innerText();
  }
  assert.ok(!text.startsWith('₱0.00 /'), `wagering progress moved: ${text}`);
  await screenshot(page, 'rewards-wagering');
});

test('the withdraw page warns that a withdrawal request forfeits the bonus still being wagered', async () => {
  await page.goto('/member/withdraw');
  await page.getByRole('heading', { level: 1, name: 'Withdraw' }).waitFor();
  await page
    .getByTestId('withdraw-wagering-warning')
    .getByText('Requesting a withdrawal now forfeits the bonus left')
    .waitFor();
  await screenshot(page, 'rewards-withdraw-warning');
});
