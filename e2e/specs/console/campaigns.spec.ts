// e2e: beside console-desk
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { consoleSignIn, createOperator } from '../../support/console';
import { baseUrl } from '../../support/env';
import { closeMemberPopup, registerFromModal } from '../../support/site';

// A campaign in the browser: a member registers; a campaigns operator saves a segment from the
// member search's filters (this member's username), composes a campaign with a placeholder and a
// link, previews it with its reach, sends it, and the member finds it in the inbox, filled in with
// their name; opening it and following its tracked link show as a read and a click in the console.
// A broadcast goes through the same guard: no audience chosen for the operator, the reach shown, the
// number typed in for everyone, one send for a double press, and the form cleared after it.

let member: Page;
let desk: Page;
const browser = useBrowser(undefined, async (chromium) => {
  member = await newPage(chromium);
  desk = await newPage(chromium);
});

const suffix = Date.now().toString(36).slice(-7);
const username = `cmp${suffix}`;
const title = `Spring offer ${suffix}`;

test('a member registers', async () => {
  await registerFromModal(member, { username, password: 'Secret123', payeeName: 'Campaign Tester' });
  await closeMemberPopup(member);
});

test('an operator saves a segment, previews a campaign with its reach and sends it', async () => {
  const operator = await createOperator('cmp', ['campaigns.manage']);
  await consoleSignIn(desk, operator);
  await desk.goto('/console/messages/campaigns');
  await desk.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();

  const segmentForm = desk.locator('form').filter({ has: desk.getByRole('heading', { name: 'New segment' }) });
  await segmentForm.getByLabel('Name', { exact: true }).fill(`Just ${username}`);
  await segmentForm.getByLabel('Search text', { exact: true }).fill(username);
  await segmentForm.getByLabel(/^Search in/).selectOption('username');
  await segmentForm.getByRole('button', { name: 'Save segment' }).click();
  await segmentForm.getByRole('status').filter({ hasText: 'Segment saved: 1 members now' }).waitFor();
  await desk
    .getByTestId('segment-row')
    .filter({ hasText: `Just ${username}` })
    .waitFor();

  const compose = desk.getByRole('region', { name: 'New campaign' });
  await compose.getByLabel('Name', { exact: true }).fill(`Spring ${suffix}`);
  await compose.getByLabel(/^Segment/).selectOption({ label: `Just ${username} (1)` });
  await compose
    .getByLabel(/^Title \(the mail's subject\)/)
    .first()
    .fill(`${title} for {name}`);
  await compose
    .getByLabel(/^Text \(inbox and mail\)/)
    .first()
    .fill('Hello {name}, see https://example.com/spring');
  await compose.getByRole('button', { name: 'Preview and reach' }).click();
  const preview = desk.getByTestId('campaign-preview');
  await preview.getByText(`${title} for ${username}`).first().waitFor();
  const reach = preview.getByTestId('campaign-reach');
  assert.equal(await reach.locator('dd').first().textContent(), '1');
  await screenshot(desk, 'console-campaign-preview');
  await preview.getByRole('button', { name: 'Send to 1 members' }).click();
  await compose.getByRole('status').filter({ hasText: 'Campaign sent' }).waitFor();
  await desk
    .getByTestId('campaign-row')
    .filter({ hasText: `Spring ${suffix}` })
    .getByText('Sent')
    .waitFor();
});

test("the campaign reaches the member's inbox, and its read and click are counted", async () => {
  await member.goto('/member/messageV2');
  await member.getByRole('heading', { level: 1, name: 'Platform messages' }).waitFor();
  const item = member.getByTestId('message-item').filter({ hasText: `${title} for ${username}` });
  await item.waitFor();
  await item.getByRole('button').click();
  const body = member.getByTestId('message-body').filter({ hasText: `Hello ${username}, see` });
  await body.waitFor();
  const href = await body.getByRole('link').getAttribute('href');
  assert.match(href ?? '', /\/wps\/campaign-link\/[\w-]{22}\/0$/);
  await screenshot(member, 'web-campaign-inbox');
  // Followed without a browser: the link's address is outside the test's network.
  const path = new URL(href ?? '').pathname;
  const followed = await fetch(`${baseUrl()}${path}`, { redirect: 'manual' });
  assert.equal(followed.status, 302);
  assert.equal(followed.headers.get('location'), 'https://example.com/spring');

  await desk.reload();
  const row = desk.getByTestId('campaign-row').filter({ hasText: `Spring ${suffix}` });
  await row.waitFor();
  const cells = await row.locator('td').allTextContents();
  // Delivered inbox / SMS / mail, read, clicks (members who clicked).
  assert.deepEqual(cells.slice(5, 8), ['1 / 0 / 0', '1', '1 (1)']);
});

test('a broadcast waits for an audience, shows its reach, asks for the number for everyone, and sends once', async () => {
  const operator = await createOperator('bro', ['messages.read', 'messages.write']);
  const page = await newPage(browser());
  await consoleSignIn(page, operator);
  await page.goto('/console/messages/broadcasts');
  await page.getByRole('heading', { level: 1, name: 'Broadcasts' }).waitFor();
  const compose = page.getByRole('region', { name: 'New broadcast' });
  const previewButton = compose.getByRole('button', { name: 'Preview and reach' });
  // No audience is chosen for the operator: nothing can go out on one press.
  assert.equal(await compose.getByRole('combobox', { name: /^Audience/ }).inputValue(), '');
  assert.equal(await previewButton.isDisabled(), true, 'no preview before an audience is chosen');

  await compose.getByLabel('Language', { exact: true }).first().fill('EN');
  await compose.getByLabel('Title', { exact: true }).first().fill(`Notice ${suffix}`);
  await compose.getByLabel('Text', { exact: true }).first().fill('The cashier closes early today.');
  // Everyone: the reach has to be typed in before Send is offered.
  await compose.getByRole('combobox', { name: /^Audience/ }).selectOption({ label: 'Everyone' });
  await previewButton.click();
  const confirm = compose.getByTestId('reach-confirm');
  const reach = Number(await confirm.locator('strong').innerText());
  assert.ok(reach >= 1, `everyone's reach: ${reach}`);
  const sendEveryone = confirm.getByRole('button', { name: `Send to ${reach} members` });
  assert.equal(await sendEveryone.isDisabled(), true, 'everyone waits for the number');
  await confirm.getByLabel(/^This audience is everyone/).fill(String(reach + 1));
  assert.equal(await sendEveryone.isDisabled(), true, 'a wrong number does not confirm');
  await screenshot(page, 'console-broadcast-everyone');

  // One member by username: an edit drops the preview; the send names the reach and clears the form.
  await compose.getByRole('combobox', { name: /^Audience/ }).selectOption({ label: 'Members (usernames)' });
  assert.equal(await compose.getByTestId('reach-confirm').count(), 0, 'an edit drops the preview');
  await compose.getByLabel(/^Usernames/).fill(username);
  await previewButton.click();
  const send = compose.getByTestId('reach-confirm').getByRole('button', { name: 'Send to 1 members' });
  const answers: number[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/admin/broadcasts') answers.push(r.status());
  });
  await send.dblclick();
  await compose.getByRole('status').filter({ hasText: 'Broadcast sent to 1 members' }).waitFor();
  assert.equal(await compose.getByLabel('Title', { exact: true }).first().inputValue(), '', 'the form is cleared');
  assert.equal(await compose.getByTestId('reach-confirm').count(), 0, 'nothing left to press again');
  assert.equal(answers.length, 1, 'a double press sends once');

  await member.goto('/member/messageV2');
  await member
    .getByTestId('message-item')
    .filter({ hasText: `Notice ${suffix}` })
    .waitFor();
  await page.context().close();
});
