// e2e: beside console-desk
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { startXenditSimulator, type XenditSimulator } from '../../../apps/server/src/test/xendit-simulator';
import { operatorToken } from '../../support/api';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import {
  type ConsoleOperator,
  consoleSignIn,
  createOperator,
  enrolTwoFactor,
  openConsoleEntry,
} from '../../support/console';
import { baseUrl, PAGE_WAIT_MS } from '../../support/env';
import { call, eventually, registerWithBankAccount, tokenOf, withdrawInBrowser } from '../../support/site';

// A payment provider connected on the console and used end to end (docs/cashier.md "Payment
// providers"), against the local Xendit simulator this spec starts: the operator saves the test keys
// (a live key in the test form is refused in words), points the API address at the simulator, tests
// the connection and enables Xendit with payouts; turns GCash on. A new member deposits by GCash and
// pays on the simulator's checkout page, whose webhook comes twice: the balance counts it once. Two
// withdrawals are sent through Xendit from the withdrawal page: one the simulator pays, one it fails
// (the money back in the member's balance, the reason on the order). Xendit and GCash end disabled,
// as they were, so no other spec meets them.

let member: Page;
let desk: Page;
useBrowser(undefined, async (chromium) => {
  member = await newPage(chromium);
  desk = await newPage(chromium);
});

const suffix = Date.now().toString(36).slice(-7);
const TEST_KEY = `xnd_development_${randomBytes(16).toString('hex')}`;
const WEBHOOK_TOKEN = randomBytes(24).toString('hex');
const PAYMENT_PASSWORD = '135246';
const PAYEE = 'Gina Cashout';

let sim: XenditSimulator;
let operator: ConsoleOperator;
let memberToken = '';

before(async () => {
  sim = await startXenditSimulator({
    keys: [{ secretKey: TEST_KEY, callbackToken: WEBHOOK_TOKEN, mode: 'test' }],
    webhookUrl: { test: `${baseUrl()}/wps/cashier/webhooks/xendit` },
  });
  operator = await createOperator('psp', ['cashier.read', 'cashier.approve', 'cashier.settings']);
  await enrolTwoFactor(operator);
});

after(async () => {
  // Whatever the tests reached: Xendit off and GCash not offered, as every other spec expects.
  const admin = await operatorToken();
  await call('PUT', '/admin/cashier/providers/xendit', admin, { enabled: false, payoutsEnabled: false });
  await call('PUT', '/admin/cashier/methods/GCASH', admin, { active: false });
  await sim?.close();
});

const xendit = () => desk.getByTestId('provider-xendit');
const keysForm = () => xendit().getByRole('form', { name: 'Replace the test keys' });

async function saveTestKeys(secretKey: string) {
  await keysForm().getByLabel('Secret key').fill(secretKey);
  await keysForm().getByLabel('Webhook verification token').fill(WEBHOOK_TOKEN);
  await keysForm().getByRole('button', { name: 'Save test keys' }).click();
}

/** The payout the simulator holds for a withdrawal, once the server has asked for it. */
async function payoutOf(reference: string): Promise<string> {
  let id = '';
  await eventually(async () => {
    id = [...sim.payouts.values()].find((p) => p.reference_id === reference)?.id ?? '';
    return id !== '';
  }, `the payout of ${reference} at the simulator`);
  return id;
}

/** Approves a pending withdrawal on its page and sends it through Xendit with the channel `channel`. */
async function approveAndSend(reference: string, channel: RegExp) {
  await desk.goto(`/console/cashier/withdrawals/${reference}`);
  await desk.getByRole('heading', { level: 1, name: `Withdrawal ${reference}` }).waitFor();
  await desk.getByRole('button', { name: 'Approve', exact: true }).click();
  const approve = desk.getByRole('dialog', { name: 'Approve' });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await approve.waitFor({ state: 'detached' });
  await desk.getByRole('button', { name: 'Send through Xendit' }).click();
  const send = desk.getByRole('dialog', { name: 'Send through Xendit' });
  await send.getByText('Test mode: no real money moves').waitFor();
  await send.getByRole('radio', { name: channel }).check();
  await send.getByRole('button', { name: 'Send through Xendit' }).click();
  await send.waitFor({ state: 'detached' });
  await desk.getByTestId('provider-payout').getByText('Sending through Xendit (test)').waitFor();
  // The provider's answer ends the order: it cannot be marked paid by hand meanwhile.
  assert.equal(await desk.getByRole('button', { name: 'Mark paid' }).count(), 0);
}

