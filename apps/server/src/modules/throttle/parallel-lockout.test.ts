// postgres: parallel wrong passwords against one lockout counter
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { bootstrap } from '../../bootstrap';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { adminLoginCall } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { hashPassword } from '../accounts/passwords';
import { issueSession } from '../accounts/sessions.service';
import { getBrand, setBrandSetting } from '../brand/brand.service';
import { balanceOf, post } from '../ledger/ledger.service';

// Lockouts under parallel requests: 60 wrong answers sent at once must not get more answers checked
// than the limit allows, and a right answer after the lock is refused. Every password check the
// server runs is counted here (the hashing functions are wrapped, unchanged otherwise).
const checks = vi.hoisted(() => ({ count: 0 }));
vi.mock('../accounts/passwords', async (importOriginal) => {
  const original = await importOriginal<typeof import('../accounts/passwords')>();
  return {
    ...original,
    verifyPassword: (...args: Parameters<typeof original.verifyPassword>) => {
      checks.count++;
      return original.verifyPassword(...args);
    },
    burnPasswordCheck: (...args: Parameters<typeof original.burnPasswordCheck>) => {
      checks.count++;
      return original.burnPasswordCheck(...args);
    },
  };
});

const PARALLEL = 60;
let t: TestApp;
/** On PostgreSQL a second node (own pool, same database) takes every other request. */
let second: { app: App; ctx: AppContext } | undefined;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  // The proof of work is not what is tested here; the brand switch turns it off.
  await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
  if (t.ctx.config.databaseUrl) {
    const ctx = await bootstrap(t.ctx.config, { skipSeed: true, now: t.ctx.now });
    second = { app: await buildApp(ctx), ctx };
  }
});
afterAll(async () => {
  if (second) {
    await second.app.close();
    await second.ctx.database.close();
  }
  await t.close();
});
beforeEach(() => {
  seq++;
});

/** The node that serves request i. */
function node(i: number): App {
  return second && i % 2 === 1 ? second.app : t.app;
}
/** A private address of its own for request i of this test (no country, so no region refusal). */
function address(i: number) {
  return `10.${60 + (seq % 100)}.${Math.floor(i / 250)}.${(i % 250) + 1}`;
}
async function parallel<T>(run: (i: number) => Promise<T>): Promise<T[]> {
  checks.count = 0;
  return Promise.all(Array.from({ length: PARALLEL }, (_, i) => run(i)));
}
function codes(responses: { statusCode: number; json: () => { code?: string } }[]) {
  const tally: Record<string, number> = {};
  for (const r of responses) {
    const key = `${r.statusCode} ${r.json().code ?? 'OK'}`;
    tally[key] = (tally[key] ?? 0) + 1;
  }
  return tally;
}
async function sessionsOf(memberId: number) {
  return (await t.ctx.db.selectFrom('sessions').select('id').where('member_id', '=', memberId).execute()).length;
}
async function withCaptchaAfter<T>(failures: number, run: () => Promise<T>): Promise<T> {
  await setBrandSetting(t.ctx.db, 'captchaAfterFailures', failures);
  try {
    return await run();
  } finally {
    await setBrandSetting(t.ctx.db, 'captchaAfterFailures', 3);
  }
}

