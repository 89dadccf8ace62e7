// e2e: beside own-accounts
// Invite friends in the browser (spec §2 member centre "invite friends (referral)"): a
// new member opens invite friends and sees the code, the link and its QR code; a second visitor,
// in a browser of its own, opens the link, finds the referral code filled in, registers; the
// first member sees the friend (masked) in the invited list. Only accounts it registers itself.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot } from '../../support/browser';
import { baseUrl, PAGE_WAIT_MS } from '../../support/env';
import { markPopupsSeen } from '../../support/player';
import { closeMemberPopup, fillRegistration, registerFromModal, signedInAs } from '../../support/site';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();
const stamp = Date.now().toString(36).slice(-7);
const inviter = `inv${stamp}`;
const friend = `frd${stamp}`;
let page: Page;
let link = '';
let code = '';

test('a new member opens invite friends and sees the code, the link and the QR code', async () => {
  page = await newPage(browser());
  await markPopupsSeen(page);
  await registerFromModal(page, { username: inviter, password: 'Secret123', payeeName: 'Inviting Member' });
  await closeMemberPopup(page);
  await page.goto('/member/referral');
  await page.getByRole('heading', { level: 1, name: 'Invite friends' }).waitFor();
  await page.getByTestId('member-referral-qr').waitFor();
  code = (await page.getByTestId('member-referral-code').innerText()).trim();
  link = (await page.getByTestId('member-referral-link').innerText()).trim();
  const url = new URL(link);
  assert.equal(url.origin, new URL(baseUrl()).origin);
  assert.equal(url.pathname, '/register');
  assert.equal(url.searchParams.get('referralCode'), code);
  assert.match(code, /^[A-Z0-9]{4,20}$/);
  await page.getByTestId('referral-rules').waitFor();
  await screenshot(page, 'referrals-invite-friends');
});

test('a second visitor registers with that link', async () => {
  const visitor = await newPage(browser());
  await markPopupsSeen(visitor);
  await visitor.goto(link);
  const modal = visitor.getByRole('dialog', { name: 'Register' });
  // The referral code field, or the one invitation field when the form takes both codes there.
  await visitor.waitForFunction(
    (expected) =>
      Array.from(
        document.querySelectorAll<HTMLInputElement>('input[name="referralCode"], input[name="affiliateCode"]'),
      ).some((input) => input.value === expected),
    code,
  );
  await screenshot(visitor, 'referrals-register-prefilled');
  await fillRegistration(modal, { username: friend, password: 'Secret123', payeeName: 'Invited Friend' });
  await modal.getByRole('button', { name: 'Register' }).last().click();
  await modal.waitFor({ state: 'detached', timeout: PAGE_WAIT_MS });
  await signedInAs(visitor, friend);
  await visitor.context().close();
});

test('the first member sees the friend in the invited list', async () => {
  const masked = `${friend.slice(0, 2)}***${friend.slice(-1)}`;
  await page.reload();
  await page.getByRole('heading', { level: 1, name: 'Invite friends' }).waitFor();
  const row = page.getByTestId('invitee-row').filter({ hasText: masked });
  await row.first().waitFor({ timeout: PAGE_WAIT_MS });
  assert.equal(await page.getByTestId('invitee-row').count(), 1);
  assert.equal(await page.getByText(friend, { exact: true }).count(), 0, 'the full username is never shown');
  await screenshot(page, 'referrals-invited-list');
  await page.context().close();
});
