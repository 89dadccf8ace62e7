import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories';
import { ensureVendorIntegrations, insertRound } from '../../test/game-factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { issueSession } from '../accounts/sessions.service';
import { getBrand } from '../brand/brand.service';
import { dayOf } from './agent-stats.queries';
import { refreshAgentDay } from './agent-stats.service';
import { settleContracts, windowOf } from './settlement.service';

// The agent revenue report: every statement
// counts, paid, held or zero, and the turnover is the team's own, not the statements'.

let t: TestApp;
let nodeId: number;
let tz: string;
const HOUR = 3600_000;

beforeAll(async () => {
  t = await createTestApp();
  await ensureVendorIntegrations(t.ctx);
  const game = await t.ctx.db
    .selectFrom('games')
    .select('node_id')
    .where('status', '=', 'active')
    .executeTakeFirstOrThrow();
  nodeId = game.node_id;
  tz = (await getBrand(t.ctx.db)).timeZone;
});
afterAll(() => t.close());

async function hourlyContract(holderId: number, from: Date, minValidBet: number, ratePpm: number) {
  const c = await t.ctx.db
    .insertInto('contracts')
    .values({
      kind: 'hourly_salary',
      period: 'hourly',
      tiers: JSON.stringify([{ minValidBet, minActiveMembers: 0, ratePpm }]),
      rate_ppm: ratePpm,
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
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(c.id);
}

const agentToken = (memberId: number) =>
  issueSession(t.ctx, t.ctx.db, { memberId, area: 'agent', ip: '127.0.0.1', userAgent: null });

describe('agent revenue report', () => {
  it('counts zero, paid and held statements and shows the team turnover, not the paid statements’ bets', async () => {
    const top = await createMember(t.ctx, { type: 1 });
    const member = await createMember(t.ctx, { type: 0, uplineId: top.id });
    const first = windowOf('hourly', new Date(t.ctx.now().getTime() - 4 * HOUR), tz);
    await hourlyContract(top.id, first.start, 1_000, 100_000);
    const threshold = (await getBrand(t.ctx.db)).agentPayoutHoldThreshold;
    // Below the tier: a zero statement; above it: 10% paid; ten times the hold threshold: held.
    const bets = [500, 5_000, threshold * 10];
    for (const [i, bet] of bets.entries())
      await insertRound(t.ctx, {
        memberId: member.id,
        nodeId,
        bet,
        at: new Date(first.start.getTime() + i * HOUR + 10),
      });
    await settleContracts(t.ctx, [{ kind: 'hourly_salary', period: 'hourly' }]);
    const days = new Set<string>();
    for (let i = 0; i < 3; i++) days.add(await dayOf(t.ctx.db, new Date(first.start.getTime() + i * HOUR + 10), tz));
    for (const d of days) await refreshAgentDay(t.ctx, d, tz);
    const from = [...days].sort()[0] as string;
    const to = [...days].sort().at(-1) as string;

    const res = await t.app.inject({
      method: 'GET',
      url: `/wps/agent/revenue?groupBy=month&from=${from}&to=${to}`,
      headers: { authorization: await agentToken(top.id) },
    });
    expect(res.statusCode).toBe(200);
    const v = res.json().value;
    const turnover = (500 + 5_000 + threshold * 10) / 100;
    expect(v.timeZone).toBe(tz);
    expect(v.totals).toMatchObject({
      validBets: turnover,
      statements: 3,
      paid: 1,
      held: 1,
      zero: 1,
      hourly_salary: 5,
      total: 5,
      heldAmount: threshold / 100,
    });
    const months = v.content as { validBets: number; statements: number; kinds: { kind: string }[] }[];
    expect(months.reduce((s, m) => s + m.validBets, 0)).toBe(turnover);
    expect(months.reduce((s, m) => s + m.statements, 0)).toBe(3);
    expect(months.flatMap((m) => m.kinds.map((k) => k.kind))).toContain('hourly_salary');
  });

  it('shows a period with team turnover and no statement at all', async () => {
    const top = await createMember(t.ctx, { type: 1 });
    const member = await createMember(t.ctx, { type: 0, uplineId: top.id });
    const at = new Date(t.ctx.now().getTime() - 2 * HOUR);
    await insertRound(t.ctx, { memberId: member.id, nodeId, bet: 1_234, at });
    const day = await dayOf(t.ctx.db, at, tz);
    await refreshAgentDay(t.ctx, day, tz);
    const res = await t.app.inject({
      method: 'GET',
      url: `/wps/agent/revenue?groupBy=day&from=${day}&to=${day}`,
      headers: { authorization: await agentToken(top.id) },
    });
    expect(res.json().value.content).toEqual([
      expect.objectContaining({ period: day, validBets: 12.34, statements: 0, amount: 0, kinds: [] }),
    ]);
  });

  it('names the brand time zone on the statement and income lists', async () => {
    const top = await createMember(t.ctx, { type: 1 });
    const token = await agentToken(top.id);
    for (const url of ['/wps/agent/statements?kind=dividend', '/wps/agent/income']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: token } });
      expect(res.json().value.timeZone).toBe(tz);
    }
  });
});
