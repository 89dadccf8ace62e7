// postgres: the queue events cross server nodes through LISTEN/NOTIFY (a second node on the same database).
import { OPERATOR_SOCKET_AUTH_MS, OPERATOR_SOCKET_PATH } from '@gamehall/shared/api/admin-realtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  actors,
  call,
  fund,
  PAYMENT_PASSWORD,
  requestId,
  setPaymentPassword,
} from '../modules/cashier/cashier.fixtures';
import { createMember } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';
import { injectEncrypted } from '../test/jwe';
import { closeWithSecondNode, listenWithSecondNode, type SecondNode } from '../test/second-node';
import { openTestSocket } from '../test/socket-client';

let t: TestApp;
let base: string;
// On PostgreSQL a second node on the same database: queue events must cross nodes through NOTIFY.
let other: SecondNode | undefined;

beforeAll(async () => {
  t = await createTestApp();
  ({ base, other } = await listenWithSecondNode(t));
}, 60_000);
afterAll(() => closeWithSecondNode(t, other));

const { member: memberWithSession, operator: operatorWithSession } = actors(() => t, createMember);

/**
 * Opens the operators' socket and collects its messages. With `token` the first message is the
 * token (what the console sends); `headers` instead authenticate the upgrade request itself.
 */
function connect(options: { token?: string; raw?: string; headers?: Record<string, string>; node?: string } = {}) {
  return openTestSocket(`${options.node ?? base}${OPERATOR_SOCKET_PATH}`, {
    headers: options.headers ?? {},
    onOpen: (ws) => {
      if (options.token !== undefined) ws.send(JSON.stringify({ type: 'auth', token: options.token }));
      else if (options.raw !== undefined) ws.send(options.raw);
    },
  });
}

/** A member with a payment password, money and a confirmed bank account, ready to withdraw. */
async function readyMember() {
  const m = await memberWithSession({ payeeName: 'Juan Dela Cruz' });
  await setPaymentPassword(t, m.id);
  await fund(t, m.id, 500_000);
  const added = await call(t, 'POST', '/wps/cashier/bankAccounts', m.token, {
    bankName: 'BDO',
    accountName: 'juan dela cruz',
    accountNumber: `00${Math.floor(Math.random() * 1e10)}`,
  });
  expect(added.statusCode).toBe(200);
  const accountId = added.json().value.id as number;
  const confirmer = await operatorWithSession(['cashier.approve']);
  expect((await call(t, 'POST', `/admin/cashier/bankAccounts/${accountId}/confirm`, confirmer.token)).statusCode).toBe(
    200,
  );
  return { ...m, accountId };
}

async function withdraw(member: { token: string; accountId: number }, amount = 120) {
  const res = await injectEncrypted(t.app, {
    method: 'POST',
    url: '/wps/cashier/withdraw',
    token: member.token,
    body: { amount, bankAccountId: member.accountId, paymentPassword: PAYMENT_PASSWORD, requestId: requestId() },
  });
  expect(res.json().success).toBe(true);
  return res.json().value.reference as string;
}

