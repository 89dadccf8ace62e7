// e2e: alone (its promotion and mission reach every member who logs in while they run)
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { consoleSignIn, createOperator, openConsoleEntry } from '../../support/console';
import { closeMemberPopup, registerFromModal } from '../../support/site';

// Programmes in the back office: an operator with the promotions rights creates a
// promotion and a mission in the console's screens and activates them; a member who registers on
// the player site sees both (the promotions page and the missions page).

let desk: Page;
let member: Page;
useBrowser(undefined, async (chromium) => {
  desk = await newPage(chromium);
  member = await newPage(chromium);
});

const suffix = Date.now().toString(36).slice(-7);
const promotionTitle = `Login bonus ${suffix}`;
const missionTitle = `Log in today ${suffix}`;

async function act(title: string, button: 'Activate' | 'End', phase: 'Running' | 'Ended') {
  const row = desk.getByRole('row').filter({ hasText: title });
  await row.waitFor();
  await row.getByRole('button', { name: button }).click();
  await row.getByText(phase).waitFor();
}

test('an operator creates and activates a promotion and a mission in the console', async () => {
  const operator = await createOperator('prg', ['promotions.read', 'promotions.write']);
  await consoleSignIn(desk, operator);

  await openConsoleEntry(desk, 'Programmes', 'Promotions');
  const promotion = desk.getByRole('form', { name: 'New promotion' });
  await promotion.getByLabel('Type').selectOption('NEWBIE');
  await promotion.getByLabel('Kind').selectOption('fixed');
  await promotion.getByLabel('Title', { exact: true }).fill(promotionTitle);
  await promotion.getByLabel('Summary', { exact: true }).fill('5.00 cash when you log in.');
  await promotion.getByLabel('Fires on').selectOption('login');
  await promotion.getByLabel('Amount', { exact: true }).fill('5');
  await promotion.getByLabel('Paid as').selectOption('cash');
  await promotion.getByRole('button', { name: 'Create draft' }).click();
  await act(promotionTitle, 'Activate', 'Running');

  await openConsoleEntry(desk, 'Missions');
  const mission = desk.getByRole('form', { name: 'New mission' });
  await mission.getByLabel('Task').selectOption('login');
  await mission.getByLabel('Title', { exact: true }).fill(missionTitle);
  await mission.getByLabel('Description').fill('Log in once today for 1.00 cash.');
  await mission.getByLabel('Target').fill('1');
  await mission.getByLabel('Reward amount').fill('1');
  await mission.getByRole('button', { name: 'Create draft' }).click();
  await act(missionTitle, 'Activate', 'Running');
  await screenshot(desk, 'console-programmes');
});

test('a member who registers sees the promotion and the mission on the player site', async () => {
  const username = `prg${suffix}`;
  await registerFromModal(member, { username, password: 'Secret123', payeeName: 'Programme Tester' });
  await closeMemberPopup(member);
  await member.goto('/promotions');
  await member.getByTestId('promotion-card').filter({ hasText: promotionTitle }).waitFor();
  await member.goto('/member/missionLeaderboard');
  await member.getByTestId('mission-card').filter({ hasText: missionTitle }).waitFor();
});

test('the operator ends both, so they pay nothing to the other specs’ members', async () => {
  await openConsoleEntry(desk, 'Programmes', 'Promotions');
  await act(promotionTitle, 'End', 'Ended');
  await openConsoleEntry(desk, 'Missions');
  await act(missionTitle, 'End', 'Ended');
});
