// e2e: beside console-desk
// page.evaluate() callbacks run in the browser, so this spec sees the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { type ConsoleOperator, consoleSignIn, createOperator, enrolTwoFactor } from '../../support/console';
import { PAGE_WAIT_MS } from '../../support/env';
import { call, closeMemberPopup, registerFromModal, tokenOf } from '../../support/site';

// The payments desk approves what actually arrived (docs/cashier.md "The desk"): a member asks to
// deposit 500.00 by bank transfer, naming the account it comes from; the bank shows 450.00; the
// operator approves 450.00 with the reason; the member's header balance shows 450.00 and the
// deposit history shows both amounts and the reason.

let member: Page;
let desk: Page;
useBrowser(undefined, async (chromium) => {
  member = await newPage(chromium);
  desk = await newPage(chromium);
});

const suffix = Date.now().toString(36).slice(-7);
const username = `amt${suffix}`;
const PAYEE = 'Amount Tester';
let reference = '';
let operator: ConsoleOperator;

test('a member asks for a bank-transfer deposit of 500.00 with the depositor name on the page', async () => {
  await registerFromModal(member, { username, password: 'Secret123', payeeName: PAYEE });
  await closeMemberPopup(member);
  await member.goto('/member/depositv2');
  await member.getByLabel('Bank transfer', { exact: false }).first().check();
  await member.getByLabel('Amount').fill('500');
  await member.getByLabel('Depositor name').fill(PAYEE);
  await member.locator('form').getByRole('button', { name: 'Deposit' }).click();
  const shown = member.getByTestId('deposit-reference');
  await shown.waitFor();
  reference = (await shown.innerText()).replace(/\s+/g, ' ').match(/D[0-9A-F]{20}/)?.[0] ?? '';
  assert.match(reference, /^D[0-9A-F]{20}$/);
  const mine = await call<{ content: { reference: string; amount: number }[] }>(
    'GET',
    '/wps/cashier/deposits',
    await tokenOf(member),
  );
  assert.equal(mine.value?.content.find((d) => d.reference === reference)?.amount, 500);
  assert.equal(await member.getByTestId('header-balance').innerText(), '₱0.00');
});

test('the operator approves 450.00 with the reason; the member is credited 450.00', async () => {
  operator = await createOperator('amt', ['cashier.read', 'cashier.approve']);
  await enrolTwoFactor(operator);
  await consoleSignIn(desk, operator);
  await desk.goto(`/console/cashier/deposits/${reference}`);
  await desk.getByRole('heading', { level: 1, name: `Deposit ${reference}` }).waitFor();
  // The depositor name the member typed, beside its match against the (not yet) verified name.
  await desk.getByText(PAYEE).first().waitFor();
  await desk.getByText('Not verified yet').waitFor();
  await desk.getByRole('button', { name: 'Approve' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Approve' });
  await dialog.getByLabel('Amount received (PHP)').fill('450');
  // Another amount needs its reason.
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await dialog.getByText('Give the reason').waitFor();
  await dialog.getByLabel('Why the amount differs').fill('The bank shows 450.00');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await dialog.waitFor({ state: 'detached' });
  await desk.getByText('Approved', { exact: true }).first().waitFor();
  await desk.getByText('Amount asked').waitFor();
  await screenshot(desk, 'console-deposit-other-amount');

  await member.reload();
  await member.waitForFunction(
    () => document.querySelector('[data-testid="header-balance"]')?.textContent === '₱450.00',
    undefined,
    { timeout: PAGE_WAIT_MS },
  );
  const row = member.getByTestId('deposit-row').filter({ hasText: reference });
  await row.getByText('₱450.00').waitFor();
  await row.getByText('Asked: ₱500.00').waitFor();
});
