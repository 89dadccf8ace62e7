// page.evaluate() callbacks run in the browser, so these specs see the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot } from '../../support/browser';
import { PAGE_WAIT_MS } from '../../support/env';
import { closeMemberPopup, signedInAs } from '../../support/site';
import { useSiteBrowser } from './web-build';

// Account flows against the real server (spec §4, §5): header login with the balance, sign-out
// with confirmation, registration that lands logged in, the agent button and free play.
const browser = useSiteBrowser();

async function guestHome(page: Page) {
  await page.goto('/');
  const popup = page.getByRole('dialog', { name: 'Announcements' });
  await popup.waitFor();
  await popup.getByRole('button', { name: 'Close' }).click();
  await popup.waitFor({ state: 'detached' });
}

async function headerLogin(page: Page, username: string, password: string) {
  const form = page.getByRole('form', { name: 'Log in' }).first();
  await form.getByPlaceholder('Username').fill(username);
  await form.getByPlaceholder('Password').fill(password);
  await form.getByRole('button', { name: 'Log in' }).click();
}

test('demo01 logs in from the header, sees the balance, hides it, and signs out after confirming', async () => {
  const page = await newPage(browser());
  await guestHome(page);
  await headerLogin(page, 'demo01', 'Demo@1234');
  const balance = page.getByTestId('header-balance');
  await page.waitForFunction(() =>
    document.querySelector('[data-testid="header-balance"]')?.textContent?.includes('10,000.00'),
  );
  await closeMemberPopup(page);
  assert.match(await balance.innerText(), /^₱10,000\.00$/);
  // The name comes with the member's details, which may arrive after the balance.
  await signedInAs(page, 'demo01');
  assert.ok(await page.evaluate(() => sessionStorage.getItem('token')));
  await page.getByRole('button', { name: 'Hide balance' }).click();
  assert.equal(await balance.innerText(), '******');
  await page.getByRole('button', { name: 'Show balance' }).click();
  await screenshot(page, 'home-logged-in');

  // spec §2: sign-out asks first; cancelling keeps the session.
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  const confirm = page.getByRole('alertdialog');
  await confirm.getByText('Are you sure you want to sign out?').waitFor();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  assert.ok(await page.evaluate(() => sessionStorage.getItem('token')));
  await page.evaluate(() => {
    sessionStorage.setItem('merchantCode', 'demo');
    sessionStorage.setItem('merchant', 'Gamehall');
    sessionStorage.setItem('somethingElse', 'x');
  });
  await page.getByRole('button', { name: 'Sign out' }).first().click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await page.locator('input[name="headerUsername"]').waitFor();
  // Logout cleared session storage, so the visitors' popup may show again (spec §4).
  await closeMemberPopup(page);
  await page.getByRole('form', { name: 'Log in' }).first().waitFor();
  assert.equal(await page.evaluate(() => sessionStorage.getItem('token')), null);
  assert.equal(
    await page.evaluate(() => sessionStorage.getItem('merchantCode')),
    'demo',
    'merchantCode survives logout',
  );
  assert.equal(await page.evaluate(() => sessionStorage.getItem('merchant')), 'Gamehall', 'merchant survives logout');
  assert.equal(await page.evaluate(() => sessionStorage.getItem('somethingElse')), null, 'the rest is cleared');
  assert.equal(await page.evaluate(() => sessionStorage.getItem('isAgent')), null);
  await page.context().close();
});

test('a wrong password in the header shows in_incorrect_password in a warning dialog', async () => {
  const page = await newPage(browser());
  await guestHome(page);
  await headerLogin(page, 'demo01', 'wrong-password');
  const dialog = page.getByRole('alertdialog');
  await dialog.getByText('Incorrect username or password').waitFor();
  await dialog.getByRole('button', { name: 'OK' }).click();
  assert.equal(await page.evaluate(() => sessionStorage.getItem('token')), null);
  await page.context().close();
});

