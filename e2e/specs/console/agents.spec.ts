import assert from 'node:assert/strict';
import { after, test } from 'node:test';
import type { Page } from 'playwright-core';
import { operatorToken } from '../../support/api';
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
import { loginFromHeader, markPopupsSeen, playStudioRounds } from '../../support/player';
import { call, tokenOf } from '../../support/site';

// The console's agents area: an operator with the agents permissions
// finds agent01 (the demo's top agent), opens its team tree level by level from its page, sees its
// contracts, and the statements and templates screens; axe finds no serious violation on them. A
// real-time salary payout at or above the brand's hold threshold (agentPayoutHoldThreshold,
// docs/agents.md "Holding") is held by the real settlement and released once by the operator.
// e2e: beside
// (the held payout waits for the scheduler to settle a 5-minute window, so it runs beside the other
// specs, at the same time as the agent centre's spec, which waits for agent01 to be paid. The
// threshold lowered here holds subagent01's payout for big bets of team02 and stays far above
// agent01's share of them and of the agent centre spec's small bets: see HOLD_SHARE.)

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

type Statement = {
  id: number;
  kind: string;
  holder: { id: number; username: string };
  periodEnd: string;
  amount: number;
  status: string;
};
type LedgerEntry = { reference: string; type: string; amount: number };

/** The most a real-time window takes to be settled after its last round: 5 minutes, the grace minute, a job tick. */
const SETTLEMENT_WAIT_MS = 8 * 60_000;
const THRESHOLD = 'agentPayoutHoldThreshold';
const HOLDER = 'subagent01';
const WINDOW_MS = 5 * 60_000;
const HOLD_SHARE = 0.0025;
let restoreThreshold: (() => Promise<void>) | undefined;
after(async () => {
  await restoreThreshold?.();
});

test('a payout at the hold threshold is held by the settlement; the operator releases it once', {
  timeout: 11 * 60_000,
}, async () => {
  const admin = await operatorToken();
  const settings = await call<{ settings: { key: string; value: unknown }[] }>('GET', '/admin/brand/settings', admin);
  assert.equal(settings.success, true, JSON.stringify(settings));
  const threshold = settings.value?.settings.find((s) => s.key === THRESHOLD)?.value;
  assert.equal(typeof threshold, 'number');
  const put = (value: unknown) => call('PUT', `/admin/brand/settings/${THRESHOLD}`, admin, { value });
  restoreThreshold = async () => {
    restoreThreshold = undefined;
    assert.equal((await put(threshold)).success, true);
  };
  // The demo's first start plays agent01's team's past evening and then gives agent01 and its
  // sub-agents their contracts (docs/agents.md "Demo"); wait for subagent01's real-time salary, so
  // that team02's rounds below are not taken for the demo's and subagent01 holds the contract this pays.
  const demoDeadline = Date.now() + 4 * 60_000;
  let contracts = 0;
  while (contracts < 1 && Date.now() < demoDeadline) {
    const list = await call<{ list: unknown[] }>(
      'GET',
      `/admin/agents/contracts?holder=${HOLDER}&kind=realtime_salary&status=active&pageSize=20`,
      admin,
    );
    contracts = list.value?.list.length ?? 0;
    if (contracts < 1) await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
  assert.ok(contracts >= 1, `${HOLDER} holds no real-time salary contract: the demo's first start did not finish`);

  // All of team02's rounds in one 5-minute window, so one statement carries them.
  const leftInWindow = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (leftInWindow < 100_000) await new Promise((resolve) => setTimeout(resolve, leftInWindow + 1_000));

  // team02, a direct member of subagent01, plays big: subagent01 earns its 0.4% of the bets and
  // agent01 the 0.1% difference (the demo's real-time rates, 5,000 and 4,000 ppm).
  const member = await newPage(browser());
  await markPopupsSeen(member);
  await loginFromHeader(member, 'team02');
  const playStarted = Date.now();
  const { played, staked } = await playStudioRounds(await tokenOf(member), 20, { bet: { coin: 50 } });
  assert.equal(played, 20);
  assert.ok(staked >= 10_000, `team02 staked ${staked} minor units`);
  await member.context().close();

  // The threshold (minor units) at a quarter of a percent of the bets: subagent01's payout is above
  // it and held; agent01's share of them is under half of it, with room for the agent centre spec's
  // small bets in the same window, so agent01's payouts are still paid.
  assert.equal((await put(Math.floor(staked * HOLD_SHARE))).success, true);

  // The scheduler settles the window after it ends (spec §9) and holds the payout: poll the API.
  const deadline = Date.now() + SETTLEMENT_WAIT_MS;
  let held: Statement | undefined;
  while (!held && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const list = await call<{ list: Statement[] }>(
      'GET',
      `/admin/agents/statements?holder=${HOLDER}&kind=realtime_salary&status=held&sort=id&order=desc`,
      admin,
    );
    held = list.value?.list.find((s) => new Date(s.periodEnd).getTime() > playStarted && s.amount > 0);
  }
  assert.ok(held, `no held real-time salary statement within ${SETTLEMENT_WAIT_MS / 60_000} minutes`);
  await restoreThreshold();

  const ledger = async () => {
    const list = await call<{ list: LedgerEntry[] }>(
      'GET',
      `/admin/members/${held.holder.id}/ledger?type=commission&pageSize=100`,
      admin,
    );
    assert.equal(list.success, true, JSON.stringify(list));
    return (list.value?.list ?? []).filter((e) => e.reference === `statement:${held.id}`);
  };
  // Held: nothing paid yet.
  assert.deepEqual(await ledger(), []);

  // The operator opens the statement and releases it.
  await desk.goto(`/console/agents/statements/${held.id}`);
  await desk.getByRole('heading', { level: 1 }).waitFor();
  await desk.getByText('Held', { exact: true }).first().waitFor();
  await axeCheck(desk, 'held statement');
  await screenshot(desk, 'console-statement-held');
  await desk.getByRole('button', { name: 'Release payout' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Release payout' });
  await dialog.getByRole('button', { name: 'Release payout' }).click();
  await dialog.waitFor({ state: 'detached' });
  // The status badge (the figures' "Paid" term comes after it).
  await desk.getByText('Paid', { exact: true }).first().waitFor();
  assert.equal(await desk.getByRole('button', { name: 'Release payout' }).count(), 0);

  // The agent's balance moved once, by the statement's amount; a second release moves nothing.
  const paid = await ledger();
  assert.equal(paid.length, 1);
  assert.equal(paid[0]?.amount, held.amount);
  const again = await call('POST', `/admin/agents/statements/${held.id}/release`, admin, {});
  assert.equal(again.success, false);
  assert.equal((await ledger()).length, 1);
});

test('axe finds no serious violation on the held statement', () => {
  assert.deepEqual(axeFindings, []);
});
