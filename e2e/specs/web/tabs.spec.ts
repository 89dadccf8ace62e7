// e2e: beside own-accounts
// page.evaluate() callbacks run in the browser, so these specs see the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newPage, screenshot } from '../../support/browser';
import { markPopupsSeen } from '../../support/player';
import { registerFromModal, signedInAs } from '../../support/site';
import { useSiteBrowser } from './web-build';

// spec §4 keeps the session token in session storage, which a new tab does not inherit: the tabs
// of one browser hand it over (lib/session, BroadcastChannel), and a sign-out ends it in all of them.
// A member of its own: the demo accounts reach this spec with whatever earlier specs left behind
// (a changed password, failed logins that make the captcha due).
const browser = useSiteBrowser();
const ACCOUNT = `tab${Date.now().toString(36).slice(-7)}`;

test('a page opened in a new tab is signed in, and signing out in one tab signs the others out', async () => {
  const first = await newPage(browser());
  await markPopupsSeen(first);
  await registerFromModal(first, { username: ACCOUNT, password: 'Secret123', payeeName: 'Tab Tester' });
  const token = await first.evaluate(() => sessionStorage.getItem('token'));
  assert.ok(token);

  // New tabs of the same browser: a game category and the member centre.
  const games = await first.context().newPage();
  await games.goto('/rng');
  await signedInAs(games, ACCOUNT);
  await games.getByTestId('header-balance').waitFor();
  assert.equal(await games.evaluate(() => sessionStorage.getItem('token')), token, 'kept in its session storage');
  await screenshot(games, 'tabs-new-tab-rng');

  const member = await first.context().newPage();
  await member.goto('/member/securityCenter');
  await signedInAs(member, ACCOUNT);
  await member.getByRole('heading', { level: 1 }).waitFor();
  // A reload of the new tab keeps the session from its own session storage.
  await member.reload();
  await signedInAs(member, ACCOUNT);

  // Another browser profile (its own context) is not signed in by this one.
  const stranger = await newPage(browser());
  await markPopupsSeen(stranger);
  await stranger.goto('/rng');
  await stranger.getByRole('form', { name: 'Log in' }).first().waitFor();
  await stranger.waitForTimeout(500);
  assert.equal(await stranger.getByTestId('account-name').count(), 0);
  assert.equal(await stranger.evaluate(() => sessionStorage.getItem('token')), null);
  await stranger.context().close();

  // Signing out in the new tab signs out the first one and the member centre.
  await games.getByRole('button', { name: 'Sign out' }).first().click();
  await games.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await games.locator('input[name="headerUsername"]').waitFor();
  for (const page of [first, member]) {
    await page.locator('input[name="headerUsername"]').waitFor({ timeout: 10_000 });
    assert.equal(await page.getByTestId('header-balance').count(), 0);
    assert.equal(await page.evaluate(() => sessionStorage.getItem('token')), null);
  }

  // With no signed-in tab left, a new tab stays signed out.
  const later = await first.context().newPage();
  await later.goto('/rng');
  await later.getByRole('form', { name: 'Log in' }).first().waitFor();
  await later.waitForTimeout(500);
  assert.equal(await later.evaluate(() => sessionStorage.getItem('token')), null);
  await first.context().close();
});
