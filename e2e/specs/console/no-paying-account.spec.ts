// e2e: alone
// (it takes every paying account of the brand out of use: e2e/run.ts runs it after the specs that pay)
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { operatorToken } from '../../support/api';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { consoleSignIn, createOperator, enrolTwoFactor } from '../../support/console';
import { call, operatorPost, registerWithBankAccount, withdrawInBrowser } from '../../support/site';

// A brand with no active paying account cannot mark a withdrawal paid (docs/cashier.md "Mark
// paid"): the withdrawal page tells the approver so before they approve, with a link to Brand bank
// accounts, and says nothing once a paying account is back. A member asks for a withdrawal in the
// browser; the spec retires the brand's paying accounts through the API and puts them back at the end.

let member: Page;
let desk: Page;
useBrowser(undefined, async (chromium) => {
  member = await newPage(chromium);
  desk = await newPage(chromium);
});

const suffix = Date.now().toString(36).slice(-6);
const username = `npa${suffix}`;
const PAYEE = 'Nora Payless';
const PAYMENT_PASSWORD = '246135';

type HouseAccount = {
  id: number;
  label: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  methodCode: string | null;
  pays: boolean;
  dailyCap: number | null;
  vipLevels: number[] | null;
  active: boolean;
};
let retired: HouseAccount[] = [];
let reference = '';

async function setActive(token: string, account: HouseAccount, active: boolean): Promise<void> {
  const { id, label, bankName, accountName, accountNumber, methodCode, pays, dailyCap, vipLevels } = account;
  const body = { label, bankName, accountName, accountNumber, methodCode, pays, dailyCap, vipLevels, active };
  const changed = await call('PUT', `/admin/cashier/houseAccounts/${id}`, token, body);
  assert.equal(changed.success, true, JSON.stringify(changed));
}

test('a member asks for a withdrawal from a confirmed bank account', async () => {
  const { token } = await registerWithBankAccount(member, {
    username,
    payeeName: PAYEE,
    paymentPassword: PAYMENT_PASSWORD,
    accountNumber: `57${Date.now().toString().slice(-10)}`,
    confirm: true,
  });
  const info = await call<{ id: number }>('GET', '/wps/member/info', token);
  await operatorPost(`/admin/members/${info.value?.id}/adjustments`, {
    direction: 'credit',
    amount: 150,
    reason: 'Balance for the paying-account notice test',
    requestId: randomUUID(),
  });

  reference = await withdrawInBrowser(member, {
    available: '₱150.00',
    amount: '100',
    paymentPassword: PAYMENT_PASSWORD,
  });
});

test('with no paying account the withdrawal page says what to set up, with a link; the notice goes once one is back', async () => {
  const admin = await operatorToken();
  const accounts = await call<{ list: HouseAccount[] }>('GET', '/admin/cashier/houseAccounts', admin);
  retired = (accounts.value?.list ?? []).filter((a) => a.pays && a.active);
  assert.ok(retired.length > 0, 'the demo brand has a paying account');
  try {
    for (const account of retired) await setActive(admin, account, false);

    const approver = await createOperator('npa', ['cashier.read', 'cashier.approve', 'cashier.settings']);
    await enrolTwoFactor(approver);
    await consoleSignIn(desk, approver);
    await desk.goto(`/console/cashier/withdrawals/${reference}`);
    await desk.getByRole('heading', { level: 1, name: `Withdrawal ${reference}` }).waitFor();
    const notice = desk.getByTestId('no-paying-account');
    await notice.getByText('No brand account pays withdrawals yet').waitFor();
    await screenshot(desk, 'console-no-paying-account');
    await notice.getByRole('link').click();
    await desk.waitForURL(/\/console\/cashier\/house-accounts$/);
    await desk.getByRole('heading', { level: 1, name: 'Brand bank accounts' }).waitFor();

    for (const account of retired) await setActive(admin, account, true);
    retired = [];
    // The notice is drawn from the brand's accounts: checked once the page has them.
    const listed = desk.waitForResponse((r) => r.url().includes('/admin/cashier/houseAccounts') && r.ok());
    await desk.goto(`/console/cashier/withdrawals/${reference}`);
    await listed;
    await desk.getByRole('button', { name: 'Approve' }).waitFor();
    assert.equal(await desk.getByTestId('no-paying-account').count(), 0, 'the notice stays with a paying account');
  } finally {
    for (const account of retired) await setActive(admin, account, true);
  }
});
