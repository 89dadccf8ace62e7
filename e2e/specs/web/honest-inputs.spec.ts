// e2e: beside own-accounts-b
// page.evaluate() callbacks run in the browser, so these specs see the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newPage, screenshot } from '../../support/browser';
import { markPopupsSeen } from '../../support/player';
import { closeMemberPopup, eventually, fillRegistration, operatorPost, registerFromModal } from '../../support/site';
import { useSiteBrowser } from './web-build';

// Honest and finished text, where a player meets it: amounts in exponent notation are
// refused, a negative quantity shows no negative total, an emoji limit says what is wrong, a wrong
// KYC file type is named at once, an over-long search says so, the VIP table names the game types,
// the lottery bar lists no draws that never ran, on a phone the side buttons are one button
// that leaves the footer readable, a sign-up form whose fields did not load says so, and one with a
// wrong username, real name or phone number names which, and a visitor's feedback page asks for the
// e-mail and the captcha, names a wrong captcha and sends with the right one.

useSiteBrowser(async (chromium) => {
  browser = chromium;
  page = await newPage(chromium);
});
let browser: Browser;
let page: Page;
const suffix = Date.now().toString(36).slice(-8);
const username = `hon${suffix}`;
const PAYMENT_PASSWORD = '246810';
const ITEM = `E2E honest mug ${suffix}`;

test('a deposit of 1e3 is refused as an amount, not read as 1,000.00', async () => {
  await registerFromModal(page, {
    username,
    password: 'Secret123',
    payeeName: 'Honest Tester',
    paymentPassword: PAYMENT_PASSWORD,
  });
  await closeMemberPopup(page);
  await page.goto('/member/depositv2');
  const form = page.locator('form').filter({ has: page.getByRole('group', { name: 'Payment method' }) });
  await form.getByRole('radio', { name: /Online payment \(sandbox\)/ }).check();
  await form.getByLabel('Amount').fill('1e3');
  await form.getByRole('button', { name: 'Deposit' }).click();
  await form.getByText('Enter an amount above 0 with at most two decimals').waitFor();
  assert.equal(await page.getByRole('link', { name: 'Open the payment page' }).count(), 0);
  await screenshot(page, 'honest-deposit-exponent');
});

test('a quantity of -1 shows no negative points total', async () => {
  await operatorPost('/admin/points/rewards', { kind: 'physical', name: ITEM, pointsCost: 300, stock: 5, sort: 0 });
  await operatorPost('/admin/points/adjustments', {
    username,
    points: 1_000,
    reason: 'e2e honest inputs',
    requestId: `e2e-${suffix}-honest`,
  });
  await page.goto('/pointMall');
  await page.getByRole('button', { name: `Redeem ${ITEM}` }).click();
  const dialog = page.getByRole('dialog', { name: `Redeem ${ITEM}` });
  await dialog.getByLabel('Quantity').fill('-1');
  const total = dialog.getByTestId('redeem-total');
  await total.filter({ hasText: 'Enter a whole number within the limit' }).waitFor();
  assert.doesNotMatch(await total.innerText(), /-\s*\d/);
  await dialog.getByLabel('Quantity').fill('2');
  await total.filter({ hasText: 'Total: 600 points' }).waitFor();
  await page.keyboard.press('Escape');
});

test('an emoji as a limit says to type digits, not "greater than zero"', async () => {
  await page.goto('/member/responsiblePlay');
  await page.getByRole('heading', { level: 1, name: 'Responsible play' }).waitFor();
  await page.getByTestId('limit-depositDay-input').fill('🙂');
  await page.getByTestId('limit-depositDay').getByRole('button', { name: 'Set' }).click();
  await page.getByText('Enter the amount in digits, for example 500 or 500.50').waitFor();
  await page.getByTestId('limit-depositDay-input').fill('1e3');
  await page.getByTestId('limit-depositDay').getByRole('button', { name: 'Set' }).click();
  await page.getByText('Enter the amount in digits, for example 500 or 500.50').first().waitFor();
  assert.match(await page.getByTestId('limit-depositDay-value').innerText(), /No limit/);
});

