// The agent centre in the browser. agent01 signs in on the agent page (/agentHome, login
// with area 'agent'), sees the team overview with numbers (axe finds nothing serious there), reads
// the demo's dividend base and user loss statements per branch with the house's payments as
// deductions (a correction the back office credits to team02 named as one, its goodwill credit not
// counted), and the downline pages' times in the brand's zone, registers a downline in the register
// centre and offers it a real-time salary contract; the
// downline signs in on the member site and accepts in the contract popup, plays at the house
// studio, the scheduler's real-time salary settlement (5-minute windows, spec §9) pays agent01,
// and the income shows in "my income" and in agent01's header balance. A plain member cannot open
// /agentHome.
// e2e: beside
// (most of its time is the wait for the 5-minute settlement window to close, so it runs beside the
// other specs; it uses agent01 and members of its own, and reads agent01's balance as "at least".
// The console's agents spec holds subagent01's payouts meanwhile, with a threshold far above what
// agent01 earns in any window of these runs: see that spec.)
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ensureSalaryContract, openAgentEntry } from '../../support/agent';
import { operatorToken } from '../../support/api';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot } from '../../support/browser';
import { PAGE_WAIT_MS } from '../../support/env';
import { markPopupsSeen, playStudioRounds } from '../../support/player';
import { call, operatorPost, registerFromModal, signedInAs, tokenOf } from '../../support/site';
import { useSiteBrowser } from './web-build';

const AGENT = 'agent01';
const PASSWORD = 'Demo@1234';
const DOWNLINE = `dl${Date.now().toString(36).slice(-8)}`;
const DOWNLINE_PASSWORD = 'Secret123';
/** The offered real-time salary rate, in percent: small, so it is within any rate agent01 holds. */
const OFFER_PERCENT = '0.01';
/**
 * The last round's window ends within 5 minutes, is settled SETTLE_GRACE_MS (60 s) later by the
 * real-time salary job, which runs every minute on the scheduler's 15 s tick: 7.25 minutes at most.
 */
const SETTLEMENT_WAIT_MS = 8 * 60_000;
/** The agent figures job recomputes today and yesterday every 2 minutes. */
const FIGURES_WAIT_MS = 4 * 60_000;

let agentPage: Page;
const browser = useSiteBrowser(async (chromium: Browser) => {
  agentPage = await newPage(chromium);
  await markPopupsSeen(agentPage);
});

type Income = { totals: { total: number; realtime_salary: number } };
type Contract = { id: number; kind: string; status: string; ratePpm: number; holder: { username: string } };
type StatementLine = { downline: { username: string } | null; validBets: number; amount: number };
type Statement = {
  periodEnd: string;
  ratePpm: number;
  amount: number;
  status: string;
  lines: StatementLine[];
};

/** "₱1,234.56" (or "-1,234.56") in minor units. */
function minor(text: string): number {
  const m = /-?[\d,]+\.\d{2}/.exec(text);
  assert.ok(m, `no amount in ${JSON.stringify(text)}`);
  return Math.round(Number(m[0].replace(/,/g, '')) * 100);
}

async function headerBalance(page: Page): Promise<number> {
  await page.waitForFunction(() =>
    /\d/.test(document.querySelector('[data-testid=header-balance]')?.textContent ?? ''),
  );
  return minor(await page.getByTestId('header-balance').innerText());
}

test('a plain member cannot open the agent centre, nor sign in on the agent page', async () => {
  const page = await newPage(browser());
  await markPopupsSeen(page);
  const username = `pm${Date.now().toString(36).slice(-8)}`;
  await registerFromModal(page, { username, password: DOWNLINE_PASSWORD, payeeName: 'Plain Member' });
  await page.goto('/agentHome');
  await page.getByTestId('agent-refused').getByText('Non-agents cannot log in').waitFor();
  assert.equal(await page.getByRole('navigation', { name: 'Agent centre' }).count(), 0);
  await screenshot(page, 'agent-centre-refused');
  await page.context().close();

  // spec §6: the agent page's login refuses the same member (the server's ACCOUNT_NOT_AGENT).
  const guest = await newPage(browser());
  await markPopupsSeen(guest);
  await guest.goto('/agentHome');
  const modal = guest.getByRole('dialog', { name: 'Agent login' });
  await modal.getByRole('textbox', { name: 'Username' }).fill(username);
  await modal.locator('input[name="password"]').fill(DOWNLINE_PASSWORD);
  await modal.getByRole('button', { name: 'Log in' }).click();
  await modal.getByRole('alert').filter({ hasText: 'Non-agents cannot log in' }).waitFor();
  assert.equal(await guest.evaluate(() => sessionStorage.getItem('token')), null);
  await guest.context().close();
});

