import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { type Envelope, operatorToken } from './api';
import { baseUrl, PAGE_WAIT_MS } from './env';

// What several site specs do besides clicking: calls with a session token, the operator's steps,
// the demo outbox, authenticator codes, and the dialogs a member meets on the way.

/** A JSON call with a session token (member or operator). */
export async function call<T = unknown>(method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}${url}`, {
    method,
    headers: { Authorization: token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

let adminToken = '';
/** An operator's POST (the seeded operator, one session per spec file); fails the test unless it succeeds. */
export async function operatorPost(url: string, body?: unknown): Promise<Record<string, unknown>> {
  adminToken ||= await operatorToken();
  const result = await call<Record<string, unknown>>('POST', url, adminToken, body);
  assert.equal(result.success, true, `${url}: ${JSON.stringify(result)}`);
  return result.value ?? {};
}

let payerId: number | undefined;
/**
 * What "Mark paid" takes (docs/cashier.md "Mark paid"): a fresh bank reference, a paying account of
 * the brand (added once per spec file, with a number of its own so reruns never collide) and no fee.
 */
export async function payoutBody(): Promise<{ payoutReference: string; payingAccountId: number; fee: number }> {
  payerId ??= (
    await operatorPost('/admin/cashier/houseAccounts', {
      label: `E2E payouts ${Date.now().toString(36)}`,
      bankName: 'E2E Bank',
      accountName: 'Gamehall Payouts',
      accountNumber: `9${Date.now()}${Math.floor(Math.random() * 1000)}`,
      methodCode: null,
      pays: true,
      dailyCap: null,
      vipLevels: null,
      active: true,
    })
  ).id as number;
  return {
    payoutReference: `E2E-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`,
    payingAccountId: payerId,
    fee: 0,
  };
}

/** The session token the page keeps (spec §4: session storage). */
export const tokenOf = (page: Page) => page.evaluate(() => sessionStorage.getItem('token') ?? '');

export type OutboxEntry = { channel: string; to: string; text: string; code: string | null; createdAt: string };

/**
 * The newest message of demo mode's outbox (/dev/outbox.json) that matches: the recipient (a part of
 * the address or number), the channel, written at or after `after`, and its text. Waits up to 10 s.
 */
export async function outboxEntry(match: {
  to: string;
  channel?: 'sms' | 'email';
  after?: number;
  text?: RegExp;
}): Promise<OutboxEntry> {
  for (let i = 0; i < 40; i++) {
    const outbox = (await (await fetch(`${baseUrl()}/dev/outbox.json`)).json()) as OutboxEntry[];
    const entry = outbox.find(
      (e) =>
        e.to.includes(match.to) &&
        (!match.channel || e.channel === match.channel) &&
        (!match.after || Date.parse(e.createdAt) >= match.after) &&
        (!match.text || match.text.test(e.text)),
    );
    if (entry) return entry;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${match.channel ?? ''} message ${match.text ?? ''} for ${match.to} in the outbox`);
}

/** The code of the newest matching outbox message. */
export async function outboxCode(match: Parameters<typeof outboxEntry>[0]): Promise<string> {
  const entry = await outboxEntry(match);
  if (!entry.code) throw new Error(`the ${entry.channel} message for ${match.to} has no code`);
  return entry.code;
}

