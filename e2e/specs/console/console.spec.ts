// e2e: beside console-desk
// page.evaluate() callbacks run in the browser, so this spec sees the DOM types.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import {
  type ConsoleOperator,
  consoleSignIn,
  consoleToken,
  createOperator,
  enrolTwoFactor,
  getWithToken,
  openConsoleEntry,
} from '../../support/console';
import { baseUrl, PAGE_WAIT_MS } from '../../support/env';
import { call, registerWithBankAccount, tokenOf, totp, withdrawInBrowser } from '../../support/site';

// The back office console in Chromium: a cashier operator with two-factor sign-in
// confirms a member's bank account, approves the member's bank-transfer deposit (the member's
// header balance moves in the player site's page), rejects two more in bulk from the queue (which
// shows the depositor, the receiving account, the risk and the wait), approves and pays a
// withdrawal from the demo's paying account, and finds each
// step in the audit log; an operator without cashier rights sees no cashier menu and gets 403 from
// the API; axe finds no serious violation on the main screens. The runner builds both apps.

let member: Page;
let desk: Page;
const browser = useBrowser(undefined, async (chromium) => {
  member = await newPage(chromium);
  desk = await newPage(chromium);
});

const suffix = Date.now().toString(36).slice(-7);
const username = `csl${suffix}`;
const PAYEE = 'Console Tester';
const PAYMENT_PASSWORD = '135246';
const ACCOUNT_NUMBER = `55${Date.now().toString().slice(-10)}`;
// A 1x1 PNG: the server checks the image signature, so the proof must be a real image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let cashierOp: ConsoleOperator;
let depositReference = '';
let withdrawalReference = '';
const axeFindings: string[] = [];

async function axeCheck(page: Page, screen: string) {
  const found = await seriousAxeViolations(page);
  axeFindings.push(...found.map((v) => `${screen}: ${v}`));
}

async function headerShows(text: string) {
  await member.waitForFunction(
    (want) => document.querySelector('[data-testid="header-balance"]')?.textContent === want,
    text,
    { timeout: PAGE_WAIT_MS },
  );
}

test('a member registers, binds a bank account and asks for a bank-transfer deposit with a proof', async () => {
  // The account is confirmed in the console below.
  const { token } = await registerWithBankAccount(member, {
    username,
    payeeName: PAYEE,
    paymentPassword: PAYMENT_PASSWORD,
    accountNumber: ACCOUNT_NUMBER,
    confirm: false,
  });
  const deposit = await call<{ reference: string }>('POST', '/wps/cashier/deposit', token, {
    methodCode: 'BANK_TRANSFER',
    amount: 500,
    requestId: `e2e-${suffix}`,
  });
  assert.equal(deposit.success, true, JSON.stringify(deposit));
  depositReference = deposit.value?.reference ?? '';
  const form = new FormData();
  form.append('image', new Blob([PNG], { type: 'image/png' }), 'proof.png');
  const proof = await fetch(`${baseUrl()}/wps/cashier/deposit/${depositReference}/proof`, {
    method: 'POST',
    headers: { Authorization: token },
    body: form,
  });
  assert.equal(proof.status, 200, await proof.text());
});

test('a cashier operator signs in with a password and an authenticator code', async () => {
  // members.pii: the cashier compares and pays into full account numbers (masked without it).
  cashierOp = await createOperator('cash', [
    'cashier.read',
    'cashier.approve',
    'cashier.settings',
    'audit.read',
    'members.pii',
  ]);
  await enrolTwoFactor(cashierOp);
  // A page of the console before sign-in goes to the sign-in screen.
  await desk.goto('/console/cashier/bank-accounts');
  await desk.waitForURL(/\/console\/sign-in$/);
  await desk.getByRole('heading', { name: 'Operator sign-in' }).waitFor();
  await axeCheck(desk, 'sign-in');
  await screenshot(desk, 'console-sign-in');
  await consoleSignIn(desk, cashierOp);
  // The start page is the work to do: the cashier's own queues, each linking to its screen.
  await desk.getByRole('heading', { level: 1, name: 'Work to do' }).waitFor();
  const queues = desk.getByTestId('work-panel').getByRole('listitem');
  await queues.first().waitFor();
  const sources = await queues.evaluateAll((items) => items.map((li) => li.getAttribute('data-source')));
  assert.ok(sources.includes('deposits') && sources.includes('withdrawals'), sources.join(', '));
  assert.ok(!sources.includes('adjustments'), 'no adjustments queue without their approval right');
  const menu = desk.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Audit log' }).waitFor();
  assert.equal(
    await menu.getByRole('link', { name: 'Operators' }).count(),
    0,
    'no operators screen without operators.admin',
  );
  // The token lives in session storage, never in a cookie.
  assert.ok((await consoleToken(desk)).length > 0);
  assert.equal((await desk.context().cookies()).length, 0);
});

