// e2e: beside console-desk
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { consoleSignIn, consoleToken, createOperator } from '../../support/console';
import { call } from '../../support/site';

// The console's net revenue report (docs/back-office.md "Net revenue"): the totals read as the API
// answers them, a figure opens the rows behind it (which add up to it) with a CSV export, the page
// fits a phone, and the dashboard shows NGR beside GGR with the liabilities.

let desk: Page;
useBrowser(undefined, async (chromium) => {
  desk = await newPage(chromium);
  await consoleSignIn(desk, await createOperator('ngr', ['dashboard.read', 'reports.read']));
});

type Totals = Record<string, number>;
const number = (text: string) => Number(text.replace(/,/g, ''));

test('the report shows the totals of its range, and a figure opens the rows behind it', async () => {
  await desk.setViewportSize({ width: 1366, height: 900 });
  const asked = desk.waitForRequest((r) => r.url().includes('/admin/reports/ngr?'));
  await desk.goto('/console/reports/ngr');
  const query = new URL((await asked).url()).search;
  const totals = desk.getByRole('region', { name: 'Totals' });
  await totals.waitFor();
  const api = await call<{ totals: Totals }>('GET', `/admin/reports/ngr${query}`, await consoleToken(desk));
  const expected = api.value?.totals ?? {};
  const figure = (label: string) =>
    totals.locator('div', { has: desk.getByText(label, { exact: true }) }).locator('dd');
  assert.equal(number(await figure('NGR').innerText()), expected.ngr);
  assert.equal(number((await figure('GGR').innerText()).split(':')[0] ?? ''), expected.ggr);

  await totals.getByRole('button', { name: /: Rows behind GGR of Totals$/ }).click();
  const rows = desk.getByRole('region', { name: 'GGR: Totals' });
  await rows.waitFor();
  await rows.getByRole('table').waitFor();
  assert.ok(await rows.getByRole('button', { name: /Export CSV/ }).isVisible());
  assert.deepEqual(await seriousAxeViolations(desk), []);
  await screenshot(desk, 'console-ngr-report');
  await rows.getByRole('button', { name: 'Close' }).click();
  await rows.waitFor({ state: 'detached' });
});

test('the report fits a phone', async () => {
  await desk.setViewportSize({ width: 390, height: 900 });
  await desk.goto('/console/reports/ngr');
  await desk.getByRole('region', { name: 'Totals' }).waitFor();
  assert.equal(await desk.evaluate(() => document.documentElement.scrollWidth), 390);
});

test('the dashboard shows NGR beside GGR, and what is owed to members', async () => {
  await desk.setViewportSize({ width: 1366, height: 900 });
  await desk.goto('/console/dashboard');
  await desk.getByRole('heading', { name: 'NGR (net revenue)' }).waitFor();
  await desk.getByRole('heading', { name: 'GGR (bets - wins)' }).waitFor();
  await desk.getByRole('region', { name: 'Owed to members, not yet paid' }).waitFor();
});