test('agent01 signs in on the agent page and sees the team overview with numbers', async () => {
  await agentPage.goto('/agentHome');
  const modal = agentPage.getByRole('dialog', { name: 'Agent login' });
  await modal.waitFor();
  await modal.getByRole('textbox', { name: 'Username' }).fill(AGENT);
  await modal.locator('input[name="password"]').fill(PASSWORD);
  await modal.getByRole('button', { name: 'Log in' }).click();
  await modal.waitFor({ state: 'detached', timeout: PAGE_WAIT_MS });
  await signedInAs(agentPage, AGENT);
  await agentPage.getByRole('heading', { level: 1, name: 'Team overview' }).waitFor();
  // The agent page's login stays in the agent centre, on its default page.
  assert.match(agentPage.url(), /\/agentHome\/agentTeamOverview$/);
  // The demo team: three sub-agents and six members on four levels (the seed), more as specs add.
  const teamSize = Number(await agentPage.getByTestId('overview-teamSize').innerText());
  assert.ok(teamSize >= 9, `team size ${teamSize}`);
  assert.ok(Number(await agentPage.getByTestId('overview-subAgents').innerText()) >= 3);
  for (const figure of ['newMembers', 'activeMembers', 'validBets', 'profitLoss']) {
    assert.match(await agentPage.getByTestId(`figure-${figure}`).innerText(), /\d/);
  }
  // Every menu entry of the spec that is not a contract kind is there, in order.
  const entries = await agentPage.getByTestId('agent-menu').getByRole('link').allInnerTexts();
  const plain = [
    'Announcements',
    'Team overview',
    'Register centre',
    'Downline management',
    'Team betting',
    'User loss statements',
    'Revenue report',
    'Downline transactions',
    'My income',
    'Referral link',
  ];
  assert.deepEqual(
    entries.filter((e) => plain.includes(e)),
    plain,
  );
  await screenshot(agentPage, 'agent-centre-overview');
  assert.deepEqual(await seriousAxeViolations(agentPage), []);
});

