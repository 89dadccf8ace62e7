// "My contracts" in the agent centre (the agent's side of contracts). agent01 registers a
// downline and offers it an hourly salary contract; the downline reads the offer as a sentence in
// its contract popup and accepts; agent01 finds the contract under "Contracts I gave" (and the
// operator's contracts under "Contracts I hold", which only the operator ends), asks to end it with
// a reason, confirms, and sees it waiting for the downline; the downline has the request in its
// inbox in words (no codes), agrees in its popup, and agent01's page shows the contract ended by
// its upline with the reason given. The downline, now a sub-agent that gave a contract of its own,
// is offered a lower rate: its popup names the contract the auto-termination would end, and after
// the accept its own page shows that contract ended by the lower-rate rule, in words.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ensureSalaryContract, openAgentEntry } from '../../support/agent';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot } from '../../support/browser';
import { PAGE_WAIT_MS } from '../../support/env';
import { markPopupsSeen } from '../../support/player';
import { call, signedInAs, tokenOf } from '../../support/site';
import { useSiteBrowser } from './web-build';

const AGENT = 'agent01';
const PASSWORD = 'Demo@1234';
const DOWNLINE = `mc${Date.now().toString(36).slice(-8)}`;
const DOWNLINE_PASSWORD = 'Secret123';
const REASON = 'Team moves to daily wages';
/** The sub-agent's own member, given a contract above the lower rate agent01 offers later. */
const MEMBER = `mm${Date.now().toString(36).slice(-8)}`;

let agentPage: Page;
let memberPage: Page;
const browser = useSiteBrowser(async (chromium: Browser) => {
  agentPage = await newPage(chromium);
  await markPopupsSeen(agentPage);
});

type Message = { kind: string | null; title: string; content: string };

test('agent01 gives a downline a contract, which the downline accepts from a sentence in its popup', async () => {
  await agentPage.goto('/agentHome');
  const modal = agentPage.getByRole('dialog', { name: 'Agent login' });
  await modal.getByRole('textbox', { name: 'Username' }).fill(AGENT);
  await modal.locator('input[name="password"]').fill(PASSWORD);
  await modal.getByRole('button', { name: 'Log in' }).click();
  await modal.waitFor({ state: 'detached', timeout: PAGE_WAIT_MS });
  await signedInAs(agentPage, AGENT);
  const agentToken = await tokenOf(agentPage);
  await ensureSalaryContract(agentToken, 'hourly_salary');

  await openAgentEntry(agentPage, 'Register centre');
  const form = agentPage.getByTestId('register-centre');
  await form.locator('input[name="username"]').fill(DOWNLINE);
  await form.locator('input[name="password"]').fill(DOWNLINE_PASSWORD);
  await form.locator('input[name="confirmPassword"]').fill(DOWNLINE_PASSWORD);
  if ((await form.locator('input[name="payeeName"]').count()) > 0)
    await form.locator('input[name="payeeName"]').fill('Contract Tester');
  await form.getByRole('button', { name: 'Create account' }).click();
  await agentPage.getByTestId('register-result').filter({ hasText: DOWNLINE }).waitFor();

  const found = await call<{ content: { memberId: number; username: string }[] }>(
    'GET',
    `/wps/agent/downlines?q=${DOWNLINE}`,
    agentToken,
  );
  const downlineId = found.value?.content.find((d) => d.username === DOWNLINE)?.memberId;
  assert.ok(downlineId, JSON.stringify(found));
  const offered = await call('POST', '/wps/relay/MCS2_processContractHourSalary', agentToken, {
    action: 'offer',
    downlineId,
    tiers: [{ minValidBet: 0, minActiveMembers: 0, ratePpm: 100 }],
  });
  assert.equal(offered.success, true, JSON.stringify(offered));

  memberPage = await newPage(browser());
  await markPopupsSeen(memberPage);
  await memberPage.goto('/');
  const login = memberPage.getByRole('form', { name: 'Log in' }).first();
  await login.getByPlaceholder('Username').fill(DOWNLINE);
  await login.getByPlaceholder('Password').fill(DOWNLINE_PASSWORD);
  await login.getByRole('button', { name: 'Log in' }).click();
  await signedInAs(memberPage, DOWNLINE, PAGE_WAIT_MS);
  const popup = memberPage.getByRole('dialog', { name: 'Contracts' });
  await popup.getByText(`${AGENT} offers you a contract: Hourly salary`).waitFor({ timeout: PAGE_WAIT_MS });
  await popup.getByRole('button', { name: 'Accept' }).click();
  await popup.waitFor({ state: 'detached' });

  // agent01 makes the downline a sub-agent; it registers a member and offers it the same rate.
  const sub = await call('PUT', `/wps/agent/downlines/${downlineId}/subAgent`, agentToken);
  assert.equal(sub.success, true, JSON.stringify(sub));
  await memberPage.goto('/agentHome/registerCentre');
  const subForm = memberPage.getByTestId('register-centre');
  await subForm.locator('input[name="username"]').fill(MEMBER);
  await subForm.locator('input[name="password"]').fill(DOWNLINE_PASSWORD);
  await subForm.locator('input[name="confirmPassword"]').fill(DOWNLINE_PASSWORD);
  if ((await subForm.locator('input[name="payeeName"]').count()) > 0)
    await subForm.locator('input[name="payeeName"]').fill('Cascade Tester');
  await subForm.getByRole('button', { name: 'Create account' }).click();
  await memberPage.getByTestId('register-result').filter({ hasText: MEMBER }).waitFor();
  const subToken = await tokenOf(memberPage);
  const members = await call<{ content: { memberId: number; username: string }[] }>(
    'GET',
    `/wps/agent/downlines?q=${MEMBER}`,
    subToken,
  );
  const memberId = members.value?.content.find((d) => d.username === MEMBER)?.memberId;
  assert.ok(memberId, JSON.stringify(members));
  const given = await call('POST', '/wps/relay/MCS2_processContractHourSalary', subToken, {
    action: 'offer',
    downlineId: memberId,
    tiers: [{ minValidBet: 0, minActiveMembers: 0, ratePpm: 100 }],
  });
  assert.equal(given.success, true, JSON.stringify(given));
});

