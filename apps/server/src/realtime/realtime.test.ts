// postgres: events cross connections through LISTEN/NOTIFY
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../modules/accounts/passwords';
import { endSession, issueSession } from '../modules/accounts/sessions.service';
import { post } from '../modules/ledger/ledger.service';
import { createMember } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { injectEncrypted } from '../test/jwe';
import { closeWithSecondNode, listenWithSecondNode, type SecondNode } from '../test/second-node';
import { openTestSocket } from '../test/socket-client';

let t: TestApp;
let base: string;
// On PostgreSQL a second node on the same database: events must cross nodes through NOTIFY.
let other: SecondNode | undefined;
const PAY = 'Pay@12345';

beforeAll(async () => {
  t = await createTestApp();
  ({ base, other } = await listenWithSecondNode(t));
}, 60_000);
afterAll(() => closeWithSecondNode(t, other));

/** Opens a socket and collects its messages. */
function connect(url: string) {
  return openTestSocket(url);
}

async function memberWithToken(uplineId?: number) {
  const m = await createMember(t.ctx, { uplineId: uplineId ?? null });
  await t.ctx.db
    .updateTable('members')
    .set({ payment_password_hash: await hashPassword(PAY) })
    .where('id', '=', m.id)
    .execute();
  const token = await issueSession(t.ctx, t.ctx.db, {
    memberId: m.id,
    area: 'member',
    ip: '127.0.0.1',
    userAgent: null,
  });
  return { ...m, token };
}

/** Credits a member and waits until the credit's balance event has been sent (events go after commit). */
async function credit(memberId: number, amount: number) {
  const key = `rt-${memberId}-${Date.now()}-${Math.random()}`;
  await t.ctx.db.transaction().execute((trx) =>
    post(trx, {
      idempotencyKey: key,
      type: 'deposit',
      reference: key,
      entries: [
        { account: { house: 'deposits-in-transit', currency: 'PHP' }, amount: -amount },
        { account: { member: memberId, currency: 'PHP' }, amount },
      ],
    }),
  );
  await t.ctx.database.afterCommit.idle();
}

