// e2e: beside console-desk
// page.evaluate() callbacks run in the browser, so this spec sees the DOM types.
import assert from 'node:assert/strict';
import { constants, createCipheriv, createPublicKey, type JsonWebKey, publicEncrypt, randomBytes } from 'node:crypto';
import { test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, screenshot, useBrowser } from '../../support/browser';
import { type ConsoleOperator, consoleSignIn, createOperator } from '../../support/console';
import { baseUrl } from '../../support/env';
import { call, operatorPost, registerWithBankAccount } from '../../support/site';

// The console's live queues and the dashboard's pending counters that update
// live: a cashier operator has the withdrawal queue open and another tab on the dashboard; a
// member submits a withdrawal through the API; the order's row appears in the queue without a
// reload within seconds (no poll runs while the socket is up), the queue's count moves, and so does
// the dashboard's pending counter.

let member: Page;
let desk: Page;
let board: Page;
useBrowser(undefined, async (chromium) => {
  member = await newPage(chromium);
  desk = await newPage(chromium);
  board = await newPage(chromium);
});

const suffix = Date.now().toString(36).slice(-7);
const username = `live${suffix}`;
const PAYEE = 'Live Queue Tester';
const PAYMENT_PASSWORD = '246135';
const ACCOUNT_NUMBER = `77${Date.now().toString().slice(-10)}`;

let memberToken = '';
let bankAccountId = 0;
let cashierOp: ConsoleOperator;

/** A compact JWE (RSA-OAEP-256 + A256GCM) of `payload` for the server's key, as the player site sends it. */
async function encrypted(payload: unknown): Promise<{ value: string }> {
  const res = await fetch(`${baseUrl()}/wps/system/publicKey`);
  const key = ((await res.json()) as { value: { keys: (JsonWebKey & { kid?: string })[] } }).value.keys[0];
  assert.ok(key, 'the server serves a public key');
  const b64 = (b: Buffer) => b.toString('base64url');
  const header = b64(Buffer.from(JSON.stringify({ alg: 'RSA-OAEP-256', enc: 'A256GCM', kid: key.kid })));
  const cek = randomBytes(32);
  const wrapped = publicEncrypt(
    { key: createPublicKey({ key, format: 'jwk' }), padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    cek,
  );
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cek, iv).setAAD(Buffer.from(header, 'ascii'));
  const body = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  return { value: [header, b64(wrapped), b64(iv), b64(body), b64(cipher.getAuthTag())].join('.') };
}

/** The number a grid's footer shows ("3 rows"). */
async function gridTotal(page: Page): Promise<number> {
  const text = await page
    .getByText(/^\d+ rows?$/)
    .first()
    .innerText();
  return Number.parseInt(text, 10);
}

/** The dashboard's "Withdrawals to decide" counter. */
function withdrawalsCounter(page: Page) {
  return page.getByRole('listitem').filter({ hasText: 'Withdrawals to decide' }).getByRole('link');
}

test('a member with money and a confirmed bank account', async () => {
  ({ token: memberToken, bankAccountId } = await registerWithBankAccount(member, {
    username,
    payeeName: PAYEE,
    paymentPassword: PAYMENT_PASSWORD,
    accountNumber: ACCOUNT_NUMBER,
    confirm: true,
  }));
  const deposit = await call<{ reference: string }>('POST', '/wps/cashier/deposit', memberToken, {
    methodCode: 'BANK_TRANSFER',
    amount: 300,
    requestId: `live-${suffix}`,
  });
  assert.equal(deposit.success, true, JSON.stringify(deposit));
  await operatorPost(`/admin/cashier/deposits/${deposit.value?.reference}/approve`);
});

test('the withdrawal a member submits appears in the open queue without a reload, and the counters move', async () => {
  // The work panel counts only the queues the operator can act on: withdrawals need cashier.approve.
  cashierOp = await createOperator('live', ['cashier.read', 'cashier.approve', 'dashboard.read']);
  await consoleSignIn(board, cashierOp);
  await board.goto('/console/dashboard');
  const counter = withdrawalsCounter(board);
  await counter.waitFor();
  const pendingBefore = Number.parseInt((await counter.innerText()).replace(/\D/g, ''), 10);

  await consoleSignIn(desk, cashierOp);
  await desk.goto(`/console/cashier/withdrawals?status=pending&member=${username}`);
  await desk.getByRole('heading', { level: 1, name: 'Withdrawals' }).waitFor();
  // The socket is up: the queue says so, and it does not poll.
  await desk.getByTestId('cashier-live').waitFor({ timeout: 15_000 });
  await desk.getByText('Nothing matches these filters.').waitFor();
  assert.equal(await gridTotal(desk), 0);
  // A reload would lose this mark.
  await desk.evaluate(() => {
    (window as unknown as { liveMark: string }).liveMark = 'kept';
  });

  const res = await fetch(`${baseUrl()}/wps/cashier/withdraw`, {
    method: 'POST',
    headers: { Authorization: memberToken, encryption: 'JWE', 'content-type': 'application/json' },
    body: JSON.stringify(
      await encrypted({
        amount: 120,
        bankAccountId,
        paymentPassword: PAYMENT_PASSWORD,
        requestId: `live-w-${suffix}`,
      }),
    ),
  });
  const withdrawal = (await res.json()) as { success: boolean; value?: { reference: string } };
  assert.equal(withdrawal.success, true, JSON.stringify(withdrawal));
  const reference = withdrawal.value?.reference ?? '';
  // From the answer: the order is committed then, and what follows is the live push alone (the
  // request's own time, its encryption and checks, is not what this measures).
  const answered = Date.now();

  const grid = desk.getByRole('table', { name: 'Withdrawals' });
  await grid.getByRole('link', { name: reference }).waitFor({ timeout: 5_000 });
  const seconds = (Date.now() - answered) / 1000;
  assert.ok(seconds < 5, `the row appeared after ${seconds} s`);
  await desk.getByText('1 row', { exact: true }).waitFor({ timeout: 5_000 });
  assert.equal(await desk.evaluate(() => (window as unknown as { liveMark?: string }).liveMark), 'kept', 'no reload');

  // The dashboard's counter, open in the other tab, moves too (other specs may add their own orders).
  await board.waitForFunction(
    (before) => {
      const item = Array.from(document.querySelectorAll('li')).find((li) =>
        li.textContent?.includes('Withdrawals to decide'),
      );
      const value = Number.parseInt(item?.querySelector('a')?.textContent?.replace(/\D/g, '') ?? '', 10);
      return value > before;
    },
    pendingBefore,
    { timeout: 5_000 },
  );
  await screenshot(desk, 'console-live-withdrawals');
});
