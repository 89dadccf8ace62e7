// e2e: beside own-accounts-b
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot } from '../../support/browser';
import { consoleSignIn, createOperator } from '../../support/console';
import { depositThroughSandbox } from '../../support/player';
import { closeMemberPopup, registerFromModal } from '../../support/site';
import { useSiteBrowser } from './web-build';

// Platform messages in the browser: a member the spec registers deposits through the sandbox
// gateway and the "deposit credited" message arrives live (the menu badge moves over /ws without a
// reload); opening it reads it and the badge drops. Then the same member opens the public chat room
// from the member menu, posts, and a link is refused with the room's own message. A moderator
// deletes the post (gone from the member's page at once), mutes the member (their page says until
// when and offers no input) and lifts the mute.

const browser = useSiteBrowser(async (chromium) => {
  page = await newPage(chromium);
});
let page: Page;
const suffix = Date.now().toString(36).slice(-8);

/** The unread count on the member menu's "Platform messages" entry (0 when no badge shows). */
async function badge(): Promise<number> {
  const text = await page.getByRole('link', { name: /^Platform messages/ }).innerText();
  const match = /(\d+)\s*$/.exec(text.trim());
  return match ? Number(match[1]) : 0;
}

/** Waits until the menu entry's unread count passes `check` (the page is never reloaded meanwhile). */
async function waitForBadge(check: (n: number) => boolean, what: string): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const n = await badge();
    if (check(n)) return n;
    if (Date.now() > deadline) throw new Error(`badge at ${n}, expected ${what}`);
    await page.waitForTimeout(200);
  }
}

test('a sandbox deposit brings a live "deposit credited" message; reading it drops the badge', async () => {
  await registerFromModal(page, { username: `ms${suffix}`, password: 'Secret123', payeeName: 'Message Tester' });
  await closeMemberPopup(page);
  await page.goto('/member/messageV2');
  await page.getByRole('heading', { level: 1, name: 'Platform messages' }).waitFor();
  await page.getByTestId('messages-list').waitFor();
  const before = await badge();

  // The payment is made in another tab; this page is not reloaded, so the badge moves over /ws.
  await depositThroughSandbox(page, '100');
  // The deposit may also earn a welcome reward, whose message arrives the same way.
  await waitForBadge((n) => n > before, `more than ${before}`);

  // In Filipino the longest badged entry, "Mga mensahe ng platform", still shows its whole badge
  // inside the menu column (the label wraps; the column never scrolls sideways).
  await page.getByRole('combobox', { name: 'Language' }).selectOption('TY');
  const tyEntry = page.getByRole('link', { name: /^Mga mensahe ng platform\s*\d+$/ });
  await tyEntry.waitFor();
  const fit = await tyEntry.evaluate((link) => {
    const list = link.closest('ul') as HTMLElement;
    const badge = link.lastElementChild as HTMLElement;
    return {
      badgeRight: badge.getBoundingClientRect().right,
      linkRight: link.getBoundingClientRect().right,
      scrolls: list.scrollWidth > list.clientWidth,
    };
  });
  if (fit.scrolls || fit.badgeRight > fit.linkRight)
    throw new Error(`the TY menu badge is clipped: ${JSON.stringify(fit)}`);
  await page.getByRole('combobox', { name: 'Wika' }).selectOption('EN');
  await page.getByRole('link', { name: /^Platform messages/ }).waitFor();

  await page.getByRole('link', { name: /^Platform messages/ }).click();
  const item = page.getByTestId('message-item').filter({ hasText: 'Deposit credited' });
  await item.waitFor();
  if ((await item.getAttribute('data-read')) !== 'false') throw new Error('the new message is not unread');
  await item.getByRole('button').click();
  await page
    .getByTestId('message-body')
    .filter({ hasText: /Your deposit of \S+ 100\.00 has been credited/ })
    .waitFor();
  // Read now (the list refetched), and the badge counts exactly the unread messages left: a welcome
  // reward's message may arrive meanwhile, so the badge is compared with the list, not a number
  // (while the read message still counted, the badge would stay one above the list).
  await page
    .locator('[data-testid="message-item"][data-read="true"]')
    .filter({ hasText: 'Deposit credited' })
    .waitFor();
  const deadline = Date.now() + 15_000;
  for (;;) {
    const unread = await page.locator('[data-testid="message-item"][data-read="false"]').count();
    const shown = await badge();
    if (shown === unread) break;
    if (Date.now() > deadline) throw new Error(`badge at ${shown} with ${unread} unread in the list`);
    await page.waitForTimeout(200);
  }
  await screenshot(page, 'messages-deposit-credited');
});

test('the member menu opens the public chat room: a post shows live, a link is refused', async () => {
  await page.getByRole('link', { name: 'Chat room', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Chat room' }).waitFor();
  const text = `hello from ms${suffix}`;
  await page.getByTestId('chatroom-input').fill(text);
  await page.getByTestId('chatroom-send').click();
  await page.getByTestId('chatroom-messages').getByText(text, { exact: true }).waitFor();
  await page.getByTestId('chatroom-input').fill('free chips at example.com');
  await page.getByTestId('chatroom-send').click();
  await page.getByTestId('chatroom-error').filter({ hasText: 'Links are not allowed in the chat room' }).waitFor();
});

test("a moderator deletes the member's post, which leaves the room at once, and mutes them", async () => {
  const text = `hello from ms${suffix}`;
  const moderator = await createOperator('mod', ['chatroom.moderate']);
  const desk = await newPage(browser());
  await consoleSignIn(desk, moderator);
  await desk.goto('/console/support/chatroom');
  await desk.getByRole('heading', { level: 1, name: 'Chat room' }).waitFor();
  const post = desk.getByTestId('chatroom-message').filter({ hasText: text });
  await post.getByRole('button', { name: 'Delete' }).click();
  await post.getByText(/^Deleted by /).waitFor();
  // The member's page, open all along, drops it without a reload.
  await page.getByTestId('chatroom-messages').getByText(text, { exact: true }).waitFor({ state: 'detached' });

  await post.getByRole('button', { name: 'Mute' }).click();
  const mute = desk.getByRole('form', { name: `Mute ms${suffix}` });
  await mute.getByLabel('Reason').fill('Spam in the room');
  await mute.getByRole('button', { name: 'Mute' }).click();
  const restriction = desk.getByTestId('chatroom-restriction').filter({ hasText: `ms${suffix}: muted until` });
  await restriction.waitFor();
  // The member's page hears it at once: it says until when, and offers nothing to post with.
  await page.getByText(/^You are muted until .+: you can read the room but not post\.$/).waitFor();
  await page.getByTestId('chatroom-input').waitFor({ state: 'detached' });
  await screenshot(desk, 'console-chatroom-moderation');

  // Lifted, the member posts again.
  await restriction.getByRole('button', { name: 'Lift' }).click();
  await restriction.waitFor({ state: 'detached' });
  await page.getByTestId('chatroom-input').fill(`back again ${suffix}`);
  await page.getByTestId('chatroom-send').click();
  await page.getByTestId('chatroom-messages').getByText(`back again ${suffix}`, { exact: true }).waitFor();
  await desk.context().close();
});
