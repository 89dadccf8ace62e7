// postgres: two first referral requests at once make one affiliate code
import { TRIAL_ACCOUNT_TYPE } from '@gamehall/shared/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { setRule, TEST_RULES, useTestRules } from '../../test/registration-setup';
import { verifyPassword } from '../accounts/passwords';
import { issueSession } from '../accounts/sessions.service';
import { getBrand } from '../brand/brand.service';

let t: TestApp;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  await useTestRules(t.ctx.db);
});
afterAll(() => t.close());

async function account(input: Parameters<typeof createMember>[1] = {}) {
  const m = await createMember(t.ctx, input);
  const token = await issueSession(t.ctx, t.ctx.db, {
    memberId: m.id,
    area: 'member',
    ip: '127.0.0.1',
    userAgent: null,
  });
  return { ...m, token };
}

function get(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: token ? { authorization: token } : {} });
}
function put(url: string, token?: string) {
  return t.app.inject({ method: 'PUT', url, headers: token ? { authorization: token } : {} });
}
function create(token: string | undefined, body: Record<string, unknown>) {
  return injectEncrypted(t.app, { method: 'POST', url: '/wps/agent/downlines', body, token });
}
// Digits after the prefix, so no name made here contains the letters the searches look for
// (in base 36 the time could spell 'ab' and a third member matched the search for it).
function newName() {
  seq++;
  return `dl${Date.now().toString().slice(-6)}${seq}`;
}
async function memberCount() {
  const r = await t.ctx.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}
