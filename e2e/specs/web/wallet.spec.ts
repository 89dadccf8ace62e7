// page.evaluate() callbacks run in the browser, so these specs see the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot } from '../../support/browser';
import { baseUrl } from '../../support/env';
import {
  call,
  closeMemberPopup,
  openMemberEntry,
  operatorPost,
  payoutBody,
  registerFromModal,
  tokenOf,
} from '../../support/site';
import { useSiteBrowser } from './web-build';

// The member centre's money pages against the real server: bind a bank account, deposit
// through the sandbox gateway with the header balance changing live over /ws, withdraw with the
// payment password, the operator approves and pays through /admin, the member confirms receipt
// with an image, transfers to the upline and reads the account record. Then layout and axe.
//
// The demo accounts carry no payment password (the seed sets none and no call sets one later), so
// the flow registers its own member with a payee name, a payment password and agent01's code.

useSiteBrowser(async (chromium) => {
  page = await newPage(chromium);
});
let page: Page;
const username = `wal${Date.now().toString(36).slice(-8)}`;
const PAYEE = 'Wallet Tester';
const PAYMENT_PASSWORD = '246810';
// A 1x1 PNG: the server checks the image signature, so the upload must be a real image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const headerBalance = () => page.getByTestId('header-balance').innerText();
/** Waits until the header shows `text`; fails after 15 s. */
async function headerShows(text: string) {
  await page.waitForFunction(
    (want) => document.querySelector('[data-testid="header-balance"]')?.textContent === want,
    text,
    { timeout: 15_000 },
  );
}
/** Member-centre navigation inside the app (no page load, so the socket and the reload marker stay). */
const openEntry = (name: string) => openMemberEntry(page, name);

test('a new member registers with a payee name, a payment password and an invitation code', async () => {
  await registerFromModal(page, {
    username,
    password: 'Secret123',
    payeeName: PAYEE,
    paymentPassword: PAYMENT_PASSWORD,
    invitationCode: 'AGENT01',
  });
  await closeMemberPopup(page);
  assert.equal(await headerBalance(), '₱0.00');
});

test('binds a bank account: the payee must be the registered real name; confirmed accounts are locked', async () => {
  await page.goto('/member/bankAccount');
  await page.getByRole('heading', { level: 1, name: 'Bank account' }).waitFor();
  await page.getByText('No bank account bound yet').waitFor();
  const form = page.locator('form').filter({ has: page.getByLabel('Account number') });
  await form.locator('input[name="bankName"]').fill('BDO Unibank');
  // The real-name pattern is checked in the browser...
  await form.locator('input[name="accountName"]').fill('Tester');
  await form.locator('input[name="accountNumber"]').fill('001234567890');
  await form.getByRole('button', { name: 'Bind bank account' }).click();
  await form.getByText('Enter your full name: given name and family name').waitFor();
  // ...and the registered payee name on the server.
  await form.locator('input[name="accountName"]').fill('Someone Else');
  await form.getByRole('button', { name: 'Bind bank account' }).click();
  await form.getByText('The account name must match your registered real name').waitFor();
  await form.locator('input[name="accountName"]').fill(PAYEE);
  await form.getByRole('button', { name: 'Bind bank account' }).click();
  const list = page.getByRole('list', { name: 'Bound bank accounts' });
  await list.getByText('Pending').waitFor();
  assert.match(await list.getByTestId('bank-account-number').innerText(), /7890$/);
  assert.ok(await list.getByRole('button', { name: 'Unlink BDO Unibank' }).isVisible(), 'pending can be unlinked');

  const accounts = (await call('GET', '/wps/cashier/bankAccounts', await tokenOf(page))).value as {
    list: { id: number }[];
  };
  const id = accounts.list[0]?.id;
  assert.ok(id, 'the bound account is listed');
  await operatorPost(`/admin/cashier/bankAccounts/${id}/confirm`);
  await page.reload();
  await list.getByText('Confirmed', { exact: true }).waitFor();
  assert.equal(await list.getByRole('button', { name: /Unlink/ }).count(), 0, 'a confirmed account is locked');
  await list.getByText('Confirmed: locked').waitFor();
  await screenshot(page, 'wallet-bank-account');
});

