// e2e: beside own-accounts-c
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../../support/axe';
import { screenshot } from '../../support/browser';
import { PAGE_WAIT_MS } from '../../support/env';
import { devicePage } from '../../support/player';
import { registerFromModal } from '../../support/site';
import { useSiteBrowser } from './web-build';

// A member deposits by e-wallet with a quick amount: the demo brand's e-wallet (an invented provider
// paid at the sandbox gateway) shows a QR code and a link that opens the wallet; paying there sends
// the signed callback that credits the header balance live; a tap on the balance says what is
// withdrawable and what wagering is left; the next visit offers the same method and amount.

const browser = useSiteBrowser();

async function depositByEwallet(page: Page, touch: boolean, name: string) {
  const username = `qm${name.slice(0, 1)}${Date.now().toString(36).slice(-8)}`;
  await registerFromModal(page, { username, password: 'Secret123', payeeName: 'Quick Money' });
  const tap = (locator: ReturnType<Page['locator']>) => (touch ? locator.tap() : locator.click());

  await page.goto('/member/depositv2');
  const form = page.locator('form').filter({ has: page.getByRole('group', { name: 'Payment method' }) });
  await form.getByRole('radio', { name: /KalapatiPay/ }).check();
  const chips = form.getByRole('group', { name: 'Quick amounts' });
  await tap(chips.getByRole('button', { name: '₱500.00' }));
  assert.equal(await form.getByLabel('Amount').inputValue(), '500');
  assert.equal(await chips.getByRole('button', { name: '₱500.00' }).getAttribute('aria-pressed'), 'true');
  await tap(form.getByRole('button', { name: 'Deposit' }));

  const instructions = page.getByTestId('ewallet-instructions');
  await instructions.getByTestId('ewallet-qr').waitFor();
  const open = instructions.getByRole('link', { name: 'Open KalapatiPay (sandbox)', exact: true });
  const payUrl = (await open.getAttribute('href')) ?? '';
  assert.match(payUrl, /\/sandbox-gateway\/pay\/D[0-9A-F]+$/);
  // The QR code holds the pay page, which any phone camera opens: no app is claimed.
  await instructions.getByText("Scan with your phone's camera to pay with KalapatiPay (sandbox)").waitFor();
  assert.deepEqual(await seriousAxeViolations(page), []);
  await screenshot(page, `quick-money-ewallet-${name}`);

  // The wallet (here the sandbox gateway) takes the payment and calls back, signed.
  const wallet = await page.context().newPage();
  await wallet.goto(payUrl);
  await wallet.getByRole('button', { name: 'Pay' }).click();
  await wallet.getByText('Payment complete').waitFor();
  await wallet.close();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="header-balance"]')?.textContent === '₱500.00',
    undefined,
    { timeout: PAGE_WAIT_MS },
  );

  // A tap on the balance: what can be withdrawn now and what wagering is left.
  await tap(page.getByTestId('header-balance-button'));
  const details = page.getByTestId('balance-details');
  await details.getByTestId('balance-withdrawable').getByText('₱500.00').waitFor();
  await details.getByTestId('balance-wagering').getByText('None', { exact: true }).waitFor();
  assert.deepEqual(await seriousAxeViolations(page), []);
  await screenshot(page, `quick-money-balance-${name}`);
  await page.keyboard.press('Escape');
  await details.waitFor({ state: 'detached' });

  // The next visit starts from the last method and amount.
  await page.reload();
  await page.getByTestId('deposit-last').getByText('E-wallet, ₱500.00').waitFor();
  assert.equal(await form.getByRole('radio', { name: /KalapatiPay/ }).isChecked(), true);
  assert.equal(await form.getByLabel('Amount').inputValue(), '500');
}

test('on a touch phone (390x844) a member deposits by e-wallet with a quick amount', async () => {
  const page = await devicePage(browser(), { width: 390, height: 844 }, true);
  await depositByEwallet(page, true, 'phone');
  await page.context().close();
});

test('on a desktop (1440x900) a member deposits by e-wallet with a quick amount', async () => {
  const page = await devicePage(browser(), { width: 1440, height: 900 }, false);
  await depositByEwallet(page, false, 'desktop');
  await page.context().close();
});
