import { SESSION_IDLE_MINUTES } from '@gamehall/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { nextIp, useTestRules } from '../../test/registration-setup';
import { cachedSession } from './sessions.cache';
import { hashToken, issueSession } from './sessions.service';

// The per-node session cache (sessions.cache.ts): a session resolved once is served from memory,
// and every logout, revocation or change of the member is refused or seen at once on this node.
// (Other nodes: multi-node.test.ts.)

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // The password rule the factories' passwords and 'Newer@456' follow.
  await useTestRules(t.ctx.db);
});
afterAll(() => t.close());

async function sessionFor(memberId: number) {
  return issueSession(t.ctx, t.ctx.db, { memberId, area: 'member', ip: '127.0.0.1', userAgent: null });
}

function memberInfo(token: string) {
  return t.app.inject({ method: 'GET', url: '/wps/member/info', headers: { authorization: token } });
}

function isCached(token: string) {
  return cachedSession(t.ctx, hashToken(token), t.ctx.now().getTime(), 60_000) !== undefined;
}

/** A token that this node has resolved and now serves from its cache. */
async function cachedToken(memberId: number) {
  const token = await sessionFor(memberId);
  // The first call may come before the node listens for invalidations (then nothing is cached).
  for (let i = 0; i < 50 && !isCached(token); i++) {
    expect((await memberInfo(token)).statusCode).toBe(200);
    if (!isCached(token)) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(isCached(token), 'the session is served from the cache').toBe(true);
  return token;
}

/**
 * Changes made straight in the database reach the cache through a NOTIFY: before the write returns
 * on PGlite, a moment after the commit on PostgreSQL (the notification's trip to the listener).
 */
async function refusedAfterNotify(token: string) {
  const deadline = Date.now() + (t.ctx.database.kind === 'pglite' ? 0 : 2_000);
  for (;;) {
    const res = await memberInfo(token);
    if (res.statusCode === 401 || Date.now() >= deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('session cache', () => {
  it('refuses a cached session at once after its logout', async () => {
    const m = await createMember(t.ctx);
    const token = await cachedToken(m.id);
    const other = await cachedToken(m.id);
    const out = await t.app.inject({ method: 'DELETE', url: '/wps/session/logout', headers: { authorization: token } });
    expect(out.statusCode, out.body).toBe(200);
    const after = await memberInfo(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ success: false, code: 'AUTH_SESSION_EXPIRED' });
    // The member's other session lives on.
    expect((await memberInfo(other)).statusCode).toBe(200);
  });

  it('refuses the other cached sessions at once after a password change', async () => {
    const m = await createMember(t.ctx);
    const mine = await cachedToken(m.id);
    const other = await cachedToken(m.id);
    const res = await injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/member/password',
      body: { oldPassword: m.password, newPassword: 'Newer@456', confirmNewPassword: 'Newer@456' },
      token: mine,
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await memberInfo(other)).statusCode).toBe(401);
    expect((await memberInfo(mine)).statusCode).toBe(200);
  });

  it('refuses cached sessions of a member an operator disables, or whose session is revoked, in the database', async () => {
    const m = await createMember(t.ctx);
    const token = await cachedToken(m.id);
    await t.ctx.db.updateTable('members').set({ status: 'disabled' }).where('id', '=', m.id).execute();
    expect((await refusedAfterNotify(token)).statusCode).toBe(401);

    const n = await createMember(t.ctx);
    const revoked = await cachedToken(n.id);
    await t.ctx.db
      .updateTable('sessions')
      .set({ revoked_at: new Date() })
      .where('token_hash', '=', hashToken(revoked))
      .execute();
    expect((await refusedAfterNotify(revoked)).statusCode).toBe(401);
  });

  it('forgets a session when anything it carries changes in the database, and keeps it on a touch', async () => {
    const m = await createMember(t.ctx);
    const changes: [string, () => Promise<unknown>][] = [
      [
        'permissions',
        () =>
          t.ctx.db
            .updateTable('members')
            .set({ permissions: JSON.stringify(['x']) })
            .where('id', '=', m.id)
            .execute(),
      ],
      ['type', () => t.ctx.db.updateTable('members').set({ type: 1 }).where('id', '=', m.id).execute()],
      ['language', () => t.ctx.db.updateTable('members').set({ language: 'VI' }).where('id', '=', m.id).execute()],
      [
        'last_seen_at set back',
        () =>
          t.ctx.db
            .updateTable('sessions')
            .set({ last_seen_at: new Date(Date.now() - 3600_000) })
            .where('member_id', '=', m.id)
            .execute(),
      ],
    ];
    for (const [what, change] of changes) {
      const token = await cachedToken(m.id);
      await change();
      const deadline = Date.now() + (t.ctx.database.kind === 'pglite' ? 0 : 2_000);
      while (isCached(token) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      expect(isCached(token), `${what}: dropped from the cache`).toBe(false);
    }
    // A touch (last_seen_at moved forward) and a login stamp change nothing a session carries.
    const token = await cachedToken(m.id);
    await t.ctx.db.updateTable('sessions').set({ last_seen_at: new Date() }).where('member_id', '=', m.id).execute();
    await t.ctx.db.updateTable('members').set({ last_login_at: new Date() }).where('id', '=', m.id).execute();
    expect(isCached(token)).toBe(true);
  });

  it('still ends a cached session after the idle timeout, and touches it as before', async () => {
    const m = await createMember(t.ctx);
    const token = await cachedToken(m.id);
    const lastSeen = async () =>
      (
        await t.ctx.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('token_hash', '=', hashToken(token))
          .executeTakeFirstOrThrow()
      ).last_seen_at;
    const before = new Date(await lastSeen()).getTime();
    // Past the touch period the cache stands aside: the database path touches the session.
    t.advance(2 * 60_000);
    expect((await memberInfo(token)).statusCode).toBe(200);
    expect(new Date(await lastSeen()).getTime()).toBeGreaterThan(before);
    // Idle for longer than the timeout: refused, although it was cached a moment ago.
    expect(isCached(token) || (await memberInfo(token)).statusCode === 200).toBe(true);
    t.advance(SESSION_IDLE_MINUTES * 60_000 + 1000);
    expect((await memberInfo(token)).statusCode).toBe(401);
    t.advance(-(SESSION_IDLE_MINUTES * 60_000 + 1000 + 2 * 60_000));
    expect((await memberInfo(token)).statusCode).toBe(401);
  });
});