/** RFC 6238 with the authenticator defaults (SHA-1, 6 digits, 30 s), written here from the RFC. */
export function totp(secretBase32: string, timeMs = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const ch of secretBase32.replace(/[\s=]/g, '').toUpperCase())
    bits += alphabet.indexOf(ch).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((b) => Number.parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(timeMs / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = (mac[19] as number) & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Members meet the logged-in announcement popup once per session (spec §4, USER_POPUP): close it if it comes. */
export async function closeMemberPopup(page: Page): Promise<void> {
  // The site opens it only while the session has not closed it (USER_POPUP): a session that has, or
  // a page whose spec marked the popups seen (markPopupsSeen), would only wait the 5 s for nothing.
  if (await page.evaluate(() => sessionStorage.getItem('USER_POPUP') === '1').catch(() => false)) return;
  const popup = page.getByRole('dialog', { name: 'Announcements' });
  try {
    await popup.waitFor({ timeout: 5000 });
  } catch {
    return;
  }
  await popup.getByRole('button', { name: 'Close' }).click();
  await popup.waitFor({ state: 'detached' });
}

/**
 * A guest's first home page shows the announcement popup (spec §4, ANONYMOUS_POPUP): wait for it
 * and close it. A page that never shows it fails with what the page knew of the announcements
 * request (its time, or that it was not made), so a slow server and a missing popup read apart.
 */
export async function closeGuestAnnouncements(page: Page): Promise<void> {
  const popup = page.getByRole('dialog', { name: 'Announcements' });
  await popup.waitFor().catch(async (err: Error) => {
    const seen = await page.evaluate(() => ({
      closedThisSession: sessionStorage.getItem('ANONYMOUS_POPUP'),
      requests: performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('getListAnnouncements'))
        .map((e) => `${Math.round(e.startTime)} ms + ${Math.round(e.duration)} ms`),
      sinceLoad: Math.round(performance.now()),
    }));
    throw new Error(`${err.message}\n the announcements as the page saw them: ${JSON.stringify(seen)}`);
  });
  await popup.getByRole('button', { name: 'Close' }).click();
  await popup.waitFor({ state: 'detached' });
}

/** The login modal, opened by its route. */
export async function loginModal(page: Page) {
  await page.goto('/login');
  const modal = page.getByRole('dialog', { name: 'Log in' });
  await modal.waitFor();
  return modal;
}

/** Waits until the header names `account` as the signed-in member. */
export async function signedInAs(page: Page, account: string, timeout = PAGE_WAIT_MS): Promise<void> {
  await page.waitForFunction(
    (name) => document.querySelector('[data-testid="account-name"]')?.textContent === name,
    account,
    { timeout },
  );
}

/** What a visitor types into the registration modal's username tab. */
export type Registration = {
  username: string;
  password: string;
  payeeName: string;
  email?: string;
  paymentPassword?: string;
  invitationCode?: string;
};

/**
 * Fills the registration modal's username tab with `member`, the optional details included, and
 * ticks the age and terms boxes; the caller presses Register.
 */
export async function fillRegistration(modal: Locator, member: Registration): Promise<void> {
  await modal.getByRole('textbox', { name: 'Username' }).fill(member.username);
  await modal.locator('input[name="password"]').fill(member.password);
  await modal.locator('input[name="confirmPassword"]').fill(member.password);
  // The sign-up asks only what the brand requires; the details these specs give are optional.
  await modal.getByRole('button', { name: 'Add more details now (optional)' }).click();
  await modal.locator('input[name="payeeName"]').fill(member.payeeName);
  if (member.email) await modal.locator('input[name="email"]').fill(member.email);
  if (member.paymentPassword) await modal.locator('input[name="paymentPassword"]').fill(member.paymentPassword);
  if (member.invitationCode) await modal.getByLabel('Invitation code').fill(member.invitationCode);
  await modal.getByRole('checkbox', { name: /at least 18/ }).check();
  await modal.getByRole('checkbox', { name: /terms and conditions/ }).check();
}

/**
 * Registers a new member with the registration modal (signed in straight away, spec §4) and waits
 * until the header names them. Specs that change a member's state register their own, so no spec
 * depends on what an earlier one did to a demo account.
 */
export async function registerFromModal(page: Page, member: Registration): Promise<void> {
  await page.goto('/register');
  const modal = page.getByRole('dialog', { name: 'Register' });
  await fillRegistration(modal, member);
  await modal.getByRole('button', { name: 'Register' }).last().click();
  await modal.waitFor({ state: 'detached', timeout: PAGE_WAIT_MS });
  await signedInAs(page, member.username);
}

/**
 * Registers a member in the browser with a payee name and a payment password, and binds a BDO
 * Unibank account in the payee's name through the API; with `confirm` the back office confirms it
 * (a withdrawal needs a confirmed account). Answers the member's session token and the account's id.
 */
export async function registerWithBankAccount(
  page: Page,
  m: { username: string; payeeName: string; paymentPassword: string; accountNumber: string; confirm: boolean },
): Promise<{ token: string; bankAccountId: number }> {
  await registerFromModal(page, {
    username: m.username,
    password: 'Secret123',
    payeeName: m.payeeName,
    paymentPassword: m.paymentPassword,
  });
  await closeMemberPopup(page);
  const token = await tokenOf(page);
  const bound = await call<{ id: number }>('POST', '/wps/cashier/bankAccounts', token, {
    bankName: 'BDO Unibank',
    accountName: m.payeeName,
    accountNumber: m.accountNumber,
  });
  assert.equal(bound.success, true, JSON.stringify(bound));
  const bankAccountId = bound.value?.id ?? 0;
  if (m.confirm) await operatorPost(`/admin/cashier/bankAccounts/${bankAccountId}/confirm`);
  return { token, bankAccountId };
}

/**
 * Asks for a withdrawal on /member/withdraw as a member does: once the available balance shows
 * `available` (as written on the page), the first bank account, the amount and the payment
 * password. Answers the new order's reference once the history lists it pending.
 */
export async function withdrawInBrowser(
  page: Page,
  w: { available: string; amount: string; paymentPassword: string },
): Promise<string> {
  await page.goto('/member/withdraw');
  await page.getByTestId('withdraw-available').getByText(w.available).waitFor();
  const form = page.locator('form').filter({ has: page.getByLabel('Payment password') });
  await form.getByLabel('Bank account', { exact: true }).selectOption({ index: 1 });
  await form.getByLabel('Amount').fill(w.amount);
  await form.getByLabel('Payment password').fill(w.paymentPassword);
  await form.getByRole('button', { name: 'Withdraw' }).click();
  await page.getByText('Withdrawal requested').waitFor();
  const row = page.getByRole('table', { name: 'Withdrawal history' }).getByTestId('withdrawal-row').first();
  await row.getByText('Pending').waitFor();
  const reference = (await row.locator('td').nth(1).innerText()).trim();
  assert.match(reference, /^W/);
  return reference;
}

/**
 * Opens a member-centre entry from its navigation, inside the app (no page load, so the socket
 * stays), and waits for its heading. An entry with a count (Reward centre, Platform messages,
 * missions) has the count in its link's name once something is waiting there.
 */
export async function openMemberEntry(page: Page, name: string): Promise<void> {
  const escaped = name.replace(/[.*+?^$()|[\]{}\\]/g, '\\$&');
  const label = new RegExp(`^${escaped}\\s*\\d*$`);
  await page.getByRole('navigation', { name: 'Member centre' }).getByRole('link', { name: label }).click();
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

/**
 * Asks `check` every half second until it holds, for a worker's result (the rewards engine's
 * consumers): through the API, so the page is loaded once when the result is there instead of being
 * reloaded every second while the engine catches up. Fails with `what` after `timeoutMs`.
 */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
