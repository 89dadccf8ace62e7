// postgres: an action's own transactions join its one transaction on a pooled connection while other requests run on other connections
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { AppError } from '../../http/errors';
import { requestMetaOf } from '../../http/request-meta';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { actors, call, expectFailure, requestId } from '../cashier/cashier.fixtures';
import { balanceOf, verifyLedger } from '../ledger/ledger.service';
import { addNote, lock } from '../member-page/member-page.service';
import type { AuditEvent } from './audit.service';
import { operatorAction } from './operator-action';

// An operator's action and its audit row are one transaction. The services an action
// calls open transactions of their own on ctx.db (and write with plain statements); those join the
// action's transaction, so an audit row that cannot be written leaves nothing changed, a refused
// action leaves its failed row and nothing else, and after-commit events go out only for what
// committed. The input guard refuses the text that made audit rows fail (lone UTF-16 surrogates).

let t: TestApp;
let root: string;

type ProbeBody = { memberId: number; outcome: 'done' | 'refused' | 'failed' | 'deadlock-once' };
/** Members whose probe has already been rolled back once by a (simulated) deadlock. */
const deadlocked = new Set<number>();

/**
 * An action made the way services are written: a note (a plain statement), the member locked (a
 * transaction of its own, sessions revoked), a statement that fails and is caught, two notes at
 * once, and then the outcome asked for.
 */
function mountProbe(app: App, ctx: AppContext) {
  app.post('/test/audited-probe', { config: { auth: 'admin:members.write' } }, async (req: FastifyRequest) => {
    const body = req.body as ProbeBody;
    await operatorAction(
      ctx,
      requestMetaOf(req),
      'member.note' as AuditEvent,
      `member:${body.memberId}`,
      async (op) => {
        await addNote(ctx, op, body.memberId, { text: 'probe: first' });
        await lock(ctx, body.memberId, 'probe');
        // A statement that fails must not spoil the action's transaction (it did not under autocommit).
        await expect(sql`SELECT 1 / 0`.execute(ctx.db)).rejects.toThrow();
        await ctx.db
          .transaction()
          .execute(async (trx) => {
            await trx
              .insertInto('member_notes')
              .values({
                member_id: body.memberId,
                operator_id: op.memberId,
                operator_username: op.username,
                text: 'probe: rolled back with its own transaction',
                created_at: ctx.now(),
              })
              .execute();
            await sql`SELECT 1 / 0`.execute(trx);
          })
          .catch(() => undefined);
        await Promise.all([
          addNote(ctx, op, body.memberId, { text: 'probe: side a' }),
          addNote(ctx, op, body.memberId, { text: 'probe: side b' }),
        ]);
        if (body.outcome === 'refused') throw new AppError('MEMBER_NOT_FOUND');
        if (body.outcome === 'failed') throw new Error('probe failure');
        if (body.outcome === 'deadlock-once' && !deadlocked.has(body.memberId)) {
          deadlocked.add(body.memberId);
          // What node-postgres raises when PostgreSQL picks this transaction as a deadlock's victim.
          throw Object.assign(new Error('deadlock detected'), { code: '40P01' });
        }
        return { before: {}, after: {} };
      },
    );
    return { success: true, code: 'OK', value: null };
  });
}

beforeAll(async () => {
  t = await createTestApp({}, { mount: mountProbe });
  root = await adminToken(t.app);
  // An audit row can be made to fail for chosen targets: a real failure of the insert, in the
  // database, as a failure in production would be.
  await sql`CREATE TABLE test_refused_audit_targets (target text PRIMARY KEY)`.execute(t.ctx.db);
  await sql`
    CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.success AND EXISTS (SELECT 1 FROM test_refused_audit_targets WHERE target = NEW.detail->>'target') THEN
        RAISE EXCEPTION 'audit row refused by the test';
      END IF;
      RETURN NEW;
    END $$`.execute(t.ctx.db);
  await sql`CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_audit()`.execute(
    t.ctx.db,
  );
});
afterAll(() => t.close());