test('a wrong KYC file type is named as soon as it is picked', async () => {
  await page.goto('/member/verification');
  await page.getByRole('heading', { level: 1, name: 'Identity verification' }).waitFor();
  await page.getByLabel('Full name').fill('Honest Tester');
  await page.getByLabel('Birthday').fill('1990-05-17');
  await page.getByRole('button', { name: 'Save details' }).click();
  await page.getByText('Details saved').waitFor();
  const card = page.getByTestId('kyc-upload-id_front');
  await card
    .getByLabel('Identity document (front)')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await card.getByRole('alert').filter({ hasText: 'Only png, jpg or pdf files are accepted' }).waitFor();
  assert.equal(await card.getByRole('button', { name: 'Upload' }).isDisabled(), true);
});

test('the VIP table names the game types of its rebate columns', async () => {
  await page.goto('/member/vip');
  const table = page.getByTestId('vip-privileges');
  await table.waitFor();
  const headers = await table.locator('th').allInnerTexts();
  const rebates = headers.filter((h) => h.startsWith('Rebate'));
  assert.ok(rebates.length > 0, headers.join(' | '));
  for (const h of rebates) assert.doesNotMatch(h, /\b(RNG|LOTT|ELOTT|JL|ESPORTS|LIVE|PVP)\b/, h);
});

test('an over-long game search is held to the limit and never reads "Unknown error"', async () => {
  await page.goto(`/rng?q=${'x'.repeat(150)}`);
  const box = page.getByRole('searchbox');
  await box.waitFor();
  assert.equal((await box.inputValue()).length, 100);
  await page.getByTestId('game-count').waitFor();
  assert.equal(await page.getByText('Unknown error').count(), 0);
});

test('the lottery bar lists no past draws the game page has not shown', async () => {
  await page.goto('/lottery');
  await page.getByTestId('lottery-frame').waitFor();
  await page
    .getByText(/Closes in/i)
    .first()
    .waitFor();
  assert.equal(await page.getByText('Previous draws').count(), 0);
});

test('on a phone the side buttons are lines of the menu, and the footer ends clear of the tab bar', async () => {
  const phone = await newPage(browser);
  await phone.setViewportSize({ width: 390, height: 844 });
  await markPopupsSeen(phone);
  await phone.goto('/');
  const tabs = phone.getByTestId('tab-bar');
  await tabs.waitFor();
  assert.equal(await phone.getByTestId('side-menu').count(), 0, 'nothing floats over the page');
  await phone.getByRole('button', { name: 'Menu' }).click();
  await phone.getByTestId('quick-links').getByRole('button', { name: 'Back to top' }).waitFor();
  await phone.getByRole('button', { name: 'Menu' }).click();
  // At the end of the page, the footer's last line is above the tab bar.
  await phone.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await phone.waitForTimeout(300);
  const footerText = await phone.evaluate(() => {
    const footer = document.querySelector('footer');
    const walker = document.createTreeWalker(footer ?? document.body, NodeFilter.SHOW_TEXT);
    let bottom = 0;
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of Array.from(range.getClientRects())) bottom = Math.max(bottom, r.bottom);
    }
    return bottom;
  });
  const box = await tabs.boundingBox();
  assert.ok(box, 'the tab bar has a box');
  assert.ok(footerText <= box.y, `footer text ends at ${footerText}, the tab bar starts at ${box.y}`);
  await screenshot(phone, 'honest-phone-side-menu');
  await phone.close();
});

test('the Filipino site shows the demo popup in Filipino, not English', async () => {
  const visitor = await newPage(browser);
  await visitor.addInitScript(() => localStorage.setItem('lang', 'TY'));
  await visitor.goto('/');
  const popup = visitor.getByRole('dialog').filter({ hasText: 'Maligayang pagdating sa' });
  await popup.waitFor();
  assert.equal(await visitor.getByText('Welcome to', { exact: false }).count(), 0);
  assert.equal(await visitor.evaluate(() => document.documentElement.lang), 'fil');
  await screenshot(visitor, 'honest-ty-popup');
  await visitor.close();
});

test('the sign-up form says when its fields could not be loaded, and Try again loads them', async () => {
  const visitor = await newPage(browser);
  await markPopupsSeen(visitor);
  let refuse = true;
  await visitor.route(/\/wps\/system\/setting\/register(\?|$)/, (route) =>
    refuse ? route.abort('failed') : route.continue(),
  );
  await visitor.goto('/register');
  const modal = visitor.getByRole('dialog', { name: 'Register' });
  await modal.getByRole('alert').filter({ hasText: 'The sign-up form could not be loaded.' }).waitFor();
  assert.equal(await modal.getByRole('textbox', { name: 'Username' }).count(), 0, 'no form without its rules');
  await screenshot(visitor, 'honest-register-rules-failed');
  refuse = false;
  await modal.getByRole('button', { name: 'Try again' }).click();
  await modal.getByRole('textbox', { name: 'Username' }).waitFor();
  await visitor.context().close();
});

