// e2e: beside own-accounts
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../../support/axe';
import { screenshot } from '../../support/browser';
import { baseUrl, PAGE_WAIT_MS } from '../../support/env';
import { devicePage } from '../../support/player';
import { signedInAs } from '../../support/site';
import { firstTileName, slotGrid } from './games-helpers';
import { useSiteBrowser } from './web-build';

// A guest tries a slot without an account (the demo brand's FREEPLAY3 allows free play): the game
// opens in the page on the studio's demo balance under a banner inviting registration; registering
// from the banner lands the new member in that same game, now for real. On a touch phone and on a
// desktop, where the new member then adds the details the sign-up skipped in the profile.

const browser = useSiteBrowser();

async function guestTriesAndRegisters(page: Page, touch: boolean, name: string) {
  await page.goto('/rng');
  await slotGrid(page).locator('li').first().waitFor();
  const game = await firstTileName(page);
  if (touch) {
    // A touch screen paints no buttons over the art: a tap opens the game's sheet, which offers the trial.
    await page
      .getByRole('button', { name: `Game details: ${game}`, exact: true })
      .first()
      .tap();
    await page.getByRole('dialog', { name: game }).getByRole('button', { name: 'Free trial', exact: true }).tap();
  } else await page.getByRole('button', { name: `Free trial: ${game}`, exact: true }).click();

  // The game in the page, on the demo balance: no account was made, no money involved.
  await page.waitForURL(/\/try\?nodeId=\d+/);
  const nodeId = new URL(page.url()).searchParams.get('nodeId');
  const banner = page.getByTestId('free-play-banner');
  await banner.getByText('You are playing for fun with demo credits').waitFor();
  const frame = page.getByTestId('game-frame');
  await frame.waitFor();
  const src = new URL((await frame.getAttribute('src')) ?? '', baseUrl());
  assert.equal(src.searchParams.get('mode'), 'trial');
  assert.equal(await page.evaluate(() => sessionStorage.getItem('token')), null, 'a guest has no session');
  assert.deepEqual(await seriousAxeViolations(page), []);
  await screenshot(page, `guest-play-${name}`);

  // Registering from the banner keeps the player in the game they were trying.
  const register = banner.getByRole('button', { name: 'Register to play for real' });
  if (touch) await register.tap();
  else await register.click();
  const modal = page.getByRole('dialog', { name: 'Register' });
  // Only what the brand requires: the optional details wait for the profile.
  assert.equal(await modal.locator('input[name="payeeName"]').count(), 0);
  assert.equal(await modal.locator('input[name="email"]').count(), 0);
  await modal.getByRole('link', { name: 'Terms and conditions' }).waitFor();
  assert.equal(await modal.getByRole('link', { name: 'Privacy policy' }).getAttribute('href'), '/legal/privacy');
  assert.deepEqual(await seriousAxeViolations(page, '[role="dialog"]'), []);
  const username = `gp${name.slice(0, 1)}${Date.now().toString(36).slice(-8)}`;
  await modal.getByRole('textbox', { name: 'Username' }).fill(username);
  await modal.locator('input[name="password"]').fill('Secret123');
  await modal.locator('input[name="confirmPassword"]').fill('Secret123');
  await modal.getByRole('checkbox', { name: /at least 18/ }).check();
  // Without the terms box the sign-up does not go.
  await modal.getByRole('button', { name: 'Register' }).last().click();
  await modal.getByText('Please accept the terms and conditions and the privacy policy.').waitFor();
  await modal.getByRole('checkbox', { name: /terms and conditions/ }).check();
  await screenshot(page, `guest-register-${name}`);
  await modal.getByRole('button', { name: 'Register' }).last().click();
  await modal.waitFor({ state: 'detached', timeout: PAGE_WAIT_MS });

  await page.waitForURL((url) => url.pathname === '/seamless' && url.searchParams.get('nodeId') === nodeId);
  // On a phone the game fills the screen under its own bar, with no site header to name the member.
  if (touch) await page.waitForFunction(() => sessionStorage.getItem('token') !== null);
  else await signedInAs(page, username);
  assert.equal(await page.getByTestId('game-name').innerText(), game);
  const real = page.getByTestId('game-frame');
  await real.waitFor();
  assert.equal(new URL((await real.getAttribute('src')) ?? '', baseUrl()).searchParams.get('mode'), 'real');
  await screenshot(page, `guest-registered-in-game-${name}`);
}

test('on a touch phone (390x844) a guest tries a slot, registers from the banner and lands back in it', async () => {
  const page = await devicePage(browser(), { width: 390, height: 844 }, true);
  await guestTriesAndRegisters(page, true, 'phone');
  await page.context().close();
});

test('on a desktop (1440x900) a guest tries a slot, registers from the banner and lands back in it', async () => {
  const page = await devicePage(browser(), { width: 1440, height: 900 }, false);
  await guestTriesAndRegisters(page, false, 'desktop');
  await addsDetailsLater(page);
  await page.context().close();
});

/** The details the sign-up skipped are added in the profile; the birthday from a date picker, set once. */
async function addsDetailsLater(page: Page) {
  await page.goto('/member/profile');
  const details = page.getByRole('region', { name: 'Personal details' });
  const birthday = details.getByLabel('Birthday');
  await birthday.waitFor();
  assert.equal(await birthday.getAttribute('type'), 'date');
  await details.getByLabel('Payee name').fill('Guest Player');
  await birthday.fill('1990-05-17');
  await details.getByRole('button', { name: 'Save details' }).click();
  await page.getByText('Details saved').waitFor();
  // Set once: shown, no longer an input.
  await details.getByTestId('profile-detail-birthday').getByText('1990-05-17').waitFor();
  await details.getByTestId('profile-detail-payeeName').getByText('Guest Player').waitFor();
  assert.equal(await details.getByLabel('Birthday').count(), 0);
  assert.deepEqual(await seriousAxeViolations(page), []);
  await screenshot(page, 'guest-profile-details');
}
