import assert from 'node:assert/strict';
import { test } from 'node:test';
import { newPage, screenshot, useBrowser } from '../../support/browser';

const browser = useBrowser();

test('the OpenAPI UI at /docs renders in Chromium and lists the login operation', async () => {
  const page = await newPage(browser());
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  try {
    const res = await page.goto('/docs');
    assert.equal(res?.status(), 200);
    // Swagger UI builds the page in the browser from /docs/json: wait for the operation itself.
    const login = page.locator('.opblock-summary-path[data-path="/wps/session/login"]');
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