describe('member login under 60 parallel wrong passwords', { tags: ['postgres'] }, () => {
  const login = (app: App, body: Record<string, unknown>, remoteAddress: string) =>
    injectEncrypted(app, { method: 'POST', url: '/wps/session/login', body, remoteAddress });

  it('checks at most ten passwords of one account, then refuses even the right one', async () => {
    const m = await createMember(t.ctx, { knownIps: [address(0)] });
    const responses = await withCaptchaAfter(100, () =>
      parallel((i) => login(node(i), { username: m.username, password: `Wrong@${i}` }, address(i))),
    );
    const tally = codes(responses);
    console.info(`member login: ${checks.count} of ${PARALLEL} passwords checked`, tally);
    expect(checks.count).toBeLessThanOrEqual(10);
    expect(tally['401 ACCOUNT_PASSWORD_INVALID']).toBe(9);
    expect(tally['429 RATE_LIMITED']).toBe(PARALLEL - 9);
    checks.count = 0;
    const right = await login(t.app, { username: m.username, password: m.password }, address(0));
    expect([right.statusCode, right.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(checks.count).toBe(0);
    expect(await sessionsOf(m.id)).toBe(0);
  });

  it('checks at most three before the captcha is due; the others are refused asking for it', async () => {
    const m = await createMember(t.ctx, { knownIps: [address(0)] });
    const responses = await parallel((i) =>
      login(node(i), { username: m.username, password: `Wrong@${i}` }, address(i)),
    );
    const tally = codes(responses);
    console.info(`member login, captcha due after 3: ${checks.count} of ${PARALLEL} checked`, tally);
    expect(checks.count).toBeLessThanOrEqual(3);
    expect(tally['400 CAPTCHA_REQUIRED']).toBe(PARALLEL - 3);
    for (const r of responses.filter((r) => r.statusCode === 400))
      expect(r.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });
    const right = await login(t.app, { username: m.username, password: m.password }, address(0));
    expect(right.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });
    expect(await sessionsOf(m.id)).toBe(0);
  });

  it('signs in many members at once from one shared address without asking for the captcha', async () => {
    // A café or a carrier's shared address: attempts still being checked are not failures, so the
    // ones after the third wait for them instead of being asked for the captcha.
    const members = await Promise.all(
      Array.from({ length: 12 }, () => createMember(t.ctx, { knownIps: [address(0)] })),
    );
    checks.count = 0;
    const responses = await Promise.all(
      members.map((m, i) => login(node(i), { username: m.username, password: m.password }, address(0))),
    );
    expect(codes(responses)).toEqual({ '200 OK': members.length });
    expect(checks.count).toBe(members.length);
    // Three failures from that address, one after the other: then the captcha is due for everyone there.
    for (let i = 0; i < 3; i++) {
      const wrong = await login(t.app, { username: members[i]?.username, password: 'Wrong@123' }, address(0));
      expect(wrong.json().code).toBe('ACCOUNT_PASSWORD_INVALID');
    }
    const after = await login(t.app, { username: members[5]?.username, password: members[5]?.password }, address(0));
    expect(after.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });
  });

  it('asks one address for the captcha after three failures, whichever usernames it tries', async () => {
    const limit = t.ctx.config.loginLimitPerIp;
    t.ctx.config.loginLimitPerIp = 1000;
    if (second) second.ctx.config.loginLimitPerIp = 1000;
    try {
      const responses = await parallel((i) =>
        login(node(i), { username: `nobody${seq}x${i}`, password: 'Wrong@123' }, address(0)),
      );
      const tally = codes(responses);
      expect(checks.count).toBeLessThanOrEqual(3);
      expect(tally['400 CAPTCHA_REQUIRED']).toBe(PARALLEL - 3);
    } finally {
      t.ctx.config.loginLimitPerIp = limit;
      if (second) second.ctx.config.loginLimitPerIp = limit;
    }
  });
});

