import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioRuntime } from '../../../../studio/src/plugin';
import {
  abandon,
  marketOf,
  newEvent,
  oddsIn,
  result,
  scoreResult,
  sel,
} from '../../../../studio/src/sportsbook/book/test-fixture';
import type { MarketQuote } from '../../../../studio/src/sportsbook/types';
import { createMember } from '../../test/factories';
import type { TestApp } from '../../test/harness';
import {
  feedOf,
  memberGet,
  openSportsbook,
  operatorSession,
  placeSingle,
  placeSlip,
  setGameTypeRates,
} from '../../test/sportsbook-fixture';
import { type MountedStudio, mountStudio, platformBalance, studioApi } from '../../test/studio-fixture';
import { issueSession } from '../accounts/sessions.service';
import { refreshAgentStats } from '../agents/agent-stats.service';
import { verifyLedger } from '../ledger/ledger.service';
import { missionsConsumer } from '../missions/missions.service';
import { pointsEarningConsumer } from '../points/points.service';
import { rebatesConsumer } from '../rebates/rebates.service';
import { vipConsumer } from '../vip/vip.service';
import { drainActivity } from './activity-bus';

// The valid bet of a settled sportsbook bet is the stake that was at risk (docs/sportsbook.md
// "Turnover is the stake at risk", docs/agents.md "Valid bet"): the book declares it on the win that
// closes the round (validBet) and every programme and the agent figures count it. A void bet counts
// nothing, a half lost quarter line half its stake, a multiple with a void leg its whole stake (its
// other leg was at risk), a cashed-out bet its stake; a correction after the close moves money only.

let s: MountedStudio;
let t: TestApp;
let studio: StudioRuntime;
let admin: string;
let betMission: number;
let roundsMission: number;

const REBATE = 10_000; // 1%
const POINTS = 20_000; // 2%

function adminCall(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { authorization: admin }, ...(payload ? { payload } : {}) });
}

