import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken } from '../../test/admin-session';
import { createMember } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueSession } from '../accounts/sessions.service';

// Contract rules through HTTP (spec §4 "Contracts", docs/agents.md "Offers", "Actions",
// "Auto-termination"), and the back office's offers, limits, templates and terminations.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t.app);
});
afterAll(() => t.close());

type Account = { id: number; username: string; token: string };

async function account(type: number, uplineId: number | null = null): Promise<Account> {
  const m = await createMember(t.ctx, { type, uplineId });
  const token = await issueSession(t.ctx, t.ctx.db, {
    memberId: m.id,
    area: type === 0 ? 'member' : 'agent',
    ip: '127.0.0.1',
    userAgent: null,
  });
  return { id: m.id, username: m.username, token };
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
}

const DIV = '/wps/relay/MCS2_processDividendReq';
const DAILY = '/wps/relay/MCS2_processDailySalContract';
const tier = (ratePpm: number, minValidBet = 0, minActiveMembers = 0) => ({ minValidBet, minActiveMembers, ratePpm });

async function operatorOffer(agent: Account, kind: string, ratePpm: number, period?: string) {
  const res = await call('POST', '/admin/agents/contracts', admin, {
    agentId: agent.id,
    kind,
    ...(period ? { period } : {}),
    tiers: [tier(ratePpm)],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { id: number; status: string };
}

async function accepted(path: string, holder: Account, contractId: number) {
  const res = await call('POST', path, holder.token, { action: 'accept', contractId });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().value.status).toBe('active');
}

async function offer(path: string, from: Account, to: Account, ratePpm: number, period?: string) {
  return call('POST', path, from.token, {
    action: 'offer',
    downlineId: to.id,
    ...(period ? { period } : {}),
    tiers: [tier(ratePpm)],
  });
}

async function statusOf(id: number) {
  const r = await t.ctx.db
    .selectFrom('contracts')
    .select(['status', 'end_reason'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return r;
}

describe('contract offers and answers', () => {
  it('offers to a direct downline at or below the own rate; refuses the rest and changes nothing', async () => {
    const top = await account(1);
    const sub = await account(2, top.id);
    const grand = await account(0, sub.id);
    const c = await operatorOffer(top, 'dividend', 300_000, 'weekly');
    await accepted(DIV, top, c.id);

    const before = await t.ctx.db
      .selectFrom('contracts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await offer(DIV, top, sub, 300_001, 'weekly')).json().code).toBe('CONTRACT_RATE_ABOVE_UPLINE');
    expect((await offer(DIV, top, grand, 100_000, 'weekly')).json().code).toBe('CONTRACT_NOT_DIRECT_DOWNLINE');
    expect((await offer(DIV, top, sub, 100_000)).json().code).toBe('CONTRACT_PERIOD_INVALID');
    expect((await offer(DAILY, top, sub, 1_000)).json().code).toBe('CONTRACT_NO_OWN_CONTRACT');
    expect((await offer(DAILY, top, sub, 1_000, 'weekly')).json().code).toBe('CONTRACT_PERIOD_INVALID');
    // A member that is not an agent cannot offer, even to its own downline.
    const plain = await account(0, top.id);
    const below = await account(0, plain.id);
    expect((await offer(DIV, plain, below, 1)).json().code).toBe('CONTRACT_NOT_AGENT');
    const after = await t.ctx.db
      .selectFrom('contracts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);

    const ok = await offer(DIV, top, sub, 300_000, 'weekly');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().value).toMatchObject({
      status: 'offered',
      ratePpm: 300_000,
      upline: { id: top.id },
      holder: { id: sub.id },
    });
    expect((await offer(DIV, top, sub, 100_000, 'weekly')).json().code).toBe('CONTRACT_ALREADY_OPEN');

    // The popup and the consolidated info see the offer; only the holder may answer it.
    const pending = (await call('GET', '/wps/contracts/pending', sub.token)).json().value;
    expect(pending.offers.map((o: { id: number }) => o.id)).toEqual([ok.json().value.id]);
    expect((await call('GET', '/wps/contracts/info', sub.token)).json().value).toMatchObject({
      divtypereq: 1,
      divtypeinfo: 0,
    });
    const other = await account(1);
    expect(
      (await call('POST', DIV, other.token, { action: 'accept', contractId: ok.json().value.id })).json().code,
    ).toBe('CONTRACT_NOT_FOUND');
    expect((await call('POST', DIV, top.token, { action: 'accept', contractId: ok.json().value.id })).json().code).toBe(
      'CONTRACT_STATE_INVALID',
    );
    // The id on another kind's call is not there either.
    expect(
      (await call('POST', DAILY, sub.token, { action: 'accept', contractId: ok.json().value.id })).json().code,
    ).toBe('CONTRACT_NOT_FOUND');
    await accepted(DIV, sub, ok.json().value.id);
    expect((await call('GET', '/wps/contracts/info', sub.token)).json().value).toMatchObject({
      divtypereq: 0,
      divtypeinfo: 1,
    });
    // The same flags in member info (spec §3).
    expect((await call('GET', '/wps/member/info', sub.token)).json().value).toMatchObject({
      divtypereq: 0,
      divtypeinfo: 1,
    });
    const offered = (await call('GET', '/wps/agent/contracts/offered', top.token)).json().value;
    expect(offered.content.map((o: { holder: { id: number } }) => o.holder.id)).toEqual([sub.id]);
    const held = (await call('GET', '/wps/contracts?kind=dividend', sub.token)).json().value;
    expect(held.totalElements).toBe(1);
  });

  it('reject ends an offer; the same kind can be offered again', async () => {
    const top = await account(1);
    const sub = await account(2, top.id);
    await accepted(DAILY, top, (await operatorOffer(top, 'daily_salary', 10_000)).id);
    const first = (await offer(DAILY, top, sub, 5_000)).json().value;
    const res = await call('POST', DAILY, sub.token, { action: 'reject', contractId: first.id });
    expect(res.json().value).toMatchObject({ status: 'rejected', endedBy: 'holder' });
    expect((await call('POST', DAILY, sub.token, { action: 'accept', contractId: first.id })).json().code).toBe(
      'CONTRACT_STATE_INVALID',
    );
    expect((await offer(DAILY, top, sub, 5_000)).statusCode).toBe(200);
  });

  it('termination: one side asks, only the other side answers', async () => {
    const top = await account(1);
    const sub = await account(2, top.id);
    await accepted(DAILY, top, (await operatorOffer(top, 'daily_salary', 10_000)).id);
    const c = (await offer(DAILY, top, sub, 5_000)).json().value;
    await accepted(DAILY, sub, c.id);
    expect((await call('POST', DAILY, top.token, { action: 'requestTermination', contractId: c.id })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/wps/contracts/info', sub.token)).json().value.dailysalreqtype).toBe(1);
    expect((await call('POST', DAILY, top.token, { action: 'acceptTermination', contractId: c.id })).json().code).toBe(
      'CONTRACT_STATE_INVALID',
    );
    expect(
      (await call('POST', DAILY, sub.token, { action: 'rejectTermination', contractId: c.id })).json().value,
    ).toMatchObject({
      status: 'active',
      terminationRequestedBy: null,
    });
    await call('POST', DAILY, sub.token, { action: 'requestTermination', contractId: c.id, reason: 'moving on' });
    const pending = (await call('GET', '/wps/contracts/pending', top.token)).json().value;
    expect(pending.terminationRequests.map((x: { id: number }) => x.id)).toEqual([c.id]);
    const done = (await call('POST', DAILY, top.token, { action: 'acceptTermination', contractId: c.id })).json().value;
    expect(done).toMatchObject({ status: 'terminated', endedBy: 'holder', endReason: 'moving on' });
  });

  it('accepting a lower rate terminates the higher contracts given below, and theirs in turn', async () => {
    const top = await account(1);
    const a = await account(2, top.id);
    const b = await account(2, a.id);
    const c = await account(2, b.id);
    const d = await account(2, a.id);
    await accepted(DAILY, top, (await operatorOffer(top, 'daily_salary', 20_000)).id);
    const ta = (await offer(DAILY, top, a, 20_000)).json().value;
    await accepted(DAILY, a, ta.id);
    const ab = (await offer(DAILY, a, b, 15_000)).json().value;
    await accepted(DAILY, b, ab.id);
    const bc = (await offer(DAILY, b, c, 5_000)).json().value;
    await accepted(DAILY, c, bc.id);
    const ad = (await offer(DAILY, a, d, 8_000)).json().value;
    await accepted(DAILY, d, ad.id);

    // a's contract ends by agreement: what a gave stays.
    await call('POST', DAILY, top.token, { action: 'requestTermination', contractId: ta.id });
    await call('POST', DAILY, a.token, { action: 'acceptTermination', contractId: ta.id });
    expect((await statusOf(ab.id)).status).toBe('active');
    // a accepts 10,000 ppm: b's 15,000 ends, and c's under b with it; d's 8,000 stays.
    const lower = (await offer(DAILY, top, a, 10_000)).json().value;
    await accepted(DAILY, a, lower.id);
    expect(await statusOf(ab.id)).toEqual({ status: 'terminated', end_reason: 'upline_rate_lowered' });
    expect(await statusOf(bc.id)).toEqual({ status: 'terminated', end_reason: 'upline_contract_ended' });
    expect((await statusOf(ad.id)).status).toBe('active');
  });

  it('bad bodies are refused with a code and change nothing', async () => {
    const top = await account(1);
    for (const body of [
      {},
      { action: 'accept' },
      { action: 'offer', downlineId: 1, tiers: [] },
      { action: 'offer', downlineId: 1, tiers: [tier(2_000_000)] },
      { action: 'offer', downlineId: 1, tiers: [tier(10, 100), tier(5, 200)] },
      { action: 'accept', contractId: -1 },
    ]) {
      const res = await call('POST', DIV, top.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await t.app.inject({ method: 'POST', url: DIV, payload: { action: 'accept', contractId: 1 } })).statusCode,
    ).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/wps/agent/contracts/offered' })).statusCode).toBe(401);
  });
});

describe('back office', () => {
  it('offers only to top agents within the limit; templates; terminate; grid; tree and search', async () => {
    const top = await account(1);
    const sub = await account(2, top.id);
    const member = await account(0, sub.id);
    const limits = (await call('GET', '/admin/agents/contract-limits', admin)).json().value.list;
    expect(limits.map((l: { kind: string }) => l.kind).sort()).toEqual([
      'daily_salary',
      'dividend',
      'hourly_salary',
      'realtime_salary',
    ]);
    expect(
      (
        await call('PUT', '/admin/agents/contract-limits', admin, {
          list: [{ kind: 'hourly_salary', maxRatePpm: 5_000 }],
        })
      ).statusCode,
    ).toBe(200);
    const tooHigh = await call('POST', '/admin/agents/contracts', admin, {
      agentId: top.id,
      kind: 'hourly_salary',
      tiers: [tier(5_001)],
    });
    expect(tooHigh.json().code).toBe('CONTRACT_RATE_ABOVE_LIMIT');
    const notTop = await call('POST', '/admin/agents/contracts', admin, {
      agentId: sub.id,
      kind: 'hourly_salary',
      tiers: [tier(1_000)],
    });
    expect(notTop.json().code).toBe('CONTRACT_NOT_TOP_AGENT');

    const tpl = await call('POST', '/admin/agents/contract-templates', admin, {
      name: 'Hourly basic',
      kind: 'hourly_salary',
      tiers: [tier(1_000), tier(4_000, 1000, 3)],
    });
    expect(tpl.statusCode, tpl.body).toBe(200);
    expect(tpl.json().value).toMatchObject({ ratePpm: 4_000, period: 'hourly' });
    const fromTpl = await call('POST', '/admin/agents/contracts', admin, {
      agentId: top.id,
      templateId: tpl.json().value.id,
    });
    expect(fromTpl.statusCode, fromTpl.body).toBe(200);
    const id = fromTpl.json().value.id;
    const grid = (await call('GET', `/admin/agents/contracts?holder=${top.username}&kind=hourly_salary`, admin)).json()
      .value;
    expect(grid.list.map((c: { id: number }) => c.id)).toEqual([id]);
    const ended = await call('POST', `/admin/agents/contracts/${id}/terminate`, admin, { reason: 'test' });
    expect(ended.json().value).toMatchObject({ status: 'terminated', endedBy: 'operator' });
    expect(
      (await call('POST', `/admin/agents/contracts/${id}/terminate`, admin, { reason: 'again' })).json().code,
    ).toBe('CONTRACT_STATE_INVALID');
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select('event')
      .where('event', 'in', ['contract.offer', 'contract.terminate', 'contract.limits', 'contract.template'])
      .execute();
    expect(new Set(audit.map((a) => a.event)).size).toBe(4);

    const children = (await call('GET', `/admin/agents/tree?parentId=${top.id}`, admin)).json().value.list;
    expect(children).toEqual([expect.objectContaining({ id: sub.id, teamSize: 1, directCount: 1, isAgent: true })]);
    const roots = (await call('GET', '/admin/agents/tree', admin)).json().value.list;
    expect(roots.map((r: { id: number }) => r.id)).toContain(top.id);
    expect(roots.map((r: { id: number }) => r.id)).not.toContain(sub.id);
    const hits = (await call('GET', `/admin/agents/search?q=${sub.username.slice(0, -1)}`, admin)).json().value.list;
    expect(hits.map((h: { id: number }) => h.id)).toContain(sub.id);
    expect(hits.map((h: { id: number }) => h.id)).not.toContain(member.id);
    // Members and agents cannot open the back office's calls.
    expect((await call('GET', '/admin/agents/contracts', top.token)).statusCode).toBeGreaterThanOrEqual(401);
  });
});