/** The member's own socket (/ws), to show back-office events never reach it. */
function memberSocket(token: string) {
  const socket = openTestSocket(`${base}/ws?token=${token}`);
  return { ...socket, ready: socket.next('ready').then(() => undefined) };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`GET ${OPERATOR_SOCKET_PATH}`, () => {
  it('closes with 4001 for a bad token, a member token, a malformed first message, and without a token', async () => {
    expect(await connect({ token: 'nonsense' }).closed).toBe(4001);
    expect(await connect({ raw: 'not json' }).closed).toBe(4001);
    expect(await connect({ headers: { authorization: 'nonsense' } }).closed).toBe(4001);
    const member = await memberWithSession();
    expect(await connect({ token: member.token }).closed).toBe(4001);
    // A token in the URL is never read (it would reach logs): without the auth message the socket
    // closes once the wait is over, even for a live operator session.
    const op = await operatorWithSession(['cashier.read']);
    const started = Date.now();
    const code = await openTestSocket(`${base}${OPERATOR_SOCKET_PATH}?token=${op.token}`).closed;
    expect(code).toBe(4001);
    expect(Date.now() - started).toBeGreaterThanOrEqual(OPERATOR_SOCKET_AUTH_MS - 100);
  }, 20_000);

  it('accepts an operator by its first message or by the Authorization header', async () => {
    const op = await operatorWithSession(['cashier.read']);
    const byMessage = connect({ token: op.token });
    const byHeader = connect({ headers: { authorization: `Bearer ${op.token}` } });
    expect((await byMessage.next('ready')).data).toEqual({ operatorId: op.id });
    expect((await byHeader.next('ready')).data).toEqual({ operatorId: op.id });
    byMessage.ws.close();
    byHeader.ws.close();
  });

  it('tells operators holding cashier.read of a withdrawal a member submits, and nobody else', {
    tags: ['postgres'],
  }, async () => {
    const member = await readyMember();
    const cashier = await operatorWithSession(['cashier.read']);
    const everything = await operatorWithSession(['*']);
    const outsider = await operatorWithSession(['members.read', 'reports.read']);
    // The cashier listens on the other node when there is one: the event crosses nodes.
    const desk = connect({ token: cashier.token, node: other?.base });
    const admin = connect({ token: everything.token });
    const blind = connect({ token: outsider.token });
    const player = memberSocket(member.token);
    await Promise.all([desk.next('ready'), admin.next('ready'), blind.next('ready'), player.ready]);

    const reference = await withdraw(member);
    const created = {
      type: 'cashier',
      data: {
        queue: 'withdrawals',
        change: 'created',
        id: expect.any(Number),
        reference,
        status: 'pending',
        memberId: member.id,
      },
    };
    expect(await desk.next('cashier', (m) => m.data.reference === reference)).toEqual(created);
    expect(await admin.next('cashier', (m) => m.data.reference === reference)).toEqual(created);

    // An operator's decision is a change of the queue too.
    const approver = await operatorWithSession(['cashier.approve']);
    expect((await call(t, 'POST', `/admin/cashier/withdrawals/${reference}/approve`, approver.token)).statusCode).toBe(
      200,
    );
    expect((await desk.next('cashier', (m) => m.data.reference === reference)).data).toMatchObject({
      queue: 'withdrawals',
      change: 'updated',
      status: 'approved',
    });

    await pause(300);
    expect(blind.messages).toEqual([]);
    // A member's socket never carries back-office events.
    expect(player.messages.filter((m) => m.type === 'cashier')).toEqual([]);
    for (const s of [desk, admin, blind]) s.ws.close();
    player.ws.close();
  });

  it('publishes nothing for a queue change that rolls back', { tags: ['postgres'] }, async () => {
    const op = await operatorWithSession(['cashier.read']);
    const member = await memberWithSession();
    const desk = connect({ token: op.token });
    await desk.next('ready');
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('member_bank_accounts')
          .values({ member_id: member.id, bank_name: 'BDO', account_name: 'Rolled Back', account_number: '111' })
          .execute();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const added = await call(t, 'POST', '/wps/cashier/bankAccounts', member.token, {
      bankName: 'BPI',
      accountName: 'Kept Account',
      accountNumber: '222333444',
    });
    expect(added.statusCode).toBe(200);
    // The first bank-account event of this member is the committed one, never the rolled-back one.
    const first = await desk.next('cashier', (m) => m.data.memberId === member.id);
    expect(first.data).toMatchObject({ queue: 'bankAccounts', change: 'created', id: added.json().value.id });
    desk.ws.close();
  });

  it('follows a role change at once: an operator who loses cashier.read gets no more queue events', {
    tags: ['postgres'],
  }, async () => {
    const op = await operatorWithSession(['cashier.read']);
    const desk = connect({ token: op.token });
    await desk.next('ready');
    await t.ctx.db
      .updateTable('members')
      .set({ permissions: JSON.stringify(['members.read']) })
      .where('id', '=', op.id)
      .execute();
    await pause(300);
    const member = await memberWithSession();
    const added = await call(t, 'POST', '/wps/cashier/bankAccounts', member.token, {
      bankName: 'BPI',
      accountName: 'Role Change',
      accountNumber: '999888777',
    });
    expect(added.statusCode).toBe(200);
    await pause(300);
    expect(desk.messages).toEqual([]);
    desk.ws.close();
  });

  it("does not hold the operator's idle timeout off, and closes with 4001 once the session has idled out", {
    tags: ['postgres'],
    timeout: 30_000,
  }, async () => {
    const op = await operatorWithSession(['cashier.read']);
    const desk = connect({ token: op.token });
    await desk.next('ready');
    const lastSeen = async () =>
      (
        await t.ctx.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('member_id', '=', op.id)
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    // Five minutes without a request: setting last_seen_at back notifies, so the socket's check runs
    // now; a check that counted as use would move last_seen_at forward again.
    const fiveMinutesAgo = new Date(t.ctx.now().getTime() - 5 * 60_000);
    await t.ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: fiveMinutesAgo })
      .where('member_id', '=', op.id)
      .execute();
    await pause(500);
    expect(new Date(await lastSeen()).getTime()).toBe(fiveMinutesAgo.getTime());
    expect(desk.messages.filter((m) => m.type !== 'cashier')).toEqual([]);
    // Past the brand's operatorIdleMinutes (30) the session is over: the socket closes.
    await t.ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(t.ctx.now().getTime() - 31 * 60_000) })
      .where('member_id', '=', op.id)
      .execute();
    expect(await desk.closed).toBe(4001);
  });

  it('closes an open socket with 4001 as soon as the session is revoked or the operator disabled', {
    tags: ['postgres'],
    timeout: 30_000,
  }, async () => {
    const revoked = await operatorWithSession(['cashier.read']);
    const disabled = await operatorWithSession(['cashier.read']);
    const a = connect({ token: revoked.token, node: other?.base });
    const b = connect({ token: disabled.token });
    await Promise.all([a.next('ready'), b.next('ready')]);
    // The periodic check is a minute away, so a close inside this test's time is the invalidation's.
    await t.ctx.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('member_id', '=', revoked.id)
      .execute();
    await t.ctx.db.updateTable('members').set({ status: 'disabled' }).where('id', '=', disabled.id).execute();
    expect(await a.closed).toBe(4001);
    expect(await b.closed).toBe(4001);
  });
});
