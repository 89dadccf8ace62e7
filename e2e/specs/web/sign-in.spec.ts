// page.evaluate() callbacks run in the browser, so these specs see the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Request as BrowserRequest, Page } from 'playwright-core';
import { newPage, screenshot } from '../../support/browser';
import { baseUrl, PAGE_WAIT_MS } from '../../support/env';
import { closeMemberPopup, loginModal } from '../../support/site';
import { useSiteBrowser } from './web-build';

// The login modal's own rules of spec §4, §5: the challenge before the call, field errors from the
// shared schemas and the server, the forced password change and the member centre's change,
// remember me, the token link, and the captcha after failures (from a client address of its own,
// so the captcha it makes due for that address never reaches the specs after it).
const browser = useSiteBrowser();

/** The error shown under an input (the element its aria-describedby names), '' when none. */
async function errorUnder(page: Page, selector: string): Promise<string> {
  return page.evaluate((sel) => {
    const input = document.querySelector(sel);
    const id = input?.getAttribute('aria-describedby');
    const note = id ? document.getElementById(id) : null;
    return note?.getAttribute('role') === 'alert' ? (note.textContent ?? '') : '';
  }, selector);
}

test('fresh01 must change the default password after logging in, then reaches the member centre', async () => {
  const page = await newPage(browser());
  // spec §4: the username login solves a challenge before it submits.
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/wps/verification/challenge' || path === '/wps/session/login') calls.push(`${r.method()} ${path}`);
  });
  await page.goto('/login');
  const login = page.getByRole('dialog', { name: 'Log in' });
  // Empty fields: the shared schema's rule, under each field, and nothing is sent.
  await login.getByRole('button', { name: 'Log in' }).click();
  await login.getByText('Please enter the username and password').first().waitFor();
  assert.equal(await errorUnder(page, 'input[name="username"]'), 'Please enter the username and password');
  assert.deepEqual(calls, []);
  await login.getByRole('textbox', { name: 'Username' }).fill('fresh01');
  await login.locator('input[name="password"]').fill('888888');
  await login.getByRole('button', { name: 'Log in' }).click();
  const change = page.getByRole('dialog', { name: 'Change password' });
  await change.waitFor({ timeout: PAGE_WAIT_MS });
  assert.deepEqual(calls, ['GET /wps/verification/challenge', 'POST /wps/session/login']);
  // spec §5: the old password is required unless known; the login just typed it.
  assert.equal(await change.locator('input[name="oldPassword"]').count(), 0);
  // The confirmation must equal the new password (client rule, under its field).
  await change.locator('input[name="newPassword"]').fill('Fresh2345x');
  await change.locator('input[name="confirmNewPassword"]').fill('Fresh2345y');
  await change.getByRole('button', { name: 'Submit' }).click();
  await change.getByText('Confirmation password is not correct').waitFor();
  // The server's password rule (letters and numbers) refuses the default password; its field
  // reason lands under the field and the code's message at the foot.
  await change.locator('input[name="newPassword"]').fill('888888');
  await change.locator('input[name="confirmNewPassword"]').fill('888888');
  await change.getByRole('button', { name: 'Submit' }).click();
  await change.getByText('Incorrect format').waitFor();
  assert.equal(await errorUnder(page, 'input[name="newPassword"]'), 'Incorrect format');
  await change.getByText('Password format is incorrect').waitFor();
  await change.locator('input[name="newPassword"]').fill('Fresh2345x');
  await change.locator('input[name="confirmNewPassword"]').fill('Fresh2345x');
  await change.getByRole('button', { name: 'Submit' }).click();
  await change.waitFor({ state: 'detached' });
  // spec §4: a first login (the client reported it right after the login answer) still gets the
  // first-login (F) announcement in the popup of that session.
  await page
    .getByRole('dialog', { name: 'Announcements' })
    .getByRole('button', { name: 'Your first steps' })
    .waitFor({ timeout: 10_000 });
  await closeMemberPopup(page);

  await page.goto(`${baseUrl()}/member/securityCenter`);
  await page.getByRole('heading', { name: 'My account', level: 1 }).waitFor();
  await page.getByRole('heading', { name: 'Login history' }).waitFor();
  await page.locator('tbody tr').first().waitFor();
  await screenshot(page, 'member-security');
  // The member centre's change asks for the current password; a wrong one is refused.
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.locator('input[name="oldPassword"]').fill('not-my-password');
  await page.locator('input[name="newPassword"]').fill('Fresh3456x');
  await page.locator('input[name="confirmNewPassword"]').fill('Fresh3456x');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByRole('main').getByRole('alert').first().waitFor();
  await page.locator('input[name="oldPassword"]').fill('Fresh2345x');
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Password changed').waitFor();
  await page.getByRole('link', { name: 'Profile' }).last().click();
  await page.getByRole('heading', { name: 'Profile', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'Choose avatar 3' }).click();
  await page.waitForFunction(
    () => document.querySelector('[aria-label="Choose avatar 3"]')?.getAttribute('aria-pressed') === 'true',
  );
  await page.context().close();
});