test('a visitor registers a new member in the modal and lands logged in', async () => {
  const page = await newPage(browser());
  await page.goto('/register');
  const modal = page.getByRole('dialog', { name: 'Register' });
  const username = `web${Date.now().toString(36).slice(-8)}`;
  await modal.getByRole('textbox', { name: 'Username' }).fill(username);
  await modal.locator('input[name="password"]').fill('Secret123');
  await modal.locator('input[name="confirmPassword"]').fill('Secret123');
  // Hints come from the server's registration rules.
  await modal.getByText('Please enter 4 - 16 characters, starting with a letter, then letters and numbers').waitFor();
  await modal.getByRole('checkbox', { name: /at least 18/ }).check();
  await modal.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await screenshot(page, 'register-modal');
  // spec §4: a new member's login reports firstTimeLogin, and the site makes the first-login call.
  const firstLogin = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/wps/member/firstLogin',
    { timeout: PAGE_WAIT_MS },
  );
  await modal.getByRole('button', { name: 'Register' }).last().click();
  await modal.waitFor({ state: 'detached', timeout: PAGE_WAIT_MS });
  await firstLogin;
  await page.waitForFunction(
    (name) => document.querySelector('[data-testid="account-name"]')?.textContent === name,
    username,
  );
  await closeMemberPopup(page);
  assert.match(await page.getByTestId('header-balance').innerText(), /^₱0\.00$/);
  await page.context().close();
});

test('an unknown invitation code stops registration with invitation_code_error', async () => {
  const page = await newPage(browser());
  await page.goto('/register');
  const modal = page.getByRole('dialog', { name: 'Register' });
  await modal.getByRole('textbox', { name: 'Username' }).fill(`inv${Date.now().toString(36).slice(-8)}`);
  await modal.locator('input[name="password"]').fill('Secret123');
  await modal.locator('input[name="confirmPassword"]').fill('Secret123');
  await modal.getByRole('button', { name: 'I have an invitation code' }).click();
  await modal.getByLabel('Invitation code').fill('NOSUCHCODE');
  await modal.getByRole('checkbox', { name: /at least 18/ }).check();
  await modal.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await modal.getByRole('button', { name: 'Register' }).last().click();
  await page.getByRole('alertdialog').getByText('Invalid invitation code').waitFor();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  assert.equal(await page.evaluate(() => sessionStorage.getItem('token')), null);
  // spec §4: reset clears every field, the age confirmation included.
  await modal.getByRole('button', { name: 'Reset' }).click();
  assert.equal(await modal.getByRole('textbox', { name: 'Username' }).inputValue(), '');
  assert.equal(await modal.getByLabel('Invitation code').inputValue(), '');
  assert.equal(await modal.getByRole('checkbox', { name: /at least 18/ }).isChecked(), false);
  await page.context().close();
});

test('agent01 gets the agent button, which opens the agent centre on its team overview', async () => {
  const page = await newPage(browser());
  await guestHome(page);
  await headerLogin(page, 'agent01', 'Demo@1234');
  await page.waitForFunction(() => document.querySelector('[data-testid="account-name"]')?.textContent === 'agent01');
  await closeMemberPopup(page);
  await page.getByRole('button', { name: 'Agent' }).click();
  await page.waitForURL('**/agentHome**');
  await page.getByRole('navigation', { name: 'Agent centre' }).waitFor();
  await page.getByRole('heading', { name: 'Team overview', level: 1 }).waitFor();
  await page.context().close();
});

test('free play logs a visitor in with a fresh trial account', async () => {
  const page = await newPage(browser());
  await page.goto('/login');
  const modal = page.getByRole('dialog', { name: 'Log in' });
  await modal.getByRole('button', { name: 'Free play (trial account)' }).click();
  await modal.waitFor({ state: 'detached' });
  await page.getByTestId('header-balance').waitFor();
  assert.equal(await page.evaluate(() => sessionStorage.getItem('isTrial')), '1');
  assert.equal(await page.getByRole('button', { name: 'Agent' }).count(), 0);
  await page.context().close();
});
