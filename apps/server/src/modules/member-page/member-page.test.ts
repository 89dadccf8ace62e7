// postgres: two operators approving one adjustment at once credit once
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge } from '../../test/challenge';
import { createMember } from '../../test/factories';
import { insertRound } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { useTestRules } from '../../test/registration-setup';
import { setBrandSetting } from '../brand/brand.service';
import { actors, call, expectFailure, fund, setPaymentPassword } from '../cashier/cashier.fixtures';
import { SEARCH_CAP } from './member-page.queries';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // 1,000.00: adjustments up to it post at once, larger ones wait for a second operator.
  await setBrandSetting(t.ctx.db, 'adjustmentApprovalThreshold', 100_000);
});
afterAll(() => t.close());

const { member: memberWithSession, operator } = actors(() => t, createMember);
const ALL = ['members.read', 'members.write', 'wallet.adjust', 'wallet.approve'];

async function balance(memberId: number): Promise<number> {
  const row = await t.ctx.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('member_id', '=', memberId)
    .where('kind', '=', 'cash')
    .executeTakeFirst();
  return row?.balance ?? 0;
}

async function auditRows(event: string, target: string) {
  const rows = await t.ctx.db.selectFrom('audit_log').selectAll().where('event', '=', event).orderBy('id').execute();
  return rows.filter((r) => (r.detail as { target?: string }).target === target);
}

