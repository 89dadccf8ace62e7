// e2e: alone
// (it publishes a new version of the terms that every member who registered before must accept,
// which would stop the other specs' members at their next sign-in, and turns the brand's cookie
// banner on; it runs after the others, and by its name after the other specs that run alone, so
// none of them meets the dialog. The banner setting is put back at the end.)
// page.evaluate() callbacks run in the browser, so this spec sees the DOM types.
import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { operatorToken } from '../../support/api';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot } from '../../support/browser';
import { artifactsDir, PAGE_WAIT_MS } from '../../support/env';
import { markPopupsSeen } from '../../support/player';
import { call, loginModal, tokenOf } from '../../support/site';
import { useSiteBrowser } from './web-build';

// The pages a licensed site shows (docs/site.md "Legal pages"), in Chromium: an operator publishes
// a new version of the terms; a member who registered before signs in (on a 390 px phone and at
// 1440 px), meets the dialog that blocks the site, finds money refused until they accept, accepts,
// and the site goes on; the acceptance is recorded. The legal pages list every version. Where the
// brand asks for it, a first visit meets the cookie banner, and the answer is kept across reloads.
// axe finds no serious violation.

const browser = useSiteBrowser();
const suffix = Date.now().toString(36).slice(-6);
const axeFindings: string[] = [];
let admin = '';
let version = 0;
let bannerWas: boolean | undefined;

async function adminCall<T>(method: string, url: string, body?: unknown): Promise<T> {
  const result = await call<T>(method, url, admin, body);
  assert.equal(result.success, true, `${method} ${url}: ${JSON.stringify(result)}`);
  return result.value as T;
}

async function page(chromium: Browser, width: number, height: number): Promise<Page> {
  const p = await newPage(chromium);
  await p.setViewportSize({ width, height });
  await markPopupsSeen(p);
  return p;
}

/** What the screen shows (a fixed dialog or banner is lost in a full-page screenshot's height). */
const onScreen = (p: Page, name: string) => p.screenshot({ path: path.join(artifactsDir, `${name}-screen.png`) });

async function axeCheck(p: Page, screen: string, selector?: string) {
  axeFindings.push(...(await seriousAxeViolations(p, selector)).map((v) => `${screen}: ${v}`));
}

before(async () => {
  admin = await operatorToken();
  const draft = await adminCall<{ id: number; version: number }>('POST', '/admin/legal/terms/draft');
  await adminCall('PUT', `/admin/legal/versions/${draft.id}`, {
    summary: `Clearer withdrawal rules (browser test ${suffix})`,
    acceptanceRequired: true,
    texts: [
      {
        language: 'EN',
        title: 'Terms and conditions',
        body: `This is a demonstration site.\n\n## Withdrawals\n- Every withdrawal is reviewed by the cashier.\n- Browser test ${suffix}.`,
      },
    ],
  });
  version = (await adminCall<{ version: number }>('POST', `/admin/legal/versions/${draft.id}/publish`)).version;
});

after(async () => {
  if (bannerWas !== undefined)
    await call('PUT', '/admin/brand/settings/cookieConsentBanner', admin, { value: bannerWas });
});

/** Signs a demo member in with the login modal (the dialog that follows shows they are in). */
async function signIn(p: Page, username: string) {
  const modal = await loginModal(p);
  await modal.getByRole('textbox', { name: 'Username' }).fill(username);
  await modal.locator('input[name="password"]').fill('Demo@1234');
  await modal.getByRole('button', { name: 'Log in' }).click();
  await modal.waitFor({ state: 'detached', timeout: PAGE_WAIT_MS });
}

