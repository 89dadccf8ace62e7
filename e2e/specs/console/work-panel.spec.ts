// e2e: beside console-desk
// page.evaluate() callbacks run in the browser, so this spec sees the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { consoleSignIn, createOperator } from '../../support/console';
import { baseUrl } from '../../support/env';
import { closeMemberPopup, registerFromModal, tokenOf } from '../../support/site';

// The dashboard's "work to do" panel: an operator who answers feedback sees the feedback source
// only (not the cashier queues they may not open); a member sends feedback; its count moves
// without a reload within seconds, the oldest item's age is shown, and the count opens the
// feedback screen. An approver of adjustments, who may not open the overview, starts on the work
// to do and sees their own queue only.

let member: Page;
let board: Page;
const browser = useBrowser(undefined, async (chromium) => {
  member = await newPage(chromium);
  board = await newPage(chromium);
});

const suffix = Date.now().toString(36).slice(-7);
const FEEDBACK = 'Feedback to answer';

function feedbackItem(page: Page) {
  return page.getByTestId('work-panel').getByRole('listitem').filter({ hasText: FEEDBACK });
}

async function feedbackCount(page: Page): Promise<number> {
  return Number.parseInt((await feedbackItem(page).getByRole('link').innerText()).replace(/\D/g, ''), 10);
}

test('the panel shows the sources the operator may work, and a new item arrives live', async () => {
  await registerFromModal(member, { username: `work${suffix}`, password: 'Secret123', payeeName: 'Work Panel Tester' });
  await closeMemberPopup(member);
  const memberToken = await tokenOf(member);

  const op = await createOperator('work', ['dashboard.read', 'feedback.answer']);
  await consoleSignIn(board, op);
  await board.goto('/console/dashboard');
  await board.getByRole('heading', { level: 2, name: 'Work to do' }).waitFor();
  await feedbackItem(board).waitFor();
  // Only the sources whose screen this operator may open.
  assert.deepEqual(
    await board
      .getByTestId('work-panel')
      .getByRole('listitem')
      .evaluateAll((items) => items.map((li) => li.getAttribute('data-source'))),
    ['feedback'],
  );
  const before = await feedbackCount(board);
  await board.evaluate(() => {
    (window as unknown as { workMark: string }).workMark = 'kept';
  });

  const form = new FormData();
  form.set('questionType', 'suggestion');
  form.set('content', `The work panel spec ${suffix} asks a question.`);
  const sent = Date.now();
  const res = await fetch(`${baseUrl()}/wps/feedback`, {
    method: 'PUT',
    headers: { Authorization: memberToken },
    body: form,
  });
  assert.equal(res.status, 200, await res.text());

  // Other specs may send feedback too: the count only ever grows here.
  await board.waitForFunction(
    ({ before, label }) => {
      const item = Array.from(document.querySelectorAll('[data-testid="work-panel"] li')).find((li) =>
        li.textContent?.includes(label),
      );
      const value = Number.parseInt(item?.querySelector('a')?.textContent?.replace(/\D/g, '') ?? '', 10);
      return value > before;
    },
    { before, label: FEEDBACK },
    { timeout: 5_000 },
  );
  const seconds = (Date.now() - sent) / 1000;
  assert.ok(seconds < 5, `the count moved after ${seconds} s`);
  assert.equal(await board.evaluate(() => (window as unknown as { workMark?: string }).workMark), 'kept', 'no reload');
  await feedbackItem(board)
    .getByText(/^Oldest waiting \d+ (second|minute|hour|day)s?$/)
    .waitFor();
  await screenshot(board, 'console-work-panel');

  await feedbackItem(board).getByRole('link').click();
  await board.getByRole('heading', { level: 1, name: 'Feedback' }).waitFor();
  await board.getByText(`The work panel spec ${suffix} asks a question.`).waitFor();
});

test('an approver of adjustments, without the overview, starts on the work to do with their queue', async () => {
  const approver = await createOperator('wapp', ['members.read', 'wallet.approve']);
  const page = await newPage(browser());
  await consoleSignIn(page, approver);
  await page.waitForURL(/\/console\/work$/);
  await page.getByRole('heading', { level: 1, name: 'Work to do' }).waitFor();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  assert.equal(await menu.getByRole('link', { name: 'Overview', exact: true }).count(), 0, 'no overview');
  const items = page.getByTestId('work-panel').getByRole('listitem');
  await items.first().waitFor();
  assert.deepEqual(await items.evaluateAll((lis) => lis.map((li) => li.getAttribute('data-source'))), ['adjustments']);
  await items.filter({ hasText: 'Adjustments to approve' }).getByRole('link').click();
  await page.getByRole('heading', { level: 1, name: 'Balance adjustments' }).waitFor();
  await screenshot(page, 'console-work-approver');
  await page.context().close();
});