test('My contracts lists what agent01 holds and gave; asking to end a given contract shows it waiting', async () => {
  await openAgentEntry(agentPage, 'My contracts');
  const held = agentPage.getByTestId('my-contracts-held');
  await held.getByRole('heading', { name: 'Contracts I hold' }).waitFor();
  // The demo's contracts come from the operator, which alone ends them: no button there.
  await held.getByText('Offered by: the operator').first().waitFor();
  await held.getByText('Only the operator can end this contract.').first().waitFor();
  assert.equal(await held.getByRole('button', { name: 'Request termination' }).count(), 0);

  const given = agentPage.getByTestId('my-contracts-given');
  const card = given.locator('li').filter({ hasText: `Given to: ${DOWNLINE}` });
  await card.getByText('Hourly salary').waitFor();
  assert.equal(await card.getByTestId('contract-status').innerText(), 'Active');
  assert.deepEqual(await seriousAxeViolations(agentPage), []);
  await screenshot(agentPage, 'my-contracts');

  await card.getByRole('button', { name: 'Request termination' }).click();
  const dialog = agentPage.getByRole('dialog', { name: 'Request termination' });
  await dialog.getByText(`Ask ${DOWNLINE} to end this contract?`).waitFor();
  await dialog.getByLabel('Reason (optional)').fill(REASON);
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await dialog.waitFor({ state: 'detached' });
  await card
    .getByTestId('termination-state')
    .filter({ hasText: `Waiting for ${DOWNLINE} to answer.` })
    .waitFor();
  assert.equal(await card.getByRole('button', { name: 'Request termination' }).count(), 0);
});