test('the operator connects Xendit in test mode: keys, API address, connection test, enabled with payouts', async () => {
  await consoleSignIn(desk, operator);
  await openConsoleEntry(desk, 'Payment providers');
  await xendit()
    .getByRole('heading', { name: /Xendit/ })
    .waitFor();
  assert.equal(await xendit().getByLabel('Webhook URL').inputValue(), `${baseUrl()}/wps/cashier/webhooks/xendit`);
  const enabled = xendit().getByRole('switch', { name: 'Provider enabled' });
  if ((await xendit().getByText('…', { exact: false }).count()) === 0) {
    // No test keys yet: enabling is refused at the switch.
    await enabled.click();
    await xendit().getByText("Save this mode's keys first (Test)").waitFor();
  }
  // A live key in the test form is refused in words at the field.
  await saveTestKeys(`xnd_production_${randomBytes(16).toString('hex')}`);
  await keysForm().getByText('This is not a test key: test keys start xnd_development_').waitFor();
  await saveTestKeys(TEST_KEY);
  await keysForm().getByText('The test keys are saved').waitFor();
  assert.equal(await keysForm().getByLabel('Secret key').inputValue(), '', 'the secret is not kept in the form');
  await xendit()
    .getByText(`…${TEST_KEY.slice(-4)}`)
    .waitFor();

  await xendit().getByText('Advanced: API address for test mode').click();
  const address = xendit().getByRole('form', { name: 'API address for test mode' });
  const field = address.getByLabel('API address for test mode');
  assert.equal(await field.getAttribute('placeholder'), 'https://api.xendit.co');
  await field.fill(sim.url);
  await address.getByRole('button', { name: 'Save' }).click();
  await address.getByText('API address for test mode saved').waitFor();

  await keysForm().getByRole('button', { name: 'Test connection' }).click();
  await xendit().getByTestId('provider-test-test').getByText('Xendit accepted the test keys').waitFor();

  await enabled.click();
  await xendit().getByText('Xendit is enabled').waitFor();
  await xendit().getByRole('switch', { name: 'Payouts through this provider' }).click();
  await xendit().getByText('Payouts through Xendit are on').waitFor();
  assert.equal(await enabled.isChecked(), true);
  await screenshot(desk, 'console-payment-providers');
});

