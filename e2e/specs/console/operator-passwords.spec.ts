// e2e: beside console-desk
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { type ConsoleOperator, consoleSignIn, createOperator, openConsoleEntry } from '../../support/console';
import { PAGE_WAIT_MS } from '../../support/env';

// Operator passwords in the console: an operator whose password an administrator chose
// can do nothing but change it at the first sign-in; the operator changes it again on the account
// page; an administrator resets it from the operators screen, reads the one-time password once, and
// the operator must change that one too.

let desk: Page;
let adminDesk: Page;
const browser = useBrowser(undefined, async (chromium) => {
  desk = await newPage(chromium);
  adminDesk = await newPage(chromium);
});

let op: ConsoleOperator;

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.waitForURL(/\/console\/sign-in$/);
}

async function changePassword(page: Page, from: string, to: string) {
  const form = page.getByRole('region', { name: 'Change your password' });
  // The labels carry the required mark: the inputs are found by name.
  await form.locator('input[name="oldPassword"]').fill(from);
  await form.locator('input[name="newPassword"]').fill(to);
  await form.locator('input[name="confirmPassword"]').fill(to);
  await form.getByRole('button', { name: 'Change password' }).click();
}

test('the first sign-in with an administrator-set password shows only the password change', async () => {
  op = await createOperator('pwd', ['cashier.read'], { keepGivenPassword: true });
  await consoleSignIn(desk, op);
  await desk.getByRole('heading', { level: 1, name: 'Change your password' }).waitFor();
  await desk.getByText('An administrator set your password. Choose your own to continue.').waitFor();
  // No menu entries while the change is pending.
  assert.equal(await desk.getByRole('navigation', { name: 'Main menu' }).getByRole('link').count(), 0);

  // The rule is checked before sending: too short.
  await changePassword(desk, op.password, 'short1');
  await desk.getByRole('region', { name: 'Change your password' }).getByText(/short/i).first().waitFor();

  const mine = `Mine${Date.now().toString(36)}9`;
  await changePassword(desk, op.password, mine);
  op.password = mine;
  // The console opens: the menu has the operator's screens.
  await openConsoleEntry(desk, 'Deposits');
  await screenshot(desk, 'console-password-changed');
});

test('the operator changes the password again on the account page', async () => {
  await desk.getByTestId('operator-name').click();
  await desk.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
  const wrong = desk.getByRole('region', { name: 'Change your password' });
  await changePassword(desk, 'NotMine12345', 'Another12345');
  await wrong.getByRole('alert').getByText('The old password is not correct').waitFor();
  const next = `Next${Date.now().toString(36)}7`;
  await changePassword(desk, op.password, next);
  await desk.getByText('Your password has been changed. Your other sessions have ended.').waitFor();
  op.password = next;
  await signOut(desk);
  await consoleSignIn(desk, op);
  await openConsoleEntry(desk, 'Deposits');
});

test("an administrator resets the operator's password; the one-time password must be changed", async () => {
  await consoleSignIn(adminDesk, { username: 'admin', password: 'Admin@1234', id: 0 });
  await openConsoleEntry(adminDesk, 'Operators');
  await adminDesk.getByRole('searchbox', { name: 'Username' }).fill(op.username);
  await adminDesk.getByRole('button', { name: 'Apply', exact: true }).click();
  const row = adminDesk.getByRole('row').filter({ hasText: op.username });
  await row.getByRole('button', { name: 'Reset password' }).click();
  const confirm = adminDesk.getByRole('dialog', { name: 'Reset password' });
  await confirm.getByRole('button', { name: 'Reset password' }).click();
  const shown = adminDesk.getByTestId('one-time-password');
  await shown.waitFor();
  const oneTime = (await shown.textContent())?.trim() ?? '';
  assert.match(oneTime, /^[A-Za-z0-9]{16}$/);
  await screenshot(adminDesk, 'console-one-time-password');
  await adminDesk.getByRole('button', { name: 'Done' }).click();
  await row.getByText('Must change password').waitFor();

  // The operator's session has ended: the next call sends the console back to the sign-in.
  await desk.reload();
  await desk.waitForURL(/\/console\/sign-in$/, { timeout: PAGE_WAIT_MS });
  op.password = oneTime;
  await consoleSignIn(desk, op);
  await desk.getByRole('heading', { level: 1, name: 'Change your password' }).waitFor();
  const own = `Own${Date.now().toString(36)}5`;
  await changePassword(desk, oneTime, own);
  op.password = own;
  await openConsoleEntry(desk, 'Deposits');
  assert.ok(browser);
});