for (const [width, height, member] of [
  [390, 844, 'team04'],
  [1440, 900, 'team05'],
] as const) {
  test(`at ${width} px a member accepts the new terms at sign-in, and the site goes on`, async () => {
    const p = await page(browser(), width, height);
    await signIn(p, member);
    const dialog = p.getByRole('dialog', { name: 'Our terms and conditions have changed' });
    await dialog.waitFor({ timeout: PAGE_WAIT_MS });
    await dialog.getByText(`Please read version ${version} of the terms`).waitFor();
    await dialog.getByText(`browser test ${suffix}`).first().waitFor();
    await onScreen(p, `terms-dialog-${width}`);
    await axeCheck(p, `terms dialog ${width}`);

    // It blocks the site: Escape does not close it, and money does not move.
    await p.keyboard.press('Escape');
    assert.equal(await dialog.isVisible(), true, 'the dialog stays');
    const token = await tokenOf(p);
    const deposit = await call('POST', '/wps/cashier/deposit', token, {
      methodCode: 'BANK_TRANSFER',
      amount: 100,
      requestId: `terms-${suffix}-${width}`,
    });
    assert.equal(deposit.code, 'TERMS_NOT_ACCEPTED', JSON.stringify(deposit));

    await dialog.getByRole('button', { name: 'I accept the terms' }).click();
    await dialog.waitFor({ state: 'detached' });
    const status = await call<{ due: boolean }>('GET', '/wps/member/terms', token);
    assert.equal(status.value?.due, false);
    // The site goes on: the member centre's deposit page opens.
    await p.goto('/member/depositv2');
    await p.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(await p.getByTestId('terms-dialog').count(), 0, 'not asked again');
    await screenshot(p, `terms-accepted-${width}`);
  });
}

test('the acceptances are recorded with the version', async () => {
  const versions = await adminCall<{ list: { version: number; acceptances: number }[] }>(
    'GET',
    '/admin/legal/terms/versions',
  );
  assert.equal(versions.list.find((v) => v.version === version)?.acceptances, 2);
});

test('the terms page shows the new version and every earlier one, linked from the footer', async () => {
  const p = await page(browser(), 1440, 900);
  await p.goto('/');
  const links = p.getByTestId('legal-links');
  for (const name of ['Terms and conditions', 'Privacy policy', 'Responsible gaming', 'Licence'])
    await links.getByRole('link', { name, exact: true }).waitFor();
  await links.getByRole('link', { name: 'Terms and conditions', exact: true }).click();
  await p.waitForURL(/\/legal\/terms$/);
  await p
    .getByTestId('legal-version')
    .filter({ hasText: `Version ${version},` })
    .waitFor();
  const versions = p.getByRole('navigation', { name: 'All versions' });
  assert.equal(await versions.getByRole('link').count(), version);
  await axeCheck(p, 'terms page');
  await versions.getByRole('link', { name: /^Version 1,/ }).click();
  await p.getByRole('note').filter({ hasText: 'replaced by a newer one' }).waitFor();
  await screenshot(p, 'legal-terms-version-1');
  await p.goto('/legal/licence');
  await p.getByText('DEMO: this site holds no gaming licence.').waitFor();
  await axeCheck(p, 'licence page');
});

test('where the brand asks, a first visit meets the cookie banner; the answer is kept and applied', async () => {
  const settings = await adminCall<{ settings: { key: string; value: unknown }[] }>('GET', '/admin/brand/settings');
  bannerWas = settings.settings.find((s) => s.key === 'cookieConsentBanner')?.value === true;
  await adminCall('PUT', '/admin/brand/settings/cookieConsentBanner', { value: true });
  const p = await page(browser(), 390, 844);
  await p.goto('/');
  const banner = p.getByRole('region', { name: 'Cookies on this site' });
  await banner.getByText('It sets no analytics or advertising cookies.').waitFor();
  const stored = () => p.evaluate(() => localStorage.getItem('cookieConsent'));
  assert.equal(await stored(), null);
  await axeCheck(p, 'cookie banner');
  await onScreen(p, 'cookie-banner');
  await banner.getByRole('button', { name: 'Necessary only' }).click();
  await banner.waitFor({ state: 'detached' });
  const answer = JSON.parse((await stored()) ?? '{}');
  assert.deepEqual([answer.version, answer.preferences], [2, false]);
  // The answer is remembered; the footer opens the banner again to change it.
  await p.reload();
  await p.getByTestId('legal-links').waitFor();
  assert.equal(await banner.count(), 0);
  await p.getByRole('button', { name: 'Cookie settings' }).click();
  await banner.waitFor();
  await banner.getByRole('button', { name: 'Accept' }).click();
  await banner.waitFor({ state: 'detached' });
  assert.equal(JSON.parse((await stored()) ?? '{}').preferences, true);
  await p.reload();
  await p.getByTestId('legal-links').waitFor();
  assert.equal(await banner.count(), 0);
});

test('axe finds no serious violation on the terms dialog, the legal pages and the banner', () => {
  assert.deepEqual(axeFindings, []);
});
