/// <reference lib="dom" />
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import {
  type ConsoleOperator,
  consoleSignIn,
  consoleToken,
  createOperator,
  enrolTwoFactor,
  getWithToken,
  openConsoleEntry,
} from '../../support/console';

// The console's agents area (issue 12 "Back office"): an operator with the agents permissions
// finds agent01 (the demo's top agent), opens its team tree level by level from its page, sees its
// contracts, and the statements and templates screens; axe finds no serious violation on them.

let desk: Page;
const browser = useBrowser(undefined, async (chromium) => {
  desk = await newPage(chromium);
});

const AGENT = 'agent01';
let operator: ConsoleOperator;
const axeFindings: string[] = [];

async function axeCheck(page: Page, screen: string) {
  const found = await seriousAxeViolations(page);
  axeFindings.push(...found.map((v) => `${screen}: ${v}`));
}

test('an agents operator signs in and finds agent01', async () => {
  assert.ok(browser());
  operator = await createOperator('agt', ['agents.read', 'agents.write']);
  await enrolTwoFactor(operator);
  await consoleSignIn(desk, operator);
  await openConsoleEntry(desk, 'Agents and teams');
  await desk.getByRole('searchbox', { name: 'Agent username' }).fill(AGENT);
  await desk.getByRole('button', { name: 'Find', exact: true }).click();
  const results = desk.getByRole('table', { name: `Agents matching “${AGENT}”` });
  // agent01's own row comes first (prefix matches first); its sub-agents' rows link it as upline.
  const own = results.getByRole('link', { name: AGENT, exact: true }).first();
  await own.waitFor();
  await axeCheck(desk, 'agents');
  await own.click();
  await desk.getByRole('heading', { level: 1, name: `Agent ${AGENT}` }).waitFor();
});

test("agent01's team tree opens level by level", async () => {
  const top = desk.getByRole('list', { name: `Downlines of ${AGENT}` });
  await top.getByRole('listitem').first().waitFor();
  // A sub-agent of the demo team has downlines of its own: open it and its level loads.
  const expand = top.getByRole('button', { name: /^Show the downlines of / }).first();
  const label = (await expand.getAttribute('aria-label')) ?? '';
  const name = label.replace('Show the downlines of ', '');
  await expand.click();
  assert.equal(
    await top.getByRole('button', { name: `Hide the downlines of ${name}` }).getAttribute('aria-expanded'),
    'true',
  );
  await desk
    .getByRole('list', { name: `Downlines of ${name}` })
    .getByRole('listitem')
    .first()
    .waitFor();
  await desk.getByRole('table', { name: `Contracts of ${AGENT}` }).waitFor();
  await desk.getByRole('table', { name: `Statements of ${AGENT}` }).waitFor();
  await axeCheck(desk, 'agent page');
  await screenshot(desk, 'console-agent-tree');
});

test('the statements, contracts and templates screens open; the API refuses an operator without agents rights', async () => {
  await openConsoleEntry(desk, 'Statements');
  await desk.getByRole('table', { name: 'Statements' }).waitFor();
  await axeCheck(desk, 'statements');
  await openConsoleEntry(desk, 'Contracts');
  await desk.getByRole('table', { name: 'Contracts' }).waitFor();
  await axeCheck(desk, 'contracts');
  await openConsoleEntry(desk, 'Templates and limits', 'Contract templates');
  await desk.getByRole('heading', { level: 2, name: 'Rate limits for top agents' }).waitFor();
  await axeCheck(desk, 'templates');
  assert.equal((await getWithToken('/admin/agents/tree', await consoleToken(desk))).status, 200);

  const other = await createOperator('noagt', ['members.read']);
  await enrolTwoFactor(other);
  const page = await newPage(browser());
  await consoleSignIn(page, other);
  assert.equal(
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Contracts' }).count(),
    0,
  );
  const refused = await getWithToken('/admin/agents/tree', await consoleToken(page));
  assert.equal(refused.status, 403);
  await page.context().close();
});

test('axe finds no serious violation on the agents screens', () => {
  assert.deepEqual(axeFindings, []);
});