test('remember me keeps the username in a one-day cookie; unticking clears it', async () => {
  const page = await newPage(browser());
  const login = await loginModal(page);
  await login.getByRole('textbox', { name: 'Username' }).fill('agent01');
  await login.locator('input[name="password"]').fill('Demo@1234');
  await login.getByRole('checkbox', { name: 'Remember me' }).check();
  await login.getByRole('button', { name: 'Log in' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="account-name"]')?.textContent === 'agent01');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'rememberUser');
  assert.equal(cookie?.value, 'agent01');
  const hours = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 3_600_000;
  assert.ok(hours > 23.9 && hours <= 24, `expires in one day, not ${hours.toFixed(2)} h`);

  // A new tab of a browser with no signed-in tab left (an open one would hand its session over)
  // opens the login form filled in and ticked.
  const again = await page.context().newPage();
  await page.close();
  await again.goto('/login');
  const form = again.getByRole('dialog', { name: 'Log in' });
  assert.equal(await form.getByRole('textbox', { name: 'Username' }).inputValue(), 'agent01');
  const box = form.getByRole('checkbox', { name: 'Remember me' });
  assert.equal(await box.isChecked(), true);
  await box.uncheck();
  assert.equal((await page.context().cookies()).filter((c) => c.name === 'rememberUser').length, 0);
  await page.context().close();
});

test('a token query parameter on load is taken as the session and removed from the address', async () => {
  const first = await newPage(browser());
  const login = await loginModal(first);
  await login.getByRole('textbox', { name: 'Username' }).fill('agent01');
  await login.locator('input[name="password"]').fill('Demo@1234');
  await login.getByRole('button', { name: 'Log in' }).click();
  await first.waitForFunction(() => document.querySelector('[data-testid="account-name"]')?.textContent === 'agent01');
  const token = await first.evaluate(() => sessionStorage.getItem('token'));
  assert.ok(token);
  await first.context().close();

  const page = await newPage(browser());
  await page.goto(`/?token=${encodeURIComponent(token)}&lang=en#top`);
  await page.waitForFunction(() => document.querySelector('[data-testid="account-name"]')?.textContent === 'agent01');
  assert.equal(await page.evaluate(() => sessionStorage.getItem('token')), token);
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('token'), null, 'the token leaves the address bar');
  assert.equal(url.searchParams.get('lang'), 'en', 'other parameters stay');
  await page.context().close();
});

/** The address the captcha test's failures count against (the runner trusts loopback as a proxy). */
const FAILING_CLIENT = { 'X-Forwarded-For': '10.77.0.1' };
/** The username those failures try: no account, so no other spec's sign-in meets its lock. */
const NOBODY = `nobody${Date.now().toString(36)}`;

