// e2e: beside own-accounts
// page.evaluate() callbacks run in the browser, so these specs see the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot } from '../../support/browser';
import { baseUrl } from '../../support/env';
import { loginFromHeader, markPopupsSeen } from '../../support/player';
import { closeMemberPopup, outboxEntry, registerFromModal, tokenOf, totp } from '../../support/site';
import { useSiteBrowser } from './web-build';

// Two-factor authentication and signed-in devices in the security centre (spec §2 securityCenter)
// against the real server: a new member turns the authenticator on by the key the page shows (the
// code computed here, independently of the server's TOTP code), sees the recovery codes once, and
// signs out another browser, whose token then stops working.

let page: Page;
let other: Page;
useSiteBrowser(async (chromium) => {
  page = await newPage(chromium);
  other = await newPage(chromium);
  await markPopupsSeen(other);
});
const stamp = Date.now().toString(36).slice(-7);
const username = `tfa${stamp}`;
const EMAIL = `tfa${stamp}@example.com`;
const PASSWORD = 'Secret123';

async function memberInfoStatus(token: string) {
  return (await fetch(`${baseUrl()}/wps/member/info`, { headers: { Authorization: token } })).status;
}

test('a new member registers and is also signed in in a second browser', async () => {
  await registerFromModal(page, { username, password: PASSWORD, payeeName: 'Two Factor', email: EMAIL });
  await closeMemberPopup(page);
  await loginFromHeader(other, username, PASSWORD);
  assert.equal(await memberInfoStatus(await tokenOf(other)), 200);
});

test('turns two-factor authentication on with the shown key and sees the recovery codes once', async () => {
  await page.goto('/member/securityCenter');
  await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
  const panel = page.getByTestId('security-two-factor');
  await panel.getByText('Off', { exact: true }).waitFor();
  await panel.getByRole('button', { name: 'Turn on' }).click();

  const dialog = page.getByRole('dialog', { name: 'Turn on' });
  await dialog.getByLabel('Login password').fill('Wrong1234');
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByText('The login password is not correct').waitFor();
  await dialog.getByLabel('Login password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Next' }).click();

  const qr = dialog.getByTestId('two-factor-qr');
  await qr.waitFor();
  assert.match((await qr.getAttribute('src')) ?? '', /^data:image\/png;base64,/);
  const shown = (await dialog.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
  assert.match(shown, /^[A-Z2-7]{32}$/);
  await screenshot(page, 'two-factor-scan');

  // A wrong code is refused with the server's message; the right one turns it on.
  const wrong = String((Number(totp(shown)) + 1) % 1_000_000).padStart(6, '0');
  await dialog.getByLabel('Authenticator code').fill(wrong);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.getByText('The authenticator or recovery code is not correct').waitFor();
  await dialog.getByLabel('Authenticator code').fill(totp(shown));
  await dialog.getByRole('button', { name: 'Confirm' }).click();

  const codesDialog = page.getByRole('dialog', { name: 'Your recovery codes' });
  const codes = codesDialog.getByTestId('recovery-codes').getByRole('listitem');
  await codes.first().waitFor();
  assert.equal(await codes.count(), 10);
  for (const code of await codes.allInnerTexts()) assert.match(code, /^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await screenshot(page, 'two-factor-recovery-codes');
  await codesDialog.getByRole('button', { name: 'I have saved them' }).click();
  await codesDialog.waitFor({ state: 'detached' });
  await panel.getByText('On · recovery codes left: 10').waitFor();
  // The key is not shown (or sent) again.
  assert.equal(await page.getByText(shown).count(), 0);
  await outboxEntry({ to: EMAIL, text: /two-factor authentication was turned on/ });
});

test('lists both sessions and signs the other browser out at once', async () => {
  const sessions = page.getByTestId('security-sessions');
  const rows = sessions.getByTestId('session-row');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="session-row"]').length === 2);
  await sessions.locator('[data-testid="session-row"][data-current="true"]').getByText('This device').waitFor();
  const otherRow = sessions.locator('[data-testid="session-row"][data-current="false"]');
  assert.match(await otherRow.innerText(), /IP .* last seen/);
  const otherToken = await tokenOf(other);
  await otherRow.getByRole('button', { name: 'Sign out' }).click();
  await page.getByText('The device was signed out').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="session-row"]').length === 1);
  assert.equal(await rows.count(), 1);
  assert.equal(await memberInfoStatus(otherToken), 401);
  assert.equal(await memberInfoStatus(await tokenOf(page)), 200);

  // The login history shows the second browser's login.
  const history = page.getByTestId('security-login-history');
  await history.getByText('Password').first().waitFor();
  await screenshot(page, 'two-factor-sessions');
});
