import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { issueSession } from '../modules/accounts/sessions.service';
import { post } from '../modules/ledger/ledger.service';
import { createMember } from './factories';
import type { TestApp } from './harness';
import { createGameSession, vendorClient } from './vendor-client';

// Test helpers the rewards programmes (rewards, missions, VIP, rebates, referrals, tickets) share:
// the facts their consumers react to, made the way production makes them.

/**
 * A deposit credited as the cashier credits one: the order approved (the fact the programmes read)
 * and the money posted under the cashier's idempotency key, in one transaction.
 */
export async function creditDeposit(t: TestApp, memberId: number, amount: number): Promise<void> {
  const method = await t.ctx.db.selectFrom('payment_methods').select('code').executeTakeFirstOrThrow();
  const reference = `D${randomBytes(8).toString('hex')}`;
  await t.ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('deposit_orders')
      .values({
        reference,
        member_id: memberId,
        request_id: reference,
        method_code: method.code,
        method_kind: 'gateway',
        amount,
        currency: 'PHP',
      })
      .execute();
    await trx.updateTable('deposit_orders').set({ status: 'approved' }).where('reference', '=', reference).execute();
    await post(trx, {
      idempotencyKey: `deposit:${reference}`,
      type: 'deposit',
      reference,
      entries: [
        { account: { member: memberId, currency: 'PHP' }, amount },
        { account: { house: 'bank', currency: 'PHP' }, amount: -amount },
      ],
    });
  });
}

/**
 * One round of the vendor's first game through the signed vendor API: a bet, then a closing win
 * (amounts in minor units; the bet is the valid bet once the round closes). Returns the game session
 * (its gameType is the type the round counted under) and the round id.
 */
export async function playVendorRound(
  t: TestApp,
  input: { memberId: number; vendor: string; bet: number; win?: number; expiresAt?: Date },
) {
  const session = await createGameSession(t, {
    memberId: input.memberId,
    vendor: input.vendor,
    ...(input.expiresAt ? { expiresAt: input.expiresAt } : {}),
  });
  const client = vendorClient(t, input.vendor);
  const roundId = `round-${randomBytes(6).toString('hex')}`;
  const b = await client.call('bet', {
    token: session.token,
    player: String(input.memberId),
    gameCode: session.gameCode,
    roundId,
    transactionId: `${roundId}-bet`,
    amount: input.bet,
    currency: 'PHP',
  });
  expect(b.body.status).toBe('OK');
  const w = await client.call('win', {
    player: String(input.memberId),
    gameCode: session.gameCode,
    roundId,
    transactionId: `${roundId}-win`,
    betTransactionId: `${roundId}-bet`,
    amount: input.win ?? 0,
    currency: 'PHP',
    roundClosed: true,
  });
  expect(w.body.status).toBe('OK');
  return { ...session, roundId };
}

/**
 * A member signed in to the member area, as login leaves one: a session issued from the member's
 * first known address (127.0.0.1 unless knownIps says otherwise). Returns the member and its token.
 */
export async function createSessionMember(t: TestApp, input: Parameters<typeof createMember>[1] = {}) {
  const m = await createMember(t.ctx, input);
  const token = await issueSession(t.ctx, t.ctx.db, {
    memberId: m.id,
    area: 'member',
    ip: input.knownIps?.[0] ?? '127.0.0.1',
    userAgent: null,
  });
  return { ...m, token };
}

/** The member's cash balance as its ledger account holds it (0 before the first posting). */
export async function cashBalance(t: TestApp, memberId: number): Promise<number> {
  const r = await t.ctx.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'cash')
    .executeTakeFirst();
  return Number(r?.balance ?? 0);
}

/**
 * A promotion created through the back office as an operator with `adminToken` creates one (a deposit
 * promotion started a minute ago, open-ended, English texts), switched on unless `activate` is false.
 * `input` overrides or adds fields of the request. Returns its id.
 */
export async function createPromotion(
  t: TestApp,
  adminToken: string,
  input: Record<string, unknown>,
  activate = true,
): Promise<number> {
  const headers = { authorization: adminToken };
  const res = await t.app.inject({
    method: 'POST',
    url: '/admin/promotions',
    headers,
    payload: {
      type: 'DEPOSIT',
      startsAt: new Date(Date.now() - 60_000).toISOString(),
      endsAt: null,
      texts: { en: { title: `Promo-${randomBytes(6).toString('hex')}`, summary: 's', rules: 'r' } },
      ...input,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { value: { id: number } }).value.id;
  if (activate) {
    const on = await t.app.inject({
      method: 'POST',
      url: `/admin/promotions/${id}/state`,
      headers,
      payload: { state: 'active' },
    });
    expect(on.statusCode, on.body).toBe(200);
  }
  return id;
}
