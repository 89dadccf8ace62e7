// e2e: beside own-accounts
// page.evaluate() callbacks run in the browser, so these specs see the DOM types.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { operatorToken } from '../../support/api';
import { seriousAxeViolations } from '../../support/axe';
import { newPage, screenshot } from '../../support/browser';
import { call, closeMemberPopup, operatorPost, registerFromModal, tokenOf } from '../../support/site';
import { useSiteBrowser } from './web-build';

// The points mall against the real server: a member with points opens
// /pointMall, redeems an item with the payment password, sees it In Process in the redeem history,
// and sees it Approved once an operator has sent it. The member and the item are the spec's own,
// so nothing depends on the demo catalogue or on what another spec did.

useSiteBrowser(async (chromium) => {
  page = await newPage(chromium);
});
let page: Page;
const suffix = Date.now().toString(36).slice(-8);
const username = `pts${suffix}`;
const PAYMENT_PASSWORD = '246810';
const ITEM = `E2E water bottle ${suffix}`;

test('a member with points opens the mall and sees their points and the item', async () => {
  await registerFromModal(page, {
    username,
    password: 'Secret123',
    payeeName: 'Points Tester',
    paymentPassword: PAYMENT_PASSWORD,
  });
  await closeMemberPopup(page);
  await operatorPost('/admin/points/rewards', { kind: 'physical', name: ITEM, pointsCost: 1_200, stock: 3, sort: 0 });
  await operatorPost('/admin/points/adjustments', {
    username,
    points: 5_000,
    reason: 'e2e starting points',
    requestId: `e2e-${suffix}-start`,
  });
  await page.goto('/pointMall');
  await page.getByRole('heading', { level: 1, name: 'Points mall' }).waitFor();
  await page.getByTestId('points-balance').filter({ hasText: '5,000' }).waitFor();
  await page.getByRole('heading', { name: ITEM }).waitFor();
  assert.deepEqual(await seriousAxeViolations(page), []);
});

test('redeems the item with the payment password and sees it In Process in the redeem history', async () => {
  await page.getByRole('button', { name: `Redeem ${ITEM}` }).click();
  const dialog = page.getByRole('dialog', { name: `Redeem ${ITEM}` });
  await dialog.waitFor();
  // A wrong payment password is refused and takes nothing.
  await dialog.getByLabel('Payment password').fill('135790');
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await dialog.getByText('The payment password is not correct').waitFor();
  await dialog.getByLabel('Payment password').fill(PAYMENT_PASSWORD);
  await dialog.getByRole('button', { name: 'Redeem' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('points-balance').filter({ hasText: '3,800' }).waitFor();

  await page.getByRole('tab', { name: 'Redeem history' }).click();
  const history = page.getByTestId('redeem-history');
  const row = history.getByRole('row').filter({ hasText: ITEM });
  await row.getByText('In Process').waitFor();
  await screenshot(page, 'points-redeem-history');

  await page.getByRole('tab', { name: 'Points details' }).click();
  const details = page.getByTestId('points-details');
  await details.getByRole('row').filter({ hasText: '-1,200' }).waitFor();
  await details.getByRole('row').filter({ hasText: 'e2e starting points' }).waitFor();
});

test('the operator approves the item and the member sees it Approved', async () => {
  const list = (
    await call<{ list: { id: number; username: string; name: string }[] }>(
      'GET',
      '/admin/points/redemptions?status=in_process&order=asc&pageSize=200',
      await operatorSessionToken(),
    )
  ).value;
  const redemption = list?.list.find((r) => r.username === username && r.name === ITEM);
  assert.ok(redemption, 'the redemption waits in the fulfilment queue');
  await operatorPost(`/admin/points/redemptions/${redemption.id}/decision`, { decision: 'approve', remark: 'sent' });
  await page.reload();
  await page.getByRole('tab', { name: 'Redeem history' }).click();
  await page.getByTestId('redeem-history').getByRole('row').filter({ hasText: ITEM }).getByText('Approved').waitFor();
  // The member's own view of the same record through the API.
  const mine = (
    await call<{ content: { name: string; status: string }[] }>(
      'GET',
      '/wps/relay/MCS2_getRedeemPointList',
      await tokenOf(page),
    )
  ).value;
  assert.equal(mine?.content.find((r) => r.name === ITEM)?.status, 'approved');
});

let operator = '';
async function operatorSessionToken(): Promise<string> {
  operator ||= await operatorToken();
  return operator;
}