async function auditCount(event: string) {
  const r = await t.ctx.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('event', '=', event)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

describe('register centre: POST /wps/agent/downlines', () => {
  it('creates a member under the agent with the registration rules, audited', async () => {
    const agent = await account({ type: 1 });
    const username = newName();
    const before = await auditCount('agent.downline.create');
    const res = await create(agent.token, {
      username,
      password: 'Secret@123',
      confirmPassword: 'Secret@123',
      nickname: 'Newbie',
      email: `${username}@example.com`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const v = res.json().value;
    expect(v).toMatchObject({
      username,
      nickname: 'Newbie',
      level: 1,
      type: 0,
      isAgent: false,
      status: 'active',
      balance: 0,
      uplineId: agent.id,
      uplineUsername: agent.username,
      lastLoginAt: null,
      directDownlines: 0,
    });
    const row = await t.ctx.db
      .selectFrom('members')
      .select(['upline_id', 'password_hash', 'email'])
      .where('id', '=', v.memberId)
      .executeTakeFirstOrThrow();
    expect(Number(row.upline_id)).toBe(agent.id);
    expect(row.email).toBe(`${username}@example.com`);
    expect(await verifyPassword(row.password_hash, 'Secret@123')).toBe(true);
    expect(await auditCount('agent.downline.create')).toBe(before + 1);
    // The tree follows: the agent sees it at level 1.
    const list = (await get('/wps/agent/downlines', agent.token)).json().value;
    expect(list.content.map((d: { memberId: number }) => d.memberId)).toEqual([v.memberId]);
  });

  it('refuses bad fields, a taken username, a mismatch and non-agents, creating nothing', async () => {
    const agent = await account({ type: 1 });
    const member = await account({ uplineId: agent.id });
    const base = { username: newName(), password: 'Secret@123', confirmPassword: 'Secret@123' };
    const before = await memberCount();
    const cases: [Record<string, unknown>, string, Record<string, string> | undefined][] = [
      [{ ...base, username: 'ab1' }, 'VALIDATION_FAILED', { username: 'TOO_SHORT' }],
      [{ ...base, username: undefined }, 'VALIDATION_FAILED', { username: 'REQUIRED' }],
      [{ ...base, password: 'secret123', confirmPassword: 'secret123' }, 'VALIDATION_FAILED', { password: 'PATTERN' }],
      [{ ...base, email: 'not-an-email' }, 'VALIDATION_FAILED', { email: 'PATTERN' }],
      [{ ...base, line: 'line-id' }, 'VALIDATION_FAILED', { line: 'NOT_ALLOWED' }],
      [{ ...base, confirmPassword: 'Secret@124' }, 'PASSWORD_CONFIRM_MISMATCH', { confirmPassword: 'MISMATCH' }],
      [{ ...base, username: member.username }, 'ACCOUNT_USERNAME_TAKEN', undefined],
    ];
    for (const [body, code, fields] of cases) {
      const res = await create(agent.token, body);
      expect(res.json().code, JSON.stringify(body)).toBe(code);
      if (fields) expect(res.json().value.fields).toEqual(fields);
    }
    await setRule(t.ctx.db, 'email', { ...TEST_RULES.email, required: true });
    expect((await create(agent.token, base)).json().value.fields).toEqual({ email: 'REQUIRED' });
    await setRule(t.ctx.db, 'email', TEST_RULES.email);
    expect((await create(member.token, base)).json().code).toBe('ACCOUNT_NOT_AGENT');
    expect((await create(undefined, base)).json().code).toBe('AUTH_REQUIRED');
    const plain = await t.app.inject({
      method: 'POST',
      url: '/wps/agent/downlines',
      payload: base,
      headers: { authorization: agent.token },
    });
    expect(plain.json().code).toBe('ENCRYPTION_REQUIRED');
    expect(await memberCount()).toBe(before);
  });
});

describe('downline management', () => {
  async function tree() {
    const a = await account({ type: 1 });
    const s = await account({ type: 2, uplineId: a.id, username: `${newName()}sub` });
    const m1 = await account({ uplineId: a.id, username: `${newName()}abc` });
    const m2 = await account({ uplineId: s.id, username: `${newName()}abd` });
    const off = await account({ uplineId: a.id, status: 'disabled' });
    const b = await account({ type: 1 });
    const mb = await account({ uplineId: b.id, username: `${newName()}abc` });
    return { a, s, m1, m2, off, b, mb };
  }

  it('lists direct or all levels with level, upline, search, status and totals', async () => {
    const { a, s, m1, m2, off } = await tree();
    const direct = (await get('/wps/agent/downlines?scope=direct&sort=username&order=asc', a.token)).json().value;
    expect(direct.content.map((d: { memberId: number }) => d.memberId).sort()).toEqual([s.id, m1.id, off.id].sort());
    expect(direct.totals).toEqual({ members: 3, balance: 0 });
    // Registration days are brand days and the page shows times in that zone, named in the answer.
    expect(direct.timeZone).toBe((await getBrand(t.ctx.db)).timeZone);
    const all = (await get('/wps/agent/downlines?scope=all&sort=level&order=desc', a.token)).json().value;
    expect(all.totalElements).toBe(4);
    expect(all.content[0]).toMatchObject({ memberId: m2.id, level: 2, uplineId: s.id, uplineUsername: s.username });
    const subRow = all.content.find((d: { memberId: number }) => d.memberId === s.id);
    expect(subRow).toMatchObject({ isAgent: true, type: 2, directDownlines: 1, level: 1 });
    // Partial and prefix searches stay inside the agent's subtree (mb matches too, but is B's).
    const part = (await get('/wps/agent/downlines?scope=all&q=AB', a.token)).json().value;
    expect(part.content.map((d: { memberId: number }) => d.memberId).sort()).toEqual([m1.id, m2.id].sort());
    const prefix = (await get(`/wps/agent/downlines?scope=all&q=${m1.username}`, a.token)).json().value;
    expect(prefix.content.map((d: { memberId: number }) => d.memberId)).toEqual([m1.id]);
    const disabled = (await get('/wps/agent/downlines?scope=all&status=disabled', a.token)).json().value;
    expect(disabled.content.map((d: { memberId: number }) => d.memberId)).toEqual([off.id]);
    const agents = (await get('/wps/agent/downlines?scope=all&isAgent=true', a.token)).json().value;
    expect(agents.content.map((d: { memberId: number }) => d.memberId)).toEqual([s.id]);
    const paged = (await get('/wps/agent/downlines?scope=all&pageSize=3&pageNo=2', a.token)).json().value;
    expect(paged).toMatchObject({ pageNum: 2, totalPages: 2, totalElements: 4 });
    expect(paged.content).toHaveLength(1);
    for (const q of ['scope=some', 'sort=password', 'pageSize=0', 'status=gone', 'from=2026-13-01', 'to=2026-02-30']) {
      expect((await get(`/wps/agent/downlines?${q}`, a.token)).json().code, q).toBe('VALIDATION_FAILED');
    }
  });

  it('makes a direct member a sub-agent, audited; refuses the rest', async () => {
    const { a, s, m1, m2, off, mb } = await tree();
    const trial = await account({ type: TRIAL_ACCOUNT_TYPE, uplineId: a.id });
    const before = await auditCount('agent.downline.subAgent');
    const res = await put(`/wps/agent/downlines/${m1.id}/subAgent`, a.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().value).toMatchObject({ memberId: m1.id, type: 2, isAgent: true });
    expect(await auditCount('agent.downline.subAgent')).toBe(before + 1);
    const expectations: [number, string][] = [
      [m2.id, 'AGENT_NOT_DIRECT_DOWNLINE'],
      [s.id, 'AGENT_DOWNLINE_ALREADY_AGENT'],
      [m1.id, 'AGENT_DOWNLINE_ALREADY_AGENT'],
      [off.id, 'AGENT_DOWNLINE_DISABLED'],
      [trial.id, 'AGENT_DOWNLINE_NOT_MEMBER'],
      [mb.id, 'NOT_FOUND'],
      [a.id, 'NOT_FOUND'],
      [999_999_999, 'NOT_FOUND'],
    ];
    for (const [id, code] of expectations) {
      expect((await put(`/wps/agent/downlines/${id}/subAgent`, a.token)).json().code, String(id)).toBe(code);
    }
    expect((await put('/wps/agent/downlines/abc/subAgent', a.token)).json().code).toBe('VALIDATION_FAILED');
    expect((await put(`/wps/agent/downlines/${m2.id}/subAgent`, m2.token)).json().code).toBe('ACCOUNT_NOT_AGENT');
    // The sub-agent (S) may make its own direct member one.
    expect((await put(`/wps/agent/downlines/${m2.id}/subAgent`, s.token)).json().value).toMatchObject({ type: 2 });
    const types = await t.ctx.db
      .selectFrom('members')
      .select(['id', 'type'])
      .where('id', 'in', [off.id, trial.id, mb.id])
      .execute();
    expect(types.map((r) => r.type).sort()).toEqual([0, 0, TRIAL_ACCOUNT_TYPE].sort());
  });

  it('members and guests cannot list downlines', async () => {
    const { m1 } = await tree();
    expect((await get('/wps/agent/downlines')).json().code).toBe('AUTH_REQUIRED');
    expect((await get('/wps/agent/downlines', m1.token)).json().code).toBe('ACCOUNT_NOT_AGENT');
  });
});

describe('referral link and announcements', () => {
  it('creates the affiliate code once and links to the registration with it; a visitor with it lands under the agent', {
    tags: ['postgres'],
  }, async () => {
    const agent = await account({ type: 1 });
    const first = await t.app.inject({
      method: 'GET',
      url: '/wps/agent/referral',
      headers: { authorization: agent.token, origin: 'https://play.example.com' },
    });
    expect(first.statusCode, first.body).toBe(200);
    const v = first.json().value;
    expect(v.affiliateCode).toMatch(/^[A-Z0-9]{8}$/);
    expect(v.link).toBe(`https://play.example.com/register?affiliateCode=${v.affiliateCode}`);
    const again = await Promise.all([get('/wps/agent/referral', agent.token), get('/wps/agent/referral', agent.token)]);
    for (const r of again) expect(r.json().value.affiliateCode).toBe(v.affiliateCode);
    const codes = await t.ctx.db
      .selectFrom('affiliate_codes')
      .select('code')
      .where('agent_id', '=', agent.id)
      .execute();
    expect(codes).toHaveLength(1);
    const check = await t.app.inject({
      method: 'POST',
      url: '/wps/agent/affiliate',
      payload: { code: v.affiliateCode },
    });
    expect(check.json().value).toMatchObject({ valid: true, agent: agent.username });
    const member = await account();
    expect((await get('/wps/agent/referral', member.token)).json().code).toBe('ACCOUNT_NOT_AGENT');
  });

  it('lists live announcements of the agent audience only', async () => {
    const agent = await account({ type: 1 });
    const now = t.ctx.now();
    const title = `agents-${newName()}`;
    await t.ctx.db
      .insertInto('announcements')
      .values([
        { type: 'PL', audience: 'G', title, content: 'For agents', starts_at: new Date(now.getTime() - 60_000) },
        {
          type: 'PL',
          audience: 'A',
          title: `${title}-players`,
          content: 'For players',
          starts_at: new Date(now.getTime() - 60_000),
        },
        {
          type: 'PL',
          audience: 'G',
          title: `${title}-later`,
          content: 'Not yet',
          starts_at: new Date(now.getTime() + 3_600_000),
        },
        {
          type: 'PL',
          audience: 'G',
          title: `${title}-over`,
          content: 'Over',
          starts_at: new Date(now.getTime() - 7_200_000),
          ends_at: new Date(now.getTime() - 3_600_000),
        },
      ])
      .execute();
    const v = (await get('/wps/agent/announcements', agent.token)).json().value;
    const titles = v.content.map((a: { title: string }) => a.title);
    expect(titles).toContain(title);
    expect(titles.filter((x: string) => x.startsWith(title))).toEqual([title]);
    expect(v.totalElements).toBe(v.content.length);
    const member = await account();
    expect((await get('/wps/agent/announcements', member.token)).json().code).toBe('ACCOUNT_NOT_AGENT');
    expect((await get('/wps/agent/announcements')).json().code).toBe('AUTH_REQUIRED');
  });
});
