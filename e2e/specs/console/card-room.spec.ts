/// <reference lib="dom" />
// e2e: beside console-desk
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { consoleSignIn, consoleToken, createOperator, openConsoleEntry } from '../../support/console';
import { call } from '../../support/site';

// The console's card room (docs/pvp.md "Hand histories and integrity"): the integrity report states
// the brand's thresholds in words and shows what the API answers for its days, the rake report and
// the hand search open from the menu; all read from the house studio through the signed calls.

let desk: Page;
useBrowser(undefined, async (chromium) => {
  desk = await newPage(chromium);
  await consoleSignIn(desk, await createOperator('cardroom', ['pvp.review']));
});

test('the integrity report, the rake report and the hand search open from the card room menu', async () => {
  await desk.setViewportSize({ width: 1366, height: 900 });
  const asked = desk.waitForRequest((r) => r.url().includes('/admin/pvp/integrity?'));
  await openConsoleEntry(desk, 'Integrity report');
  const query = new URL((await asked).url()).search;
  const thresholds = desk.getByTestId('pvp-thresholds');
  await thresholds.waitFor();
  const api = await call<{ hands: number; chipDumping: unknown[]; softPlay: unknown[] }>(
    'GET',
    `/admin/pvp/integrity${query}`,
    await consoleToken(desk),
  );
  assert.equal(api.success, true, JSON.stringify(api));
  const report = api.value ?? { hands: -1, chipDumping: [], softPlay: [] };
  const text = await thresholds.innerText();
  assert.match(text, /folded after putting in 20 big blinds or more/);
  assert.match(text, /bet or raised on at most 5% of them/);
  assert.match(text, new RegExp(`${report.hands} hands? read`));
  assert.equal(await desk.getByTestId('pvp-dump-flag').count(), report.chipDumping.length);
  assert.equal(await desk.getByTestId('pvp-soft-flag').count(), report.softPlay.length);
  assert.deepEqual(await seriousAxeViolations(desk), []);
  await screenshot(desk, 'console-pvp-integrity');

  await openConsoleEntry(desk, 'Rake report');
  await desk.getByRole('table', { name: 'Rake report' }).waitFor();
  await openConsoleEntry(desk, 'Hand histories');
  await desk.getByRole('table', { name: 'Hand histories' }).waitFor();
});