describe('admin login under 60 parallel wrong passwords', { tags: ['postgres'] }, () => {
  it('checks at most ten passwords from one address, then refuses even the right one', async () => {
    const op = await createMember(t.ctx, { type: 90, password: 'Oper@1234', permissions: ['*'] });
    const responses = await withCaptchaAfter(100, () =>
      parallel((i) =>
        adminLoginCall(
          node(i),
          { username: op.username, password: `Wrong@${i}` },
          { remoteAddress: address(0), challenge: null },
        ),
      ),
    );
    const tally = codes(responses);
    console.info(`admin login: ${checks.count} of ${PARALLEL} passwords checked`, tally);
    expect(checks.count).toBeLessThanOrEqual(10);
    expect(tally['401 ACCOUNT_PASSWORD_INVALID']).toBe(10);
    expect(tally['429 RATE_LIMITED']).toBe(PARALLEL - 10);
    checks.count = 0;
    const right = await adminLoginCall(
      t.app,
      { username: op.username, password: 'Oper@1234' },
      { remoteAddress: address(0), challenge: null },
    );
    expect([right.statusCode, right.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(checks.count).toBe(0);
    expect(await sessionsOf(op.id)).toBe(0);
  });

  it('checks at most three before the captcha is due, from many addresses on one username', async () => {
    const op = await createMember(t.ctx, { type: 90, password: 'Oper@1234', permissions: ['*'] });
    const responses = await parallel((i) =>
      adminLoginCall(
        node(i),
        { username: op.username, password: `Wrong@${i}` },
        { remoteAddress: address(i), challenge: null },
      ),
    );
    const tally = codes(responses);
    console.info(`admin login, captcha due after 3: ${checks.count} of ${PARALLEL} checked`, tally);
    expect(checks.count).toBeLessThanOrEqual(3);
    expect(tally['400 CAPTCHA_REQUIRED']).toBe(PARALLEL - 3);
    const right = await adminLoginCall(
      t.app,
      { username: op.username, password: 'Oper@1234' },
      { remoteAddress: address(0), challenge: null },
    );
    expect(right.json()).toMatchObject({ code: 'CAPTCHA_REQUIRED', value: { captcha: true } });
    expect(await sessionsOf(op.id)).toBe(0);
  });
});

describe('payment password under 60 parallel wrong answers', { tags: ['postgres'] }, () => {
  async function payer() {
    const agent = await createMember(t.ctx, { type: 1 });
    const m = await createMember(t.ctx, { uplineId: agent.id });
    await t.ctx.db
      .updateTable('members')
      .set({ payment_password_hash: await hashPassword('Pay@12345') })
      .where('id', '=', m.id)
      .execute();
    const token = await issueSession(t.ctx, t.ctx.db, {
      memberId: m.id,
      area: 'member',
      ip: '127.0.0.1',
      userAgent: null,
    });
    const transfer = (app: App, paymentPassword: string, i: number) =>
      injectEncrypted(app, {
        method: 'POST',
        url: '/wps/member/transfer/upline',
        body: { amount: 1, paymentPassword, requestId: `par${seq}x${i}${Date.now().toString(36)}` },
        token,
      });
    return { m, transfer };
  }

  it('lets right answers sent together through: they wait for the slots in flight, none is refused', async () => {
    const { m, transfer } = await payer();
    const { currency } = await getBrand(t.ctx.db);
    await t.ctx.db.transaction().execute((trx) =>
      post(trx, {
        idempotencyKey: `fund-${m.id}`,
        type: 'deposit',
        reference: `R-fund-${m.id}`,
        entries: [
          { account: { house: 'deposits-in-transit', currency }, amount: -10_000 },
          { account: { member: m.id, currency }, amount: 10_000 },
        ],
      }),
    );
    checks.count = 0;
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => transfer(node(i), 'Pay@12345', i)));
    expect(codes(responses)).toEqual({ '200 OK': 20 });
    expect(checks.count).toBe(20);
  });

  it('checks at most five answers, then refuses even the right one and moves no money', async () => {
    const { m, transfer } = await payer();
    const responses = await parallel((i) => transfer(node(i), `Wrong@${i}`, i));
    const tally = codes(responses);
    console.info(`payment password: ${checks.count} of ${PARALLEL} answers checked`, tally);
    expect(checks.count).toBeLessThanOrEqual(5);
    expect(tally['400 PAYMENT_PASSWORD_INVALID']).toBe(5);
    expect(tally['429 RATE_LIMITED']).toBe(PARALLEL - 5);
    checks.count = 0;
    const right = await transfer(t.app, 'Pay@12345', PARALLEL);
    expect([right.statusCode, right.json().code]).toEqual([429, 'RATE_LIMITED']);
    expect(checks.count).toBe(0);
    expect((await balanceOf(t.ctx.db, m.id, (await getBrand(t.ctx.db)).currency)).balance).toBe(0);
  });
});