test("agent01's dividend record and user loss statements break the base down with the demo's house payments", async () => {
  // The demo's members claimed missions and rebates after their evening of play (docs/agents.md
  // "Demo"); the daily figures job counts them within its next run (every 2 minutes).
  const token = await tokenOf(agentPage);
  // The back office credits team02 (subagent01's branch) 12.00 as a correction and 50.00 as
  // goodwill: by the brand's defaults the correction counts in the agents' base and the goodwill
  // does not, and the breakdown names the type it counted (docs/agents.md "Figures").
  const found = await call<{ list: { id: number; username: string }[] }>(
    'GET',
    '/admin/members?q=team02&field=username',
    await operatorToken(),
  );
  const team02 = found.value?.list.find((m) => m.username === 'team02');
  assert.ok(team02, `the demo has team02: ${JSON.stringify(found)}`);
  for (const [type, amount] of [
    ['correction', 12],
    ['goodwill', 50],
  ] as const) {
    const reason = `Agent base check: ${type}`;
    await operatorPost(`/admin/members/${team02.id}/adjustments`, {
      type,
      direction: 'credit',
      amount,
      reason,
      requestId: randomUUID(),
    });
  }
  type Loss = {
    totals: { deductions: { mission: number; manual: number; goodwill: number }; ggr: number; ngr: number };
  };
  const deadline = Date.now() + FIGURES_WAIT_MS;
  let loss: Loss | undefined;
  for (;;) {
    loss = (await call<Loss>('GET', '/wps/agent/team/loss', token)).value;
    const counted = (loss?.totals.deductions.mission ?? 0) > 0 && (loss?.totals.deductions.manual ?? 0) >= 12;
    if (counted || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 5_000));
  }
  assert.ok(loss && loss.totals.deductions.mission > 0, `no mission deductions: ${JSON.stringify(loss?.totals)}`);
  assert.ok(loss.totals.deductions.manual >= 12, `the correction is not counted: ${JSON.stringify(loss.totals)}`);
  assert.equal(loss.totals.deductions.goodwill, 0, 'goodwill is not charged to the agents by default');
  assert.ok(loss.totals.ngr < loss.totals.ggr);

  // The dividend of the demo's evening: its base by branch has deduction columns with figures.
  await openAgentEntry(agentPage, 'Dividend record');
  const statements = agentPage.getByTestId('statements-dividend');
  await statements.getByRole('button', { name: 'Details' }).first().click();
  const byBranch = agentPage.getByRole('table', { name: 'Base by branch' });
  await byBranch.waitFor();
  const headers = await byBranch.getByRole('columnheader').allInnerTexts();
  for (const kind of ['Missions', 'Rebate']) assert.ok(headers.includes(kind), `${kind} not in ${headers.join(', ')}`);
  const missions = headers.indexOf('Missions');
  const teamRow = byBranch.getByRole('row').last();
  assert.notEqual(minor(await teamRow.getByRole('cell').nth(missions).innerText()), 0);
  await screenshot(agentPage, 'agent-centre-dividend-base');

  // The user loss statements per branch: subagent01's branch and agent01's own direct members, each
  // with its deductions; a branch lists its own members.
  await openAgentEntry(agentPage, 'User loss statements');
  const branches = agentPage.getByRole('table', { name: 'By branch' });
  const sub = branches.getByRole('row').filter({ has: agentPage.getByRole('button', { name: 'subagent01' }) });
  await sub.waitFor();
  const subText = await sub.innerText();
  assert.match(subText, /Missions/);
  assert.match(subText, /Manual corrections/);
  assert.doesNotMatch(subText, /Goodwill/);
  const own = branches.getByRole('row').filter({ has: agentPage.getByRole('button', { name: 'Your direct members' }) });
  assert.match(await own.innerText(), /Missions/);
  await sub.getByRole('button', { name: 'subagent01' }).click();
  await agentPage.getByRole('heading', { name: 'Members of subagent01', exact: true }).waitFor();
  // The previous page's rows stay until the branch's arrive.
  await agentPage
    .getByTestId('user-loss')
    .getByRole('cell', { name: 'team01', exact: true })
    .waitFor({ state: 'detached' });
  const members = await agentPage.getByTestId('user-loss').locator('tbody tr td:first-child').allInnerTexts();
  assert.ok(members.includes('team02'), members.join(', '));
  assert.ok(!members.includes('team01'), members.join(', '));
  await screenshot(agentPage, 'agent-centre-user-loss-branches');
  assert.deepEqual(await seriousAxeViolations(agentPage), []);
  await agentPage.getByRole('button', { name: 'Show all members' }).click();
  await agentPage.getByRole('heading', { name: 'By member', exact: true }).waitFor();

  // Times in the brand's zone, named, on the downline pages as on the reports.
  await openAgentEntry(agentPage, 'Downline transactions');
  assert.match(await agentPage.getByTestId('range-line').innerText(), /\(times in \w+\/\w+\)/);
  await openAgentEntry(agentPage, 'Downline management');
  assert.match(await agentPage.getByTestId('downlines-zone').innerText(), /times in \w+\/\w+/);
});

test('agent01 registers a downline in the register centre and offers it a real-time salary contract', async () => {
  await ensureSalaryContract(await tokenOf(agentPage), 'realtime_salary');
  await openAgentEntry(agentPage, 'Register centre');
  const form = agentPage.getByTestId('register-centre');
  await form.locator('input[name="username"]').fill(DOWNLINE);
  await form.locator('input[name="password"]').fill(DOWNLINE_PASSWORD);
  await form.locator('input[name="confirmPassword"]').fill(DOWNLINE_PASSWORD);
  if ((await form.locator('input[name="payeeName"]').count()) > 0)
    await form.locator('input[name="payeeName"]').fill('Downline Tester');
  await form.getByRole('button', { name: 'Create account' }).click();
  await agentPage.getByTestId('register-result').filter({ hasText: DOWNLINE }).waitFor();

  await openAgentEntry(agentPage, 'Downline management');
  const row = agentPage.getByTestId(`downline-${DOWNLINE}`);
  await row.waitFor();
  await row.getByRole('button', { name: 'Offer contract' }).click();
  const dialog = agentPage.getByRole('dialog', { name: `Offer a contract to ${DOWNLINE}` });
  await dialog.getByLabel('Contract type').selectOption('realtime_salary');
  await dialog.getByLabel('Rate (%)').fill(OFFER_PERCENT);
  await screenshot(agentPage, 'agent-centre-offer');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await dialog.waitFor({ state: 'detached' });
});

