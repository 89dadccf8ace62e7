// e2e: beside console-desk
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { consoleSignIn, consoleToken, createOperator } from '../../support/console';
import { call, closeMemberPopup, registerFromModal, tokenOf } from '../../support/site';

// The member at a glance (docs/back-office.md "The member summary"): the member page opens on the
// Summary tab with responsible play as a banner on top, the balances the API answers, the upline
// chain up to the top agent, tags and notes (a goodwill credit through the adjust dialog, which
// says whether each type counts in the agents' base), the risk badge, the bank account holder's
// name, and a time-out instead of "Active"; the desk finds the member by that holder name; an agent
// has no "Make agent"; the Audit tab lists the cashier's decision on the member's bank account
// beside the member's own actions.

let agentPage: Page;
let player: Page;
let desk: Page;
useBrowser(undefined, async (chromium) => {
  agentPage = await newPage(chromium);
  player = await newPage(chromium);
  desk = await newPage(chromium);
});

const suffix = Date.now().toString(36).slice(-7);
const agentName = `sag${suffix}`;
const memberName = `smb${suffix}`;
/** The member's payee and bank-account holder name (a real name: letters only), unique to the run. */
const holderName = `Ofelia Q${suffix.replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? '')}`;
let agentId = 0;
let memberId = 0;
let bankAccountId = 0;

async function register(page: Page, username: string, payeeName: string): Promise<{ id: number; token: string }> {
  await registerFromModal(page, { username, password: 'Secret123', payeeName });
  await closeMemberPopup(page);
  const token = await tokenOf(page);
  const info = await call<{ id: number }>('GET', '/wps/member/info', token);
  const id = info.value?.id ?? 0;
  assert.ok(id > 0, JSON.stringify(info));
  return { id, token };
}

test('a member sets a deposit limit and binds a bank account; another registers to be their agent', async () => {
  agentId = (await register(agentPage, agentName, 'Summary Tester')).id;
  const member = await register(player, memberName, holderName);
  memberId = member.id;
  const limit = await call('PUT', '/wps/responsible/limits', member.token, { depositDay: 500 });
  assert.equal(limit.success, true, JSON.stringify(limit));
  const bound = await call<{ id: number }>('POST', '/wps/cashier/bankAccounts', member.token, {
    bankName: 'BDO Unibank',
    accountName: holderName,
    accountNumber: `55${Date.now().toString().slice(-10)}`,
  });
  assert.equal(bound.success, true, JSON.stringify(bound));
  bankAccountId = bound.value?.id ?? 0;
  assert.ok(bankAccountId > 0);
  // A day's time-out: the desk must not read the member as "Active" while it runs.
  const timeOut = await call('POST', '/wps/responsible/break', member.token, { period: '24h', confirm: true });
  assert.equal(timeOut.success, true, JSON.stringify(timeOut));
});

