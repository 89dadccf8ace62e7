// The player site, a game in /seamless's studio iframe and the API reference run under their
// Content-Security-Policy with no violation: the policy allows exactly what the built site loads.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot } from '../../support/browser';
import { PAGE_WAIT_MS } from '../../support/env';
import { loginFromHeader, markPopupsSeen } from '../../support/player';
import { useSiteBrowser } from './web-build';

const browser = useSiteBrowser();

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

/** Records every CSP violation of every frame of the page (the init script runs in iframes too). */
async function watchViolations(page: Page): Promise<string[]> {
  const fromConsole: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) fromConsole.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(
        `${event.violatedDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return fromConsole;
}

async function violations(page: Page, fromConsole: string[]): Promise<string[]> {
  const seen = [...fromConsole];
  for (const frame of page.frames()) {
    const list = await frame.evaluate(() => window.__cspViolations ?? []).catch(() => []);
    seen.push(...list.map((v) => `${frame.url()}: ${v}`));
  }
  return seen;
}

test('the home page and a game launched in /seamless run under the policy without a violation', async () => {
  const page = await newPage(browser());
  const fromConsole = await watchViolations(page);
  await markPopupsSeen(page);

  const home = await page.goto('/');
  const policy = home?.headers()['content-security-policy'] ?? '';
  assert.match(policy, /script-src 'self' 'sha256-/, 'the site is served with its policy');
  assert.match(policy, /frame-ancestors 'self'/);
  assert.equal(home?.headers()['x-content-type-options'], 'nosniff');
  // The theme script in index.html ran (allowed by its hash).
  assert.match((await page.locator('html').getAttribute('data-theme')) ?? '', /^(dark|light)$/);
  await page.locator('header').first().waitFor();

  await loginFromHeader(page, 'demo01');
  await page.goto('/rng');
  const tiles = page.locator('[data-testid="game-grid"] li');
  const slot = tiles.filter({ hasNotText: /crash/i }).first();
  await slot.waitFor();
  const name = (await slot.locator('p').innerText()).trim();
  await slot.getByRole('button', { name: `Play now: ${name}`, exact: true }).click();
  await page.waitForURL(/\/seamless\?nodeId=\d+/);
  const game = page.frameLocator('[data-testid=game-frame]');
  // The studio page renders inside the frame (frame-ancestors lets this site frame it) and its
  // balance arrives (its own API).
  await game.getByTestId('spin').waitFor();
  await game.getByTestId('balance').filter({ hasText: /\d/ }).waitFor();
  await page.getByTestId('header-balance').filter({ hasText: /\d/ }).waitFor();
  await screenshot(page, 'content-policy-seamless');

  assert.deepEqual(await violations(page, fromConsole), []);
});

test('the API reference renders under its policy without a violation', async () => {
  const page = await newPage(browser());
  const fromConsole = await watchViolations(page);
  const docs = await page.goto('/docs');
  assert.match(docs?.headers()['content-security-policy'] ?? '', /default-src 'self'/);
  await page.locator('.swagger-ui .opblock').first().waitFor({ timeout: PAGE_WAIT_MS });
  await screenshot(page, 'content-policy-docs');
  assert.deepEqual(await violations(page, fromConsole), []);
});
