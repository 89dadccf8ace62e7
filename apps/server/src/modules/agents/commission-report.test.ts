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

async function contract(
  holderId: number,
  kind: 'hourly_salary' | 'dividend',
  period: 'hourly' | 'daily',
  from: Date,
  upline: { id: number; ratePpm: number } | null = null,
  until: Date | null = null,
) {
  const ratePpm = upline?.ratePpm ?? (kind === 'dividend' ? 300_000 : 1_000_000);
  await t.ctx.db
    .insertInto('contracts')
    .values({
      kind,
      period,
      tiers: JSON.stringify([{ minValidBet: 0, minActiveMembers: 0, ratePpm }]),
      rate_ppm: ratePpm,
      upline_id: upline?.id ?? null,
      holder_id: holderId,
      status: until ? 'terminated' : 'active',
      termination_requested_by: null,
      termination_requested_at: null,
      termination_reason: null,
      offered_by_operator: null,
      created_at: from,
      accepted_at: from,
      ended_at: until,
      ended_by: until ? 'operator' : null,
      end_reason: until ? 'ended with the day' : null,
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
    // A daily dividend two days back in which the team won: nothing paid, the loss carried. It ends
    // with that day, so the salary's rounds (three hours back, yesterday just after midnight) never
    // fall in a dividend.
    const day = windowOf('daily', new Date(t.ctx.now().getTime() - 2 * DAY), tz);
    await contract(top.id, 'dividend', 'daily', day.start, null, day.end);
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

  it("drills down from a statement's lines to their members and from each member to its rounds of the period", async () => {
    // top pays its sub-agent D a line of its own; its direct member M1 and its sub-agent E, which
    // holds no contract, are in the line of top's own members.
    const top = await createMember(t.ctx, { type: 1 });
    const d = await createMember(t.ctx, { type: 2, uplineId: top.id });
    const e = await createMember(t.ctx, { type: 2, uplineId: top.id });
    const m1 = await createMember(t.ctx, { type: 0, uplineId: top.id });
    const m2 = await createMember(t.ctx, { type: 0, uplineId: d.id });
    const m3 = await createMember(t.ctx, { type: 0, uplineId: e.id });
    const hour = windowOf('hourly', new Date(t.ctx.now().getTime() - 2 * HOUR), tz);
    await contract(top.id, 'hourly_salary', 'hourly', hour.start);
    await contract(d.id, 'hourly_salary', 'hourly', hour.start, { id: top.id, ratePpm: 500_000 });
    const bets = new Map([
      [m1.id, 1_000],
      [m2.id, 2_000],
      [m3.id, 3_000],
    ]);
    for (const [memberId, bet] of bets)
      await insertRound(t.ctx, { memberId, nodeId, bet, at: new Date(hour.start.getTime() + 60_000) });
    // A round of the hour after, which the drill-down must leave out.
    await insertRound(t.ctx, { memberId: m1.id, nodeId, bet: 700, at: new Date(hour.end.getTime() + 60_000) });
    await settleContracts(t.ctx, [{ kind: 'hourly_salary', period: 'hourly' }]);

    // The report's row of top's hour opens the statement and its lines.
    const day = brandDay(hour.start, tz);
    const report = (
      await get(`/admin/agents/commission-report?from=${day}&to=${day}&kind=hourly_salary&agent=${top.username}`)
    ).json().value;
    const row = report.list.find((r: { periodStart: string }) => r.periodStart === hour.start.toISOString());
    expect(row).toMatchObject({ base: 60, paid: 50 });
    const statement = (await get(`/admin/agents/statements/${row.statementId}`)).json().value;
    expect(
      statement.lines.map((l: { downline: { id: number } | null; validBets: number }) => [
        l.downline?.id ?? null,
        l.validBets,
      ]),
    ).toEqual(
      expect.arrayContaining([
        [d.id, 20],
        [null, 40],
      ]),
    );

    // Each line's members, then each member's rounds of the statement's period.
    type Base = { members: { content: { member: { id: number }; validBets: number }[]; totalElements: number } };
    const membersOf = async (line: string) => {
      const res = await get(`/admin/agents/statements/${row.statementId}/base?line=${line}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as Base & { branches: unknown[] };
    };
    const dLine = await membersOf(String(d.id));
    expect(dLine.members.content.map((m) => [m.member.id, m.validBets])).toEqual([[m2.id, 20]]);
    expect(dLine.members.totalElements).toBe(1);
    const own = await membersOf('own');
    expect(own.members.content.map((m) => [m.member.id, m.validBets]).sort()).toEqual(
      [
        [m1.id, 10],
        [m3.id, 30],
      ].sort(),
    );
    expect(own.members.totalElements).toBe(2);
    // The branches stay whole whatever the line.
    expect(own.branches).toHaveLength(3);
    expect(dLine.branches).toEqual(own.branches);
    for (const m of [...dLine.members.content, ...own.members.content]) {
      const rounds = await get(
        `/admin/members/${m.member.id}/rounds?from=${encodeURIComponent(statement.periodStart)}&to=${encodeURIComponent(statement.periodEnd)}`,
      );
      expect(rounds.statusCode, rounds.body).toBe(200);
      expect(rounds.json().value.list.map((r: { bet: number }) => r.bet)).toEqual([(bets.get(m.member.id) ?? 0) / 100]);
    }
    // A line the statement does not have lists nobody; a bad one is refused.
    expect((await membersOf(String(m2.id))).members.totalElements).toBe(0);
    expect((await get(`/admin/agents/statements/${row.statementId}/base?line=all`)).json().code).toBe(
      'VALIDATION_FAILED',
    );
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
