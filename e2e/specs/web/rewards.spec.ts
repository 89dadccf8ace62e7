/// <reference lib="dom" />
// e2e: beside own-accounts
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot } from '../../support/browser';
import { baseUrl } from '../../support/env';
import { closeMemberPopup, registerFromModal } from '../../support/site';
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

async function openEntry(name: string) {
  await page.getByRole('navigation', { name: 'Member centre' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

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
  await page.goto('/member/depositv2');
  const form = page.locator('form').filter({ has: page.getByRole('group', { name: 'Payment method' }) });
  await form.getByRole('radio', { name: /Online payment \(sandbox\)/ }).check();
  await form.getByLabel('Amount').fill('500');
  await form.getByRole('button', { name: 'Deposit' }).click();
  const link = page.getByRole('link', { name: 'Open the payment page' });
  await link.waitFor();
  const href = await link.getAttribute('href');
  const pay = await page.context().newPage();
  await pay.goto(new URL(href ?? '', baseUrl()).pathname);
  await pay.getByRole('button', { name: 'Pay' }).click();
  await pay.getByText('Payment complete').waitFor();
  await pay.close();

  await openEntry('Reward centre');
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
  await page.goto('/rng');
  const tiles = page.locator('[data-testid="game-grid"] li');
  const slot = tiles.filter({ hasNotText: /crash/i }).first();
  await slot.waitFor();
  const name = (await slot.locator('p').innerText()).trim();
  await slot.getByRole('button', { name: `Play now: ${name}`, exact: true }).click();
  await page.waitForURL(/\/seamless\?nodeId=\d+/);
  const game = page.frameLocator('[data-testid=game-frame]');
  await game.getByTestId('spin').waitFor();
  await game.getByTestId('spin').click();
  await game.locator('[data-testid=history] tbody tr[data-round-id]').first().waitFor();
  const playAll = game.getByRole('button', { name: 'Play all' });
  if (await playAll.isVisible()) await playAll.click();

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
