// e2e: beside own-accounts-b
// The installable app (docs/pwa.md): the brand's manifest is valid, the service worker
// registers and controls the page, Chromium reports the app installable (CDP
// Page.getInstallabilityErrors answers none), the offline page appears with the network off, and
// every link of /down (and of the home's download codes) answers. No account is used.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { AppDownloads, WebAppManifest } from '@gamehall/shared/api/pwa';
import { chromium, type Page } from 'playwright-core';
import { newPage, screenshot } from '../../support/browser';
import { baseUrl, fullChromiumPath, PAGE_WAIT_MS } from '../../support/env';
import { markPopupsSeen } from '../../support/player';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();

async function freshPage(): Promise<Page> {
  const page = await newPage(browser(), { serviceWorker: true });
  await markPopupsSeen(page);
  return page;
}

/**
 * Waits until a service worker controls the page (clients.claim() after its first install). The
 * install precaches the shell and every hashed asset: 6 s alone, over 30 s on a loaded runner.
 */
async function controlled(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
  return page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
}

test("the manifest is the brand's, valid, and every icon it lists answers in its size", async () => {
  const page = await freshPage();
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  assert.equal(href, '/manifest.webmanifest');
  const res = await page.request.get(href);
  assert.equal(res.status(), 200);
  assert.match(res.headers()['content-type'] ?? '', /^application\/manifest\+json/);
  const manifest = WebAppManifest.parse(await res.json());
  const config = (await (await page.request.get('/wps/system/config')).json()).value as { siteName: string };
  assert.equal(manifest.name, config.siteName);
  assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/i);
  for (const icon of manifest.icons) {
    const r = await page.request.get(icon.src);
    assert.equal(r.status(), 200, icon.src);
    assert.equal(r.headers()['content-type'], icon.type, icon.src);
    if (icon.type === 'image/png') {
      const size = await page.evaluate(async (src) => {
        const img = new Image();
        img.src = src;
        await img.decode();
        return `${img.naturalWidth}x${img.naturalHeight}`;
      }, icon.src);
      assert.equal(size, icon.sizes, icon.src);
    }
  }
  await page.context().close();
});

test('the service worker controls the page and Chromium reports the app installable', async () => {
  // Chromium never offers to install from an incognito profile (a Playwright context is one), so
  // this check runs in a browser with a profile of its own on disk: the whole browser, which judges
  // installability (the headless shell the other specs drive does not).
  const profile = mkdtempSync(path.join(tmpdir(), 'pwa-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: fullChromiumPath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    baseURL: baseUrl(),
    viewport: { width: 1280, height: 900 },
  });
  try {
    context.setDefaultTimeout(PAGE_WAIT_MS);
    const page = context.pages()[0] ?? (await context.newPage());
    await markPopupsSeen(page);
    await page.goto('/');
    assert.match(await controlled(page), /\/sw\.js$/);
    // Precached: the offline page and the entry script the page runs; never an API answer.
    const cached = await page.evaluate(async () => {
      const entry = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '';
      await fetch('/wps/system/config');
      return {
        offline: (await caches.match('/offline.html')) !== undefined,
        entry: (await caches.match(entry)) !== undefined,
        api: (await caches.match('/wps/system/config')) !== undefined,
      };
    });
    assert.deepEqual(cached, { offline: true, entry: true, api: false });
    const cdp = await context.newCDPSession(page);
    let errors: unknown[] = ['not asked yet'];
    // Chromium fetches the manifest and its icons on its own schedule: ask until it has judged.
    for (let attempt = 0; attempt < 20 && errors.length > 0; attempt++) {
      ({ installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors'));
      if (errors.length > 0) await page.waitForTimeout(500);
    }
    assert.deepEqual(errors, []);
    await screenshot(page, 'app-install-home');
    // An installable site gets the browser's offer (beforeinstallprompt): /down and the side menu
    // show it as an install button.
    await page.goto('/down');
    await page.getByTestId('download-page').getByRole('button', { name: 'Install the app' }).waitFor();
    await page
      .getByRole('complementary', { name: 'Quick links' })
      .getByRole('button', { name: 'Install the app' })
      .waitFor();
    await screenshot(page, 'app-install-prompt');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('with the network off a page shows the offline page; API calls are never answered from a cache', async () => {
  const page = await freshPage();
  await page.goto('/down');
  await controlled(page);
  await page.context().setOffline(true);
  await page.goto('/member/transferFund');
  await page.getByRole('heading', { name: 'You are offline' }).waitFor();
  await screenshot(page, 'app-install-offline');
  const api = await page.evaluate(() =>
    fetch('/wps/system/config').then(
      (r) => r.status,
      () => 'failed',
    ),
  );
  assert.equal(api, 'failed');
  await page.context().setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await page.waitForURL('/');
  await page.context().close();
});

test('/down shows both guides, its QR code, only download links that answer, and the home codes lead to it', async () => {
  const page = await freshPage();
  await page.goto('/');
  const homeLinks = await page.locator('#download a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  for (const href of homeLinks) assert.match(href ?? '', /^\/down#(ios|android)$/);
  await page.goto('/down');
  const content = page.getByTestId('download-page');
  await content.getByRole('heading', { name: 'iPhone and iPad' }).waitFor();
  await content.getByRole('heading', { name: 'Android' }).waitFor();
  await page.getByTestId('download-qr').waitFor();
  const downloads = AppDownloads.parse((await (await page.request.get('/wps/system/appDownloads')).json()).value);
  const expected = [downloads.mobileconfig, downloads.ios, downloads.android].filter((u): u is string => u !== null);
  const hrefs = await content.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  assert.deepEqual([...hrefs].sort(), [...expected].sort());
  for (const href of hrefs) {
    if (/^https?:\/\//.test(href)) continue; // another site's address (an app store) is the operator's
    const res = await page.request.get(href);
    assert.equal(res.status(), 200, href);
    // A link to a download must not be answered by the site's page for an unknown path.
    assert.doesNotMatch(res.headers()['content-type'] ?? '', /^text\/html/, href);
  }
  if (downloads.mobileconfig) {
    const res = await page.request.get(downloads.mobileconfig);
    assert.equal(res.headers()['content-type'], 'application/x-apple-aspen-config');
    assert.match(await res.text(), /<string>com\.apple\.webClip\.managed<\/string>/);
  }
  await screenshot(page, 'app-install-down');
  await page.context().close();
});
