// e2e: beside own-accounts-b
// page.evaluate() callbacks run in the browser, so these specs see the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot } from '../../support/browser';
import { depositThroughSandbox, loginFromHeader, markPopupsSeen } from '../../support/player';
import { call, closeMemberPopup, operatorPost, registerFromModal, tokenOf } from '../../support/site';
import { useSiteBrowser } from './web-build';

// Responsible play in the browser (docs/responsible-play.md): a member the spec
// registers sets a daily deposit limit and a larger deposit is refused with the message; the
// reality check shows over a slot session (the page's clock is moved forward, the product's
// interval is unchanged) and stop closes the game; the house studio's page opened on its own shows
// its own notice (continue, the next one, stop back to the lobby); after a self-exclusion the member
// can still log in, a game tile refuses, and the member still withdraws.

useSiteBrowser(async (chromium) => {
  page = await newPage(chromium);
});
let page: Page;
let studioUrl = '';
const suffix = Date.now().toString(36).slice(-8);
const username = `rp${suffix}`;
const password = 'Secret123';
const PAYMENT_PASSWORD = '246810';

async function openPage() {
  await page.goto('/member/responsiblePlay');
  await page.getByRole('heading', { level: 1, name: 'Responsible play' }).waitFor();
}

test('a member sets a daily deposit limit and a larger deposit is refused with the message', async () => {
  await registerFromModal(page, { username, password, payeeName: 'Limit Tester', paymentPassword: PAYMENT_PASSWORD });
  await closeMemberPopup(page);
  await openPage();
  await page.getByTestId('limit-depositDay-input').fill('150');
  await page.getByTestId('limit-depositDay').getByRole('button', { name: 'Set' }).click();
  await page.getByTestId('limit-depositDay-value').filter({ hasText: '150' }).waitFor();
  await depositThroughSandbox(page, '100');
  await page.goto('/member/depositv2');
  const form = page.locator('form').filter({ has: page.getByRole('group', { name: 'Payment method' }) });
  await form.getByRole('radio', { name: /Online payment \(sandbox\)/ }).check();
  await form.getByLabel('Amount').fill('100');
  await form.getByRole('button', { name: 'Deposit' }).click();
  await page.getByText('This deposit would go over your deposit limit').waitFor();
  await screenshot(page, 'responsible-deposit-limit');
});

test('the reality check appears during a slot session and stop closes the game', async () => {
  await openPage();
  await page.getByTestId('reality-check-select').selectOption('15');
  await page.getByText('Saved').first().waitFor();
  // The notice runs on the page's timers: the page clock jumps the 15 minutes.
  await page.clock.install();
  await page.goto('/rng');
  const slot = page.locator('[data-testid="game-grid"] li').filter({ hasNotText: /crash/i }).first();
  await slot.waitFor();
  const name = (await slot.locator('p').innerText()).trim();
  await slot.getByRole('button', { name: `Play now: ${name}`, exact: true }).click();
  await page.waitForURL(/\/seamless\?nodeId=\d+/);
  const game = page.frameLocator('[data-testid=game-frame]');
  await game.getByTestId('spin').click();
  await page.clock.fastForward('15:01');
  const notice = page.getByRole('alertdialog', { name: 'Reality check' });
  await notice.waitFor();
  await notice.getByTestId('reality-check-net').waitFor();
  await notice.getByText(/Time since you logged in: \d+ min/).waitFor();
  await screenshot(page, 'responsible-reality-check');
  studioUrl = (await page.getByTestId('game-frame').getAttribute('src')) ?? '';
  await notice.getByRole('button', { name: 'Stop playing' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/seamless'));
});

test("the studio's own game page shows the reality check: continue, the next one, stop", async () => {
  // The same slot opened on its own (not framed by /seamless): the studio page shows the notice.
  assert.match(studioUrl, /\/studio\/play\?/);
  // The notice's interval is read once the page has opened: the clock moves only after that answer.
  const asked = page.waitForResponse((r) => r.url().includes('/wps/responsible/realityCheck/game'));
  await page.goto(studioUrl);
  assert.equal((await asked).status(), 200);
  await page.getByTestId('spin').waitFor();
  const notice = page.getByRole('alertdialog', { name: 'Reality check' });
  await page.clock.fastForward('14:00');
  assert.equal(await notice.count(), 0);
  await page.clock.fastForward('01:01');
  await notice.waitFor();
  await notice.getByText(/Time since you logged in: \d+ min/).waitFor();
  await notice.getByText(/Your net result since login: PHP -?[\d,]+\.\d\d/).waitFor();
  await screenshot(page, 'responsible-reality-check-studio');
  await notice.getByRole('button', { name: 'Continue playing' }).click();
  await notice.waitFor({ state: 'detached' });
  await page.getByTestId('spin').click();
  await page.clock.fastForward('15:01');
  await notice.waitFor();
  await notice.getByRole('button', { name: 'Stop playing' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/studio'));
});

test('a self-excluded member can log in, a game tile refuses, and the member withdraws', async () => {
  // Within the day's limit of 150: enough for the smallest withdrawal (100) after the slot's spin.
  await depositThroughSandbox(page, '50');
  await openPage();
  await page.getByTestId('break-period').selectOption('6m');
  await page.getByTestId('break-start').click();
  await page.getByRole('alertdialog', { name: 'Confirm your break' }).waitFor();
  await page.getByTestId('break-confirm').click();
  await page.getByTestId('break-active').waitFor();
  // Signed out (the announcement popups stay seen, so they do not cover the header form).
  await markPopupsSeen(page);
  await page.evaluate(() => sessionStorage.clear());
  await loginFromHeader(page, username, password);
  await closeMemberPopup(page);
  await page.goto('/rng');
  const tile = page.locator('[data-testid="game-grid"] li').filter({ hasNotText: /crash/i }).first();
  await tile.waitFor();
  const name = (await tile.locator('p').innerText()).trim();
  await tile.getByRole('button', { name: `Play now: ${name}`, exact: true }).click();
  await page.getByText('You are taking a break from play').waitFor();
  await screenshot(page, 'responsible-excluded-tile');

  // The money stays the member's: a bank account in the payee name, confirmed by the operator, and a
  // withdrawal with the payment password.
  const token = await tokenOf(page);
  const bound = (await call('POST', '/wps/cashier/bankAccounts', token, {
    bankName: 'BDO Unibank',
    accountName: 'Limit Tester',
    accountNumber: '004455667788',
  })) as { success: boolean; value: { id: number } };
  assert.equal(bound.success, true, JSON.stringify(bound));
  await operatorPost(`/admin/cashier/bankAccounts/${bound.value.id}/confirm`);
  await openPage();
  await page
    .getByRole('navigation', { name: 'Member centre' })
    .getByRole('link', { name: 'Withdraw', exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Withdraw', exact: true }).waitFor();
  const form = page.locator('form').filter({ has: page.getByLabel('Payment password') });
  await form.getByLabel('Bank account', { exact: true }).selectOption({ index: 1 });
  await form.getByLabel('Amount').fill('100');
  await form.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
  await form.getByRole('button', { name: 'Withdraw' }).click();
  await page.getByText('Withdrawal requested').waitFor();
  await page
    .getByRole('table', { name: 'Withdrawal history' })
    .getByTestId('withdrawal-row')
    .first()
    .getByText('Pending')
    .waitFor();
  await screenshot(page, 'responsible-excluded-withdrawal');
});
