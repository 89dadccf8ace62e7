// page.evaluate() callbacks run in the browser, so these specs see the DOM types.
// e2e: alone
// (it puts the whole site into maintenance and region restriction: e2e/run.ts runs it after the others)
import assert from 'node:assert/strict';
import { before, test } from 'node:test';
import type { Page } from 'playwright-core';
import { operatorToken } from '../../support/api';
import { newPage, screenshot } from '../../support/browser';
import { baseUrl } from '../../support/env';
import { closeGuestAnnouncements } from '../../support/site';
import { useSiteBrowser } from './web-build';

// spec §2 whole-site states (maintenance, region restriction) and a right-to-left language, set
// through the operator API. The runner starts one server for every spec file and runs the files one
// at a time, so each test restores every setting it changes before it ends.
const browser = useSiteBrowser();
let token: string;
before(async () => {
  token = await operatorToken();
});

/** An operator API call; throws unless it succeeds. */
async function admin<T>(method: string, url: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = token;
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await res.json()) as { success: boolean; value?: T };
  if (!res.ok || !envelope.success) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(envelope)}`);
  return envelope.value as T;
}

async function settings(): Promise<Record<string, unknown>> {
  const value = await admin<{ settings: { key: string; value: unknown }[] }>('GET', '/admin/brand/settings');
  return Object.fromEntries(value.settings.map((s) => [s.key, s.value]));
}

function setSetting(key: string, value: unknown) {
  return admin('PUT', `/admin/brand/settings/${key}`, { value });
}

/** Runs `body` with the given settings changed, and puts the previous values back whatever happens. */
async function withSettings(changes: Record<string, unknown>, body: () => Promise<void>) {
  const current = await settings();
  const restore: [string, unknown][] = Object.keys(changes).map((key) => [key, current[key]]);
  try {
    for (const [key, value] of Object.entries(changes)) await setSetting(key, value);
    await body();
  } finally {
    for (const [key, value] of restore.reverse()) await setSetting(key, value);
  }
}

async function expectHome(page: Page) {
  await page.goto('/');
  await closeGuestAnnouncements(page);
  await page.getByTestId('jackpot').waitFor();
}

const MAINTENANCE = { enabled: true, title: 'Scheduled upgrade', info: 'We will be back at 14:00 Manila time.' };
const BLOCK_LOCALHOST = {
  enabled: true,
  blockedCountries: [],
  allowedCidrs: [],
  blockedCidrs: ['127.0.0.0/8', '::1/128'],
};

test('maintenance: the site shows the title, info and customer service; the home page is back after', async () => {
  const page = await newPage(browser());
  const original = (await settings()).maintenance as typeof MAINTENANCE;
  await withSettings({ maintenance: MAINTENANCE }, async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: MAINTENANCE.title, level: 1 }).waitFor();
    await page.getByText(MAINTENANCE.info).waitFor();
    assert.ok(await page.getByRole('link', { name: 'Customer service' }).isVisible());
    assert.equal(await page.getByTestId('jackpot').count(), 0, 'the home page is not shown');
    await screenshot(page, 'state-maintenance');
  });
  assert.deepEqual((await settings()).maintenance, original, 'restored');
  await expectHome(page);
  await screenshot(page, 'state-maintenance-restored');
  await page.context().close();
});

test('region restriction shows the visitor IP; maintenance wins over it', async () => {
  const page = await newPage(browser());
  await withSettings({ regionRestriction: BLOCK_LOCALHOST }, async () => {
    await page.goto('/');
    await page.getByRole('heading', { name: 'Access restricted', level: 1 }).waitFor();
    assert.match(await page.getByTestId('visitor-ip').innerText(), /127\.0\.0\.1/);
    assert.ok(await page.getByRole('link', { name: 'Customer service' }).isVisible());
    await screenshot(page, 'state-region');

    await withSettings({ maintenance: MAINTENANCE }, async () => {
      await page.reload();
      await page.getByRole('heading', { name: MAINTENANCE.title, level: 1 }).waitFor();
      assert.equal(await page.getByTestId('visitor-ip').count(), 0, 'maintenance wins');
      await screenshot(page, 'state-maintenance-and-region');
    });
  });
  await expectHome(page);
  await page.context().close();
});

test('right-to-left: Arabic flips the page direction, English flips it back', async () => {
  const page = await newPage(browser());
  await withSettings({ supportedLanguages: ['EN', 'TY', 'AR'] }, async () => {
    await expectHome(page);
    // Located by its options: the selector's own label is translated once Arabic is on.
    const select = page.locator('select:has(option[value="AR"])');
    await select.selectOption('AR');
    await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'ar');
    await page.locator('#download').scrollIntoViewIfNeeded();
    await page.locator('#download img').nth(2).waitFor();
    await screenshot(page, 'home-rtl');
    await select.selectOption('EN');
    await page.waitForFunction(() => document.documentElement.dir === 'ltr');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    await page.getByRole('combobox', { name: 'Language' }).waitFor();
  });
  assert.deepEqual((await settings()).supportedLanguages, ['EN', 'TY'], 'restored');
  await page.context().close();
});