test('after repeated failures the login modal asks for the captcha image; each refusal loads a new one, at most one a second', async () => {
  const page = await newPage(browser());
  await page.setExtraHTTPHeaders(FAILING_CLIENT);
  // The image requests, timed by the browser when each started (the test process hears of them
  // later, by however long a busy machine delays the event).
  const captchaLoads: BrowserRequest[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/wps/captcha') captchaLoads.push(r);
  });
  const modal = await loginModal(page);
  const user = modal.getByRole('textbox', { name: 'Username' });
  const captcha = modal.getByRole('textbox', { name: 'Captcha' });
  // The runner raises the brand's captcha threshold to six (e2e/run.ts). A username no other spec
  // signs in with: failures lock the username, whichever address they come from.
  for (let i = 0; i < 8 && (await captcha.count()) === 0; i++) {
    await user.fill(NOBODY);
    await modal.locator('input[name="password"]').fill(`wrong-${i}`);
    await modal.getByRole('button', { name: 'Log in' }).click();
    await modal.getByRole('alert').first().waitFor();
    await page.waitForTimeout(300);
  }
  await captcha.waitFor();
  const image = modal.getByRole('img', { name: 'Captcha' });
  await image.waitFor();
  await screenshot(page, 'login-captcha');

  // Submitting without the captcha: the field's own message, nothing sent.
  await modal.locator('input[name="password"]').fill('wrong-again');
  await modal.getByRole('button', { name: 'Log in' }).click();
  await modal.getByText('Please enter the captcha').waitFor();

  // A wrong answer spends the image: a new one loads by itself.
  const first = await image.getAttribute('src');
  const loadsBefore = captchaLoads.length;
  await captcha.fill('WRONG');
  await modal.getByRole('button', { name: 'Log in' }).click();
  await page.waitForFunction(
    (src) => document.querySelector('img[alt="Captcha"]')?.getAttribute('src') !== src,
    first,
    { timeout: 10_000 },
  );
  assert.equal(captchaLoads.length, loadsBefore + 1);
  assert.equal(await captcha.inputValue(), '', 'the spent answer is cleared');

  // Three quick clicks on the image: the refreshes are spaced a second apart, none refused.
  const refresh = modal.getByRole('button', { name: 'New captcha image' });
  for (let i = 0; i < 3; i++) await refresh.click();
  await page.waitForTimeout(1500);
  // A request's timing is filled in once its answer arrives (startTime -1 before): on a busy
  // machine the last load may still be on its way.
  await Promise.all(captchaLoads.map((r) => r.response()));
  const started = captchaLoads.map((r) => r.timing().startTime);
  const gaps = started.slice(1).map((at, i) => Math.round(at - (started[i] ?? 0)));
  assert.ok(
    gaps.every((gap) => gap >= 900),
    `captcha loads at least a second apart: ${gaps.join(', ')} ms`,
  );
  await page.context().close();

  // The header form cannot show a captcha: it hands over to the modal, which asks for it at once.
  const guest = await newPage(browser());
  await guest.setExtraHTTPHeaders(FAILING_CLIENT);
  await guest.goto('/');
  const popup = guest.getByRole('dialog', { name: 'Announcements' });
  await popup.waitFor();
  await popup.getByRole('button', { name: 'Close' }).click();
  await popup.waitFor({ state: 'detached' });
  const header = guest.getByRole('form', { name: 'Log in' }).first();
  await header.getByPlaceholder('Username').fill(NOBODY);
  await header.getByPlaceholder('Password').fill('wrong-from-header');
  await header.getByRole('button', { name: 'Log in' }).click();
  const modalAgain = guest.getByRole('dialog', { name: 'Log in' });
  await modalAgain.getByRole('img', { name: 'Captcha' }).waitFor();
  assert.equal(await modalAgain.getByRole('textbox', { name: 'Captcha' }).count(), 1);
  // What was typed in the header is in the modal: only the captcha is left to fill in.
  assert.equal(await modalAgain.getByRole('textbox', { name: 'Username' }).inputValue(), NOBODY);
  assert.equal(await modalAgain.locator('input[name="password"]').inputValue(), 'wrong-from-header');
  await guest.context().close();
});