test('the desk makes the agent, moves the member under them, confirms the account and adds a note', async () => {
  const operator = await createOperator('sum', [
    'members.read',
    'members.write',
    'wallet.adjust',
    'cashier.read',
    'cashier.approve',
  ]);
  await consoleSignIn(desk, operator);
  const token = await consoleToken(desk);

  // The agent's page offers "Make agent" until they are one.
  await desk.goto(`/console/members/${agentId}`);
  await desk.getByRole('heading', { level: 1, name: agentName }).waitFor();
  await desk.getByRole('button', { name: 'Make agent' }).click();
  const dialog = desk.getByRole('dialog', { name: `Make ${agentName} an agent` });
  await dialog.getByRole('button', { name: 'Make agent' }).click();
  await dialog.waitFor({ state: 'detached' });
  await desk.getByText('Agent (type 1)').first().waitFor();
  assert.equal(await desk.getByRole('button', { name: 'Make agent' }).count(), 0, 'an agent has no Make agent');

  for (const [url, body] of [
    [`/admin/members/${memberId}/upline`, { uplineId: agentId }],
    [`/admin/members/${memberId}/tags`, { tags: ['watch'] }],
    [`/admin/members/${memberId}/notes`, { text: 'Called about the limit' }],
    [`/admin/cashier/bankAccounts/${bankAccountId}/confirm`, undefined],
  ] as const) {
    const done = await call('POST', url, token, body ?? {});
    assert.equal(done.success, true, `${url}: ${JSON.stringify(done)}`);
  }

  // A goodwill credit through the adjust dialog, which says whether each type is charged to the
  // upline agents' dividend base (the demo brand: a correction is, goodwill is not).
  await desk.goto(`/console/members/${memberId}`);
  await desk.getByRole('heading', { level: 1, name: memberName }).waitFor();
  await desk.getByRole('button', { name: 'Adjust balance' }).click();
  const adjust = desk.getByRole('dialog', { name: `Adjust the balance of ${memberName}` });
  const type = adjust.locator('select[name=type]');
  const base = adjust.getByTestId('adjust-agent-base');
  await type.selectOption('correction');
  await base.getByText(/^Counts in the agent's base/).waitFor();
  await type.selectOption('goodwill');
  await base.getByText(/^Does not count in the agent's base/).waitFor();
  await adjust.getByLabel('Credit (add)').check();
  await adjust.getByLabel('Amount').fill('25');
  await adjust.getByLabel('Reason').fill('Goodwill for the summary test');
  await adjust.getByRole('button', { name: 'Adjust balance' }).click();
  await adjust.getByRole('status').getByText('Posted: the balance has changed.').waitFor();
  await adjust.getByRole('button', { name: 'Close' }).last().click();
  await adjust.waitFor({ state: 'detached' });
});

test('the member page opens on the summary: responsible play first, then the member at a glance', async () => {
  await desk.goto(`/console/members/${memberId}`);
  await desk.getByRole('heading', { level: 1, name: memberName }).waitFor();
  const tab = desk.getByRole('tab', { name: 'Summary', exact: true });
  assert.equal(await tab.getAttribute('aria-selected'), 'true');
  // On a time-out, not "Active"; the risk level, open flags and links as one badge.
  await desk
    .getByText(/^Time-out until /)
    .first()
    .waitFor();
  assert.equal(await desk.getByText('Active', { exact: true }).count(), 0, 'a member on a time-out is not Active');
  assert.match(
    await desk.getByTestId('risk-badge').innerText(),
    /^(Low|Normal|High) risk · \d+ open flags? · \d+ linked accounts?$/,
  );

  const summary = await call<{
    balances: { cash: number; currency: string };
    identity: { kycLevel: number };
    payments: unknown;
  }>('GET', `/admin/members/${memberId}/summary`, await consoleToken(desk));
  assert.equal(summary.success, true, JSON.stringify(summary));
  assert.equal(summary.value?.balances.cash, 25);
  assert.notEqual(summary.value?.payments, null, 'cashier.read sees deposits and withdrawals');

  const banner = desk.getByRole('region', { name: 'Responsible play' });
  await banner.getByText('Deposits a day:').waitFor();
  assert.match(await banner.innerText(), /0\.00 PHP used of 500\.00 PHP/);
  // The banner comes before every other part of the summary.
  const identity = desk.getByRole('region', { name: 'Identity' });
  const [bannerBox, identityBox] = [await banner.boundingBox(), await identity.boundingBox()];
  assert.ok(bannerBox && identityBox && bannerBox.y < identityBox.y, 'the banner is on top');

  assert.match(await identity.innerText(), new RegExp(`Level ${summary.value?.identity.kycLevel}`));
  // The name a cashier reads on a transfer slip: the bank account's holder (masked for an operator
  // who may not reveal names; the search below finds the member by it all the same).
  const payees = identity.getByTestId('payee-names');
  await payees.getByText('O*** Q***', { exact: true }).waitFor();
  await payees.getByText('bank account holder').waitFor();
  const balances = desk.getByRole('region', { name: 'Balances' });
  assert.match(await balances.innerText(), /Cash\s+25\.00 PHP/);
  const figures = desk.getByRole('table', { name: 'Money and play' });
  for (const row of ['Deposits (count)', 'Withdrawals (count)', 'Valid bets', 'Wins', 'GGR (bets minus wins)'])
    await figures.getByRole('rowheader', { name: row, exact: true }).waitFor();

  const uplines = desk.getByRole('region', { name: 'Upline chain' });
  await uplines.getByRole('link', { name: agentName }).waitFor();
  await uplines.getByText('Top agent').waitFor();
  await desk.getByRole('region', { name: 'Tags' }).getByText('watch').waitFor();
  await desk.getByRole('region', { name: 'Notes (1)' }).getByText('Called about the limit').waitFor();
  // A member who is not an agent can be made one.
  await desk.getByRole('button', { name: 'Make agent' }).waitFor();
  assert.deepEqual(await seriousAxeViolations(desk), []);
  await screenshot(desk, 'console-member-summary');
});

test("the desk finds the member by the bank account holder's name, shown on a time-out", async () => {
  await desk.goto('/console/members');
  const filters = desk.getByRole('form', { name: 'Filters' });
  await filters.getByLabel('Search').fill(holderName);
  await filters.getByLabel('Look in').selectOption({ label: 'Payee or account holder name' });
  await filters.getByRole('button', { name: 'Apply' }).click();
  await desk.waitForURL(/field=payee/);
  await desk.getByText('1 row', { exact: true }).waitFor();
  const row = desk.getByRole('row').filter({ has: desk.getByRole('link', { name: memberName, exact: true }) });
  assert.match(await row.innerText(), /Time-out until /);
  await screenshot(desk, 'console-member-search-holder');
  await desk.goto(`/console/members/${memberId}`);
  await desk.getByRole('heading', { level: 1, name: memberName }).waitFor();
});

test("the Audit tab lists the cashier's decision on the member's bank account", async () => {
  await desk.getByRole('tab', { name: 'Audit', exact: true }).click();
  const table = desk.getByRole('table', { name: 'Audit' });
  await table.getByText('cashier.bankAccount.confirm').waitFor();
  await table.getByRole('cell', { name: String(bankAccountId), exact: true }).waitFor();
  await table.getByText('member.upline').waitFor();
  await table.getByText('wallet.adjustment.request').waitFor();
});

test('the summary fits a phone', async () => {
  await desk.setViewportSize({ width: 390, height: 900 });
  await desk.goto(`/console/members/${memberId}`);
  await desk.getByRole('region', { name: 'Responsible play' }).waitFor();
  assert.equal(await desk.evaluate(() => document.documentElement.scrollWidth), 390);
});