test('the sign-up form names a wrong username, real name and phone number format', async () => {
  const visitor = await newPage(browser);
  await markPopupsSeen(visitor);
  await visitor.goto('/register');
  const modal = visitor.getByRole('dialog', { name: 'Register' });
  // Lengths the form's rules allow, formats only the server's check refuses.
  await fillRegistration(modal, { username: 'abc!defg', password: 'Secret123', payeeName: 'R2D2 Droid' });
  await modal.getByRole('button', { name: 'Register' }).last().click();
  await modal.getByText('Account format is incorrect').waitFor();
  await modal.getByText('Real name format is incorrect').waitFor();
  await screenshot(visitor, 'honest-register-formats');

  await modal.getByRole('tab', { name: 'Mobile number' }).click();
  await modal.getByRole('textbox', { name: 'Mobile number' }).fill('12345678');
  await modal.getByRole('textbox', { name: 'Verification code' }).fill('123456');
  await modal.locator('input[name="password"]').fill('Secret123');
  await modal.locator('input[name="confirmPassword"]').fill('Secret123');
  await modal.getByRole('checkbox', { name: /at least 18/ }).check();
  await modal.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await modal.getByRole('button', { name: 'Register' }).last().click();
  // A number of a length the brand's country does not use (SMS_PHONE_INVALID).
  await modal
    .getByText(/phone number format/i)
    .first()
    .waitFor();
  await visitor.context().close();
});

test('a visitor sends feedback without an account: e-mail and captcha asked, a wrong one named, the right one sent', async () => {
  const visitor = await newPage(browser);
  // An address of its own: the server lets one address load one captcha image a second, and the
  // other lanes' specs load theirs from loopback too.
  await visitor.setExtraHTTPHeaders({ 'X-Forwarded-For': '10.77.0.2' });
  await markPopupsSeen(visitor);
  await visitor.goto('/feedback');
  await visitor.getByRole('heading', { level: 1, name: 'Feedback and complaints' }).waitFor();
  await visitor.getByTestId('feedback-content').fill('Please add more card games to the lobby.');
  await visitor.getByTestId('feedback-email').fill('visitor@example.com');
  const images: number[] = [];
  visitor.on('response', (r) => {
    if (new URL(r.url()).pathname === '/wps/captcha') images.push(r.status());
  });
  // The first image is shown (and so kept by the server) before an answer is sent.
  const firstImage = await visitor.getByRole('img', { name: 'Captcha' }).getAttribute('src');
  await visitor.getByRole('textbox', { name: 'Captcha' }).fill('WRONG');
  await visitor.getByTestId('feedback-submit').click();
  await visitor.getByRole('alert').filter({ hasText: 'The captcha is not correct' }).waitFor();
  // The answer spent that image: a new one is loaded for the next try, and the page stays a visitor's.
  await eventually(async () => images.length >= 1, 'a new captcha image');
  assert.equal(new URL(visitor.url()).pathname, '/feedback');
  assert.equal(await visitor.getByTestId('feedback-sent').count(), 0);
  // The right answer to the new image (the demo tells the browser that holds it, as its outbox tells
  // SMS codes): the feedback is sent, and the page says where the answer will go.
  await visitor.waitForFunction((src) => {
    const now = document.querySelector('img[alt="Captcha"]')?.getAttribute('src');
    return Boolean(now) && now !== src;
  }, firstImage);
  const { answer } = await visitor.evaluate(async () => (await fetch('/dev/captcha.json')).json());
  assert.ok(answer, 'the demo answers the captcha of this browser');
  await visitor.getByRole('textbox', { name: 'Captcha' }).fill(String(answer));
  await visitor.getByTestId('feedback-submit').click();
  await visitor
    .getByTestId('feedback-sent')
    .filter({ hasText: 'The answer will come by e-mail to visitor@example.com' })
    .waitFor();
  assert.equal(await visitor.getByRole('alert').count(), 0);
  assert.equal(await visitor.getByTestId('feedback-content').inputValue(), '', 'the form is cleared once sent');
  await visitor.context().close();
});