test('a sandbox-gateway deposit credits the header balance live, without a reload', async () => {
  await openEntry('Deposit');
  // A marker on window survives only as long as the page is not reloaded.
  await page.evaluate(() => {
    (window as unknown as { walletMarker: number }).walletMarker = 1;
  });
  const form = page.locator('form').filter({ has: page.getByRole('group', { name: 'Payment method' }) });
  const history = page.getByRole('table', { name: 'Deposit history' });

  // A manual bank transfer: the brand's receiving account with copy buttons, and a proof image.
  await form.getByRole('radio', { name: /^Bank transfer/ }).check();
  await form.getByLabel('Amount').fill('200');
  await form.getByRole('button', { name: 'Deposit' }).click();
  const instructions = page.getByRole('definition').filter({ hasText: '0012345678901' });
  await instructions.waitFor();
  await page.getByText('Gamehall Demo Inc').waitFor();
  const bankReference = await page.getByTestId('deposit-reference').innerText();
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy Reference' }).click();
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), bankReference);
  await page.getByLabel('Transfer proof (optional)').setInputFiles({
    name: 'slip.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await page.getByText('Proof uploaded').first().waitFor();
  await history.getByRole('row').filter({ hasText: bankReference }).getByText('Pending').waitFor();
  assert.equal(await headerBalance(), '₱0.00', 'a bank transfer waits for the operator');

  // An online payment through the sandbox gateway.
  await form.getByRole('radio', { name: /Online payment \(sandbox\)/ }).check();
  await form.getByText('Limits: ₱50.00 – ₱100,000.00').waitFor();
  await form.getByLabel('Amount').fill('20');
  await form.getByRole('button', { name: 'Deposit' }).click();
  await form.getByText('Limits: ₱50.00 – ₱100,000.00').first().waitFor();
  assert.equal(await form.locator('[role="alert"]').first().innerText(), 'Limits: ₱50.00 – ₱100,000.00');
  await form.getByLabel('Amount').fill('1234.5');
  await form.getByRole('button', { name: 'Deposit' }).click();
  const link = page.getByRole('link', { name: 'Open the payment page' });
  await link.waitFor();
  const reference = await page.getByTestId('deposit-reference').innerText();
  const href = await link.getAttribute('href');
  assert.ok(href?.includes(`/sandbox-gateway/pay/${reference}`), `pay link ${href}`);
  await history.getByRole('row').filter({ hasText: reference }).getByText('Pending').waitFor();
  // The history names the method as the member chose it, never by its code.
  await history.getByRole('row').filter({ hasText: reference }).getByText('Online payment (sandbox)').waitFor();
  assert.ok(!(await history.innerText()).includes('SANDBOX_PAY'), 'no method code in the deposit history');
  await screenshot(page, 'wallet-deposit');

  // The member pays on the gateway's own page, in another tab.
  const pay = await page.context().newPage();
  await pay.goto(new URL(href ?? '', baseUrl()).pathname);
  await pay.getByRole('button', { name: 'Pay' }).click();
  await pay.getByText('Payment complete').waitFor();
  await pay.close();

  await headerShows('₱1,234.50');
  await history.getByRole('row').filter({ hasText: reference }).getByText('Approved').waitFor();
  assert.equal(await page.evaluate(() => (window as unknown as { walletMarker?: number }).walletMarker), 1);
});

let withdrawalReference = '';
test('withdraws with the payment password; a wrong one is refused with its message', async () => {
  await openEntry('Withdraw');
  await page.getByTestId('withdraw-available').getByText('₱1,234.50').waitFor();
  await page.getByRole('progressbar', { name: 'Turnover' }).waitFor();
  await screenshot(page, 'wallet-withdraw');
  const form = page.locator('form').filter({ has: page.getByLabel('Payment password') });
  const account = form.getByLabel('Bank account', { exact: true });
  assert.match((await account.locator('option').nth(1).innerText()).trim(), /^BDO Unibank · .*7890$/);
  await account.selectOption({ index: 1 });
  await form.getByLabel('Amount').fill('300');
  await form.getByLabel('Payment password').fill('135790');
  await form.getByRole('button', { name: 'Withdraw' }).click();
  await form.getByText('The payment password is not correct').waitFor();
  await form.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
  await form.getByRole('button', { name: 'Withdraw' }).click();
  await page.getByText('Withdrawal requested').waitFor();
  const history = page.getByRole('table', { name: 'Withdrawal history' });
  const row = history.getByTestId('withdrawal-row').first();
  await row.getByText('Pending').waitFor();
  withdrawalReference = (await row.locator('td').nth(1).innerText()).trim();
  await page.getByTestId('withdraw-available').getByText('₱934.50').waitFor();
  // The held 300.00 leaves the header's balance at once (its balance event), as it leaves the games'.
  await headerShows('₱934.50');
});