async function ok(res: Awaited<ReturnType<typeof adminCall>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

async function mission(task: 'bet' | 'rounds', target: number): Promise<number> {
  const created = await adminCall('POST', '/admin/missions', {
    startsAt: new Date(t.ctx.now().getTime() - 60_000).toISOString(),
    texts: { en: { title: `${task} on sports`, description: 'd' } },
    period: 'daily',
    task,
    gameType: 'SPORTS',
    target,
    rewardKind: 'cash',
    rewardAmount: 1,
  });
  const id = (await ok(created)).id as number;
  await ok(await adminCall('POST', `/admin/missions/${id}/state`, { state: 'active' }));
  return id;
}

beforeAll(async () => {
  s = await mountStudio({});
  ({ t, studio } = s);
  admin = await operatorSession(t);
  await setGameTypeRates(t, admin, { rebatePpm: { SPORTS: REBATE }, pointsPpm: { SPORTS: POINTS } });
  await t.ctx.db.updateTable('missions').set({ state: 'ended' }).execute();
  betMission = await mission('bet', 1_000);
  roundsMission = await mission('rounds', 10);
});
afterAll(() => s.close());

const h = () => feedOf(studio);

/** A member with an agent of their own, who opened Sports with 1,000.00. */
async function bettor() {
  const agent = await createMember(t.ctx, { type: 1 });
  const agentAuth = await issueSession(t.ctx, t.ctx.db, {
    memberId: agent.id,
    area: 'member',
    ip: '127.0.0.1',
    userAgent: null,
  });
  const p = await openSportsbook(t, 'SPORTS', 100_000, { uplineId: agent.id });
  return { ...p, agentAuth };
}

const single = (token: string, selectionId: string, odds1000: number, stake: number) =>
  placeSingle(t, token, selectionId, odds1000, stake);

const round = (vendor: string, roundId: string) =>
  t.ctx.db
    .selectFrom('vendor_rounds')
    .select(['bet_amount', 'win_amount', 'void_amount', 'status'])
    .where('vendor_code', '=', vendor)
    .where('round_id', '=', roundId)
    .executeTakeFirstOrThrow();

const settledFact = (vendor: string, roundId: string) =>
  t.ctx.db
    .selectFrom('activity_events')
    .select(['amount', 'data'])
    .where('kind', '=', 'round.settled')
    .where('reference', '=', `${vendor}:${roundId}`)
    .execute();

/**
 * What every programme and the agent figures say of the member's Sports turnover (major units),
 * after the programmes read the activity and the agent figures job ran.
 */
async function figures(p: Awaited<ReturnType<typeof bettor>>) {
  for (const consumer of [rebatesConsumer, vipConsumer, pointsEarningConsumer, missionsConsumer]) {
    await drainActivity(t.ctx, consumer);
  }
  await refreshAgentStats(t.ctx);
  const rebate = await memberGet(t, p.auth, '/wps/rebate/summary');
  const vip = await memberGet(t, p.auth, '/wps/vip/summary');
  const points = (await memberGet(t, p.auth, '/wps/relay/MCS2_getPointBalance')).points as number;
  const missions = (await memberGet(t, p.auth, '/wps/relay/MCSFE_getMissionSummaryDetails')).list as {
    id: number;
    progress: number;
  }[];
  const byType = await memberGet(t, p.agentAuth, '/wps/agent/team/bets?groupBy=gameType&sort=key&order=asc');
  const overview = await memberGet(t, p.agentAuth, '/wps/agent/team/overview');
  return {
    rebate: rebate.validBet as number,
    vip: vip.validBets as number,
    points,
    betMission: missions.find((m) => m.id === betMission)?.progress ?? 0,
    roundsMission: missions.find((m) => m.id === roundsMission)?.progress ?? 0,
    agentBets: byType.content as { key: string; rounds: number; validBets: number; wins: number; profitLoss: number }[],
    agent: overview.current as { rounds: number; validBets: number; wins: number; activeMembers: number },
  };
}

describe('the valid bet of a settled sportsbook bet is the stake at risk', () => {
  it('a void single counts nothing anywhere: its round returns the stake and declares no valid bet', async () => {
    const p = await bettor();
    const e = await newEvent(h());
    const id = await single(p.token, sel(e.id, marketOf('1x2'), 'home'), oddsIn('1x2', 'home'), 4_000);
    await abandon(h(), e.id);
    expect(await round(p.vendor, id)).toEqual({
      bet_amount: 4_000,
      win_amount: 4_000,
      void_amount: 4_000,
      status: 'closed',
    });
    const facts = await settledFact(p.vendor, id);
    expect(facts).toHaveLength(1);
    expect(facts[0]).toMatchObject({ amount: 0, data: { bet: 4_000, win: 4_000, gameType: 'SPORTS' } });

    const f = await figures(p);
    expect(f).toMatchObject({ rebate: 0, vip: 0, points: 0, betMission: 0, roundsMission: 0 });
    // Neither valid bet nor win for the agent: the stake came back unrisked; P&L 0, not active.
    expect(f.agentBets).toEqual([
      expect.objectContaining({ key: 'SPORTS', rounds: 1, validBets: 0, wins: 0, profitLoss: 0 }),
    ]);
    expect(f.agent).toMatchObject({ rounds: 1, validBets: 0, wins: 0, activeMembers: 0 });
    // Nor towards the turnover before withdrawal.
    expect((await memberGet(t, p.auth, '/wps/cashier/withdrawInfo')).turnover).toMatchObject({ achieved: 0 });
  });

  it('a quarter line half lost (half pushed) counts half its stake', async () => {
    const p = await bettor();
    const e = await newEvent(h());
    // Home -0.25 (line4 -1) on a 1-1 draw: half on 0 pushed (returned), half on -0.5 lost.
    const quarter = marketOf('handicap', -1);
    const id = await single(p.token, sel(e.id, quarter, 'home'), oddsIn('handicap', 'home', -1), 4_000);
    await result(h(), e.id, scoreResult(1, 1));
    expect(await round(p.vendor, id)).toEqual({
      bet_amount: 4_000,
      win_amount: 2_000,
      void_amount: 2_000,
      status: 'closed',
    });
    const f = await figures(p);
    // 20.00 valid: 1% rebate 0.20, 2% points 40.
    expect(f).toMatchObject({ rebate: 20, vip: 20, points: 40, betMission: 20, roundsMission: 1 });
    // The at-risk half lost: valid 20.00, wins 0, P&L -20.00 (the member's loss).
    expect(f.agentBets).toEqual([
      expect.objectContaining({ key: 'SPORTS', rounds: 1, validBets: 20, wins: 0, profitLoss: -20 }),
    ]);
    expect(f.agent).toMatchObject({ rounds: 1, validBets: 20, wins: 0, activeMembers: 1 });
    expect((await memberGet(t, p.auth, '/wps/cashier/withdrawInfo')).turnover).toMatchObject({ achieved: 20 });
  });

  it('a multiple with a void leg counts its whole stake: its other leg carried it', async () => {
    const p = await bettor();
    const a = await newEvent(h());
    const b = await newEvent(h());
    const homeA = sel(a.id, marketOf('1x2'), 'home');
    const homeB = sel(b.id, marketOf('1x2'), 'home');
    const placed = await placeSlip(t, p.token, {
      legs: [
        { selectionId: homeA, odds1000: oddsIn('1x2', 'home') },
        { selectionId: homeB, odds1000: oddsIn('1x2', 'home') },
      ],
      bets: [{ kind: 'multiple', stake: 3_000 }],
      oddsChange: 'none',
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = placed.body.bets[0]?.id ?? '';
    await abandon(h(), b.id);
    await result(h(), a.id, scoreResult(2, 0));
    // 3,000 x 2.10 x 1 (the void leg drops out) = 6,300.
    expect(await round(p.vendor, id)).toEqual({
      bet_amount: 3_000,
      win_amount: 6_300,
      void_amount: 0,
      status: 'closed',
    });
    const f = await figures(p);
    expect(f).toMatchObject({ rebate: 30, vip: 30, points: 60, betMission: 30, roundsMission: 1 });
    expect(f.agentBets).toEqual([
      expect.objectContaining({ key: 'SPORTS', rounds: 1, validBets: 30, wins: 63, profitLoss: 33 }),
    ]);
    expect(f.agent).toMatchObject({ rounds: 1, validBets: 30, wins: 63, activeMembers: 1 });
  });

  it('a cashed-out bet counts its stake; a part cashed out before a void counts that part', async () => {
    const p = await bettor();
    const e = await newEvent(h());
    const home = sel(e.id, marketOf('1x2'), 'home');
    const full = await single(p.token, home, oddsIn('1x2', 'home'), 2_000);
    const part = await single(p.token, home, oddsIn('1x2', 'home'), 2_000);
    const cashed = await studioApi(t, p.token, 'POST', `/api/sb/bets/${full}/cashout`, { expected: 0 });
    expect(cashed.statusCode, cashed.body).toBe(200);
    const paid = cashed.json().paid as number;
    const half = await studioApi(t, p.token, 'POST', `/api/sb/bets/${part}/cashout`, { expected: 0, stake: 500 });
    expect(half.statusCode, half.body).toBe(200);
    const halfPaid = half.json().paid as number;
    await abandon(h(), e.id);

    expect(await round(p.vendor, full)).toEqual({
      bet_amount: 2_000,
      win_amount: paid,
      void_amount: 0,
      status: 'closed',
    });
    // 5.00 cashed out (at risk until then), 15.00 returned void at the abandon.
    expect(await round(p.vendor, part)).toEqual({
      bet_amount: 2_000,
      win_amount: halfPaid + 1_500,
      void_amount: 1_500,
      status: 'closed',
    });
    const f = await figures(p);
    expect(f).toMatchObject({ rebate: 25, vip: 25, points: 50, betMission: 25, roundsMission: 2 });
    const wins = (paid + halfPaid) / 100;
    expect(f.agentBets).toEqual([
      // Figured in minor units, as the report does: wins less the 25.00 staked.
      expect.objectContaining({
        key: 'SPORTS',
        rounds: 2,
        validBets: 25,
        wins,
        profitLoss: (paid + halfPaid - 2_500) / 100,
      }),
    ]);
    expect(f.agent).toMatchObject({ rounds: 2, validBets: 25, wins, activeMembers: 1 });
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });

  it('a correction from a win to a push moves the money only: the valid bet stays, figures agree, nothing is paid twice', async () => {
    const p = await bettor();
    const whole: MarketQuote = {
      type: 'handicap',
      period: 'ft',
      status: 'open',
      line4: -4,
      selections: [
        { key: 'home', odds1000: 1_950 },
        { key: 'away', odds1000: 1_900 },
      ],
    };
    const e = await newEvent(h(), { markets: [whole] });
    // Home -1 on 2-0 wins; corrected to 1-0 it pushes (the stake comes back).
    const id = await single(p.token, sel(e.id, whole, 'home'), 1_950, 2_000);
    await result(h(), e.id, scoreResult(2, 0));
    expect(await round(p.vendor, id)).toMatchObject({ win_amount: 3_900, void_amount: 0 });
    const before = await figures(p);
    await result(h(), e.id, scoreResult(1, 0), true);
    expect(await round(p.vendor, id)).toEqual({
      bet_amount: 2_000,
      win_amount: 2_000,
      void_amount: 0,
      status: 'closed',
    });
    // One round.settled fact, counted once; the correction writes none.
    expect(await settledFact(p.vendor, id)).toHaveLength(1);
    const after = await figures(p);
    expect(after).toMatchObject({
      rebate: 20,
      vip: 20,
      points: 40,
      betMission: 20,
      roundsMission: 1,
    });
    expect(after.rebate).toBe(before.rebate);
    // The agent figures count the same valid bet, and the wins as corrected: P&L 0 (stake back).
    expect(after.agent).toMatchObject({ rounds: 1, validBets: 20, wins: 20, activeMembers: 1 });
    expect(after.agentBets).toEqual([
      expect.objectContaining({ key: 'SPORTS', rounds: 1, validBets: 20, wins: 20, profitLoss: 0 }),
    ]);
    // The member has the stake back and no more: the win was taken back by the correction.
    expect(await platformBalance(t, p.memberId)).toBe(100_000);
    expect((await verifyLedger(t.ctx.db)).violations).toEqual([]);
  });
});
