// e2e: beside console-desk
// page.evaluate() callbacks run in the browser, so this spec sees the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { consoleSignIn, createOperator } from '../../support/console';

// Honest text in the back office: the VIP levels' money inputs show an 8-digit threshold whole, and
// the rebate columns name their game types (JL as JILI) instead of bare codes.

let desk: Page;
useBrowser(undefined, async (chromium) => {
  desk = await newPage(chromium);
  const operator = await createOperator('hon', ['promotions.read', 'promotions.write']);
  await consoleSignIn(desk, operator);
});

test('a VIP threshold of 12,345,678.99 fits its input, and the rebate columns name the game types', async () => {
  await desk.setViewportSize({ width: 1366, height: 900 });
  await desk.goto('/console/vip/levels');
  await desk.locator('main form table tbody tr').first().waitFor();
  const input = desk.getByRole('spinbutton', { name: 'Deposits needed 1', exact: true });
  await input.fill('12345678.99');
  const fits = await input.evaluate(
    (el) => (el as HTMLInputElement).scrollWidth <= (el as HTMLInputElement).clientWidth,
  );
  assert.equal(fits, true, 'the value is cut');
  const headers = await desk.locator('main form table thead th').allInnerTexts();
  const rebates = headers.filter((h) => /rebate %/.test(h));
  assert.ok(rebates.length > 0, headers.join(' | '));
  assert.ok(
    rebates.some((h) => h.includes('JILI')),
    rebates.join(' | '),
  );
  for (const h of rebates) assert.doesNotMatch(h, /^[A-Z]+ rebate %$/, h);
  await screenshot(desk, 'console-honest-vip-levels');
});