test('GCash is turned on on the payment methods screen', async () => {
  await openConsoleEntry(desk, 'Methods and settings', 'Payment methods and cashier settings');
  const row = desk.getByRole('row').filter({ hasText: 'GCASH' });
  await row.getByRole('button', { name: 'Edit' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Edit GCash' });
  await dialog
    .getByTestId('method-served-by')
    .getByText(/Served by Xendit \(channel PH_GCASH\)/)
    .waitFor();
  await dialog.getByLabel('Offered to members').check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await row.getByText('On', { exact: true }).waitFor();
});

test('a member deposits 500.00 by GCash at the checkout; the webhook comes twice, the balance counts it once', async () => {
  ({ token: memberToken } = await registerWithBankAccount(member, {
    username: `psp${suffix}`,
    payeeName: PAYEE,
    paymentPassword: PAYMENT_PASSWORD,
    accountNumber: `58${Date.now().toString().slice(-10)}`,
    confirm: true,
  }));
  await member.goto('/member/depositv2');
  const form = member.locator('form').filter({ has: member.getByRole('group', { name: 'Payment method' }) });
  await form.getByRole('radio', { name: /GCash/ }).check();
  await form.getByLabel('Amount').fill('500');
  sim.webhooks.duplicate = true;
  await form.getByRole('button', { name: 'Deposit' }).click();
  const payLink = (await member.getByTestId('ewallet-open').getAttribute('href')) ?? '';
  assert.ok(payLink.startsWith(`${sim.url}/checkouts/`), `the pay link is the checkout page: ${payLink}`);

  const checkout = await member.context().newPage();
  await checkout.goto(payLink);
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await sim.whenDelivered(2);
  await checkout.close();
  assert.deepEqual(
    sim.deliveries.map((d) => d.status),
    [200, 200],
    'the webhook and its duplicate are both answered',
  );
  await member.waitForFunction(
    () => document.querySelector('[data-testid="header-balance"]')?.textContent === '₱500.00',
    undefined,
    { timeout: PAGE_WAIT_MS },
  );
  const deposits = await call<{ content: { amount: number; status: string; methodCode: string }[] }>(
    'GET',
    '/wps/cashier/deposits',
    memberToken,
  );
  assert.deepEqual(
    deposits.value?.content.map((d) => [d.methodCode, d.amount, d.status]),
    [['GCASH', 500, 'approved']],
  );
  await member.reload();
  await member.getByTestId('header-balance').getByText('₱500.00').waitFor();
  sim.webhooks.duplicate = false;
});

test('a withdrawal sent through Xendit ends paid with the payout id', async () => {
  const reference = await withdrawInBrowser(member, {
    available: '₱500.00',
    amount: '200',
    paymentPassword: PAYMENT_PASSWORD,
  });
  await approveAndSend(reference, /^Automatic/);
  const id = await payoutOf(reference);
  assert.equal(sim.payouts.get(id)?.channel_code, 'PH_BDO', 'the channel comes from the bank name');
  sim.succeedPayout(id);
  await desk.getByTestId('provider-payout').getByText(`Paid through Xendit: ${id}`).waitFor({ timeout: PAGE_WAIT_MS });
  await desk.getByText('Paid', { exact: true }).first().waitFor();
  await screenshot(desk, 'console-withdrawal-paid-through-xendit');
});

test('a withdrawal the provider fails is rejected, the money back with the reason; Xendit ends disabled', async () => {
  const reference = await withdrawInBrowser(member, {
    available: '₱300.00',
    amount: '100',
    paymentPassword: PAYMENT_PASSWORD,
  });
  await approveAndSend(reference, /GCash \(PH_GCASH\)/);
  const id = await payoutOf(reference);
  assert.equal(sim.payouts.get(id)?.channel_code, 'PH_GCASH');
  sim.failPayout(id, 'INVALID_DESTINATION');
  await desk
    .getByTestId('provider-payout')
    .getByText('Payout failed: INVALID_DESTINATION; returned to the member')
    .waitFor({ timeout: PAGE_WAIT_MS });
  await desk.getByText('Rejected', { exact: true }).first().waitFor();
  await desk.getByText(/The payout through Xendit failed \(INVALID_DESTINATION\)/).waitFor();

  await member.reload();
  await member.getByTestId('header-balance').getByText('₱300.00').waitFor({ timeout: PAGE_WAIT_MS });
  const mine = await call<{ content: { reference: string; status: string; reason: string | null }[] }>(
    'GET',
    '/wps/cashier/withdrawals',
    await tokenOf(member),
  );
  const failed = mine.value?.content.find((w) => w.reference === reference);
  assert.equal(failed?.status, 'rejected');
  assert.match(failed?.reason ?? '', /INVALID_DESTINATION/);

  // Back as it was: disabled on the providers screen (GCash goes off in the after hook).
  await openConsoleEntry(desk, 'Payment providers');
  await xendit().getByRole('switch', { name: 'Provider enabled' }).click();
  await xendit().getByText('Xendit is disabled').waitFor();
});