test('the operator approves and pays; the member confirms receipt with an image checked in the browser', async () => {
  await operatorPost(`/admin/cashier/withdrawals/${withdrawalReference}/approve`);
  await operatorPost(`/admin/cashier/withdrawals/${withdrawalReference}/paid`, await payoutBody());
  // Approval captures the held money, which the header's available balance already left out.
  // Paying posts only between house accounts, so the member sees "paid" the next time the page
  // loads its history.
  await headerShows('₱934.50');
  await openEntry('My wallet');
  await openEntry('Withdraw');
  const history = page.getByRole('table', { name: 'Withdrawal history' });
  const row = history.getByRole('row').filter({ hasText: withdrawalReference });
  await row.getByText('Paid').waitFor();
  await row.getByRole('button', { name: 'Confirm receipt' }).click();

  const receipt = page.getByRole('form', { name: 'Receipt' });
  await receipt.getByRole('radio', { name: 'Not received' }).check();
  await receipt.getByRole('button', { name: 'Submit' }).click();
  await receipt.getByText('Attach 1 to 3 images').waitFor();
  const images = receipt.getByLabel('Images');
  await images.setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await receipt.getByText('Each image must be at most 5 MB').waitFor();
  await images.setInputFiles({ name: 'statement.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await receipt.getByText('Only PNG or JPG images').waitFor();
  await images.setInputFiles({ name: 'statement.png', mimeType: 'image/png', buffer: PNG });
  await receipt.getByRole('radio', { name: 'Partly received' }).check();
  await receipt.getByLabel('Comment (optional)').fill('Only part arrived');
  await screenshot(page, 'wallet-withdraw-receipt');
  // Cancelling a filled form asks first; staying keeps what was typed.
  await receipt.getByRole('button', { name: 'Cancel' }).click();
  const ask = page.getByRole('alertdialog');
  await ask.getByText('Are you sure you want to cancel?').waitFor();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(await receipt.getByLabel('Comment (optional)').inputValue(), 'Only part arrived');
  // The answer is final, so sending it asks too.
  await receipt.getByRole('button', { name: 'Submit' }).click();
  await ask.getByText('Are you sure you want to submit?').waitFor();
  await ask.getByRole('button', { name: 'OK' }).click();
  await page.getByText('Receipt confirmed').waitFor();
  await row.getByText('Partly received').waitFor();
});

test('transfers to the upline with the payment password and the header follows', async () => {
  await openEntry('Transfer to upline');
  const form = page.locator('form').filter({ has: page.getByLabel('Payment password') });
  await form.getByLabel('Amount').fill('100');
  await form.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
  await form.getByRole('button', { name: 'Transfer' }).click();
  await page
    .getByTestId('upline-result')
    .getByText(/₱100\.00 sent to your upline/)
    .waitFor();
  await headerShows('₱834.50');
  await page.getByTestId('upline-available').getByText('₱834.50').waitFor();
});

test('the account record lists the movements with the 30-day shortcut, a type filter and custom dates', async () => {
  await openEntry('Account record');
  const table = page.getByRole('table', { name: 'Account record' });
  await page.getByRole('button', { name: 'Past 30 days' }).click();
  assert.equal(await page.getByRole('button', { name: 'Past 30 days' }).getAttribute('aria-pressed'), 'true');
  await table.getByRole('cell', { name: 'Deposit', exact: true }).waitFor();
  await table.getByRole('cell', { name: 'Transfer', exact: true }).waitFor();
  await table.getByRole('cell', { name: '₱1,234.50', exact: true }).first().waitFor();
  await page.getByLabel('Type').selectOption('deposit');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="record-row"]').length === 1);
  await table.getByRole('cell', { name: 'Deposit', exact: true }).waitFor();
  // A reversed custom range is refused in the browser.
  await page.getByRole('textbox', { name: 'From', exact: true }).fill('2030-01-02');
  await page.getByRole('textbox', { name: 'To', exact: true }).fill('2030-01-01');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByText('Choose a start date on or before the end date').waitFor();
  // Days are the brand's (the demo brand keeps Asia/Manila): from 16:00 UTC its date is a day ahead of UTC's.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila' }).format(new Date());
  await page.getByRole('textbox', { name: 'From', exact: true }).fill(today);
  await page.getByRole('textbox', { name: 'To', exact: true }).fill(today);
  await page.getByRole('button', { name: 'Search' }).click();
  await table.getByRole('cell', { name: '₱1,234.50', exact: true }).first().waitFor();
  await screenshot(page, 'wallet-account-record');
});

test('the wallet pages fit a 390 px screen and the withdraw page has no serious axe violation', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const entry of [
    'transferFund',
    'depositv2',
    'withdraw',
    'bankAccount',
    'transferUpline',
    'transactionHistory',
    'bonusDetails',
  ]) {
    await page.goto(`/member/${entry}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${entry} overflows by ${overflow} px at 390 px`);
  }
  await page.goto('/member/transferFund');
  await page.getByRole('heading', { name: 'Consolidated funds' }).waitFor();
  await screenshot(page, 'wallet-my-wallet-390');
  await page.getByTestId('wallet-balance').getByText('₱834.50').waitFor();
  // The demo brand has AGENTPOLICY3 on: consolidated funds show with the bonus wallet.

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/member/withdraw');
  await page.getByRole('table', { name: 'Withdrawal history' }).getByTestId('withdrawal-row').first().waitFor();
  // The whole page: header (logged in), member-centre menu and the withdraw content.
  const violations = await seriousAxeViolations(page);
  assert.deepEqual(violations, [], violations.join(', '));
});
