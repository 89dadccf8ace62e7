// e2e: beside own-accounts
// page.evaluate() callbacks run in the browser, so these specs see the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot } from '../../support/browser';
import {
  call,
  closeMemberPopup,
  operatorPost,
  outboxEntry,
  payoutBody,
  registerFromModal,
  tokenOf,
  withdrawInBrowser,
} from '../../support/site';
import { useSiteBrowser } from './web-build';

// The security centre (spec §2 securityCenter) against the real server: a member who registered
// without a payment password sets one in the security centre (login password plus the code mailed
// to the bound email, with the send button counting down), binds a mobile number with an SMS
// code, then withdraws with that payment password; the operator's steps go through the admin API.

useSiteBrowser(async (chromium) => {
  page = await newPage(chromium);
});
let page: Page;
const stamp = Date.now().toString(36).slice(-7);
const username = `sec${stamp}`;
const EMAIL = `sec${stamp}@example.com`;
const LOGIN_PASSWORD = 'Secret123';
const PAYMENT_PASSWORD = '246810';
const PAYEE = 'Secure Tester';
// +63 and ten digits, unique per run.
const MOBILE = `98${String(Date.now() % 100_000_000).padStart(8, '0')}`;

test('a new member registers with an email and no payment password', async () => {
  await registerFromModal(page, { username, password: LOGIN_PASSWORD, payeeName: PAYEE, email: EMAIL });
  await closeMemberPopup(page);
  const info = await call('GET', '/wps/member/info', await tokenOf(page));
  assert.equal((info.value as { hasPaymentPassword: boolean }).hasPaymentPassword, false);
});

test('sets the payment password in the security centre with the login password and a mailed code', async () => {
  await page.goto('/member/securityCenter');
  await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
  const panel = page.getByTestId('security-payment-password');
  await panel.getByText('Not set').waitFor();
  assert.match(await page.getByTestId('security-email').innerText(), /s\*\*\*@example\.com/);
  await panel.getByRole('button', { name: 'Set' }).click();

  const dialog = page.getByRole('dialog', { name: 'Set payment password' });
  await dialog.getByLabel('Login password').fill('Wrong1234');
  await dialog.getByLabel('New payment password').fill(PAYMENT_PASSWORD);
  await dialog.getByLabel('Confirm payment password').fill('246811');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  // Checked in the browser: the confirmation and the missing code.
  await dialog.getByText('Confirmation password is not correct').waitFor();
  await dialog.getByText('Please enter a valid verification code').waitFor();
  await dialog.getByLabel('Confirm payment password').fill(PAYMENT_PASSWORD);

  const sentAt = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await dialog.getByRole('button', { name: /^Resend in \d+ s$/ }).waitFor();
  assert.equal(await dialog.getByRole('button', { name: /^Resend in/ }).isDisabled(), true, 'counting down');
  await dialog.getByText(/Code sent to s\*\*\*@example\.com/).waitFor();
  const mail = await outboxEntry({ channel: 'email', to: EMAIL, after: sentAt, text: /verification code/ });
  assert.ok(mail.code);
  await dialog.getByLabel('Verification code').fill(mail.code);

  // The server refuses the wrong login password with its message, and keeps the code usable.
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.getByText('The login password is not correct').waitFor();
  await screenshot(page, 'security-set-payment-password');
  await dialog.getByLabel('Login password').fill(LOGIN_PASSWORD);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Payment password saved').waitFor();
  await panel.getByText('Set', { exact: true }).waitFor();
  await panel.getByRole('button', { name: 'Change' }).waitFor();
  await outboxEntry({ channel: 'email', to: EMAIL, after: sentAt, text: /your payment password was set/ });
});

test('binds a mobile number with an SMS code; it shows masked', async () => {
  const section = page.getByTestId('security-mobile');
  await section.getByText('Not bound').waitFor();
  await section.getByRole('button', { name: 'Bind' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bind mobile number' });
  await dialog.getByLabel('Mobile number').fill(MOBILE);
  // The dialing code comes before the number, as on the registration form (measured once the
  // dialog's opening animation has finished and the brand's countries have come: the code's box
  // appears with them and moves the number over).
  const dialing = dialog.getByRole('combobox', { name: 'Country code' });
  await dialing.waitFor({ state: 'attached' });
  await dialog.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
  const dial = await dialing.boundingBox();
  const number = await dialog.getByLabel('Mobile number').boundingBox();
  assert.ok(number && dial && dial.x + dial.width <= number.x, 'dialing code before the number');
  const sentAt = Date.now() - 1000;
  await dialog.getByRole('button', { name: 'Send code' }).click();
  const sms = await outboxEntry({ channel: 'sms', to: `+63${MOBILE}`, after: sentAt, text: /verification code/ });
  await dialog.getByLabel('Verification code').fill(sms.code ?? '');
  await dialog.getByLabel('Login password').fill(LOGIN_PASSWORD);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Mobile number saved').waitFor();
  await section.getByText(`+63 ${MOBILE.slice(0, 3)}****${MOBILE.slice(-3)}`).waitFor();
  await outboxEntry({ channel: 'email', to: EMAIL, after: sentAt, text: /mobile number .* was bound to your account/ });
  await screenshot(page, 'security-centre');
});

test('withdraws with the new payment password and sees the withdrawal paid', async () => {
  const token = await tokenOf(page);
  // Operator steps through the admin API: the bank account confirmed and a bank-transfer deposit approved.
  const bound = await call('POST', '/wps/cashier/bankAccounts', token, {
    bankName: 'BDO Unibank',
    accountName: PAYEE,
    accountNumber: `00${MOBILE}`,
  });
  assert.equal(bound.success, true, JSON.stringify(bound));
  await operatorPost(`/admin/cashier/bankAccounts/${(bound.value as { id: number }).id}/confirm`);
  const deposit = await call('POST', '/wps/cashier/deposit', token, {
    methodCode: 'BANK_TRANSFER',
    amount: 500,
    requestId: `sec-${stamp}-deposit`,
  });
  assert.equal(deposit.success, true, JSON.stringify(deposit));
  await operatorPost(`/admin/cashier/deposits/${(deposit.value as { reference: string }).reference}/approve`);

  const reference = await withdrawInBrowser(page, {
    available: '₱500.00',
    amount: '300',
    paymentPassword: PAYMENT_PASSWORD,
  });
  const history = page.getByRole('table', { name: 'Withdrawal history' });

  await operatorPost(`/admin/cashier/withdrawals/${reference}/approve`);
  await operatorPost(`/admin/cashier/withdrawals/${reference}/paid`, await payoutBody());
  await page.reload();
  await history.getByRole('row').filter({ hasText: reference }).getByText('Paid').waitFor();
});