async function memberRow(id: number) {
  return t.ctx.db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function liveSessions(memberId: number) {
  const rows = await t.ctx.db
    .selectFrom('sessions')
    .select('id')
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .execute();
  return rows.length;
}

function unique(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

describe('permissions', () => {
  it('each members route answers 401 without a token, 403 without its permission, 200 with it', async () => {
    const m = await createMember(t.ctx);
    const reader = await operator(['members.read']);
    const nobody = await operator(['cashier.read']);
    const reads = [
      '/admin/members',
      `/admin/members/${m.id}`,
      `/admin/members/${m.id}/ledger`,
      `/admin/members/${m.id}/devices`,
      `/admin/members/${m.id}/rounds`,
      `/admin/members/${m.id}/logins`,
      `/admin/members/${m.id}/notes`,
      `/admin/members/${m.id}/audit`,
      '/admin/adjustments',
    ];
    for (const url of reads) {
      expectFailure(await call(t, 'GET', url), 401, 'AUTH_REQUIRED');
      expectFailure(await call(t, 'GET', url, nobody.token), 403, 'AUTH_FORBIDDEN');
      expect((await call(t, 'GET', url, reader.token)).statusCode, url).toBe(200);
    }
    // The member page's cashier tabs are cashier data: members.read alone does not open them.
    for (const tab of ['deposits', 'withdrawals', 'bankAccounts']) {
      const url = `/admin/members/${m.id}/${tab}`;
      expectFailure(await call(t, 'GET', url), 401, 'AUTH_REQUIRED');
      expectFailure(await call(t, 'GET', url, reader.token), 403, 'AUTH_FORBIDDEN');
      expect((await call(t, 'GET', url, nobody.token)).statusCode, url).toBe(200);
    }
    // A member's own session never reaches the back office.
    const player = await memberWithSession();
    expectFailure(await call(t, 'GET', '/admin/members', player.token), 403, 'AUTH_FORBIDDEN');

    // Reading is not writing: every action refuses members.read alone, and changes nothing.
    const writes: [string, unknown][] = [
      ['lock', { reason: 'x' }],
      ['unlock', { reason: 'x' }],
      ['forcePasswordChange', undefined],
      ['sendResetLink', undefined],
      ['resetPaymentPassword', undefined],
      ['upline', { uplineId: null }],
      ['agent', { type: 1 }],
      ['notes', { text: 'x' }],
      ['tags', { tags: ['vip'] }],
    ];
    const before = await memberRow(m.id);
    for (const [path, body] of writes)
      expectFailure(await call(t, 'POST', `/admin/members/${m.id}/${path}`, reader.token, body), 403, 'AUTH_FORBIDDEN');
    expect(await memberRow(m.id)).toEqual(before);

    // Adjustments need wallet.adjust, approvals wallet.approve; members.write is neither.
    const writer = await operator(['members.read', 'members.write']);
    expectFailure(
      await call(t, 'POST', `/admin/members/${m.id}/adjustments`, writer.token, {
        direction: 'credit',
        amount: 10,
        reason: 'x',
      }),
      403,
      'AUTH_FORBIDDEN',
    );
    expectFailure(await call(t, 'POST', '/admin/adjustments/1/approve', writer.token, {}), 403, 'AUTH_FORBIDDEN');
    expectFailure(
      await call(t, 'POST', '/admin/adjustments/1/reject', writer.token, { reason: 'x' }),
      403,
      'AUTH_FORBIDDEN',
    );
  });

  it('keeps operators out of the members area', async () => {
    const op = await operator(ALL);
    const other = await createMember(t.ctx, { type: 90, permissions: ['*'] });
    expectFailure(await call(t, 'GET', `/admin/members/${other.id}`, op.token), 404, 'MEMBER_NOT_FOUND');
    expectFailure(
      await call(t, 'POST', `/admin/members/${other.id}/lock`, op.token, { reason: 'x' }),
      404,
      'MEMBER_NOT_FOUND',
    );
    const list = await call(t, 'GET', `/admin/members?q=${other.username}&field=username`, op.token);
    expect(list.json().value.total).toBe(0);
  });
});

describe('GET /admin/members', () => {
  it('finds members by partial username, id, mobile, email, bank account number and IP, case-insensitively', async () => {
    const op = await operator(['members.read', 'cashier.read']);
    const tag = unique('Srch');
    const mobile = `917${Math.floor(1e6 + Math.random() * 8e6)}`;
    const m = await createMember(t.ctx, {
      username: `${tag}Alpha`,
      email: `${tag.toLowerCase()}@Example.com`,
      mobileNum: mobile,
      knownIps: ['203.0.113.77'],
    });
    const other = await createMember(t.ctx, { username: `${tag}Beta` });
    await t.ctx.db
      .insertInto('member_bank_accounts')
      .values({ member_id: other.id, bank_name: 'BDO', account_name: 'Beta', account_number: '00981234567' })
      .execute();
    const find = async (q: string, field = 'all') => {
      const res = await call(
        t,
        'GET',
        `/admin/members?q=${encodeURIComponent(q)}&field=${field}&pageSize=200`,
        op.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().value.list as { id: number }[]).map((r) => r.id);
    };
    expect(await find(tag.toUpperCase(), 'username')).toEqual(expect.arrayContaining([m.id, other.id]));
    expect(await find(`${tag}alp`.toLowerCase(), 'username')).toEqual([m.id]);
    expect(await find(String(m.id), 'id')).toEqual([m.id]);
    expect(await find('EXAMPLE.COM', 'email')).toContain(m.id);
    expect(await find(`${tag.toLowerCase()}@`, 'email')).toEqual([m.id]);
    expect(await find(mobile.slice(2), 'mobile')).toContain(m.id);
    expect(await find(`+63 ${mobile.slice(0, 3)}-${mobile.slice(3)}`, 'all')).toContain(m.id);
    expect(await find('0981234', 'bankAccount')).toEqual([other.id]);
    expect(await find('203.0.113', 'ip')).toContain(m.id);
    expect(await find('0981234')).toContain(other.id);
    // Nothing matches: an empty page, not an error. LIKE wildcards in the text are taken literally.
    expect(await find(`${tag}%`, 'username')).toEqual([]);
    expect(await find('no-such-member-anywhere')).toEqual([]);
    expect(await find('abc', 'id')).toEqual([]);
  });

  it('pages and sorts by username, createdAt, lastLogin and balance', async () => {
    const op = await operator(['members.read']);
    const tag = unique('Sort');
    const a = await createMember(t.ctx, { username: `${tag}a` });
    const b = await createMember(t.ctx, { username: `${tag}b` });
    const c = await createMember(t.ctx, { username: `${tag}c` });
    await fund(t, b.id, 50_000);
    await fund(t, c.id, 10_000);
    await t.ctx.db
      .updateTable('members')
      .set({ last_login_at: new Date('2026-01-02T00:00:00Z') })
      .where('id', '=', a.id)
      .execute();
    const page = async (sort: string, order: string, extra = '') => {
      const res = await call(
        t,
        'GET',
        `/admin/members?q=${tag}&field=username&sort=${sort}&order=${order}${extra}`,
        op.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as {
        list: { id: number; balance: number }[];
        total: number;
        pageNo: number;
        pageSize: number;
      };
    };
    expect((await page('username', 'asc')).list.map((r) => r.id)).toEqual([a.id, b.id, c.id]);
    expect((await page('username', 'desc')).list.map((r) => r.id)).toEqual([c.id, b.id, a.id]);
    expect((await page('createdAt', 'asc')).list.map((r) => r.id)).toEqual([a.id, b.id, c.id]);
    const byBalance = await page('balance', 'desc');
    expect(byBalance.list.map((r) => r.id)).toEqual([b.id, c.id, a.id]);
    expect(byBalance.list.map((r) => r.balance)).toEqual([500, 100, 0]);
    expect((await page('lastLogin', 'desc')).list[0]?.id).toBe(a.id);
    const second = await page('username', 'asc', '&pageNo=2&pageSize=2');
    expect(second).toMatchObject({ total: 3, pageNo: 2, pageSize: 2 });
    expect(second.list.map((r) => r.id)).toEqual([c.id]);
  });

  it('sorts the whole list by balance page by page, funded members first (or last), ties by id', async () => {
    const op = await operator(['members.read']);
    const rich = await createMember(t.ctx);
    const poorer = await createMember(t.ctx);
    await fund(t, rich.id, 9_000_000);
    await fund(t, poorer.id, 8_000_000);
    const walk = async (order: 'asc' | 'desc') => {
      const seen: { id: number; balance: number }[] = [];
      let total = 0;
      for (let pageNo = 1; pageNo < 100; pageNo++) {
        const res = await call(
          t,
          'GET',
          `/admin/members?sort=balance&order=${order}&pageSize=7&pageNo=${pageNo}`,
          op.token,
        );
        expect(res.statusCode, res.body).toBe(200);
        const value = res.json().value as { list: { id: number; balance: number }[]; total: number };
        total = value.total;
        seen.push(...value.list);
        if (value.list.length < 7) break;
      }
      return { seen, total };
    };
    const desc = await walk('desc');
    expect(desc.seen).toHaveLength(desc.total);
    expect(new Set(desc.seen.map((r) => r.id)).size).toBe(desc.total);
    expect(desc.seen.slice(0, 2).map((r) => r.id)).toEqual([rich.id, poorer.id]);
    for (let i = 1; i < desc.seen.length; i++) {
      const [a, b] = [desc.seen[i - 1], desc.seen[i]] as [
        { id: number; balance: number },
        { id: number; balance: number },
      ];
      expect(a.balance > b.balance || (a.balance === b.balance && a.id > b.id), `${a.id} before ${b.id}`).toBe(true);
    }
    const asc = await walk('asc');
    expect(asc.seen.map((r) => r.id)).toEqual([...desc.seen].reverse().map((r) => r.id));
  });

  it('refuses bad queries with field errors', async () => {
    const op = await operator(['members.read']);
    for (const q of ['sort=password', 'order=up', 'pageSize=500', 'field=secret', `q=${'x'.repeat(101)}`])
      expectFailure(await call(t, 'GET', `/admin/members?${q}`, op.token), 400, 'VALIDATION_FAILED');
  });
});

describe('GET /admin/members/:id and its tabs', () => {
  it('shows the overview with flags, and the tabs list what belongs to the member', async () => {
    const op = await operator(['members.read', 'cashier.read', 'members.pii']);
    const agent = await createMember(t.ctx, { type: 1 });
    const m = await createMember(t.ctx, { uplineId: agent.id, email: `${unique('o')}@example.com` });
    await setPaymentPassword(t, m.id);
    await fund(t, m.id, 12_345);
    const game = await t.ctx.db.selectFrom('games').select('node_id').limit(1).executeTakeFirstOrThrow();
    await insertRound(t.ctx, { memberId: m.id, nodeId: game.node_id, bet: 500 });
    await t.ctx.db
      .insertInto('member_bank_accounts')
      .values({ member_id: m.id, bank_name: 'BPI', account_name: 'M', account_number: '111122223333' })
      .execute();
    const res = await call(t, 'GET', `/admin/members/${m.id}`, op.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({
      id: m.id,
      username: m.username,
      status: 'active',
      upline: { id: agent.id, username: agent.username },
      balances: { balance: 123.45, held: 0, available: 123.45, currency: 'PHP' },
      flags: {
        paymentPasswordSet: true,
        emailBound: true,
        mobileBound: false,
        twoFactor: false,
        locked: false,
        mustChangePassword: false,
      },
      tags: [],
    });
    const tab = async (name: string) => {
      const r = await call(t, 'GET', `/admin/members/${m.id}/${name}`, op.token);
      expect(r.statusCode, r.body).toBe(200);
      return r.json().value;
    };
    expect((await tab('ledger')).list).toEqual([expect.objectContaining({ type: 'test.fund', amount: 123.45 })]);
    expect((await tab('rounds')).list).toEqual([expect.objectContaining({ bet: 5 })]);
    expect((await tab('bankAccounts')).list).toEqual([expect.objectContaining({ accountNumber: '111122223333' })]);
    expect(await tab('deposits')).toMatchObject({ list: [], total: 0 });
    expect(await tab('withdrawals')).toMatchObject({ list: [], total: 0 });
    expect((await tab('logins')).total).toBe(0);
    expectFailure(await call(t, 'GET', '/admin/members/999999999', op.token), 404, 'MEMBER_NOT_FOUND');
    expectFailure(await call(t, 'GET', '/admin/members/abc', op.token), 400, 'VALIDATION_FAILED');
  });

  it('lists a login with its IP and device in the login tab', async () => {
    const op = await operator(['members.read']);
    const m = await createMember(t.ctx, { knownIps: ['10.44.0.1'] });
    const res = await injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/session/login',
      body: { username: m.username, password: m.password, challenge: await solveChallenge(t.app) },
      remoteAddress: '10.44.0.1',
      headers: { 'user-agent': 'TestDevice/1.0' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const logins = await call(t, 'GET', `/admin/members/${m.id}/logins`, op.token);
    expect(logins.json().value.list[0]).toMatchObject({ success: true, ip: '10.44.0.1', device: 'TestDevice/1.0' });
  });
});

describe('member actions', () => {
  it('lock ends the sessions and refuses the login; unlock lets the member back; both audited before/after', async () => {
    const op = await operator(ALL);
    const m = await memberWithSession();
    expect(await liveSessions(m.id)).toBe(1);
    const res = await call(t, 'POST', `/admin/members/${m.id}/lock`, op.token, { reason: 'fraud check' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.overview.flags.locked).toBe(true);
    expect((await memberRow(m.id)).status).toBe('disabled');
    expect(await liveSessions(m.id)).toBe(0);
    expectFailure(await call(t, 'GET', '/wps/member/info', m.token), 401, 'AUTH_SESSION_EXPIRED');
    const [row] = await auditRows('member.lock', `member:${m.id}`);
    expect(row).toMatchObject({ success: true, member_id: op.id, username: op.username });
    expect(JSON.stringify(row?.detail)).toContain('"before":{"status":"active"}');
    expect(JSON.stringify(row?.detail)).toContain('fraud check');

    const un = await call(t, 'POST', `/admin/members/${m.id}/unlock`, op.token, { reason: 'cleared' });
    expect(un.json().value.overview.flags.locked).toBe(false);
    expect((await memberRow(m.id)).status).toBe('active');
    expect(await auditRows('member.unlock', `member:${m.id}`)).toHaveLength(1);
    // A lock needs a reason.
    expectFailure(await call(t, 'POST', `/admin/members/${m.id}/lock`, op.token, {}), 400, 'VALIDATION_FAILED');
    expect((await memberRow(m.id)).status).toBe('active');
  });

  it('unlock also ends a lockout after wrong passwords, shown on the overview', async () => {
    const op = await operator(ALL);
    const m = await createMember(t.ctx, { knownIps: ['10.46.0.1'] });
    const until = new Date(t.ctx.now().getTime() + 15 * 60_000);
    // What ten wrong passwords leave behind (login.service: the account's failure counter).
    await t.ctx.db
      .insertInto('rate_limits')
      .values({
        key: `login:fail:account:${m.username.toLowerCase()}`,
        window_started_at: t.ctx.now(),
        count: 10,
        locked_until: until,
      })
      .execute();
    const login = async () =>
      injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/session/login',
        body: { username: m.username, password: m.password, challenge: await solveChallenge(t.app) },
        remoteAddress: '10.46.0.1',
      });
    expectFailure(await login(), 429, 'RATE_LIMITED');
    const before = await call(t, 'GET', `/admin/members/${m.id}`, op.token);
    expect(before.json().value.flags).toMatchObject({ locked: false, loginLockedUntil: until.toISOString() });
    const res = await call(t, 'POST', `/admin/members/${m.id}/unlock`, op.token, { reason: 'called support' });
    expect(res.json().value.overview.flags.loginLockedUntil).toBeNull();
    expect((await login()).statusCode).toBe(200);
  });

  it('a forced password change opens at the next login and ends with the new password', async () => {
    const op = await operator(ALL);
    const m = await createMember(t.ctx, { knownIps: ['10.45.0.1'] });
    const login = async (password: string) =>
      injectEncrypted(t.app, {
        method: 'POST',
        url: '/wps/session/login',
        body: { username: m.username, password, challenge: await solveChallenge(t.app) },
        remoteAddress: '10.45.0.1',
      });
    expect((await login(m.password)).json().value.forceChangePassword).toBe(false);
    t.advance(1000);
    const res = await call(t, 'POST', `/admin/members/${m.id}/forcePasswordChange`, op.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.overview.flags.mustChangePassword).toBe(true);
    const forced = (await login(m.password)).json().value;
    expect(forced.forceChangePassword).toBe(true);
    t.advance(1000);
    // The password rule of the tests (the seeded one wants another shape).
    await useTestRules(t.ctx.db);
    const change = await injectEncrypted(t.app, {
      method: 'POST',
      url: '/wps/member/password',
      body: { oldPassword: m.password, newPassword: 'Newer@456', confirmNewPassword: 'Newer@456' },
      token: forced.token,
      remoteAddress: '10.45.0.1',
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await login('Newer@456')).json().value.forceChangePassword).toBe(false);
    expect(await auditRows('member.forcePasswordChange', `member:${m.id}`)).toHaveLength(1);
  });

  it('sends the reset link to the bound email, and refuses a member without one', async () => {
    const op = await operator(ALL);
    const email = `${unique('r')}@example.com`;
    const m = await createMember(t.ctx, { email });
    const res = await call(t, 'POST', `/admin/members/${m.id}/sendResetLink`, op.token);
    expect(res.statusCode, res.body).toBe(200);
    const mail = await t.ctx.db.selectFrom('outbox').selectAll().where('recipient', '=', email).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain('/resetPassword?token=');
    const none = await createMember(t.ctx);
    expectFailure(
      await call(t, 'POST', `/admin/members/${none.id}/sendResetLink`, op.token),
      422,
      'MEMBER_EMAIL_NOT_BOUND',
    );
    const [refused] = await auditRows('member.sendResetLink', `member:${none.id}`);
    expect(refused).toMatchObject({ success: false });
    expect((refused?.detail as { code?: string } | undefined)?.code).toBe('MEMBER_EMAIL_NOT_BOUND');
  });

  it('clears the payment password and tells the member; refuses when none is set', async () => {
    const op = await operator(ALL);
    const m = await createMember(t.ctx);
    await setPaymentPassword(t, m.id);
    const res = await call(t, 'POST', `/admin/members/${m.id}/resetPaymentPassword`, op.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value.overview.flags.paymentPasswordSet).toBe(false);
    expect((await memberRow(m.id)).payment_password_hash).toBeNull();
    const inbox = await t.ctx.db.selectFrom('member_messages').selectAll().where('member_id', '=', m.id).execute();
    expect(inbox.map((x) => x.title)).toContain('Your payment password was reset');
    expectFailure(
      await call(t, 'POST', `/admin/members/${m.id}/resetPaymentPassword`, op.token),
      422,
      'PAYMENT_PASSWORD_NOT_SET',
    );
    expect(await auditRows('member.resetPaymentPassword', `member:${m.id}`)).toHaveLength(2);
  });

  it('changes the upline to an agent, refusing itself, non-agents and cycles without changing anything', async () => {
    const op = await operator(ALL);
    const top = await createMember(t.ctx, { type: 1 });
    const mid = await createMember(t.ctx, { type: 2, uplineId: top.id });
    const low = await createMember(t.ctx, { type: 41, uplineId: mid.id });
    const plain = await createMember(t.ctx);
    const move = (id: number, uplineId: number | null) =>
      call(t, 'POST', `/admin/members/${id}/upline`, op.token, { uplineId });
    expectFailure(await move(top.id, top.id), 422, 'MEMBER_UPLINE_CYCLE');
    expectFailure(await move(top.id, low.id), 422, 'MEMBER_UPLINE_CYCLE');
    expectFailure(await move(top.id, mid.id), 422, 'MEMBER_UPLINE_CYCLE');
    expectFailure(await move(top.id, plain.id), 422, 'MEMBER_UPLINE_NOT_AGENT');
    expectFailure(await move(top.id, 999_999_999), 422, 'MEMBER_UPLINE_NOT_AGENT');
    expect((await memberRow(top.id)).upline_id).toBeNull();
    const ok = await move(plain.id, low.id);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value.overview.upline).toEqual({ id: low.id, username: low.username });
    const detach = await move(plain.id, null);
    expect(detach.json().value.overview.upline).toBeNull();
    const rows = await auditRows('member.upline', `member:${plain.id}`);
    expect(rows.map((r) => (r.detail as { before?: unknown }).before)).toEqual([
      { uplineId: null },
      { uplineId: low.id },
    ]);
    expect((await auditRows('member.upline', `member:${top.id}`)).every((r) => !r.success)).toBe(true);
  });

  it('marks a member as an agent of types 1, 2, 41, 42 only; never a trial account', async () => {
    const op = await operator(ALL);
    const m = await createMember(t.ctx);
    for (const type of [0, 3, 90, 4])
      expectFailure(
        await call(t, 'POST', `/admin/members/${m.id}/agent`, op.token, { type }),
        400,
        'VALIDATION_FAILED',
      );
    const res = await call(t, 'POST', `/admin/members/${m.id}/agent`, op.token, { type: 42 });
    expect(res.json().value.overview).toMatchObject({ type: 42, isAgent: true });
    const trial = await createMember(t.ctx, { type: 4 });
    expectFailure(
      await call(t, 'POST', `/admin/members/${trial.id}/agent`, op.token, { type: 1 }),
      422,
      'MEMBER_TRIAL_ACCOUNT',
    );
    expect((await memberRow(trial.id)).type).toBe(4);
  });

  it('adds notes and replaces tags, listed on the member page and in its audit tab', async () => {
    const op = await operator(ALL);
    const m = await createMember(t.ctx);
    const note = await call(t, 'POST', `/admin/members/${m.id}/notes`, op.token, {
      text: '  Called about a deposit  ',
    });
    expect(note.json().value).toMatchObject({ text: 'Called about a deposit', operator: op.username });
    expectFailure(
      await call(t, 'POST', `/admin/members/${m.id}/notes`, op.token, { text: '   ' }),
      400,
      'VALIDATION_FAILED',
    );
    const notes = await call(t, 'GET', `/admin/members/${m.id}/notes`, op.token);
    expect(notes.json().value).toMatchObject({ total: 1, list: [{ text: 'Called about a deposit' }] });

    const tags = await call(t, 'POST', `/admin/members/${m.id}/tags`, op.token, { tags: ['vip', 'VIP', 'watch'] });
    expect(tags.json().value.tags).toEqual(['vip', 'watch']);
    expectFailure(
      await call(t, 'POST', `/admin/members/${m.id}/tags`, op.token, { tags: ['<script>'] }),
      400,
      'VALIDATION_FAILED',
    );
    expect((await call(t, 'GET', `/admin/members/${m.id}`, op.token)).json().value.tags).toEqual(['vip', 'watch']);
    const tagged = await call(t, 'GET', '/admin/members?tag=WATCH&pageSize=200', op.token);
    expect(tagged.json().value.list.map((r: { id: number }) => r.id)).toEqual([m.id]);
    const audit = await call(t, 'GET', `/admin/members/${m.id}/audit`, op.token);
    expect(audit.json().value.list.map((r: { event: string }) => r.event)).toEqual(['member.tags', 'member.note']);
    expect(audit.json().value.list[0]).toMatchObject({
      operator: op.username,
      detail: { before: { tags: [] }, after: { tags: ['vip', 'watch'] } },
    });
  });
});

describe('balance adjustments', () => {
  // Each call is its own request unless the test names the request id.
  const adjust = (token: string, memberId: number, body: Record<string, unknown>) =>
    call(t, 'POST', `/admin/members/${memberId}/adjustments`, token, { requestId: randomUUID(), ...body });

  it('posts a credit and a debit within the threshold at once, as adjustment postings', async () => {
    const op = await operator(ALL);
    const m = await createMember(t.ctx);
    const credit = await adjust(op.token, m.id, { direction: 'credit', amount: 250.5, reason: 'goodwill' });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().value).toMatchObject({ status: 'posted', amount: 250.5, requestedBy: op.username });
    expect(await balance(m.id)).toBe(25_050);
    const debit = await adjust(op.token, m.id, { direction: 'debit', amount: 50, reason: 'correction' });
    expect(debit.json().value.status).toBe('posted');
    expect(await balance(m.id)).toBe(20_050);
    const postings = await t.ctx.db
      .selectFrom('ledger_postings')
      .select('type')
      .where('reference', 'like', 'ADJ-%')
      .where('reference', 'in', [`ADJ-${credit.json().value.id}`, `ADJ-${debit.json().value.id}`])
      .orderBy('id')
      .execute();
    expect(postings.map((p) => p.type)).toEqual(['adjustment.credit', 'adjustment.debit']);
    const ledger = await call(t, 'GET', `/admin/members/${m.id}/ledger?type=adjustment`, op.token);
    expect(ledger.json().value.total).toBe(2);
    const [row] = await auditRows('wallet.adjustment.request', `member:${m.id}`);
    expect(row?.detail).toMatchObject({
      before: { balanceMinor: 0 },
      after: { balanceMinor: 25_050, status: 'posted' },
    });
  });

  it('refuses a debit below zero and bad amounts, leaving no adjustment and no posting', async () => {
    const op = await operator(ALL);
    const m = await createMember(t.ctx);
    await fund(t, m.id, 1_000);
    const count = async () =>
      (await t.ctx.db.selectFrom('balance_adjustments').select('id').where('member_id', '=', m.id).execute()).length;
    expectFailure(
      await adjust(op.token, m.id, { direction: 'debit', amount: 10.01, reason: 'x' }),
      422,
      'WALLET_INSUFFICIENT_FUNDS',
    );
    expectFailure(
      await adjust(op.token, m.id, { direction: 'debit', amount: 5_000, reason: 'over threshold too' }),
      422,
      'WALLET_INSUFFICIENT_FUNDS',
    );
    for (const body of [
      { direction: 'credit', amount: 0, reason: 'x' },
      { direction: 'credit', amount: -5, reason: 'x' },
      { direction: 'credit', amount: 1.234, reason: 'x' },
      { direction: 'credit', amount: 5, reason: '' },
      { direction: 'sideways', amount: 5, reason: 'x' },
    ])
      expectFailure(await adjust(op.token, m.id, body), 400, 'VALIDATION_FAILED');
    expect(await count()).toBe(0);
    expect(await balance(m.id)).toBe(1_000);
    expect((await auditRows('wallet.adjustment.request', `member:${m.id}`)).every((r) => !r.success)).toBe(true);
  });

  it('above the threshold waits for a second operator; the requester cannot approve it', async () => {
    const requester = await operator(ALL);
    const approver = await operator(['members.read', 'wallet.approve']);
    const m = await createMember(t.ctx);
    const res = await adjust(requester.token, m.id, { direction: 'credit', amount: 5_000, reason: 'tournament prize' });
    expect(res.json().value).toMatchObject({ status: 'pending', decidedBy: null });
    const id = res.json().value.id as number;
    expect(await balance(m.id)).toBe(0);
    const pending = await call(t, 'GET', `/admin/adjustments?status=pending&memberId=${m.id}`, approver.token);
    expect(pending.json().value).toMatchObject({ total: 1, list: [{ id, status: 'pending' }] });

    expectFailure(
      await call(t, 'POST', `/admin/adjustments/${id}/approve`, requester.token, {}),
      403,
      'ADJUSTMENT_SELF_APPROVAL',
    );
    expect(await balance(m.id)).toBe(0);
    const ok = await call(t, 'POST', `/admin/adjustments/${id}/approve`, approver.token, {});
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({ status: 'posted', decidedBy: approver.username });
    expect(await balance(m.id)).toBe(500_000);
    // Decided: a later rejection is a conflict, a repeated approval changes nothing.
    expectFailure(
      await call(t, 'POST', `/admin/adjustments/${id}/reject`, approver.token, { reason: 'late' }),
      409,
      'ADJUSTMENT_DECIDED',
    );
    expect((await call(t, 'POST', `/admin/adjustments/${id}/approve`, approver.token, {})).statusCode).toBe(200);
    expect(await balance(m.id)).toBe(500_000);
    const approvals = await auditRows('wallet.adjustment.approve', `member:${m.id}`);
    expect(approvals.map((r) => r.success)).toEqual([false, true, true]);
    expectFailure(
      await call(t, 'POST', '/admin/adjustments/999999999/approve', approver.token, {}),
      404,
      'ADJUSTMENT_NOT_FOUND',
    );
  });

  it('a rejected adjustment posts nothing and cannot be approved after', async () => {
    const requester = await operator(ALL);
    const approver = await operator(['wallet.approve']);
    const m = await createMember(t.ctx);
    const id = (await adjust(requester.token, m.id, { direction: 'credit', amount: 2_000, reason: 'x' })).json().value
      .id as number;
    expectFailure(
      await call(t, 'POST', `/admin/adjustments/${id}/reject`, approver.token, {}),
      400,
      'VALIDATION_FAILED',
    );
    const rejected = await call(t, 'POST', `/admin/adjustments/${id}/reject`, approver.token, { reason: 'no proof' });
    expect(rejected.json().value).toMatchObject({ status: 'rejected', decisionReason: 'no proof' });
    expectFailure(
      await call(t, 'POST', `/admin/adjustments/${id}/approve`, approver.token, {}),
      409,
      'ADJUSTMENT_DECIDED',
    );
    expect(await balance(m.id)).toBe(0);
  });

  it('two operators approving the same adjustment at once post it once', { tags: ['postgres'] }, async () => {
    const requester = await operator(ALL);
    const a = await operator(['wallet.approve']);
    const b = await operator(['wallet.approve']);
    const m = await createMember(t.ctx);
    const id = (await adjust(requester.token, m.id, { direction: 'credit', amount: 3_000, reason: 'x' })).json().value
      .id as number;
    const answers = await Promise.all(
      [a, b, a, b].map((op) => call(t, 'POST', `/admin/adjustments/${id}/approve`, op.token, {})),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await balance(m.id)).toBe(300_000);
    const postings = await t.ctx.db
      .selectFrom('ledger_postings')
      .select('id')
      .where('reference', '=', `ADJ-${id}`)
      .execute();
    expect(postings).toHaveLength(1);
    const approved = answers.map((r) => r.json().value.decidedBy);
    expect(new Set(approved).size).toBe(1);
  });

  it('a pending debit the balance no longer covers is refused at approval and stays pending', async () => {
    const requester = await operator(ALL);
    const approver = await operator(['wallet.approve']);
    const m = await createMember(t.ctx);
    await fund(t, m.id, 300_000);
    const id = (await adjust(requester.token, m.id, { direction: 'debit', amount: 2_500, reason: 'chargeback' })).json()
      .value.id as number;
    await adjust(requester.token, m.id, { direction: 'debit', amount: 1_000, reason: 'fee' });
    expect(await balance(m.id)).toBe(200_000);
    expectFailure(
      await call(t, 'POST', `/admin/adjustments/${id}/approve`, approver.token, {}),
      422,
      'WALLET_INSUFFICIENT_FUNDS',
    );
    expect(await balance(m.id)).toBe(200_000);
    const row = await t.ctx.db
      .selectFrom('balance_adjustments')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });
});

describe('data permissions', () => {
  /** A member with every personal field the back office masks, and one bank account. */
  async function personalMember() {
    const tag = unique('pii');
    const mobile = `917${Math.floor(1e6 + Math.random() * 8e6)}`;
    const accountNumber = `00${Math.floor(1e9 + Math.random() * 8e9)}`;
    const m = await createMember(t.ctx, { username: tag, email: `${tag}@example.com`, mobileNum: mobile });
    await t.ctx.db.updateTable('members').set({ full_name: 'Maria Clara Santos' }).where('id', '=', m.id).execute();
    const account = await t.ctx.db
      .insertInto('member_bank_accounts')
      .values({ member_id: m.id, bank_name: 'BDO', account_name: 'Maria Santos', account_number: accountNumber })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ...m, tag, mobile, accountNumber, accountId: account.id };
  }
  const masked = (m: { tag: string; mobile: string }) => ({
    mobile: `+63 ${m.mobile.slice(0, 4)}***${m.mobile.slice(-3)}`,
    email: `${m.tag[0]}***@example.com`,
  });
  const get = async (token: string, url: string) => {
    const res = await call(t, 'GET', url, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().value;
  };

  it('members.read alone: no cashier data, and mobile, email and real name masked everywhere', async () => {
    const m = await personalMember();
    const reader = await operator(['members.read']);
    for (const tab of ['deposits', 'withdrawals', 'bankAccounts'])
      expectFailure(await call(t, 'GET', `/admin/members/${m.id}/${tab}`, reader.token), 403, 'AUTH_FORBIDDEN');
    const found = await get(reader.token, `/admin/members?q=${m.tag}&field=username`);
    expect(found.list).toEqual([expect.objectContaining({ id: m.id, ...masked(m) })]);
    const overview = await get(reader.token, `/admin/members/${m.id}`);
    expect(overview).toMatchObject({ ...masked(m), fullName: 'M*** C*** S***' });
    expect(overview.flags).toMatchObject({ mobileBound: true, emailBound: true });
    expect(JSON.stringify(overview)).not.toContain(m.mobile);
    // An action answers the overview the same way.
    const writer = await operator(['members.read', 'members.write']);
    const tagged = await call(t, 'POST', `/admin/members/${m.id}/lock`, writer.token, { reason: 'check' });
    expect(tagged.json().value.overview).toMatchObject({ ...masked(m), fullName: 'M*** C*** S***' });
    // Bank account numbers are cashier data: not searchable by name, and left out of an 'all' search.
    expectFailure(
      await call(t, 'GET', `/admin/members?q=${m.accountNumber}&field=bankAccount`, reader.token),
      403,
      'AUTH_FORBIDDEN',
    );
    expect((await get(reader.token, `/admin/members?q=${m.accountNumber}`)).list).toEqual([]);
    const cashier = await operator(['members.read', 'cashier.read']);
    expect((await get(cashier.token, `/admin/members?q=${m.accountNumber}`)).list).toEqual([
      expect.objectContaining({ id: m.id }),
    ]);
  });

  it('cashier.read opens the cashier tabs with numbers and holder names masked; members.pii shows everything', async () => {
    const m = await personalMember();
    const cashier = await operator(['members.read', 'cashier.read']);
    expect((await get(cashier.token, `/admin/members/${m.id}/bankAccounts`)).list).toEqual([
      expect.objectContaining({
        id: m.accountId,
        accountNumber: `********${m.accountNumber.slice(-4)}`,
        accountName: 'M*** S***',
      }),
    ]);
    expect(await get(cashier.token, `/admin/members/${m.id}/deposits`)).toMatchObject({ total: 0 });
    const pii = await operator(['members.read', 'members.pii']);
    expect(await get(pii.token, `/admin/members/${m.id}`)).toMatchObject({
      mobile: `+63 ${m.mobile}`,
      email: `${m.tag}@example.com`,
      fullName: 'Maria Clara Santos',
    });
    expect((await get(pii.token, `/admin/members?q=${m.tag}&field=username`)).list).toEqual([
      expect.objectContaining({ mobile: `+63 ${m.mobile}`, email: `${m.tag}@example.com` }),
    ]);
    expectFailure(await call(t, 'GET', `/admin/members/${m.id}/bankAccounts`, pii.token), 403, 'AUTH_FORBIDDEN');
    const both = await operator(['members.read', 'cashier.read', 'members.pii']);
    expect((await get(both.token, `/admin/members/${m.id}/bankAccounts`)).list).toEqual([
      expect.objectContaining({ accountNumber: m.accountNumber, accountName: 'Maria Santos' }),
    ]);
  });

  it('a reveal answers one field in full and is audited without the value; bank fields need cashier.read', async () => {
    const m = await personalMember();
    const reader = await operator(['members.read', 'members.reveal']);
    const reveal = (token: string | undefined, body: unknown, id = m.id) =>
      call(t, 'POST', `/admin/members/${id}/reveal`, token, body);
    const value = async (token: string, body: unknown) => {
      const res = await reveal(token, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value.value;
    };
    expect(await value(reader.token, { field: 'mobile' })).toBe(`+63 ${m.mobile}`);
    expect(await value(reader.token, { field: 'email' })).toBe(`${m.tag}@example.com`);
    expect(await value(reader.token, { field: 'fullName' })).toBe('Maria Clara Santos');
    const rows = await auditRows('member.reveal', `member:${m.id}`);
    expect(rows.map((r) => [r.success, (r.detail as { after?: { revealed?: string } }).after?.revealed])).toEqual([
      [true, 'mobile'],
      [true, 'email'],
      [true, 'fullName'],
    ]);
    expect(rows.every((r) => r.member_id === reader.id)).toBe(true);
    const logged = JSON.stringify(rows.map((r) => r.detail));
    expect(logged).not.toContain(m.mobile);
    expect(logged).not.toContain('example.com');
    expect(logged).not.toContain('Clara');
    // The member page's audit tab lists the reveals.
    const tab = await get(reader.token, `/admin/members/${m.id}/audit`);
    expect(tab.list.filter((r: { event: string }) => r.event === 'member.reveal')).toHaveLength(3);

    // A bank account's number or holder name is cashier data: refused (and audited) without cashier.read.
    expectFailure(
      await reveal(reader.token, { field: 'bankAccountNumber', bankAccountId: m.accountId }),
      403,
      'AUTH_FORBIDDEN',
    );
    expect((await auditRows('member.reveal', `member:${m.id}`)).at(-1)).toMatchObject({ success: false });
    const cashier = await operator(['members.read', 'cashier.read']);
    expect(await value(cashier.token, { field: 'bankAccountNumber', bankAccountId: m.accountId })).toBe(
      m.accountNumber,
    );
    expect(await value(cashier.token, { field: 'bankAccountName', bankAccountId: m.accountId })).toBe('Maria Santos');
    const other = await personalMember();
    expectFailure(
      await reveal(cashier.token, { field: 'bankAccountNumber', bankAccountId: other.accountId }),
      404,
      'NOT_FOUND',
    );
    const missing = await reveal(cashier.token, { field: 'bankAccountNumber' });
    expectFailure(missing, 400, 'VALIDATION_FAILED');
    expect(missing.json().value?.bankAccountId ?? missing.body).toContain('REQUIRED');
    for (const body of [{}, { field: 'password' }, { field: 'mobile', extra: 1 }])
      expectFailure(await reveal(reader.token, body), 400, 'VALIDATION_FAILED');
    expectFailure(await reveal(undefined, { field: 'mobile' }), 401, 'AUTH_REQUIRED');
    const outsider = await operator(['cashier.read']);
    expectFailure(await reveal(outsider.token, { field: 'mobile' }), 403, 'AUTH_FORBIDDEN');
    expectFailure(await reveal(reader.token, { field: 'mobile' }, 999_999_999), 404, 'MEMBER_NOT_FOUND');
  });

  it('members.read alone reads masked and cannot reveal a mobile, email or name; the refusal is audited', async () => {
    const m = await personalMember();
    const reader = await operator(['members.read']);
    for (const field of ['mobile', 'email', 'fullName', 'verifiedName'])
      expectFailure(
        await call(t, 'POST', `/admin/members/${m.id}/reveal`, reader.token, { field }),
        403,
        'AUTH_FORBIDDEN',
      );
    const rows = await auditRows('member.reveal', `member:${m.id}`);
    expect(rows.map((r) => r.success)).toEqual([false, false, false, false]);
    expect(rows.every((r) => r.member_id === reader.id)).toBe(true);
  });

  it('the seeded roles: Cashier and Compliance hold members.pii, Support reads masked', async () => {
    const roles = await t.ctx.db.selectFrom('roles').select(['name', 'permissions']).execute();
    const of = (name: string) => roles.find((r) => r.name === name)?.permissions as string[] | undefined;
    expect(of('Cashier')).toContain('members.pii');
    expect(of('Compliance')).toContain('members.pii');
    expect(of('Support')).not.toContain('members.pii');
    // Support reads masked and shows one field when it must, audited; the Analyst only reads masked.
    expect(of('Support')).toContain('members.reveal');
    expect(of('Analyst')).not.toContain('members.reveal');
    expect(of('Administrator')).toEqual(['*']);
  });
});

describe('adjustment request ids and the day threshold', () => {
  const adjust = (token: string, memberId: number, body: Record<string, unknown>) =>
    call(t, 'POST', `/admin/members/${memberId}/adjustments`, token, body);
  const rowsOf = (memberId: number) =>
    t.ctx.db.selectFrom('balance_adjustments').selectAll().where('member_id', '=', memberId).orderBy('id').execute();

  it('thirty identical requests at once credit once, and each answers the same adjustment', {
    tags: ['postgres'],
  }, async () => {
    const op = await operator(ALL);
    const m = await createMember(t.ctx);
    const body = { direction: 'credit', amount: 100, reason: 'goodwill', requestId: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 30 }, () => adjust(op.token, m.id, body)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    const ids = new Set(answers.map((r) => r.json().value.id));
    expect(ids.size).toBe(1);
    expect(answers.every((r) => r.json().value.status === 'posted')).toBe(true);
    expect(await balance(m.id)).toBe(10_000);
    expect(await rowsOf(m.id)).toHaveLength(1);
    const postings = await t.ctx.db
      .selectFrom('ledger_postings')
      .select('id')
      .where('reference', '=', `ADJ-${[...ids][0]}`)
      .execute();
    expect(postings).toHaveLength(1);
    // A retry later is the same request still.
    const retry = await adjust(op.token, m.id, body);
    expect(retry.json().value.id).toBe([...ids][0]);
    expect(await balance(m.id)).toBe(10_000);
  });

  it('the same request id with other details is refused and changes nothing; ids are per operator', async () => {
    const op = await operator(ALL);
    const m = await createMember(t.ctx);
    const other = await createMember(t.ctx);
    const requestId = randomUUID();
    const first = await adjust(op.token, m.id, { direction: 'credit', amount: 100, reason: 'goodwill', requestId });
    expect(first.statusCode, first.body).toBe(200);
    for (const [memberId, body] of [
      [m.id, { direction: 'credit', amount: 200, reason: 'goodwill', requestId }],
      [m.id, { direction: 'debit', amount: 100, reason: 'goodwill', requestId }],
      [m.id, { direction: 'credit', amount: 100, reason: 'another reason', requestId }],
      [other.id, { direction: 'credit', amount: 100, reason: 'goodwill', requestId }],
    ] as const)
      expectFailure(await adjust(op.token, memberId, body), 409, 'ADJUSTMENT_REQUEST_CONFLICT');
    expect(await balance(m.id)).toBe(10_000);
    expect(await balance(other.id)).toBe(0);
    expect(await rowsOf(m.id)).toHaveLength(1);
    expect(await rowsOf(other.id)).toHaveLength(0);
    // Another operator's request with the same id is their own.
    const colleague = await operator(ALL);
    const theirs = await adjust(colleague.token, m.id, {
      direction: 'credit',
      amount: 200,
      reason: 'goodwill',
      requestId,
    });
    expect(theirs.json().value).toMatchObject({ status: 'posted', requestedBy: colleague.username });
    expect(await balance(m.id)).toBe(30_000);
    // A request id is required, 8 to 64 letters, digits, - or _.
    for (const bad of [undefined, '', 'short', 'has spaces in it', 'x'.repeat(65), 12345678])
      expectFailure(
        await adjust(op.token, m.id, { direction: 'credit', amount: 1, reason: 'x', requestId: bad }),
        400,
        'VALIDATION_FAILED',
      );
    expect(await rowsOf(m.id)).toHaveLength(2);
  });

  it("the second-operator threshold applies to an operator's day total for the member", async () => {
    // Threshold 1,000.00 (beforeAll): five credits of 1,000.00 make one posted and four pending.
    const op = await operator(ALL);
    const m = await createMember(t.ctx);
    const statuses: string[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (
          await adjust(op.token, m.id, { direction: 'credit', amount: 1_000, reason: 'x', requestId: randomUUID() })
        ).json().value.status,
      );
    expect(statuses).toEqual(['posted', 'pending', 'pending', 'pending', 'pending']);
    expect(await balance(m.id)).toBe(100_000);

    // Smaller requests: posted while the day's total stays within the threshold, debits counted too.
    const n = await createMember(t.ctx);
    const step = async (direction: string, amount: number, token = op.token, memberId = n.id) =>
      (await adjust(token, memberId, { direction, amount, reason: 'x', requestId: randomUUID() })).json().value
        .status as string;
    expect(await step('credit', 400)).toBe('posted');
    expect(await step('credit', 400)).toBe('posted');
    expect(await step('debit', 300)).toBe('pending'); // 1,100.00: the request that crosses it waits
    expect(await step('debit', 200)).toBe('posted'); // 1,000.00: pending requests moved nothing
    expect(await step('credit', 0.01)).toBe('pending');
    // Another operator, or another member, has a day total of their own.
    const colleague = await operator(ALL);
    expect(await step('credit', 400, colleague.token)).toBe('posted');
    expect(await step('credit', 400, op.token, (await createMember(t.ctx)).id)).toBe('posted');
    // The next brand day starts from nothing.
    await sql`UPDATE balance_adjustments SET brand_day = brand_day - 1 WHERE member_id = ${n.id}`.execute(t.ctx.db);
    expect(await step('credit', 1_000)).toBe('posted');
    expect(await step('credit', 0.01)).toBe('pending');
  });
});

// Last in the file: it adds a thousand members, which would crowd the whole-list tests above.
describe('GET /admin/members, broad texts', () => {
  it('a text matching more members than the cap answers the cap, flagged, with the exact username among them', async () => {
    const op = await operator(['members.read']);
    const tag = unique('Cap').toLowerCase();
    // SEARCH_CAP + 5 members sharing the tag, written in one statement (the factory would take minutes).
    await sql`
      INSERT INTO members (username, password_hash, referral_code, password_changed_at, permissions, created_at, updated_at)
      SELECT ${tag} || g, 'x', ${tag} || 'R' || g, now(), '[]', now(), now()
      FROM generate_series(1, ${SEARCH_CAP + 5}) g`.execute(t.ctx.db);
    const exact = await createMember(t.ctx, { username: tag });
    const search = async (q: string) => {
      const res = await call(
        t,
        'GET',
        `/admin/members?q=${q}&field=username&pageSize=20&sort=username&order=asc`,
        op.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as { list: { id: number; username: string }[]; total: number; totalCapped: boolean };
    };
    const broad = await search(tag);
    expect(broad).toMatchObject({ total: SEARCH_CAP, totalCapped: true });
    expect(broad.list).toHaveLength(20);
    // Sorted by username ascending, the exact match comes first: it is always collected.
    expect(broad.list[0]?.id).toBe(exact.id);
    const narrow = await search(`${tag}100`);
    // tag100 and tag1000..tag1005: counted exactly, not flagged.
    expect(narrow).toMatchObject({ total: 7, totalCapped: false });
  });
});
