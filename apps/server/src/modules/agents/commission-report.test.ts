import { brandDay } from '@gamehall/shared/calendar-day';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { getBrand } from '../brand/brand.service';
import { actors } from '../cashier/cashier.fixtures';
import { settleContracts, windowOf } from './settlement.service';

// The commission cost report (docs/agents.md "Commission cost report"): per agent, kind and period its base, paid, held
// and carried, filtered by brand days, kind and agent; a statement line leads to the member's rounds
// of the period.

let t: TestApp;
let reader: string;
let stranger: string;
let nodeId: number;
let tz: string;
let threshold: number;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const { operator } = actors(() => t, createMember);

beforeAll(async () => {
  t = await createTestApp();
  await ensureVendorIntegrations(t.ctx);
  nodeId = (
    await t.ctx.db.selectFrom('games').select('node_id').where('status', '=', 'active').executeTakeFirstOrThrow()
  ).node_id;
  const brand = await getBrand(t.ctx.db);
  tz = brand.timeZone;
  threshold = brand.agentPayoutHoldThreshold;
  reader = (await operator(['agents.read', 'members.read'])).token;
  stranger = (await operator(['games.read'])).token;
});
afterAll(() => t.close());

async function contract(holderId: number, kind: 'hourly_salary' | 'dividend', period: 'hourly' | 'daily', from: Date) {
  await t.ctx.db
    .insertInto('contracts')
    .values({
      kind,
      period,
      tiers: JSON.stringify([
        { minValidBet: 0, minActiveMembers: 0, ratePpm: kind === 'dividend' ? 300_000 : 1_000_000 },
      ]),
      rate_ppm: kind === 'dividend' ? 300_000 : 1_000_000,
      upline_id: null,
      holder_id: holderId,
      status: 'active',
      termination_requested_by: null,
      termination_requested_at: null,
      termination_reason: null,
      offered_by_operator: null,
      created_at: from,
      accepted_at: from,
      ended_at: null,
      ended_by: null,
      end_reason: null,
      settled_until: null,
      updated_at: from,
    })
    .execute();
}

const get = (url: string, token = reader) => t.app.inject({ method: 'GET', url, headers: { authorization: token } });

describe('commission cost report', () => {
  it('shows base, paid, held and carried per agent, kind and period, and leads to the rounds', async () => {
    const top = await createMember(t.ctx, { type: 1 });
    const member = await createMember(t.ctx, { type: 0, uplineId: top.id });
    // Two hours of salary: one held (at the threshold), one paid.
    const hour = windowOf('hourly', new Date(t.ctx.now().getTime() - 3 * HOUR), tz);
    await contract(top.id, 'hourly_salary', 'hourly', hour.start);
    await insertRound(t.ctx, { memberId: member.id, nodeId, bet: threshold, at: new Date(hour.start.getTime() + 10) });
    await insertRound(t.ctx, { memberId: member.id, nodeId, bet: 100, at: new Date(hour.end.getTime() + 10) });
    // A daily dividend two days back in which the team won: nothing paid, the loss carried.
    const day = windowOf('daily', new Date(t.ctx.now().getTime() - 2 * DAY), tz);
    await contract(top.id, 'dividend', 'daily', day.start);
    await insertRound(t.ctx, {
      memberId: member.id,
      nodeId,
      bet: 1_000,
      win: 5_000,
      at: new Date(day.start.getTime() + HOUR),
    });
    await settleContracts(t.ctx, [
      { kind: 'hourly_salary', period: 'hourly' },
      { kind: 'dividend', period: 'daily' },
    ]);
    const dividend = await t.ctx.db
      .selectFrom('contract_statements')
      .select(['id', 'net_loss', 'carry_out'])
      .where('holder_id', '=', top.id)
      .where('kind', '=', 'dividend')
      .orderBy('period_start')
      .executeTakeFirstOrThrow();
    expect(Number(dividend.carry_out)).toBeLessThan(0);

    const from = brandDay(day.start, tz);
    const to = brandDay(t.ctx.now(), tz);
    const all = await get(`/admin/agents/commission-report?from=${from}&to=${to}&agent=${top.username.toUpperCase()}`);
    expect(all.statusCode, all.body).toBe(200);
    const v = all.json().value;
    expect(v.timeZone).toBe(tz);
    const salaries = v.list.filter((r: { kind: string }) => r.kind === 'hourly_salary');
    expect(
      salaries.map((r: { status: string; base: number; paid: number; held: number }) => [
        r.status,
        r.base,
        r.paid,
        r.held,
      ]),
    ).toEqual(
      expect.arrayContaining([
        ['held', threshold / 100, 0, threshold / 100],
        ['paid', 1, 1, 0],
      ]),
    );
    const first = v.list.find((r: { statementId: number }) => r.statementId === Number(dividend.id));
    expect(first).toMatchObject({
      kind: 'dividend',
      agent: { id: top.id, username: top.username },
      base: Number(dividend.net_loss) / 100,
      paid: 0,
      held: 0,
      carried: Number(dividend.carry_out) / 100,
    });
    expect(v.totals).toMatchObject({
      statements: v.list.length,
      paid: 1,
      held: threshold / 100,
      carried: Number(dividend.carry_out) / 100,
    });

    // Kind and agent filters.
    const onlyDividend = (
      await get(`/admin/agents/commission-report?from=${from}&to=${to}&kind=dividend&agent=${top.username}`)
    ).json().value;
    expect(onlyDividend.list.map((r: { kind: string }) => r.kind)).toEqual(['dividend']);
    const nobody = (
      await get(`/admin/agents/commission-report?from=${from}&to=${to}&agent=nobody-${Date.now()}`)
    ).json().value;
    expect(nobody.total).toBe(0);

    // From the statement's line to the member's rounds of its period.
    const held = salaries.find((r: { status: string }) => r.status === 'held');
    const detail = (await get(`/admin/agents/statements/${held.statementId}`)).json().value;
    expect(detail.lines).toEqual([expect.objectContaining({ downline: null })]);
    const rounds = await get(
      `/admin/members/${member.id}/rounds?from=${encodeURIComponent(held.periodStart)}&to=${encodeURIComponent(held.periodEnd)}`,
    );
    expect(rounds.statusCode, rounds.body).toBe(200);
    expect(rounds.json().value.list.map((r: { bet: number }) => r.bet)).toEqual([threshold / 100]);
    const byDay = await get(`/admin/members/${member.id}/rounds?from=${from}&to=${from}`);
    expect(byDay.json().value.list.map((r: { win: number }) => r.win)).toEqual([50]);
  });

  it('refuses a bad range and operators without the agents permission', async () => {
    expect((await get('/admin/agents/commission-report?from=2026-02-01&to=2026-01-01')).json().code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await get('/admin/agents/commission-report?from=2024-01-01&to=2026-01-01')).json().code).toBe(
      'VALIDATION_FAILED',
    );
    expect((await get('/admin/agents/commission-report?from=2026-01-01')).json().code).toBe('VALIDATION_FAILED');
    expect((await get('/admin/agents/commission-report?from=2026-01-01&to=2026-01-02', stranger)).statusCode).toBe(403);
  });
});
