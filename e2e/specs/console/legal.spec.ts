// e2e: beside console-desk
// page.evaluate() callbacks run in the browser, so this spec sees the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { type ConsoleOperator, consoleSignIn, createOperator, openConsoleEntry } from '../../support/console';
import { markPopupsSeen } from '../../support/player';

// The console's Legal pages in Chromium: an operator holding only content.write opens the privacy
// policy, starts its next version (the texts of the current one copied in), changes the English
// text, publishes it behind a confirmation, and the player site shows the new version with the old
// one still readable. The privacy policy asks no acceptance of members, so publishing it changes
// nothing for the specs running beside this one. At 1440 x 900 and 390 x 844; axe finds no serious
// violation.

let desk: Page;
let player: Page;
useBrowser(undefined, async (chromium) => {
  desk = await newPage(chromium);
  await desk.setViewportSize({ width: 1440, height: 900 });
  player = await newPage(chromium);
  await markPopupsSeen(player);
});
const suffix = Date.now().toString(36).slice(-6);
const axeFindings: string[] = [];
let operator: ConsoleOperator;

async function axeCheck(page: Page, screen: string) {
  axeFindings.push(...(await seriousAxeViolations(page)).map((v) => `${screen}: ${v}`));
}

test('an operator with content.write publishes a new version of the privacy policy', async () => {
  operator = await createOperator('legal', ['content.write']);
  await consoleSignIn(desk, operator);
  await openConsoleEntry(desk, 'Legal pages');
  const table = desk.getByRole('table', { name: 'Legal pages' });
  for (const page of ['Terms and conditions', 'Privacy policy', 'Licence information'])
    await table.getByRole('link', { name: page, exact: true }).waitFor();
  await axeCheck(desk, 'legal pages');
  await table.getByRole('link', { name: 'Privacy policy', exact: true }).click();
  await desk.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
  // The newest published version's number, once the list has loaded (a loading row comes first).
  const published = desk.getByRole('table', { name: 'Versions' }).locator('tbody tr').filter({ hasText: 'Published' });
  await published.first().waitFor();
  const before = Number((await published.first().locator('td').first().innerText()).trim());
  assert.ok(before >= 1, `the privacy policy's published version: ${before}`);

  await desk.getByRole('button', { name: 'New version' }).click();
  const draft = desk.getByRole('region', { name: `Draft of version ${before + 1}` });
  const body = draft.getByRole('textbox', { name: 'Text' });
  // The draft starts from the published text.
  assert.match(await body.inputValue(), /What we keep/);
  const added = `A sentence added by the browser test ${suffix}.`;
  await body.fill(`${await body.inputValue()}\n\n## Test change\n${added}`);
  await draft.getByRole('textbox', { name: 'What changed' }).fill(`Browser test ${suffix}`);
  await draft.getByRole('button', { name: 'Save' }).click();
  await draft.getByRole('status').filter({ hasText: 'Draft saved.' }).waitFor();
  await screenshot(desk, 'console-legal-draft');
  await axeCheck(desk, 'legal draft');

  await draft.getByRole('button', { name: 'Publish' }).click();
  const confirm = desk.getByRole('dialog', { name: `Publish version ${before + 1}?` });
  await confirm.getByText('The version then never changes').waitFor();
  await confirm.getByRole('button', { name: 'Publish' }).click();
  await confirm.waitFor({ state: 'detached' });
  await draft.waitFor({ state: 'detached' });
  const newest = desk.getByRole('table', { name: 'Versions' }).locator('tbody tr').first();
  await newest.getByText('Published').waitFor();
  assert.match(await newest.innerText(), new RegExp(`Browser test ${suffix}`));
  await axeCheck(desk, 'legal versions');

  // The old version stays readable in the console.
  await desk.getByRole('button', { name: `Read version ${before}` }).click();
  const old = desk.getByRole('dialog', { name: `Version ${before}` });
  await old.getByText('What we keep').first().waitFor();
  assert.doesNotMatch(await old.innerText(), new RegExp(added));
  await old.getByRole('button', { name: 'Close' }).click();

  // The player site shows the new version at once, and lists the earlier one.
  await player.goto('/legal/privacy');
  await player.getByText(added).waitFor();
  await player
    .getByTestId('legal-version')
    .filter({ hasText: `Version ${before + 1}` })
    .waitFor();
  await player
    .getByRole('navigation', { name: 'All versions' })
    .getByRole('link', { name: new RegExp(`^Version ${before},`) })
    .click();
  await player.getByRole('note').filter({ hasText: 'replaced by a newer one' }).waitFor();
  assert.equal(await player.getByText(added).count(), 0, 'the earlier version is as it was');
  await screenshot(player, 'legal-privacy-earlier');
});

test('the legal pages screen works on a phone', async () => {
  await desk.setViewportSize({ width: 390, height: 844 });
  await desk.goto('/console/content/legal');
  await desk.getByRole('heading', { level: 1, name: 'Legal pages' }).waitFor();
  const overflow = await desk.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `the page scrolls sideways by ${overflow} px`);
  await screenshot(desk, 'console-legal-phone');
  await axeCheck(desk, 'legal pages (390 px)');
});

test('axe finds no serious violation on the legal screens', () => {
  assert.deepEqual(axeFindings, []);
});
