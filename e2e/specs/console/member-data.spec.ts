// e2e: beside console-desk
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { operatorToken } from '../../support/api';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { consoleSignIn, consoleToken, createOperator, getWithToken } from '../../support/console';
import { call, closeMemberPopup, registerFromModal, tokenOf } from '../../support/site';

// The member page by permission: a support operator (members.read and wallet.adjust, no
// cashier.read, no members.pii) reads the member's email masked, shows it with Show (an audit row
// on the member's Audit tab), finds no Deposits, Withdrawals or Bank accounts tab (and the API
// refuses them), and an adjustment whose first answer is lost credits once when it is sent again.

let member: Page;
let desk: Page;
useBrowser(undefined, async (chromium) => {
  member = await newPage(chromium);
  desk = await newPage(chromium);
});

const suffix = Date.now().toString(36).slice(-7);
const username = `pii${suffix}`;
const EMAIL = `pii${suffix}@example.com`;
let memberId = 0;

test('a member registers with an email and binds a bank account', async () => {
  await registerFromModal(member, { username, password: 'Secret123', payeeName: 'Data Tester', email: EMAIL });
  await closeMemberPopup(member);
  const token = await tokenOf(member);
  const info = await call<{ id: number }>('GET', '/wps/member/info', token);
  memberId = info.value?.id ?? 0;
  assert.ok(memberId > 0, JSON.stringify(info));
  const bound = await call('POST', '/wps/cashier/bankAccounts', token, {
    bankName: 'BDO Unibank',
    accountName: 'Data Tester',
    accountNumber: `66${Date.now().toString().slice(-10)}`,
  });
  assert.equal(bound.success, true, JSON.stringify(bound));
});

test('support reads the email masked, shows it when asked (audited) and has no cashier tab', async () => {
  const support = await createOperator('sup', ['members.read', 'members.reveal', 'wallet.adjust']);
  await consoleSignIn(desk, support);
  await desk.goto(`/console/members/${memberId}`);
  await desk.getByRole('heading', { level: 1, name: username }).waitFor();
  // The page opens on the summary; the contact details are on the Account tab.
  await desk.getByRole('tab', { name: 'Account', exact: true }).click();
  const email = desk.locator('[data-pii="email"]');
  await email.waitFor();
  assert.equal(await email.textContent(), 'p***@example.com');
  for (const name of ['Deposits', 'Withdrawals', 'Bank accounts'])
    assert.equal(await desk.getByRole('tab', { name, exact: true }).count(), 0, `no ${name} tab`);
  await desk.getByRole('tab', { name: 'Audit', exact: true }).waitFor();
  await screenshot(desk, 'console-member-masked');

  await desk.getByRole('button', { name: 'Show the full Email' }).click();
  await desk.locator('[data-pii="email"]', { hasText: EMAIL }).waitFor();
  await desk.getByRole('tab', { name: 'Audit', exact: true }).click();
  await desk.getByRole('table', { name: 'Audit' }).getByText('member.reveal').waitFor();

  const token = await consoleToken(desk);
  for (const tab of ['deposits', 'withdrawals', 'bankAccounts'])
    assert.deepEqual(
      await getWithToken(`/admin/members/${memberId}/${tab}`, token),
      { status: 403, code: 'AUTH_FORBIDDEN' },
      tab,
    );
});

test('an adjustment sent again after its answer was lost credits once', async () => {
  await desk.getByRole('tab', { name: 'Account', exact: true }).click();
  // The first answer never reaches the page (the server did credit); the operator presses again.
  const sent: string[] = [];
  await desk.route('**/admin/members/*/adjustments', async (route) => {
    sent.push(route.request().postData() ?? '');
    if (sent.length === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else await route.continue();
  });
  await desk.getByRole('button', { name: 'Adjust balance' }).click();
  const dialog = desk.getByRole('dialog', { name: `Adjust the balance of ${username}` });
  // The approval threshold is told in money, from the brand setting.
  const rules = await call<{ approvalThreshold: number; currency: string }>(
    'GET',
    '/admin/adjustments/rules',
    await operatorToken(),
  );
  const threshold = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    rules.value?.approvalThreshold ?? Number.NaN,
  );
  await dialog.getByText(`Adjustments above ${threshold} ${rules.value?.currency}`).waitFor();
  await dialog.getByLabel('Amount').fill('5');
  await dialog.getByLabel('Reason').fill('Goodwill for the data permissions test');
  await dialog.getByRole('button', { name: 'Adjust balance' }).click();
  await dialog.getByRole('alert').waitFor();
  await dialog.getByRole('button', { name: 'Adjust balance' }).click();
  await dialog.getByRole('status').getByText('Posted').waitFor();
  await desk.unroute('**/admin/members/*/adjustments');

  assert.equal(sent.length, 2);
  const ids = sent.map((body) => (JSON.parse(body) as { requestId?: string }).requestId);
  assert.ok(ids[0] && ids[0] === ids[1], `one request id for both sends: ${ids.join(', ')}`);
  const ledger = await call<{ total: number; list: { amount: number }[] }>(
    'GET',
    `/admin/members/${memberId}/ledger?type=adjustment`,
    await operatorToken(),
  );
  assert.equal(ledger.value?.total, 1, JSON.stringify(ledger));
  assert.equal(ledger.value?.list[0]?.amount, 5);
});