test('the downline accepts in the contract popup, plays, and the settlement pays agent01', {
  // The real scheduler settles the 5-minute window of the play (spec §9) after it ends and a grace
  // minute: at most SETTLEMENT_WAIT_MS of polling the agent's income, within the file's 12 minutes.
  timeout: 11 * 60_000,
}, async () => {
  const agentToken = await tokenOf(agentPage);
  const balanceBefore = await headerBalance(agentPage);
  const incomeBefore = await call<Income>('GET', '/wps/agent/income', agentToken);
  assert.equal(incomeBefore.success, true, JSON.stringify(incomeBefore));

  // The downline signs in on the member site: the popup shows agent01's offer.
  const member = await newPage(browser());
  await markPopupsSeen(member);
  await member.goto('/');
  const login = member.getByRole('form', { name: 'Log in' }).first();
  await login.getByPlaceholder('Username').fill(DOWNLINE);
  await login.getByPlaceholder('Password').fill(DOWNLINE_PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await signedInAs(member, DOWNLINE, PAGE_WAIT_MS);
  const popup = member.getByRole('dialog', { name: 'Contracts' });
  await popup.getByText(`${AGENT} offers you a contract: Real-time salary`).waitFor({ timeout: PAGE_WAIT_MS });
  await screenshot(member, 'agent-centre-contract-popup');
  await popup.getByRole('button', { name: 'Accept' }).click();
  await popup.waitFor({ state: 'detached' });
  const memberToken = await tokenOf(member);
  const held = await call<{ content: Contract[] }>('GET', '/wps/contracts?status=active', memberToken);
  assert.ok(held.value?.content.some((c) => c.kind === 'realtime_salary' && c.ratePpm === 100));

  // The downline plays: agent01's real-time salary is its rate on the team's valid bets.
  const info = await call<{ id: number }>('GET', '/wps/member/info', memberToken);
  await operatorPost(`/admin/members/${info.value?.id}/adjustments`, {
    direction: 'credit',
    amount: 500,
    reason: 'Stake for the agent centre browser test',
    requestId: randomUUID(),
  });
  const playStarted = Date.now();
  assert.equal((await playStudioRounds(memberToken, 20)).played, 20);
  await member.context().close();

  // The scheduler settles each 5-minute window after it ends (spec §9): wait (polling the API) for
  // agent01's real-time salary statement with the downline's line, of a window of this play.
  const deadline = Date.now() + SETTLEMENT_WAIT_MS;
  let found: { statement: Statement; line: StatementLine } | undefined;
  while (!found && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const list = await call<{ content: Statement[] }>(
      'GET',
      '/wps/agent/statements?kind=realtime_salary&pageSize=50',
      agentToken,
    );
    for (const statement of list.value?.content ?? []) {
      if (new Date(statement.periodEnd).getTime() <= playStarted) continue;
      const line = statement.lines.find((l) => l.downline?.username === DOWNLINE);
      if (line) found = { statement, line };
    }
  }
  assert.ok(found, `no real-time salary statement within ${SETTLEMENT_WAIT_MS / 60_000} minutes`);
  const { statement, line } = found;
  // The downline holds its own contract with no team below it: agent01 is paid its full tier rate
  // on the downline's valid bets (docs/agents.md "Multi-level pay"), floor of ppm, in minor units.
  assert.ok(line.validBets > 0);
  assert.equal(
    Math.round(line.amount * 100),
    Math.floor((Math.round(line.validBets * 100) * statement.ratePpm) / 1_000_000),
  );
  assert.equal(statement.status, 'paid');
  const paid = Math.round(statement.amount * 100);
  const income = await call<Income>('GET', '/wps/agent/income', agentToken);
  const after = income.value?.totals.realtime_salary ?? 0;
  assert.ok(
    Math.round(after * 100) - Math.round((incomeBefore.value?.totals.realtime_salary ?? 0) * 100) >= paid,
    `income ${after} does not include the statement's ${statement.amount}`,
  );

  // "My income" shows it, and the header balance (live over /ws) has risen by at least that much.
  await openAgentEntry(agentPage, 'My income');
  await agentPage.getByRole('button', { name: 'Past 30 days' }).click();
  const total = agentPage.getByTestId('income-total');
  await total.waitFor();
  assert.ok(minor(await total.innerText()) >= Math.round(after * 100));
  await agentPage.waitForFunction(
    (want) => {
      const m = /-?[\d,]+\.\d{2}/.exec(document.querySelector('[data-testid=header-balance]')?.textContent ?? '');
      return m ? Math.round(Number(m[0].replace(/,/g, '')) * 100) >= want : false;
    },
    balanceBefore + paid,
    { timeout: PAGE_WAIT_MS },
  );
  await screenshot(agentPage, 'agent-centre-income');

  // The real-time salary statements list the period that paid it.
  await openAgentEntry(agentPage, 'Real-time salary');
  await agentPage.getByTestId('statements-realtime_salary').locator('tbody tr').first().waitFor();
});
