// e2e: beside own-accounts
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot } from '../../support/browser';
import { depositThroughSandbox, playSlotInBrowser } from '../../support/player';
import { call, closeMemberPopup, eventually, registerFromModal, tokenOf } from '../../support/site';
import { useSiteBrowser } from './web-build';

// Missions in the browser: a new member opens the missions page, sees the demo's daily
// login mission complete (registering logs in), claims it, plays slot rounds and sees the rounds
// mission move (the engine's worker feeds events within about a second).

useSiteBrowser(async (chromium) => {
  page = await newPage(chromium);
});
let page: Page;
const username = `msn${Date.now().toString(36).slice(-8)}`;

function card(title: string) {
  return page.getByTestId('mission-card').filter({ hasText: title });
}

/**
 * Waits until the mission titled `title` is as `check` wants it, through the missions API (the
 * worker runs about every half second, slower under load), then loads the missions page once.
 */
async function missionReady(title: string, check: (m: { status: string; progress: number }) => boolean, what: string) {
  const token = await tokenOf(page);
  await eventually(async () => {
    const summary = await call<{ list: { title: string; status: string; progress: number }[] }>(
      'GET',
      '/wps/relay/MCSFE_getMissionSummaryDetails?language=en',
      token,
    );
    const mission = summary.value?.list.find((m) => m.title === title);
    return mission !== undefined && check(mission);
  }, what);
  await page.goto('/member/missionLeaderboard');
  await page.getByTestId('mission-card').first().waitFor();
}

test('a new member sees the login mission complete and claims it once', async () => {
  await registerFromModal(page, { username, password: 'Secret123', payeeName: 'Mission Tester' });
  await closeMemberPopup(page);
  await missionReady('Daily check-in', (m) => m.status === 'claimable', 'the login mission to complete');
  await page.getByRole('heading', { level: 1, name: 'Mission leaderboard', exact: true }).waitFor();
  const login = card('Daily check-in');
  assert.equal(await login.getAttribute('data-status'), 'claimable');
  await login.getByTestId('mission-progress').getByText('1 / 1').waitFor();
  // The missions badge on the member centre menu counts it.
  const entry = page
    .getByRole('navigation', { name: 'Member centre' })
    .getByRole('link', { name: /Mission leaderboard/ });
  await entry.getByText('1', { exact: true }).waitFor();
  await login.getByRole('button', { name: 'Claim' }).click();
  await login.getByTestId('mission-status').getByText('Claimed').waitFor();
  assert.equal(await login.getByRole('button', { name: 'Claim' }).count(), 0);
  await page
    .getByTestId('mission-leaderboard')
    .getByText(`${username.slice(0, 2)}***${username.slice(-2)}`)
    .waitFor();
  await screenshot(page, 'missions-claimed');
});

test('a deposit of 100 through the sandbox gateway completes the deposit mission', async () => {
  await depositThroughSandbox(page, '100');
  await missionReady('Deposit 100', (m) => m.status === 'claimable', 'the deposit mission to complete');
  const deposit = card('Deposit 100');
  await deposit.waitFor();
  assert.equal(await deposit.getAttribute('data-status'), 'claimable');
});

test('a slot round moves the rounds mission', async () => {
  const rounds = card('Play 10 rounds');
  assert.equal(await rounds.getByTestId('mission-progress').innerText(), '0 / 10');
  await playSlotInBrowser(page);

  await missionReady('Play 10 rounds', (m) => m.progress > 0, 'the rounds mission to move');
  await rounds.waitFor();
  assert.match(await rounds.getByTestId('mission-progress').innerText(), /^[1-9]\d* \/ 10$/);
  await rounds.getByText(/Resets in \d/).waitFor();
  await screenshot(page, 'missions-rounds');
});
