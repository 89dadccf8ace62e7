// e2e: beside own-accounts
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newPage, screenshot } from '../../support/browser';
import { PAGE_WAIT_MS } from '../../support/env';
import { closeMemberPopup, outboxCode, signedInAs } from '../../support/site';
import { firstTileName, slotGrid } from './games-helpers';
import { useSiteBrowser } from './web-build';

// A new player's first steps: signing up on the Mobile number tab with the SMS code
// from the outbox (the server makes the username from the number), and a trial account that says
// it is one, has no cashier or member centre, and after registering opens the game it wanted.

const browser = useSiteBrowser();

test('a visitor registers on the Mobile number tab with the SMS code and lands signed in', async () => {
  const page = await newPage(browser());
  // A +63 number no seeded or earlier member holds: 9 and nine digits from the clock.
  const mobile = `9${String(Date.now()).slice(-9)}`;
  await page.goto('/register');
  const modal = page.getByRole('dialog', { name: 'Register' });
  await modal.getByRole('tab', { name: 'Mobile number' }).click();
  // The tab asks for no username: the server makes one from the number.
  assert.equal(await modal.getByRole('textbox', { name: 'Username' }).count(), 0);
  // A phone opens its number pad for the number and the code (inputmode).
  assert.equal(await modal.getByRole('textbox', { name: 'Mobile number' }).getAttribute('inputmode'), 'tel');
  assert.equal(await modal.getByRole('textbox', { name: 'Verification code' }).getAttribute('inputmode'), 'numeric');
  await modal.getByRole('textbox', { name: 'Mobile number' }).fill(mobile);
  const sentAfter = Date.now() - 1000;
  await modal.getByRole('button', { name: 'Send code' }).click();
  await modal.getByRole('button', { name: /Resend in \d+ s/ }).waitFor();
  const code = await outboxCode({ channel: 'sms', to: mobile, after: sentAfter });
  await modal.locator('input[name="password"]').fill('Secret123');
  await modal.locator('input[name="confirmPassword"]').fill('Secret123');
  await modal.getByRole('checkbox', { name: /at least 18/ }).check();
  await modal.getByRole('checkbox', { name: /terms and conditions/ }).check();
  // A wrong code is refused with its message, and spends nothing: Register works again after it.
  await modal.getByRole('textbox', { name: 'Verification code' }).fill(code === '000000' ? '111111' : '000000');
  await modal.getByRole('button', { name: 'Register' }).last().click();
  await modal.getByRole('alert').filter({ hasText: /code/i }).first().waitFor();
  await modal.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await modal.getByRole('button', { name: 'Register' }).last().click();
  await modal.waitFor({ state: 'detached', timeout: PAGE_WAIT_MS });
  await signedInAs(page, `m63${mobile}`);
  await closeMemberPopup(page);
  assert.match(await page.getByTestId('header-balance').innerText(), /^₱0\.00$/);
  await screenshot(page, 'register-by-phone');
  await page.context().close();
});

test('a trial account: badge, demo balance, no cashier; registering opens the game it chose', async () => {
  const page = await newPage(browser());
  await page.goto('/login');
  const login = page.getByRole('dialog', { name: 'Log in' });
  await login.getByRole('button', { name: 'Free play (trial account)' }).click();
  await login.waitFor({ state: 'detached' });
  await closeMemberPopup(page);
  await page.getByTestId('header-trial-badge').getByText('Trial').waitFor();
  assert.match((await page.getByTestId('header-balance').getAttribute('title')) ?? '', /^Demo balance: /);
  const header = page.locator('header').first();
  assert.equal(
    await header.getByRole('button', { name: 'Deposit', exact: true }).count(),
    0,
    'no Deposit for a trial account',
  );
  await header.getByTestId('header-trial-register').waitFor();
  // No member centre or cashier: the page says a real account is needed and offers to register.
  await page.goto('/member/depositv2');
  const centre = page.getByTestId('trial-member-centre');
  await centre.getByText('Please use a real account to play').waitFor();
  await centre.getByRole('button', { name: 'Register' }).waitFor();
  await screenshot(page, 'trial-member-centre');

  // A real-money game: the dialog offers Register, and the new member lands in that game.
  await page.goto('/rng');
  await slotGrid(page).locator('li').first().waitFor();
  const name = await firstTileName(page);
  await page.getByRole('button', { name: `Play now: ${name}`, exact: true }).click();
  const offer = page.getByRole('alertdialog');
  await offer.getByText('Please use a real account to play').waitFor();
  await offer.getByRole('button', { name: 'Register' }).click();
  const modal = page.getByRole('dialog', { name: 'Register' });
  const username = `tri${Date.now().toString(36).slice(-8)}`;
  await modal.getByRole('textbox', { name: 'Username' }).fill(username);
  await modal.locator('input[name="password"]').fill('Secret123');
  await modal.locator('input[name="confirmPassword"]').fill('Secret123');
  await modal.getByRole('checkbox', { name: /at least 18/ }).check();
  await modal.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await modal.getByRole('button', { name: 'Register' }).last().click();
  await modal.waitFor({ state: 'detached', timeout: PAGE_WAIT_MS });
  await page.waitForURL(/\/seamless\?nodeId=\d+/, { timeout: PAGE_WAIT_MS });
  await page.getByTestId('game-frame').waitFor();
  await signedInAs(page, username);
  assert.equal(await page.getByTestId('header-trial-badge').count(), 0, 'a real account now');
  await page.context().close();
});
