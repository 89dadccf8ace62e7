// e2e: beside own-accounts
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newPage, screenshot, useBrowser } from '../../support/browser';

const browser = useBrowser();

test('the OpenAPI UI at /docs renders in Chromium and lists the login operation', async () => {
  const page = await newPage(browser());
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  try {
    // The first visit builds the OpenAPI document of every route, often while the demo's first
    // start still plays its rounds: more time than a page load of the site needs.
    const res = await page.goto('/docs', { timeout: 60_000 });
    assert.equal(res?.status(), 200);
    // Swagger UI builds the page in the browser from /docs/json and renders the operation list as
    // it scrolls into view (about 200 operations): scroll until the login operation is drawn.
    const login = page.locator('.opblock-summary-path[data-path="/wps/session/login"]');
    await page.locator('.opblock-tag').first().waitFor({ state: 'visible', timeout: 60_000 });
    for (let i = 0; i < 40 && (await login.count()) === 0; i++) {
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(150);
    }
    await login.first().waitFor({ state: 'visible' });
    assert.equal(await login.count(), 1);
    const method = page.locator('.opblock', { has: login }).locator('.opblock-summary-method');
    assert.equal((await method.textContent())?.trim(), 'POST');
    assert.match((await page.locator('.swagger-ui .info .title').textContent()) ?? '', /Gamehall API/);
    assert.deepEqual(pageErrors, []);
  } finally {
    await screenshot(page, 'api-docs');
    await page.context().close();
  }
});