test("confirms the member's bank account from the confirmation queue", async () => {
  await openConsoleEntry(desk, 'Bank accounts');
  await desk.getByLabel('Status').selectOption('pending');
  await desk.getByLabel('Member or account number').fill(username);
  await desk.getByRole('button', { name: 'Apply' }).click();
  await desk.waitForURL(/status=pending/);
  assert.match(desk.url(), new RegExp(`q=${username}`), 'the filter is in the URL');
  const grid = desk.getByRole('table', { name: 'Bank accounts' });
  const row = grid.getByRole('row').filter({ hasText: ACCOUNT_NUMBER });
  await row.getByText('Pending').waitFor();
  await axeCheck(desk, 'bank accounts');
  await row.getByRole('button', { name: `Confirm the account ${ACCOUNT_NUMBER} of ${username}` }).click();
  const dialog = desk.getByRole('dialog', { name: 'Confirm' });
  await dialog.getByText(`BDO Unibank account ${ACCOUNT_NUMBER}`, { exact: false }).waitFor();
  await axeCheck(desk, 'confirm dialog');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached' });
  // The pending filter no longer lists it; the confirmed one does.
  await grid.getByText('Nothing matches these filters.').or(desk.getByText('Nothing matches these filters.')).waitFor();
  await desk.getByLabel('Status').selectOption('confirmed');
  await desk.getByRole('button', { name: 'Apply' }).click();
  await grid.getByRole('row').filter({ hasText: ACCOUNT_NUMBER }).getByText('Confirmed').waitFor();
  await screenshot(desk, 'console-bank-accounts');
});

test('rejects a second bank account with a reason the member reads', async () => {
  const second = `56${Date.now().toString().slice(-10)}`;
  const token = await tokenOf(member);
  const bound = await call('POST', '/wps/cashier/bankAccounts', token, {
    bankName: 'BPI',
    accountName: PAYEE,
    accountNumber: second,
  });
  assert.equal(bound.success, true, JSON.stringify(bound));
  await desk.getByLabel('Status').selectOption('pending');
  await desk.getByRole('button', { name: 'Apply' }).click();
  const grid = desk.getByRole('table', { name: 'Bank accounts' });
  await grid
    .getByRole('row')
    .filter({ hasText: second })
    .getByRole('button', { name: `Reject the account ${second} of ${username}` })
    .click();
  const dialog = desk.getByRole('dialog', { name: 'Reject' });
  await dialog.getByText(`BPI account ${second}`, { exact: false }).waitFor();
  // A rejection needs its reason: the member reads it.
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await dialog.getByText('Please give a reason').waitFor();
  await dialog.getByLabel('Reason').fill('The statement shows another name');
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await dialog.waitFor({ state: 'detached' });
  await desk.getByLabel('Status').selectOption('rejected');
  await desk.getByRole('button', { name: 'Apply' }).click();
  const row = grid.getByRole('row').filter({ hasText: second });
  await row.getByText('Rejected').waitFor();
  await row.getByText('The statement shows another name').waitFor();
  const mine = await call<{ list: { status: string; rejectReason: string | null }[] }>(
    'GET',
    '/wps/cashier/bankAccounts',
    token,
  );
  assert.ok(
    mine.value?.list.some((a) => a.status === 'rejected' && a.rejectReason === 'The statement shows another name'),
    JSON.stringify(mine),
  );
});

