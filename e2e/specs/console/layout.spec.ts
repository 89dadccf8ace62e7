// e2e: beside console-desk
// page.evaluate() callbacks run in the browser, so this spec sees the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../../support/axe';
import { newContext, newPage, screenshot, useBrowser } from '../../support/browser';
import { type ConsoleOperator, consoleSignIn, consoleToken, createOperator } from '../../support/console';
import { call } from '../../support/site';

// The console's layout from a 1366 px desktop to a 390 px phone: no page is wider than the window
// (the dashboard's chart table, the VIP levels table in its fieldset, the payment methods beside the
// cashier's settings form), the chart legend names the series, the sidebar collapses behind a Menu
// button on a phone, and a report's default range ends on the brand's today for a browser whose own
// date is another.

let desk: Page;
let operator: ConsoleOperator;
const browser = useBrowser(undefined, async (chromium) => {
  desk = await newPage(chromium);
  operator = await createOperator('lay', [
    'dashboard.read',
    'members.read',
    'promotions.read',
    'reports.read',
    'cashier.settings',
  ]);
  await consoleSignIn(desk, operator);
});

/** Each page with something that shows its content has arrived (the figures, a table). */
const PAGES = [
  { path: '/console/dashboard', ready: 'main figure .u-legend' },
  { path: '/console/vip/levels', ready: 'main form table tbody tr' },
  { path: '/console/members', ready: 'main table' },
  // A form beside a table in a grid: the grid's track must not grow to the table's width.
  { path: '/console/cashier/settings', ready: 'main table tbody tr' },
];

async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

test('no page is wider than the window at 1366 and 390 px', async () => {
  for (const width of [1366, 390]) {
    await desk.setViewportSize({ width, height: 900 });
    for (const { path, ready } of PAGES) {
      await desk.goto(path);
      await desk.locator(ready).first().waitFor();
      assert.equal(await scrollWidth(desk), width, `${path} at ${width} px`);
      await screenshot(desk, `console-layout-${width}-${path.split('/').slice(2).join('-')}`);
    }
  }
});

test('the dashboard chart legend names the series, without a value readout', async () => {
  await desk.setViewportSize({ width: 1366, height: 900 });
  await desk.goto('/console/dashboard');
  const legend = desk.locator('main figure .u-legend').first();
  await legend.waitFor();
  assert.deepEqual(
    await legend.evaluate((el) =>
      Array.from(el.querySelectorAll('th'), (th) => ({
        text: th.innerText.trim(),
        after: getComputedStyle(th, '::after').content,
      })),
    ),
    ['Deposits', 'Withdrawals', 'GGR (bets - wins)', 'NGR (net revenue)'].map((text) => ({ text, after: 'none' })),
  );
});

test('on a phone the menu is behind a button that opens it, and a link or Escape closes it', async () => {
  await desk.setViewportSize({ width: 390, height: 844 });
  await desk.goto('/console/members');
  await desk.getByRole('heading', { level: 1, name: 'Members' }).waitFor();
  const menu = desk.getByRole('navigation', { name: 'Main menu' });
  const toggle = menu.getByRole('button', { name: 'Menu' });
  const top = await desk.locator('#main').evaluate((el) => el.getBoundingClientRect().top);
  assert.ok(top < 200, `the content starts at ${top} px, not under the menu`);
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
  assert.equal(await menu.getByRole('link').count(), 0, 'the closed menu shows no link');
  const controls = await toggle.getAttribute('aria-controls');
  assert.ok(controls && (await desk.locator(`[id="${controls}"]`).count()) === 1, 'the button names its list');

  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  await menu.getByRole('link', { name: 'VIP levels' }).waitFor();
  assert.deepEqual(await seriousAxeViolations(desk), [], 'axe on the open menu');
  await screenshot(desk, 'console-layout-390-menu-open');
  await menu.getByRole('link', { name: 'VIP levels' }).click();
  await desk.getByRole('heading', { level: 1, name: 'VIP levels' }).waitFor();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'following a link closes the menu');
  assert.equal(await menu.getByRole('link').count(), 0);

  await toggle.focus();
  await desk.keyboard.press('Enter');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true', 'the keyboard opens it');
  await desk.keyboard.press('Tab');
  await desk.keyboard.press('Escape');
  assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'Escape closes it');
  assert.equal(await toggle.evaluate((el) => el === document.activeElement), true, 'focus goes back to the button');

  await desk.setViewportSize({ width: 1366, height: 900 });
  await menu.getByRole('link', { name: 'Members', exact: true }).waitFor();
  assert.equal(await toggle.isVisible(), false, 'no Menu button beside the sidebar');
});

test("a report's default range ends on the brand's today when the browser's date is another", async () => {
  const token = await consoleToken(desk);
  const dashboard = await call<{ timeZone: string; today: string }>('GET', '/admin/dashboard', token);
  const { timeZone, today } = dashboard.value ?? { timeZone: '', today: '' };
  // One of the two zones furthest apart has another date than the brand at any hour.
  const dateIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
  const zone = ['Pacific/Pago_Pago', 'Pacific/Kiritimati'].find((z) => dateIn(z) !== dateIn(timeZone));
  assert.ok(zone, `a browser zone whose date is not the brand's (${timeZone})`);

  const context = await newContext(browser(), {
    viewport: { width: 1366, height: 900 },
    timezoneId: zone,
    reducedMotion: 'reduce',
  });
  try {
    const page = await context.newPage();
    await page.goto('/console/');
    await page.evaluate((t) => sessionStorage.setItem('console.token', t), token);
    for (const report of ['cashier', 'games', 'registrations']) {
      const asked = page.waitForRequest((r) => r.url().includes(`/admin/reports/${report}?`));
      await page.goto(`/console/reports/${report}`);
      const url = new URL((await asked).url());
      assert.equal(url.searchParams.get('to'), today, `${report}: to is the brand's today, not ${dateIn(zone)}`);
    }
  } finally {
    await context.close();
  }
});
