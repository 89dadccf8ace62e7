import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { hashPassword } from '../accounts/passwords';
import { issueSession } from '../accounts/sessions.service';
import { post } from '../ledger/ledger.service';

// Test helpers shared by the cashier and admin tests. Not a test file and kept free of imports
// from src/test (the boundary rules forbid that outside tests): tests create members with
// createMember themselves and pass what these helpers need.

type TestApp = { app: App; ctx: AppContext };

export const PAYMENT_PASSWORD = 'Pay@1234';

export function requestId(): string {
  return `req-${randomBytes(8).toString('hex')}`;
}

/** A session token for an existing account ('admin' area for operators). */
export function sessionFor(t: TestApp, memberId: number, area: 'member' | 'admin' = 'member') {
  return issueSession(t.ctx, t.ctx.db, { memberId, area, ip: '127.0.0.1', userAgent: null });
}

type Account = { id: number; username: string; password: string };

/**
 * Members and operators with sessions, made with the test factory the caller passes in (the
 * harness's createMember; `getT` because the app is created in beforeAll).
 */
export function actors<I extends { type?: number; permissions?: string[] }>(
  getT: () => TestApp,
  create: (ctx: AppContext, input?: I) => Promise<Account>,
) {
  return {
    async member(input?: I) {
      const m = await create(getT().ctx, input);
      return { ...m, token: await sessionFor(getT(), m.id) };
    },
    async operator(permissions: string[] = ['cashier.read', 'cashier.approve', 'cashier.settings']) {
      const op = await create(getT().ctx, { type: 90, permissions } as I);
      return { ...op, token: await sessionFor(getT(), op.id, 'admin') };
    },
  };
}

export async function setPaymentPassword(t: TestApp, memberId: number, password = PAYMENT_PASSWORD) {
  await t.ctx.db
    .updateTable('members')
    .set({ payment_password_hash: await hashPassword(password) })
    .where('id', '=', memberId)
    .execute();
}

/** Credits a member's cash straight through the ledger (minor units). */
export async function fund(t: TestApp, memberId: number, amount: number, currency = 'PHP') {
  await t.ctx.db.transaction().execute((trx) =>
    post(trx, {
      idempotencyKey: `test-fund:${randomBytes(8).toString('hex')}`,
      type: 'test.fund',
      reference: 'test',
      entries: [
        { account: { member: memberId, currency }, amount },
        { account: { house: 'bank', currency }, amount: -amount },
      ],
    }),
  );
}

export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: token ? { authorization: token } : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

export function expectFailure(res: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { success: boolean; code: string };
  expect(body.success).toBe(false);
  expect(body.code).toBe(code);
}

// Smallest valid images: the magic bytes are what the server checks.
// Real 2x2 images: uploads are decoded and re-encoded before they are kept (http/image-upload.ts),
// so what a test uploads must decode; what is stored is the re-encoded image, not these bytes.
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4ISd3Qk6OAUIBAB8mBBGFRCvEAAAAAElFTkSuQmCC',
  'base64',
);
export const JPEG_BYTES = Buffer.from(
  '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAf/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQf/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCLALCPf//Z',
  'base64',
);
export const WEBP_BYTES = Buffer.from(
  'UklGRjgAAABXRUJQVlA4ICwAAAAQAgCdASoCAAIAAUAmJaACdLoB+AH4AAPIAJv/1ODBz5+UR/7WghMOf6jwAA==',
  'base64',
);

/** The bytes are an image of `format` (png, jpeg, webp) that decodes, and nothing follows its end. */
export async function expectImage(data: Buffer | Uint8Array, format: 'png' | 'jpeg' | 'webp') {
  const { default: sharp } = await import('sharp');
  const meta = await sharp(Buffer.from(data)).metadata();
  if (meta.format !== format || !meta.width) throw new Error(`not a ${format} image: ${meta.format}`);
  return { width: meta.width, height: meta.height };
}

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; data: Buffer };

/** A hand-built multipart/form-data body (what a browser's FormData sends). */
export function multipart(parts: Part[]) {
  const boundary = `----gamehall${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('data' in p) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.contentType}\r\n\r\n`,
        ),
      );
      chunks.push(p.data);
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export function injectMultipart(t: TestApp, url: string, token: string | undefined, parts: Part[]) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...(token ? { authorization: token } : {}) },
  });
}

/** A house account withdrawals can be paid from (docs/cashier.md "Receiving and paying accounts"); answers its id. */
export async function payingAccount(t: TestApp): Promise<number> {
  const row = await t.ctx.db
    .insertInto('cashier_house_accounts')
    .values({
      label: `Payouts ${randomBytes(3).toString('hex')}`,
      bank_name: 'BDO',
      account_name: 'Gamehall Payouts',
      account_number: `77${Math.floor(Math.random() * 1e10)}`,
      method_code: null,
      pays: true,
      daily_cap: null,
      vip_levels: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A Mark-paid body with a fresh bank reference, paid from `accountId` with no fee. */
export function payoutOf(accountId: number, fee = 0) {
  return { payoutReference: `TRX-${randomBytes(5).toString('hex')}`, payingAccountId: accountId, fee };
}