test("approves the bank-transfer deposit with its proof; the member's header balance moves", async () => {
  assert.equal(await member.getByTestId('header-balance').innerText(), '₱0.00');
  await openConsoleEntry(desk, 'Deposits');
  const grid = desk.getByRole('table', { name: 'Deposits' });
  await grid.getByRole('link', { name: depositReference }).click();
  await desk.getByRole('heading', { level: 1, name: `Deposit ${depositReference}` }).waitFor();
  const proof = desk.getByRole('img', { name: `Uploaded image 1 of order ${depositReference}` });
  await proof.waitFor();
  assert.match((await proof.getAttribute('src')) ?? '', /^blob:/, 'the proof is fetched with the token');
  await desk.getByText('Risk hints').waitFor();
  await axeCheck(desk, 'deposit detail');
  await screenshot(desk, 'console-deposit');
  await desk.getByRole('button', { name: 'Approve' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Approve' });
  await dialog.getByText(`${username} asked to deposit 500.00 PHP`, { exact: false }).waitFor();
  // What arrived is filled in with what was asked.
  assert.equal(await dialog.getByLabel('Amount received (PHP)').inputValue(), '500');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await dialog.waitFor({ state: 'detached' });
  await desk.getByText('Approved', { exact: true }).first().waitFor();
  assert.equal(await desk.getByRole('button', { name: 'Approve' }).count(), 0, 'an approved order has no actions');
  // The player site's page, open all along, hears the balance change over its socket.
  await headerShows('₱500.00');
});

test('rejects two bank deposits at once from the queue, which shows who paid, into what, the risk and the wait', async () => {
  const token = await tokenOf(member);
  const references: string[] = [];
  for (const [n, amount] of [
    [1, 100],
    [2, 150],
  ] as const) {
    const order = await call<{ reference: string }>('POST', '/wps/cashier/deposit', token, {
      methodCode: 'BANK_TRANSFER',
      amount,
      requestId: `e2e-${suffix}-bulk${n}`,
      depositorName: PAYEE,
    });
    assert.equal(order.success, true, JSON.stringify(order));
    references.push(order.value?.reference ?? '');
  }
  await openConsoleEntry(desk, 'Deposits');
  const grid = desk.getByRole('table', { name: 'Deposits' });
  for (const header of ['Risk', 'Depositor', 'Paid into', /^Waiting \(target \d+ min\)$/])
    await grid.getByRole('columnheader', { name: header }).waitFor();
  for (const reference of references) {
    // New orders arrive by themselves (the queue polls).
    const row = grid.getByRole('row').filter({ hasText: reference });
    await row.waitFor({ timeout: PAGE_WAIT_MS });
    const text = await row.innerText();
    assert.match(text, new RegExp(`${PAYEE}\\s*Not verified`), 'the depositor name against the verified name');
    assert.match(text, /Demo Bank 0012345678901/, "the method's receiving account");
    assert.match(text, /\d+ min/, 'the wait');
    await row.getByRole('checkbox', { name: `Tick ${reference}` }).check();
  }
  const bulk = desk.getByRole('region', { name: 'Decide the ticked orders' });
  await bulk.getByTestId('bulk-count').getByText('2 orders ticked').waitFor();
  // A rejection in bulk still needs the reason each member reads.
  await bulk.getByRole('button', { name: 'Reject ticked' }).click();
  await bulk.getByText('Give the reason the members will read.').waitFor();
  await bulk.getByLabel('Reason to reject').fill('No transfer arrived for this order');
  await bulk.getByRole('button', { name: 'Reject ticked' }).click();
  await bulk.getByTestId('bulk-outcome').getByText('2 orders rejected.').waitFor();
  await screenshot(desk, 'console-deposits-bulk');
  const mine = await call<{ content: { reference: string; status: string; reason: string | null }[] }>(
    'GET',
    '/wps/cashier/deposits',
    token,
  );
  for (const reference of references) {
    const order = mine.value?.content.find((o) => o.reference === reference);
    assert.equal(order?.status, 'rejected', JSON.stringify(order));
    assert.equal(order?.reason, 'No transfer arrived for this order');
  }
});

test('approves and pays a withdrawal the member asks for', async () => {
  withdrawalReference = await withdrawInBrowser(member, {
    available: '₱500.00',
    amount: '200',
    paymentPassword: PAYMENT_PASSWORD,
  });

  await openConsoleEntry(desk, 'Withdrawals');
  const grid = desk.getByRole('table', { name: 'Withdrawals' });
  // New orders arrive by themselves (the queue polls); a reload is not needed.
  await grid.getByRole('link', { name: withdrawalReference }).click({ timeout: PAGE_WAIT_MS });
  await desk.getByRole('heading', { level: 1, name: `Withdrawal ${withdrawalReference}` }).waitFor();
  await desk.getByText('First withdrawal').waitFor();
  await axeCheck(desk, 'withdrawal detail');
  await desk.getByRole('button', { name: 'Approve' }).click();
  let dialog = desk.getByRole('dialog', { name: 'Approve' });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await dialog.waitFor({ state: 'detached' });
  await desk.getByRole('button', { name: 'Mark paid' }).click();
  dialog = desk.getByRole('dialog', { name: 'Mark paid' });
  await dialog.getByText(`account ${ACCOUNT_NUMBER}`, { exact: false }).waitFor();
  // The bank's reference and the paying account are required.
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await dialog.getByText("Enter the bank's reference of the transfer").waitFor();
  // The demo brand pays from the account the demo seeds: a fresh demo can finish a withdrawal.
  await dialog.getByLabel('Paid from').selectOption({ label: 'Demo payouts · Demo Bank 0012345678902' });
  await dialog.getByLabel('Bank reference').fill(`FT-${suffix}`);
  await dialog.getByLabel('Bank fee (PHP)').fill('15');
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await dialog.waitFor({ state: 'detached' });
  await desk.getByText('Paid', { exact: true }).first().waitFor();
  await screenshot(desk, 'console-withdrawal');
  await headerShows('₱300.00');
});

test('finds each step in the audit log, filtered by operator in a URL that can be bookmarked', async () => {
  await openConsoleEntry(desk, 'Audit log');
  await desk.getByLabel('Operator', { exact: true }).fill(cashierOp.username);
  await desk.getByRole('button', { name: 'Apply' }).click();
  await desk.waitForURL(new RegExp(`operator=${cashierOp.username}`));
  // A reload (or a shared link) shows the same filtered view.
  await desk.reload();
  const grid = desk.getByRole('table', { name: 'Audit log' });
  for (const [action, target] of [
    ['cashier.bankAccount.confirm', ''],
    ['cashier.deposit.approve', depositReference],
    ['cashier.withdrawal.approve', withdrawalReference],
    ['cashier.withdrawal.paid', withdrawalReference],
  ] as const) {
    const row = grid.getByRole('row').filter({ hasText: action });
    await row.first().waitFor();
    if (target) await row.filter({ hasText: target }).first().waitFor();
  }
  assert.equal(await desk.getByLabel('Operator', { exact: true }).inputValue(), cashierOp.username);
  const approval = grid.getByRole('row').filter({ hasText: 'cashier.deposit.approve' }).first();
  await approval.getByRole('button', { name: 'Details' }).click();
  const details = desk.getByRole('dialog', { name: /^cashier\.deposit\.approve #/ });
  await details.getByText('Before').waitFor();
  await axeCheck(desk, 'audit details');
  await details.getByRole('button', { name: 'Close' }).click();
  await axeCheck(desk, 'audit log');
  await screenshot(desk, 'console-audit');

  // The CSV export holds every page of the current filter, built in the browser.
  const [download] = await Promise.all([
    desk.waitForEvent('download'),
    desk.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  assert.equal(download.suggestedFilename(), 'audit-log.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  const lines = csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  assert.equal(lines[0], 'ID,Time,By,Action,Target,Result,IP,Before,After,Details');
  assert.ok(lines.length >= 5, `header and at least four rows: ${lines.length}`);
  assert.ok(lines.some((l) => l.includes('cashier.deposit.approve') && l.includes(depositReference)));
  assert.ok(
    lines.slice(1).every((l) => l.includes(cashierOp.username)),
    'only the filtered operator',
  );
});

test('the remaining cashier screens pass axe in both themes', async () => {
  await openConsoleEntry(desk, 'Methods and settings', 'Payment methods and cashier settings');
  await desk.getByRole('table', { name: 'Payment methods' }).waitFor();
  await axeCheck(desk, 'settings');
  await openConsoleEntry(desk, 'Deposits');
  await desk.getByRole('table', { name: 'Deposits' }).getByRole('link').first().waitFor();
  await axeCheck(desk, 'deposits (dark)');
  await desk.getByRole('button', { name: 'Switch to light theme' }).click();
  assert.equal(await desk.evaluate(() => document.documentElement.dataset.theme), 'light');
  await axeCheck(desk, 'deposits (light)');
  await screenshot(desk, 'console-deposits-light');
  await openConsoleEntry(desk, 'Withdrawals');
  await desk.getByRole('table', { name: 'Withdrawals' }).getByRole('link').first().waitFor();
  await axeCheck(desk, 'withdrawals (light)');
  await desk.getByRole('button', { name: 'Switch to dark theme' }).click();
  assert.deepEqual(axeFindings, [], 'no serious or critical axe violation on the console screens');
});

test('an operator without cashier rights sees no cashier menu and the API refuses them', async () => {
  await desk.getByRole('button', { name: 'Sign out' }).click();
  await desk.waitForURL(/\/console\/sign-in$/);
  assert.equal(await consoleToken(desk), '');
  const auditor = await createOperator('audit', ['audit.read']);
  await consoleSignIn(desk, auditor);
  await desk.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
  const menu = desk.getByRole('navigation', { name: 'Main menu' });
  assert.equal(await menu.getByText('Cashier').count(), 0, 'no cashier group');
  assert.equal(await menu.getByRole('link', { name: 'Deposits' }).count(), 0, 'no deposits entry');
  // Typing the address shows the refusal instead of the screen, and the server refuses the calls.
  await desk.goto('/console/cashier/deposits');
  await desk.getByRole('heading', { level: 1, name: 'Not allowed' }).waitFor();
  const token = await consoleToken(desk);
  for (const url of [
    '/admin/cashier/deposits',
    '/admin/cashier/bankAccounts',
    `/admin/cashier/deposits/${depositReference}`,
  ]) {
    assert.deepEqual(await getWithToken(url, token), { status: 403, code: 'AUTH_FORBIDDEN' }, url);
  }
  const approve = await call('POST', `/admin/cashier/withdrawals/${withdrawalReference}/approve`, token, {});
  assert.equal(approve.code, 'AUTH_FORBIDDEN');
  await screenshot(desk, 'console-no-cashier');
  auditor.secret = await enrolInBrowser(auditor);
  signedInAuditor = auditor;
});

/** The account screen's enrolment: password, QR code and secret, first code, recovery codes once. */
async function enrolInBrowser(operator: ConsoleOperator): Promise<string> {
  await desk.getByTestId('operator-name').click();
  await desk.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
  await desk.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  // The account page also holds the password change: the enrolment's field is the one named Password.
  await desk.getByRole('textbox', { name: 'Password', exact: true }).fill(operator.password);
  await desk.getByRole('button', { name: 'Continue' }).click();
  await desk.getByRole('img', { name: 'QR code for the authenticator app' }).waitFor();
  const secret = (await desk.getByTestId('totp-secret').innerText()).trim();
  assert.match(secret, /^[A-Z2-7]{16,}$/);
  assert.deepEqual(await seriousAxeViolations(desk), [], 'enrolment screen');
  await screenshot(desk, 'console-enrolment');
  await desk.getByLabel('First code from the app').fill(totp(secret));
  await desk.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const codes = desk.getByTestId('recovery-codes');
  await codes.waitFor();
  assert.ok((await codes.getByRole('listitem').count()) > 0);
  await desk.getByRole('button', { name: 'I have saved them' }).click();
  await desk.getByText(/^On \(\d+ recovery codes? left\)$/).waitFor();
  return secret;
}

let signedInAuditor: ConsoleOperator | undefined;
test('signing out everywhere ends the sessions of other browsers too', async () => {
  const auditor = signedInAuditor;
  assert.ok(auditor?.secret, 'the previous test enrolled the auditor');
  const other = await newPage(browser());
  try {
    // The authenticator's codes now guard the sign-in of a second browser.
    await consoleSignIn(other, auditor);
    await other.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await desk.getByRole('button', { name: 'Sign out everywhere' }).click();
    await desk.waitForURL(/\/console\/sign-in$/);
    // No reload: the other browser's operator socket is closed with 4001 at once, and the console
    // checks its session and moves to the sign-in screen, which says why (once).
    await other.waitForURL(/\/console\/sign-in$/, { timeout: 15_000 });
    await other.getByText('Your session has ended').waitFor();
    assert.equal(await consoleToken(other), '');
  } finally {
    await other.context().close();
  }
});