test('the downline reads the request in its inbox and agrees; agent01 sees the contract ended', async () => {
  const memberToken = await tokenOf(memberPage);
  const inbox = await call<{ content: Message[] }>('GET', '/wps/messages?pageSize=50', memberToken);
  assert.equal(inbox.success, true, JSON.stringify(inbox));
  const kinds = (inbox.value?.content ?? []).map((m) => m.kind);
  assert.ok(kinds.includes('contract_offer_received'), JSON.stringify(kinds));
  const request = inbox.value?.content.find((m) => m.kind === 'contract_termination_requested');
  assert.ok(request, JSON.stringify(kinds));
  assert.match(request.content, new RegExp(`${AGENT} asks to end a contract with you: Hourly salary`));
  for (const m of inbox.value?.content ?? [])
    if (m.kind?.startsWith('contract_')) assert.doesNotMatch(m.content, /hourly_salary|[{}]|_/);

  await memberPage.reload();
  const popup = memberPage.getByRole('dialog', { name: 'Contracts' });
  await popup.getByText(`${AGENT} asks to end the contract: Hourly salary`).waitFor({ timeout: PAGE_WAIT_MS });
  await popup.getByRole('button', { name: 'Agree to end it' }).click();
  await popup.waitFor({ state: 'detached' });

  await agentPage.reload();
  await agentPage.getByRole('heading', { level: 1, name: 'My contracts' }).waitFor();
  const card = agentPage
    .getByTestId('my-contracts-given')
    .locator('li')
    .filter({ hasText: `Given to: ${DOWNLINE}` });
  assert.equal(await card.getByTestId('contract-status').innerText(), 'Terminated');
  assert.equal(await card.getByTestId('contract-end').innerText(), `Ended by the upline. Reason given: ${REASON}`);
  const agentInbox = await call<{ content: Message[] }>('GET', '/wps/messages?pageSize=50', await tokenOf(agentPage));
  const ended = agentInbox.value?.content.find((m) => m.kind === 'contract_ended' && m.content.includes(DOWNLINE));
  assert.ok(ended, 'agent01 has no message of the ending');
  assert.match(ended.content, /Why: ended by agreement of both sides\./);
  await screenshot(agentPage, 'my-contracts-ended');
});

test('a lower offer names the downline contract it would end; accepting ends it, shown in words', async () => {
  const agentToken = await tokenOf(agentPage);
  const subToken = await tokenOf(memberPage);
  const info = await call<{ id: number }>('GET', '/wps/member/info', subToken);
  const lower = await call('POST', '/wps/relay/MCS2_processContractHourSalary', agentToken, {
    action: 'offer',
    downlineId: info.value?.id,
    tiers: [{ minValidBet: 0, minActiveMembers: 0, ratePpm: 50 }],
  });
  assert.equal(lower.success, true, JSON.stringify(lower));

  await memberPage.goto('/');
  const popup = memberPage.getByRole('dialog', { name: 'Contracts' });
  await popup.getByText(`${AGENT} offers you a contract: Hourly salary`).waitFor({ timeout: PAGE_WAIT_MS });
  const notice = popup.getByTestId('cascade-notice');
  await notice.getByText('Accepting this offer ends these downline contracts').waitFor();
  assert.equal(
    (await notice.getByRole('listitem').allInnerTexts()).join('\n'),
    `Level 1: ${MEMBER} — Hourly salary, top rate 0.01% (given by ${DOWNLINE})`,
  );
  await screenshot(memberPage, 'my-contracts-cascade-popup');
  await popup.getByRole('button', { name: 'Accept' }).click();
  await popup.waitFor({ state: 'detached' });

  await memberPage.goto('/agentHome/myContracts');
  const card = memberPage
    .getByTestId('my-contracts-given')
    .locator('li')
    .filter({ hasText: `Given to: ${MEMBER}` });
  await card.getByTestId('contract-end').waitFor();
  assert.equal(await card.getByTestId('contract-status').innerText(), 'Terminated');
  assert.equal(
    await card.getByTestId('contract-end').innerText(),
    "Ended automatically: the upline's own rate became lower than this contract's.",
  );
  const inbox = await call<{ content: Message[] }>('GET', '/wps/messages?pageSize=50', subToken);
  const ended = inbox.value?.content.find((m) => m.kind === 'contract_ended' && m.content.includes(MEMBER));
  assert.ok(ended, 'the sub-agent has no message of its given contract ending');
  assert.match(ended.content, /ended automatically, because the upline's own rate became lower/);
  await memberPage.context().close();
});
