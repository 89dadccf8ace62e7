import { REFERRAL_LINKS_MAX_ACTIVE } from '@gamehall/shared/api/agents';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { injectEncrypted } from '../../test/jwe';
import { nextIp, uniqueUsername, useSwitches, useTestRules } from '../../test/registration-setup';
import { setBrandSetting } from '../brand/brand.service';
import { actors, expectFailure, requestId, sessionFor } from '../cashier/cashier.fixtures';
import { VISITS_PER_IP_PER_HOUR } from './referral-links.service';

let t: TestApp;

const { member: account, operator: operatorAccount } = actors(() => t, createMember);

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'challengeEnabled', false);
  await useTestRules(t.ctx.db);
  await useSwitches(t.ctx.db, { USERNAMEREG3: true, MOBILENUMREG3: true, REGMOBVERF3: false, MOBILENUMPASSREG3: true });
});
afterAll(() => t.close());

function agent() {
  return account({ type: 1 });
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { origin: 'https://play.example.com', ...(token ? { authorization: token } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

type Link = {
  code: string;
  name: string | null;
  isDefault: boolean;
  active: boolean;
  link: string;
  clicks: number;
  registrations: number;
  firstDeposits: number;
  firstDepositAmount: number;
};

async function links(token: string): Promise<Link[]> {
  const res = await call('GET', '/wps/agent/referral/links', token);
  expect(res.statusCode).toBe(200);
  return res.json().value.list;
}

async function create(token: string, name: string): Promise<Link> {
  const res = await call('POST', '/wps/agent/referral/links', token, { name });
  expect(res.statusCode).toBe(200);
  return res.json().value;
}

function codeRows(agentId: number) {
  return t.ctx.db
    .selectFrom('affiliate_codes')
    .select(['code', 'name', 'active'])
    .where('agent_id', '=', agentId)
    .orderBy('code')
    .execute();
}

function click(code: string, ip: string, userAgent = 'Mozilla/5.0 test') {
  return t.app.inject({
    method: 'POST',
    url: '/wps/agent/affiliate/click',
    payload: { code },
    remoteAddress: ip,
    headers: { 'user-agent': userAgent },
  });
}

function register(affiliateCode: string) {
  const username = uniqueUsername();
  return injectEncrypted(t.app, {
    method: 'PUT',
    url: '/wps/member/register',
    body: {
      username,
      password: 'Secret@123',
      confirmPassword: 'Secret@123',
      ageConfirmed: true,
      termsAccepted: true,
      privacyAccepted: true,
      login: true,
      registerMethod: 'WEB',
      affiliateCode,
    },
    remoteAddress: nextIp(),
  });
}

async function approvedDeposit(token: string, amount: number, operator: string) {
  const order = await t.app.inject({
    method: 'POST',
    url: '/wps/cashier/deposit',
    headers: { authorization: token },
    payload: { methodCode: 'BANK_TRANSFER', amount, requestId: requestId() },
  });
  expect(order.statusCode, order.body).toBe(200);
  const approved = await t.app.inject({
    method: 'POST',
    url: `/admin/cashier/deposits/${order.json().value.reference}/approve`,
    headers: { authorization: operator },
  });
  if (approved.statusCode !== 200) console.log('DEBUG', approved.body);
  expect(approved.statusCode, approved.body).toBe(200);
}

describe('named referral links', () => {
  it('creates named links beside the default one, each with its register link and zero counts', async () => {
    const a = await agent();
    const first = await call('GET', '/wps/agent/referral', a.token);
    expect(first.statusCode).toBe(200);
    const defaultCode: string = first.json().value.affiliateCode;
    const made = await create(a.token, '  Facebook group  ');
    expect(made).toMatchObject({
      name: 'Facebook group',
      isDefault: false,
      active: true,
      link: `https://play.example.com/register?affiliateCode=${made.code}`,
      clicks: 0,
      registrations: 0,
      firstDeposits: 0,
      firstDepositAmount: 0,
    });
    expect(made.code).toMatch(/^[A-Z2-9]{8}$/);
    const list = await links(a.token);
    expect(list.map((l) => [l.code, l.name, l.isDefault])).toEqual([
      [defaultCode, null, true],
      [made.code, 'Facebook group', false],
    ]);
    // GET /wps/agent/referral still gives the default link, as documented.
    expect((await call('GET', '/wps/agent/referral', a.token)).json().value).toEqual({
      affiliateCode: defaultCode,
      link: `https://play.example.com/register?affiliateCode=${defaultCode}`,
    });
  });

  it('refuses a name the agent already uses (any case), and bad names, creating nothing', async () => {
    const a = await agent();
    await create(a.token, 'Telegram');
    const before = await codeRows(a.id);
    expectFailure(
      await call('POST', '/wps/agent/referral/links', a.token, { name: 'telegram ' }),
      409,
      'REFERRAL_LINK_NAME_TAKEN',
    );
    for (const name of ['', '   ', 'x'.repeat(41), 'tab\there', 42]) {
      expectFailure(await call('POST', '/wps/agent/referral/links', a.token, { name }), 400, 'VALIDATION_FAILED');
    }
    expectFailure(await call('POST', '/wps/agent/referral/links', a.token, {}), 400, 'VALIDATION_FAILED');
    expect(await codeRows(a.id)).toEqual(before);
    // Another agent may use the same name.
    const b = await agent();
    expect((await create(b.token, 'Telegram')).name).toBe('Telegram');
    // A 40-character name is fine.
    expect((await create(a.token, 'y'.repeat(40))).name).toBe('y'.repeat(40));
  });

  it(`holds an agent to ${REFERRAL_LINKS_MAX_ACTIVE} active links; a disabled one frees a place`, async () => {
    const a = await agent();
    const made: Link[] = [];
    for (let i = 1; i <= REFERRAL_LINKS_MAX_ACTIVE; i++) made.push(await create(a.token, `Link ${i}`));
    const before = await codeRows(a.id);
    expectFailure(
      await call('POST', '/wps/agent/referral/links', a.token, { name: 'One more' }),
      409,
      'REFERRAL_LINK_LIMIT',
    );
    expect(await codeRows(a.id)).toEqual(before);
    const first = made[0] as Link;
    const off = await call('PUT', `/wps/agent/referral/links/${first.code}`, a.token, { active: false });
    expect(off.statusCode).toBe(200);
    expect(off.json().value).toMatchObject({ code: first.code, active: false });
    await create(a.token, 'One more');
    // Enabling the disabled link again would pass the cap.
    expectFailure(
      await call('PUT', `/wps/agent/referral/links/${first.code}`, a.token, { active: true }),
      409,
      'REFERRAL_LINK_LIMIT',
    );
    expect((await codeRows(a.id)).find((r) => r.code === first.code)?.active).toBe(false);
    // The default link is one of the active links: asking for it at the cap finds the oldest active one.
    expect((await call('GET', '/wps/agent/referral', a.token)).json().value.affiliateCode).toBe(made[1]?.code);
  });

  it('renames and disables only the agent’s own links; another agent’s code answers NOT_FOUND', async () => {
    const a = await agent();
    const b = await agent();
    const mine = await create(a.token, 'Blog');
    await create(a.token, 'Forum');
    const theirs = await create(b.token, 'Theirs');
    const renamed = await call('PUT', `/wps/agent/referral/links/${mine.code.toLowerCase()}`, a.token, {
      name: 'My blog',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().value).toMatchObject({ code: mine.code, name: 'My blog', active: true });
    // The same name in another case is the link's own name.
    expect((await call('PUT', `/wps/agent/referral/links/${mine.code}`, a.token, { name: 'MY BLOG' })).statusCode).toBe(
      200,
    );
    const before = await codeRows(a.id);
    expectFailure(
      await call('PUT', `/wps/agent/referral/links/${mine.code}`, a.token, { name: 'forum' }),
      409,
      'REFERRAL_LINK_NAME_TAKEN',
    );
    expectFailure(await call('PUT', `/wps/agent/referral/links/${mine.code}`, a.token, {}), 400, 'VALIDATION_FAILED');
    expectFailure(
      await call('PUT', `/wps/agent/referral/links/${mine.code}`, a.token, { name: 'x'.repeat(41) }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await codeRows(a.id)).toEqual(before);
    const theirsBefore = await codeRows(b.id);
    for (const body of [{ name: 'Stolen' }, { active: false }]) {
      expectFailure(await call('PUT', `/wps/agent/referral/links/${theirs.code}`, a.token, body), 404, 'NOT_FOUND');
    }
    expectFailure(
      await call('PUT', '/wps/agent/referral/links/NOPE2345', a.token, { active: false }),
      404,
      'NOT_FOUND',
    );
    expect(await codeRows(b.id)).toEqual(theirsBefore);
  });

  it('answers only signed-in agents', async () => {
    expectFailure(await call('GET', '/wps/agent/referral/links'), 401, 'AUTH_REQUIRED');
    const m = await account();
    expectFailure(await call('GET', '/wps/agent/referral/links', m.token), 403, 'ACCOUNT_NOT_AGENT');
    expectFailure(await call('POST', '/wps/agent/referral/links', m.token, { name: 'x' }), 403, 'ACCOUNT_NOT_AGENT');
  });
});

describe('clicks, registrations and first deposits per link', () => {
  it('counts a visitor once per link per 24 hours, and refuses codes that do not register', async () => {
    const a = await agent();
    const one = await create(a.token, 'One');
    const two = await create(a.token, 'Two');
    const ip = nextIp();
    expect((await click(one.code, ip)).json().value).toEqual({ counted: true });
    // Reloading the page, or the code in another case, does not count again.
    expect((await click(one.code, ip)).json().value).toEqual({ counted: false });
    expect((await click(one.code.toLowerCase(), ip)).json().value).toEqual({ counted: false });
    // Another browser at the same address, and the same browser on another link, are other visits.
    expect((await click(one.code, ip, 'Other browser')).json().value).toEqual({ counted: true });
    expect((await click(two.code, ip)).json().value).toEqual({ counted: true });
    t.advance(23 * 3600_000);
    expect((await click(one.code, ip)).json().value).toEqual({ counted: false });
    t.advance(3600_000);
    expect((await click(one.code, ip)).json().value).toEqual({ counted: true });
    // A day later the agent's session has lapsed: it signs in again.
    a.token = await sessionFor(t, a.id);
    const list = await links(a.token);
    expect(list.find((l) => l.code === one.code)?.clicks).toBe(3);
    expect(list.find((l) => l.code === two.code)?.clicks).toBe(1);

    // A disabled link, an unknown code and a disabled agent's link count nothing.
    await call('PUT', `/wps/agent/referral/links/${two.code}`, a.token, { active: false });
    expectFailure(await click(two.code, nextIp()), 400, 'AFFILIATE_CODE_INVALID');
    expectFailure(await click('NOPE2345', nextIp()), 400, 'AFFILIATE_CODE_INVALID');
    expectFailure(await click('', nextIp()), 400, 'VALIDATION_FAILED');
    const gone = await agent();
    const goneLink = await create(gone.token, 'Gone');
    await t.ctx.db.updateTable('members').set({ status: 'disabled' }).where('id', '=', gone.id).execute();
    expectFailure(await click(goneLink.code, nextIp()), 400, 'AFFILIATE_CODE_INVALID');
    const after = await links(a.token);
    expect(after.find((l) => l.code === two.code)?.clicks).toBe(1);
    const visitors = await t.ctx.db
      .selectFrom('affiliate_code_visitors')
      .select('code')
      .where('code', '=', goneLink.code)
      .execute();
    expect(visitors).toEqual([]);
  });

  it(`refuses more than ${VISITS_PER_IP_PER_HOUR} visit reports an hour from one address`, async () => {
    const a = await agent();
    const l = await create(a.token, 'Busy');
    const ip = nextIp();
    for (let i = 0; i < VISITS_PER_IP_PER_HOUR; i++) {
      expect((await click(l.code, ip, `browser ${i}`)).statusCode).toBe(200);
    }
    expectFailure(await click(l.code, ip, 'browser x'), 429, 'RATE_LIMITED');
    expect((await links(a.token))[0]?.clicks).toBe(VISITS_PER_IP_PER_HOUR);
  });

  it('counts the members registered with each link, and their approved first deposits', async () => {
    const a = await agent();
    const defaultCode: string = (await call('GET', '/wps/agent/referral', a.token)).json().value.affiliateCode;
    const promo = await create(a.token, 'Promo');
    const quiet = await create(a.token, 'Quiet');
    const r1 = await register(promo.code.toLowerCase());
    const r2 = await register(promo.code);
    const r3 = await register(defaultCode);
    for (const r of [r1, r2, r3]) expect(r.statusCode).toBe(200);
    // The member joins the agent's team and keeps the code as stored.
    const joined = await t.ctx.db
      .selectFrom('members')
      .select(['upline_id', 'affiliate_code'])
      .where('affiliate_code', '=', promo.code)
      .execute();
    expect(joined).toEqual([
      { upline_id: a.id, affiliate_code: promo.code },
      { upline_id: a.id, affiliate_code: promo.code },
    ]);
    // The first member deposits twice (only the first is a first deposit); the second has a
    // deposit still pending; the default link's member deposits once.
    const operator = (await operatorAccount()).token;
    await approvedDeposit(r1.json().value.token, 500, operator);
    await approvedDeposit(r1.json().value.token, 200, operator);
    const pending = await t.app.inject({
      method: 'POST',
      url: '/wps/cashier/deposit',
      headers: { authorization: r2.json().value.token },
      payload: { methodCode: 'BANK_TRANSFER', amount: 300, requestId: requestId() },
    });
    expect(pending.statusCode).toBe(200);
    await approvedDeposit(r3.json().value.token, 150.5, operator);

    const list = await links(a.token);
    const figures = (code: string) => {
      const l = list.find((x) => x.code === code);
      return [l?.registrations, l?.firstDeposits, l?.firstDepositAmount];
    };
    expect(figures(promo.code)).toEqual([2, 1, 500]);
    expect(figures(defaultCode)).toEqual([1, 1, 150.5]);
    expect(figures(quiet.code)).toEqual([0, 0, 0]);

    // A disabled link registers nobody more.
    await call('PUT', `/wps/agent/referral/links/${quiet.code}`, a.token, { active: false });
    const refused = await register(quiet.code);
    expectFailure(refused, 400, 'AFFILIATE_CODE_INVALID');
  });
});