describe('GET /ws', { tags: ['postgres'] }, () => {
  it('closes with 4001 without a token, with a bad token and after logout', async () => {
    expect(await connect(`${base}/ws`).closed).toBe(4001);
    expect(await connect(`${base}/ws?token=nonsense`).closed).toBe(4001);
    const m = await memberWithToken();
    const row = await t.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    await endSession(t.ctx, row.id);
    expect(await connect(`${base}/ws?token=${m.token}`).closed).toBe(4001);
  });

  it('closes an open socket with 4001 as soon as its session is revoked (not at the next periodic check)', async () => {
    const m = await memberWithToken();
    const socket = connect(`${base}/ws?token=${m.token}`);
    await socket.next('ready');
    const row = await t.ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    // An operator's lock or a sign-out elsewhere revokes in the database; the periodic check is a
    // minute away, so a close inside this test's time comes from the invalidation.
    await t.ctx.db.updateTable('sessions').set({ revoked_at: new Date() }).where('id', '=', row.id).execute();
    expect(await socket.closed).toBe(4001);
  }, 30_000);

  it('sends the member a balance event after a transfer commits, and nothing to others', async () => {
    const agent = await memberWithToken();
    const m = await memberWithToken(agent.id);
    await credit(m.id, 10_000);
    const mine = connect(`${base}/ws?token=${m.token}`);
    const upline = connect(`${(other ?? { base }).base}/ws?token=${agent.token}`);
    const stranger = connect(`${base}/ws?token=${(await memberWithToken()).token}`);
    await Promise.all([mine.next('ready'), upline.next('ready'), stranger.next('ready')]);
    const res = await injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/member/transfer/upline',
      body: { amount: 12.34, paymentPassword: PAY, requestId: `rt${Date.now()}` },
      token: m.token,
    });
    expect(res.json().success).toBe(true);
    // The listener may still hand the credit's own event (100.00) to a socket that has just
    // subscribed; the transfer's event is the one that must follow.
    expect(await mine.next('balance', (e) => e.data.balance !== 100)).toEqual({
      type: 'balance',
      data: { balance: 87.66, available: 87.66, currency: 'PHP' },
    });
    expect(await upline.next('balance')).toEqual({
      type: 'balance',
      data: { balance: 12.34, available: 12.34, currency: 'PHP' },
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(stranger.messages).toEqual([]);
    for (const s of [mine, upline, stranger]) s.ws.close();
  });

  it('sends a bonusBalance event when a posting moves the member bonus account, none for cash alone', async () => {
    const m = await memberWithToken();
    const fundKey = `rt-bonus-fund-${m.id}`;
    await t.ctx.db.transaction().execute((trx) =>
      post(trx, {
        idempotencyKey: fundKey,
        type: 'bonus',
        reference: fundKey,
        entries: [
          { account: { house: 'promotions-expense', currency: 'PHP' }, amount: -6_000 },
          { account: { member: m.id, currency: 'PHP' }, amount: 1_000 },
          { account: { member: m.id, kind: 'bonus', currency: 'PHP' }, amount: 5_000 },
        ],
      }),
    );
    await t.ctx.database.afterCommit.idle();
    const socket = connect(`${base}/ws?token=${m.token}`);
    await socket.next('ready');
    // A stake above the cash takes the rest from bonus (wallet stakeSplit): both figures move.
    const stake = (key: string, cash: number, bonus: number) =>
      t.ctx.db.transaction().execute((trx) =>
        post(trx, {
          idempotencyKey: key,
          type: 'bet',
          reference: key,
          entries: [
            ...(cash > 0 ? [{ account: { member: m.id, currency: 'PHP' }, amount: -cash }] : []),
            { account: { member: m.id, kind: 'bonus' as const, currency: 'PHP' }, amount: -bonus },
            { account: { house: 'adjustments', currency: 'PHP' }, amount: cash + bonus },
          ],
        }),
      );
    await stake(`rt-bonus-bet1-${m.id}`, 1_000, 500);
    // A socket that has just subscribed may still get the funding's own events (bonus 50.00).
    expect(await socket.next('bonusBalance', (e) => e.data.bonus !== 50)).toEqual({
      type: 'bonusBalance',
      data: { bonus: 45, currency: 'PHP' },
    });
    expect(await socket.next('balance', (e) => e.data.balance !== 10)).toEqual({
      type: 'balance',
      data: { balance: 0, available: 0, currency: 'PHP' },
    });
    // The funding's own events, when they reached the socket after it subscribed (over NOTIFY on
    // PostgreSQL), were passed over above and wait in the buffer; events arrive in commit order, so
    // none can come after the first stake's: drop them, or the next wait would read the funding's.
    socket.messages.length = 0;
    // With the cash gone a stake moves only the bonus account: the bonus event is all there is.
    await stake(`rt-bonus-bet2-${m.id}`, 0, 700);
    expect((await socket.next('bonusBalance')).data).toEqual({ bonus: 38, currency: 'PHP' });
    // A cash-only posting answers the cash event and no bonus event.
    await credit(m.id, 200);
    expect((await socket.next('balance')).data).toEqual({ balance: 2, available: 2, currency: 'PHP' });
    await new Promise((r) => setTimeout(r, 200));
    expect(socket.messages.filter((e) => e.type === 'bonusBalance')).toEqual([]);
    socket.ws.close();
  });

  it('publishes nothing for a posting that rolls back', async () => {
    const m = await memberWithToken();
    const socket = connect(`${base}/ws?token=${m.token}`);
    await socket.next('ready');
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await post(trx, {
          idempotencyKey: `rb-${m.id}`,
          type: 'deposit',
          reference: 'rb',
          entries: [
            { account: { house: 'deposits-in-transit', currency: 'PHP' }, amount: -500 },
            { account: { member: m.id, currency: 'PHP' }, amount: 500 },
          ],
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await credit(m.id, 100);
    // The first balance event is the committed 1.00, never the rolled-back 5.00.
    expect((await socket.next('balance')).data).toEqual({ balance: 1, available: 1, currency: 'PHP' });
    socket.ws.close();
  });
});
