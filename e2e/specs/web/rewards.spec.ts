// e2e: beside own-accounts
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot } from '../../support/browser';
import { depositThroughSandbox, playSlotInBrowser } from '../../support/player';
import {
  call,
  closeMemberPopup,
  eventually,
  openMemberEntry,
  operatorPost,
  registerFromModal,
  tokenOf,
} from '../../support/site';
import { useSiteBrowser } from './web-build';

// Promotions and the reward centre in the browser: a new member opens /promotions, deposits
// through the sandbox gateway, claims the matched bonus in the reward centre, plays a slot, and
// sees the wagering progress move (the engine's worker feeds events within about a second), and the
// withdraw page warns that a withdrawal request would forfeit the bonus still being wagered.

useSiteBrowser(async (chromium) => {
  page = await newPage(chromium);
});
let page: Page;
const username = `rwd${Date.now().toString(36).slice(-8)}`;
const PAYEE = 'Reward Tester';
const PAYMENT_PASSWORD = '246810';

type Reward = { title: string; state: string; wagerState: string | null };

/** The member's Welcome reward as the reward centre's API answers it (undefined until it exists). */
async function welcomeReward(): Promise<Reward | undefined> {
  const centre = await call<{ content: Reward[] }>(
    'GET',
    '/wps/relay/MCSFE_getRewardCentre?language=en&pageNo=1&pageSize=10',
    await tokenOf(page),
  );
  return centre.value?.content.find((r) => r.title.includes('Welcome'));
}

test('a new member registers and opens /promotions', async () => {
  await registerFromModal(page, {
    username,
    password: 'Secret123',
    payeeName: PAYEE,
    paymentPassword: PAYMENT_PASSWORD,
  });
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

  // The engine turns the credited deposit into a claimable reward on its next run.
  await eventually(async () => (await welcomeReward()) !== undefined, 'the Welcome reward');
  await openMemberEntry(page, 'Reward centre');
  const row = page.getByTestId('reward-row').filter({ hasText: 'Welcome' });
  await row.getByRole('button', { name: 'Claim' }).click();
  await row.getByText('Claimed').waitFor();
  await page.getByTestId('reward-bonus-balance').getByText('₱500.00').waitFor();
  await page.getByTestId('wager-progress').first().getByText('₱0.00 / ₱5,000.00').waitFor();
  await screenshot(page, 'rewards-centre');
});

test('a slot round moves the wagering progress', async () => {
  await playSlotInBrowser(page);

  const token = await tokenOf(page);
  await eventually(async () => {
    const wagering = await call<{ list: { progress: number }[] }>(
      'GET',
      '/wps/relay/MCSFE_getBonusWagering?language=en',
      token,
    );
    return (wagering.value?.list[0]?.progress ?? 0) > 0;
  }, 'the wagering progress of the round');
  await page.goto('/member/rewardCenter');
  const progress = page.getByTestId('wager-progress').first();
  await progress.waitFor();
  const text = await progress.innerText();
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

test('the header shows the bonus balance beside the cash balance', async () => {
  await page.goto('/');
  const bonus = page.getByTestId('header-bonus-balance');
  await bonus.waitFor();
  assert.match(await bonus.innerText(), /^\+₱[\d,]+\.\d\d Bonus$/);
  assert.match((await bonus.getAttribute('title')) ?? '', /^Bonus balance: ₱/);
});

test('a bank account in review says so on the withdraw page; a rejected one shows the reason', async () => {
  const token = await tokenOf(page);
  const bind = async () => {
    const bound = await call<{ id: number }>('POST', '/wps/cashier/bankAccounts', token, {
      bankName: 'BDO Unibank',
      accountName: PAYEE,
      accountNumber: '009876543210',
    });
    assert.equal(bound.success, true, JSON.stringify(bound));
    return bound.value?.id as number;
  };
  const first = await bind();
  await page.goto('/member/withdraw');
  await page
    .getByTestId('withdraw-account-state')
    .getByText(/BDO Unibank .*3210 is under review/)
    .waitFor();
  await operatorPost(`/admin/cashier/bankAccounts/${first}/reject`, { reason: 'The name on the statement differs' });
  await page.reload();
  await page
    .getByTestId('withdraw-rejected-account')
    .getByText(/^Bank account BDO Unibank \*+3210 was rejected: The name on the statement differs$/)
    .waitFor();
  await page.goto('/member/bankAccount');
  await page
    .getByTestId('bank-account-reject-reason')
    .getByText('Rejected: The name on the statement differs')
    .waitFor();
  await screenshot(page, 'rewards-bank-account-rejected');
  // Removed and bound again, the operator confirms it this time.
  assert.equal((await call('DELETE', `/wps/cashier/bankAccounts/${first}`, token)).success, true);
  await operatorPost(`/admin/cashier/bankAccounts/${await bind()}/confirm`);
});

test('a withdrawal asks before it forfeits the bonus, naming it; then the promotion reads Forfeited', async () => {
  await page.goto('/member/withdraw');
  await page.getByRole('heading', { level: 1, name: 'Withdraw' }).waitFor();
  // The page asks from the withdrawal figures it shows (the bonus a request forfeits among them).
  // Pressed before they have loaded, as a loaded run once did, it sends the request and asks when the
  // server refuses it unconfirmed: nothing is forfeited either way, but this test reads the first.
  await page.getByTestId('withdraw-available').waitFor();
  const form = page.locator('form').filter({ has: page.getByLabel('Payment password') });
  await form.getByLabel('Bank account', { exact: true }).selectOption({ index: 1 });
  await form.getByLabel('Amount').fill('100');
  await form.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
  const requests: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/wps/cashier/withdraw') requests.push(r.method());
  });
  await form.getByRole('button', { name: 'Withdraw' }).click();
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText(/This withdrawal forfeits your active bonus of ₱[\d,]+\.\d\d\. Continue\?/).waitFor();
  await screenshot(page, 'rewards-forfeit-confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  assert.deepEqual(requests, [], 'nothing is sent until the member agrees');
  await form.getByRole('button', { name: 'Withdraw' }).click();
  await dialog.getByRole('button', { name: 'Forfeit bonus and withdraw' }).click();
  await page.getByText('Withdrawal requested').waitFor();
  assert.equal(requests.length, 1);

  // The engine forfeits the bonus on its next run: the reward centre and the promotion say so.
  await eventually(async () => (await welcomeReward())?.wagerState === 'forfeited', 'the forfeited bonus');
  await page.goto('/member/rewardCenter');
  const state = page.getByTestId('reward-row').filter({ hasText: 'Welcome' }).getByTestId('reward-state');
  await state.getByText('Forfeited', { exact: true }).waitFor();
  await page.getByTestId('reward-bonus-balance').getByText('₱0.00').waitFor();
  await page.goto('/promotions');
  await page.getByTestId('promotion-card').filter({ hasText: 'Welcome' }).getByRole('link').click();
  await page.getByTestId('promotion-status').getByText('Forfeited').waitFor();
  assert.equal(await page.getByTestId('header-bonus-balance').count(), 0, 'no bonus left beside the cash');
});
