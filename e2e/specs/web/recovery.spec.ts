/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser, so these specs see the DOM types.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { api } from '../../support/api';
import { launchBrowser, newPage, screenshot } from '../../support/browser';
import { baseUrl } from '../../support/env';
import { requireWebBuild } from './web-build';

// Sign-in aids of spec §4, §5, §8, driven through the modals: SMS login, password recovery,
// remember me, the token link and the captcha.
const MOBILE = '9171234567'; // demo01's number in the demo seed (+63)

type OutboxEntry = { channel: string; to: string; text: string; code: string | null; createdAt: string };

let browser: Browser;
before(async () => {
  requireWebBuild();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

async function latestCode(channel: 'sms' | 'email', to: string, after: number): Promise<string> {
  for (let i = 0; i < 40; i++) {
    const outbox = (await (await fetch(`${baseUrl()}/dev/outbox.json`)).json()) as OutboxEntry[];
    const entry = outbox.find((e) => e.channel === channel && e.to.includes(to) && Date.parse(e.createdAt) >= after);
    if (entry?.code) return entry.code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${channel} code for ${to} in the outbox`);
}

async function loginModal(page: Page) {
  await page.goto('/login');
  const modal = page.getByRole('dialog', { name: 'Log in' });
  await modal.waitFor();
  return modal;
}

test('SMS login: the code from the outbox logs demo01 in; the send button counts down', async () => {
  const page = await newPage(browser);
  const modal = await loginModal(page);
  await modal.getByRole('tab', { name: 'Mobile SMS' }).click();
  await modal.getByRole('textbox', { name: 'Mobile number' }).fill(MOBILE);
  const sentAfter = Date.now() - 1000;
  await modal.getByRole('button', { name: 'Send code' }).click();
  const countdown = modal.getByRole('button', { name: /Resend in \d+ s/ });
  await countdown.waitFor();
  assert.equal(await countdown.isDisabled(), true, 'disabled during the countdown');
  const code = await latestCode('sms', MOBILE, sentAfter);
  await modal.getByRole('textbox', { name: 'SMS code' }).fill(code);
  await modal.getByRole('button', { name: 'Log in' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="account-name"]')?.textContent === 'demo01');
  await page.context().close();
});

test('forgot password by e-mail shows in_been_out; an unknown user gets its error', async () => {
  const page = await newPage(browser);
  const login = await loginModal(page);
  await login.getByRole('button', { name: 'Forgot password' }).click();
  const modal = page.getByRole('dialog', { name: 'Forgot password' });
  await modal.waitFor();
  // The shared schema's rules first, under their fields, before anything is sent.
  await modal.getByRole('textbox', { name: 'Username' }).fill('nobody-here');
  await modal.getByRole('textbox', { name: 'E-mail' }).fill('not-an-address');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await modal.getByText('E-mail format is incorrect').waitFor();
  await modal.getByRole('textbox', { name: 'E-mail' }).fill('nobody@example.com');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await modal.getByRole('alert').waitFor();
  await modal.getByRole('textbox', { name: 'Username' }).fill('demo01');
  await modal.getByRole('textbox', { name: 'E-mail' }).fill('demo01@gamehall.local');
  await modal.getByRole('button', { name: 'Submit' }).click();
  const done = page.getByRole('alertdialog');
  await done.getByText('An e-mail has been sent').waitFor();
  await screenshot(page, 'forgot-password-sent');
  await done.getByRole('button', { name: 'OK' }).click();
  await page.context().close();
});

test('forgot password by phone (when CHNGPASSVERIF3 is on) resets and logs in automatically', async () => {
  const permission = await api<{ register: { changePassVerify: boolean } }>('GET', '/wps/system/permission');
  const page = await newPage(browser);
  const login = await loginModal(page);
  await login.getByRole('button', { name: 'Forgot password' }).click();
  const modal = page.getByRole('dialog', { name: 'Forgot password' });
  await modal.waitFor();
  const phoneTab = modal.getByRole('tab', { name: 'By phone' });
  if (!permission.body.value?.register.changePassVerify) {
    assert.equal(await phoneTab.count(), 0, 'no phone tab while the switch is off');
    await page.context().close();
    return;
  }
  await phoneTab.click();
  await modal.getByRole('textbox', { name: 'Mobile number' }).fill(MOBILE);
  const sentAfter = Date.now() - 1000;
  await modal.getByRole('button', { name: 'Send code' }).click();
  const code = await latestCode('sms', MOBILE, sentAfter);
  await modal.getByRole('textbox', { name: 'SMS code' }).fill(code);
  await modal.locator('input[name="newPassword"]').fill('Demo1234b');
  await modal.getByRole('button', { name: 'Submit' }).click();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="account-name"]')?.textContent === 'demo01',
    undefined,
    { timeout: 30_000 },
  );
  await page.context().close();
});

test('remember me keeps the username in a one-day cookie; unticking clears it', async () => {
  const page = await newPage(browser);
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

  // A new tab (no session) opens the login form filled in and ticked.
  const again = await page.context().newPage();
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
  const first = await newPage(browser);
  const login = await loginModal(first);
  await login.getByRole('textbox', { name: 'Username' }).fill('agent01');
  await login.locator('input[name="password"]').fill('Demo@1234');
  await login.getByRole('button', { name: 'Log in' }).click();
  await first.waitForFunction(() => document.querySelector('[data-testid="account-name"]')?.textContent === 'agent01');
  const token = await first.evaluate(() => sessionStorage.getItem('token'));
  assert.ok(token);
  await first.context().close();

  const page = await newPage(browser);
  await page.goto(`/?token=${encodeURIComponent(token)}&lang=en#top`);
  await page.waitForFunction(() => document.querySelector('[data-testid="account-name"]')?.textContent === 'agent01');
  assert.equal(await page.evaluate(() => sessionStorage.getItem('token')), token);
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('token'), null, 'the token leaves the address bar');
  assert.equal(url.searchParams.get('lang'), 'en', 'other parameters stay');
  await page.context().close();
});

test('after repeated failures the login modal asks for the captcha image; each refusal loads a new one, at most one a second', async () => {
  const page = await newPage(browser);
  const captchaLoads: number[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/wps/captcha') captchaLoads.push(Date.now());
  });
  const modal = await loginModal(page);
  const user = modal.getByRole('textbox', { name: 'Username' });
  const captcha = modal.getByRole('textbox', { name: 'Captcha' });
  for (let i = 0; i < 6 && (await captcha.count()) === 0; i++) {
    await user.fill('agent01');
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
  const gaps = captchaLoads.slice(1).map((at, i) => at - (captchaLoads[i] ?? 0));
  assert.ok(
    gaps.every((gap) => gap >= 900),
    `captcha loads at least a second apart: ${gaps.join(', ')} ms`,
  );
  await page.context().close();
});
