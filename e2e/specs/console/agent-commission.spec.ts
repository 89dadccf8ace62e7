import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { consoleSignIn, createOperator, enrolTwoFactor, openConsoleEntry } from '../../support/console';

// The console's commission cost report and bulk actions (docs/agents.md "Reports",
// "Release and hold in bulk"): an operator filters the report to agent01 (the demo settles its
// team's statements), reads the brand zone in the period column, opens a statement, follows a
// downline's line and the agent's own members' line to their members in the statement's base, and
// a member to its rounds of the period; the statements list offers the bulk bar.
// axe finds no serious violation on these screens.

let desk: Page;
const browser = useBrowser(undefined, async (chromium) => {
  desk = await newPage(chromium);
});
const AGENT = 'agent01';
const axeFindings: string[] = [];

async function axeCheck(page: Page, screen: string) {
  const found = await seriousAxeViolations(page);
  axeFindings.push(...found.map((v) => `${screen}: ${v}`));
}

test('the commission cost report lists agent01 by period in the brand zone and drills down to rounds', async () => {
  assert.ok(browser());
  const operator = await createOperator('cms', ['agents.read', 'agents.write', 'members.read']);
  await enrolTwoFactor(operator);
  await consoleSignIn(desk, operator);
  await openConsoleEntry(desk, 'Commission costs');
  await desk.getByRole('searchbox', { name: 'Agent', exact: true }).fill(AGENT);
  await desk.getByRole('button', { name: 'Apply', exact: true }).click();
  const table = desk.getByRole('table', { name: 'Commission costs' });
  const firstRow = table
    .getByRole('row')
    .filter({ has: desk.getByRole('link', { name: /^#\d+$/ }) })
    .first();
  try {
    await firstRow.waitFor();
  } catch (error) {
    await screenshot(desk, 'console-commission-costs-empty');
    throw error;
  }
  // The period column and the description name the brand's zone.
  assert.match(
    (await table.getByRole('columnheader').filter({ hasText: 'Period' }).innerText()).trim(),
    /Period \(.+\/.+\)/,
  );
  assert.match(await desk.getByTestId('commission-totals').innerText(), /statements: base/);
  await axeCheck(desk, 'commission costs');
  await screenshot(desk, 'console-commission-costs');

  // agent01's dividend of the demo's evening: every line of it has members who played.
  await desk.getByLabel('Kind').selectOption('dividend');
  await desk.getByRole('button', { name: 'Apply', exact: true }).click();
  await desk.waitForURL(/[?&]kind=dividend/);
  // The grid keeps the previous rows until the filtered ones arrive.
  await desk.waitForFunction(() => {
    const grid = Array.from(document.querySelectorAll('table')).find(
      (t) => t.querySelector('caption')?.textContent === 'Commission costs',
    );
    const rows = Array.from(grid?.querySelectorAll('tbody tr') ?? []);
    return rows.length > 0 && rows.every((r) => r.textContent?.includes('Dividend'));
  });
  await firstRow.getByRole('link', { name: /^#\d+$/ }).click();
  await desk.getByRole('heading', { level: 1, name: /^Statement #\d+$/ }).waitFor();
  const statementUrl = desk.url();
  // The demo's house payments show as deductions in the base (docs/agents.md "Demo").
  const base = desk.getByRole('table', { name: 'By branch' });
  await base.waitFor();
  const headers = await base.getByRole('columnheader').allInnerTexts();
  assert.ok(
    headers.includes('Missions') && headers.includes('Rebate'),
    `no deduction columns in ${headers.join(', ')}`,
  );

  // A downline's line lists its branch's members in the base; a member opens its rounds of the period.
  await followLine(/^subagent/);
  await axeCheck(desk, 'statement base of a line');
  await screenshot(desk, 'console-statement-line-members');
  // The agent's own members' line leads the same way (the demo's agent01 has direct members that play).
  await desk.goto(statementUrl);
  await desk.getByRole('heading', { level: 1, name: /^Statement #\d+$/ }).waitFor();
  await followLine(/^Own direct members$/);
});

/** Opens a line of the statement shown, then its first member's rounds of the statement's period. */
async function followLine(name: RegExp) {
  const line = desk.getByRole('table', { name: 'Lines' }).getByRole('link', { name }).first();
  await line.waitFor();
  const lineName = (await line.innerText()).trim();
  await line.click();
  await desk.waitForURL(/[?&]line=(\d+|own)/);
  const members = desk.getByRole('table', { name: `Members of ${lineName}` });
  const member = members.getByRole('link').first();
  try {
    await member.waitFor();
  } catch (error) {
    await screenshot(desk, 'console-statement-line-empty');
    throw error;
  }
  // The table under the line's name lists that line's members only (never the last line's while
  // its own load): a downline's line holds its branch.
  if (!/^Own /.test(lineName)) {
    const branches = await members
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[2]?.textContent?.trim() ?? ''));
    assert.deepEqual([...new Set(branches)], [lineName], `the members of ${lineName}'s line`);
  }
  const username = (await member.innerText()).trim();
  await member.click();
  await desk.waitForURL(/\/console\/members\/\d+\?.*tab=rounds/);
  const url = new URL(desk.url());
  assert.ok(url.searchParams.get('from') && url.searchParams.get('to'), url.toString());
  const rounds = desk.getByRole('table', { name: 'Game rounds' });
  await rounds.waitFor();
  assert.equal(
    await desk.getByRole('searchbox', { name: 'From (day or time)' }).inputValue(),
    url.searchParams.get('from'),
  );
  // The member played in the period its line was paid for: its rounds are there.
  await rounds.getByRole('row').nth(1).waitFor();
  assert.ok(username.length > 0);
}

test('the statements list offers the bulk release and hold of picked held statements', async () => {
  await openConsoleEntry(desk, 'Statements');
  await desk.getByRole('table', { name: 'Statements' }).waitFor();
  const bar = desk.getByTestId('bulk-bar');
  await bar.getByText('Held statements picked: 0').waitFor();
  for (const name of ['Release', 'Keep on hold', 'Take off hold'])
    assert.equal(await bar.getByRole('button', { name, exact: true }).isDisabled(), true);
  await axeCheck(desk, 'statements with the bulk bar');
  assert.deepEqual(axeFindings, []);
});