const { member: memberWithSession, operator } = actors(() => t, createMember);

async function refuseAuditOf(target: string) {
  await sql`INSERT INTO test_refused_audit_targets (target) VALUES (${target})`.execute(t.ctx.db);
}

async function auditRows(target: string) {
  const rows = await t.ctx.db
    .selectFrom('audit_log')
    .select(['event', 'success', 'detail', 'username'])
    .where(sql<string>`detail->>'target'`, '=', target)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ event: r.event, success: r.success, code: (r.detail as { code?: string }).code }));
}

async function memberState(id: number) {
  const member = await t.ctx.db.selectFrom('members').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  const notes = await t.ctx.db
    .selectFrom('member_notes')
    .select('text')
    .where('member_id', '=', id)
    .orderBy('id')
    .execute();
  return { status: member.status, notes: notes.map((n) => n.text) };
}

/** Whether the member's session still works (a lock ends every session). */
async function sessionWorks(token: string) {
  return (await call(t, 'GET', '/wps/cashier/paymentMethods', token)).statusCode === 200;
}

function probe(token: string, body: ProbeBody) {
  return t.app.inject({ method: 'POST', url: '/test/audited-probe', headers: { authorization: token }, payload: body });
}

describe('operatorAction: the action and its audit row are one transaction', { tags: ['postgres'] }, () => {
  it('keeps what the action did, all of it, with its audit row', async () => {
    const m = await memberWithSession();
    const op = await operator(['members.write']);
    const res = await probe(op.token, { memberId: m.id, outcome: 'done' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await memberState(m.id)).toEqual({
      status: 'disabled',
      notes: ['probe: first', 'probe: side a', 'probe: side b'],
    });
    expect(await sessionWorks(m.token)).toBe(false);
    expect(await auditRows(`member:${m.id}`)).toEqual([{ event: 'member.note', success: true, code: undefined }]);
  });

  it('an action rolled back by a deadlock runs again: kept once, its first try audited as DATABASE_UNAVAILABLE', async () => {
    const m = await memberWithSession();
    const op = await operator(['members.write']);
    const res = await probe(op.token, { memberId: m.id, outcome: 'deadlock-once' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await memberState(m.id)).toEqual({
      status: 'disabled',
      notes: ['probe: first', 'probe: side a', 'probe: side b'],
    });
    expect(await auditRows(`member:${m.id}`)).toEqual([
      { event: 'member.note', success: false, code: 'DATABASE_UNAVAILABLE' },
      { event: 'member.note', success: true, code: undefined },
    ]);
  });

  it('a refused action leaves its failed audit row and nothing else, though its services committed their parts', async () => {
    const m = await memberWithSession();
    const op = await operator(['members.write']);
    expectFailure(await probe(op.token, { memberId: m.id, outcome: 'refused' }), 404, 'MEMBER_NOT_FOUND');
    expect(await memberState(m.id)).toEqual({ status: 'active', notes: [] });
    expect(await sessionWorks(m.token)).toBe(true);
    expect(await auditRows(`member:${m.id}`)).toEqual([
      { event: 'member.note', success: false, code: 'MEMBER_NOT_FOUND' },
    ]);
  });

  it('an action that fails inside is rolled back and audited as INTERNAL_ERROR', async () => {
    const m = await memberWithSession();
    const op = await operator(['members.write']);
    expect((await probe(op.token, { memberId: m.id, outcome: 'failed' })).statusCode).toBe(500);
    expect(await memberState(m.id)).toEqual({ status: 'active', notes: [] });
    expect(await auditRows(`member:${m.id}`)).toEqual([
      { event: 'member.note', success: false, code: 'INTERNAL_ERROR' },
    ]);
  });

  it('an action whose audit row cannot be written changes nothing (member lock)', async () => {
    const m = await memberWithSession();
    const op = await operator(['members.read', 'members.write']);
    await refuseAuditOf(`member:${m.id}`);
    const res = await call(t, 'POST', `/admin/members/${m.id}/lock`, op.token, { reason: 'audit will fail' });
    expect(res.statusCode).toBe(500);
    expect(await memberState(m.id)).toEqual({ status: 'active', notes: [] });
    expect(await sessionWorks(m.token)).toBe(true);
    // The failed row records the failure truthfully: nothing was done.
    expect(await auditRows(`member:${m.id}`)).toEqual([
      { event: 'member.lock', success: false, code: 'INTERNAL_ERROR' },
    ]);
  });

  it('an approval whose audit row cannot be written credits nothing and announces nothing', async () => {
    const m = await memberWithSession();
    const op = await operator(['cashier.read', 'cashier.approve']);
    const order = (
      await call(t, 'POST', '/wps/cashier/deposit', m.token, {
        methodCode: 'BANK_TRANSFER',
        amount: 1000,
        requestId: requestId(),
      })
    ).json().value as { reference: string };
    await refuseAuditOf(order.reference);
    await t.ctx.database.afterCommit.idle();
    const noticesBefore = t.ctx.database.afterCommit.stats.notices;
    const res = await call(t, 'POST', `/admin/cashier/deposits/${order.reference}/approve`, op.token);
    expect(res.statusCode).toBe(500);
    await t.ctx.database.afterCommit.idle();
    // The credit's balance event would have been a notice after commit; there was no commit.
    expect(t.ctx.database.afterCommit.stats.notices).toBe(noticesBefore);
    expect((await balanceOf(t.ctx.db, m.id, 'PHP')).balance).toBe(0);
    const status = await t.ctx.db
      .selectFrom('deposit_orders')
      .select('status')
      .where('reference', '=', order.reference)
      .executeTakeFirstOrThrow();
    expect(status.status).toBe('pending');
    expect(await auditRows(order.reference)).toEqual([
      { event: 'cashier.deposit.approve', success: false, code: 'INTERNAL_ERROR' },
    ]);

    // Once the audit row can be written, the same approval credits, audits and announces.
    await sql`DELETE FROM test_refused_audit_targets WHERE target = ${order.reference}`.execute(t.ctx.db);
    const again = await call(t, 'POST', `/admin/cashier/deposits/${order.reference}/approve`, op.token);
    expect(again.statusCode, again.body).toBe(200);
    await t.ctx.database.afterCommit.idle();
    expect(t.ctx.database.afterCommit.stats.notices).toBeGreaterThan(noticesBefore);
    expect((await balanceOf(t.ctx.db, m.id, 'PHP')).balance).toBe(100_000);
    expect((await auditRows(order.reference)).map((r) => r.success)).toEqual([false, true]);
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });

  it('concurrent approvals of one deposit credit it once, each audited', async () => {
    const m = await memberWithSession();
    const op = await operator(['cashier.read', 'cashier.approve']);
    const order = (
      await call(t, 'POST', '/wps/cashier/deposit', m.token, {
        methodCode: 'BANK_TRANSFER',
        amount: 250,
        requestId: requestId(),
      })
    ).json().value as { reference: string };
    const approve = () => call(t, 'POST', `/admin/cashier/deposits/${order.reference}/approve`, op.token);
    const answers = await Promise.all([approve(), approve(), approve()]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect((await balanceOf(t.ctx.db, m.id, 'PHP')).balance).toBe(25_000);
    expect((await auditRows(order.reference)).map((r) => r.success)).toEqual([true, true, true]);
  });
});

describe('lone UTF-16 surrogates in the input', () => {
  const LONE = 'ab\ud800cd';

  it('are a 400 field error in a lock reason, a member note and a role name, and change nothing', async () => {
    const m = await memberWithSession();
    const op = await operator(['members.read', 'members.write', 'operators.admin']);
    const roles = async () => (await call(t, 'GET', '/admin/roles', root)).json().value.list.length as number;
    const rolesBefore = await roles();

    const locked = await call(t, 'POST', `/admin/members/${m.id}/lock`, op.token, { reason: LONE });
    expectFailure(locked, 400, 'VALIDATION_FAILED');
    expect(locked.json().value).toEqual({ fields: { reason: 'INVALID' } });

    const noted = await call(t, 'POST', `/admin/members/${m.id}/notes`, op.token, { text: `note ${LONE}` });
    expectFailure(noted, 400, 'VALIDATION_FAILED');
    expect(noted.json().value).toEqual({ fields: { text: 'INVALID' } });

    // The low half alone, and a key that carries one.
    const role = await call(t, 'POST', '/admin/roles', op.token, {
      name: 'Role \udc00',
      permissions: ['members.read'],
    });
    expectFailure(role, 400, 'VALIDATION_FAILED');
    expect(role.json().value).toEqual({ fields: { name: 'INVALID' } });
    const key = await call(t, 'POST', '/admin/roles', op.token, {
      name: 'Role',
      permissions: ['members.read'],
      'x\ud800': 1,
    });
    expectFailure(key, 400, 'VALIDATION_FAILED');

    expect(await memberState(m.id)).toEqual({ status: 'active', notes: [] });
    expect(await sessionWorks(m.token)).toBe(true);
    expect(await roles()).toBe(rolesBefore);
    // Refused before any service ran: not even a failed audit row.
    expect(await auditRows(`member:${m.id}`)).toEqual([]);
  });

  it('are refused in the query and the route parameters as well', async () => {
    const op = await operator(['members.read', 'cashier.read', 'cashier.settings']);
    // A URL carries text percent-encoded as UTF-8, where a lone surrogate has no encoding: the
    // routers leave such bytes undecoded. What reaches params or query is still checked.
    const search = await t.app.inject({
      method: 'GET',
      url: '/admin/members',
      query: { username: LONE },
      headers: { authorization: op.token },
    });
    expect(search.statusCode).toBeLessThan(500);
    const encoded = await call(t, 'GET', '/admin/members?username=%ED%A0%80', op.token);
    expect(encoded.statusCode).toBeLessThan(500);
    const param = await call(t, 'GET', '/admin/cashier/methods/%ED%A0%80', op.token);
    expect(param.statusCode).toBeLessThan(500);
    const before = await t.ctx.db.selectFrom('payment_methods').selectAll().orderBy('code').execute();
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/admin/cashier/methods/%ED%A0%80',
      headers: { authorization: op.token },
      payload: { enabled: false },
    });
    expect(changed.statusCode).toBeLessThan(500);
    expect(await t.ctx.db.selectFrom('payment_methods').selectAll().orderBy('code').execute()).toEqual(before);
  });

  it('let a well-formed pair (an emoji) through', async () => {
    const m = await memberWithSession();
    const op = await operator(['members.read', 'members.write', 'operators.admin']);
    const noted = await call(t, 'POST', `/admin/members/${m.id}/notes`, op.token, { text: 'VIP 😀 note' });
    expect(noted.statusCode, noted.body).toBe(200);
    const locked = await call(t, 'POST', `/admin/members/${m.id}/lock`, op.token, { reason: 'asked 🙏' });
    expect(locked.statusCode, locked.body).toBe(200);
    const role = await call(t, 'POST', '/admin/roles', op.token, {
      name: `Role ⭐ ${requestId().slice(-6)}`,
      permissions: ['members.read'],
    });
    expect(role.statusCode, role.body).toBe(200);
    expect(await memberState(m.id)).toEqual({ status: 'disabled', notes: ['VIP 😀 note'] });
    const rows = await t.ctx.db
      .selectFrom('audit_log')
      .select('detail')
      .where(sql<string>`detail->>'target'`, '=', `member:${m.id}`)
      .where('event', '=', 'member.lock')
      .executeTakeFirstOrThrow();
    expect((rows.detail as { after: { reason: string } }).after.reason).toBe('asked 🙏');
  });
});
