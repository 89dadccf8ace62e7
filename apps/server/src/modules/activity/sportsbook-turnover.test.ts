import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StudioRuntime } from '../../../../studio/src/plugin';
import {
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
import { createPromotion } from '../../test/programmes';
import {
  feedOf,
  memberGet,
  openAnother,
  openSportsbook,
  operatorSession,
  placeSingle,
  setGameTypeRates,
} from '../../test/sportsbook-fixture';
import { type MountedStudio, mountStudio } from '../../test/studio-fixture';
import { issueSession } from '../accounts/sessions.service';
import { refreshAgentStats } from '../agents/agent-stats.service';
import { missionsConsumer } from '../missions/missions.service';
import { pointsEarningConsumer } from '../points/points.service';
import { rebatesConsumer } from '../rebates/rebates.service';
import { rankingConsumer } from '../rewards/rewards.service';
import { vipConsumer } from '../vip/vip.service';
import { drainActivity } from './activity-bus';

// Sportsbook turnover counts like any game type's (docs/sportsbook.md "On the platform"): a settled
// bet closes its round, whose round.settled fact feeds every programme, so a Sports bet accrues a
// rebate at the level's SPORTS rate and an e-sports bet at its ESPORTS rate, counts as VIP valid
// turnover, earns points at its game type's rate, moves a mission on SPORTS turnover and a ranking
// promotion on SPORTS, and is in the agent's team figures; an open bet counts nowhere until it
// settles.

let s: MountedStudio;
let t: TestApp;
let studio: StudioRuntime;
let admin: string;

const SPORTS_REBATE = 15_000;
const ESPORTS_REBATE = 7_000;
const SPORTS_POINTS = 20_000;
const ESPORTS_POINTS = 30_000;

function adminCall(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return t.app.inject({ method, url, headers: { authorization: admin }, ...(payload ? { payload } : {}) });
}

async function ok(res: Awaited<ReturnType<typeof adminCall>>) {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
}

beforeAll(async () => {
  s = await mountStudio({});
  ({ t, studio } = s);
  admin = await operatorSession(t);
  // Distinct rates per game type, so each bet is seen to accrue at its own type's.
  await setGameTypeRates(t, admin, {
    rebatePpm: { SPORTS: SPORTS_REBATE, ESPORTS: ESPORTS_REBATE },
    pointsPpm: { SPORTS: SPORTS_POINTS, ESPORTS: ESPORTS_POINTS },
  });
  // The seeded missions would count too: this test has its own.
  await t.ctx.db.updateTable('missions').set({ state: 'ended' }).execute();
});
afterAll(() => s.close());

const h = () => feedOf(studio);

const ESPORTS_WINNER: MarketQuote = {
  type: 'winner',
  period: 'ft',
  status: 'open',
  selections: [
    { key: 'home', odds1000: 1_800 },
    { key: 'away', odds1000: 2_000 },
  ],
};

const single = (token: string, selectionId: string, odds1000: number, stake: number) =>
  placeSingle(t, token, selectionId, odds1000, stake);

async function feedProgrammes() {
  for (const consumer of [rebatesConsumer, vipConsumer, pointsEarningConsumer, missionsConsumer, rankingConsumer]) {
    await drainActivity(t.ctx, consumer);
  }
}

describe('sportsbook turnover in the programmes', () => {
  it('counts a settled Sports bet and a settled e-sports bet in rebates, VIP, points, missions and the agent figures', async () => {
    const created = await adminCall('POST', '/admin/missions', {
      startsAt: new Date(t.ctx.now().getTime() - 60_000).toISOString(),
      texts: { en: { title: 'Bet 100.00 on sports today', description: 'd' } },
      period: 'daily',
      task: 'bet',
      gameType: 'SPORTS',
      target: 100,
      rewardKind: 'cash',
      rewardAmount: 1,
    });
    const missionId = (await ok(created)).id as number;
    await ok(await adminCall('POST', `/admin/missions/${missionId}/state`, { state: 'active' }));

    const ranking = await createPromotion(t, admin, {
      type: 'RANKING',
      kind: 'ranking',
      endsAt: new Date(Date.now() + 3_600_000).toISOString(),
      rules: { trigger: 'none', payAs: 'cash', ranking: { prizes: [100], gameTypes: ['SPORTS'] } },
    });

    const agent = await createMember(t.ctx, { type: 1 });
    const agentAuth = await issueSession(t.ctx, t.ctx.db, {
      memberId: agent.id,
      area: 'member',
      ip: '127.0.0.1',
      userAgent: null,
    });
    const p = await openSportsbook(t, 'SPORTS', 100_000, { uplineId: agent.id });
    const football = await newEvent(h());
    const sportsBet = await single(p.token, sel(football.id, marketOf('1x2'), 'home'), oddsIn('1x2', 'home'), 5_000);
    const esportsToken = await openAnother(t, p.auth, 'ESPORTS');
    const match = await newEvent(h(), { sport: 'esports', markets: [ESPORTS_WINNER] });
    const esportsBet = await single(esportsToken, sel(match.id, ESPORTS_WINNER, 'home'), 1_800, 3_000);
    const rounds = await t.ctx.db
      .selectFrom('vendor_rounds')
      .select(['round_id', 'game_code', 'game_type'])
      .where('member_id', '=', p.memberId)
      .orderBy('round_id')
      .execute();
    expect(rounds.map((r) => [r.round_id, r.game_code, r.game_type]).sort()).toEqual(
      [
        [sportsBet, 'SPORTS-000', 'SPORTS'],
        [esportsBet, 'ESPORTS-000', 'ESPORTS'],
      ].sort(),
    );

    // Open bets are not valid turnover yet.
    await feedProgrammes();
    expect(await memberGet(t, p.auth, '/wps/rebate/summary')).toMatchObject({ validBet: 0, lines: [] });

    await result(h(), football.id, scoreResult(2, 1));
    await result(h(), match.id, scoreResult(2, 0));
    await feedProgrammes();

    // Rebates: floor(5,000 x 1.5%) = 75 and floor(3,000 x 0.7%) = 21 (minor units).
    const rebate = await memberGet(t, p.auth, '/wps/rebate/summary');
    expect(rebate).toMatchObject({ validBet: 80, accrued: 0.96 });
    expect(rebate.lines).toEqual([
      { gameType: 'ESPORTS', validBet: 30, ratePpm: ESPORTS_REBATE, amount: 0.21 },
      { gameType: 'SPORTS', validBet: 50, ratePpm: SPORTS_REBATE, amount: 0.75 },
    ]);
    expect(await memberGet(t, p.auth, '/wps/vip/summary')).toMatchObject({ validBets: 80 });
    // Points: 5,000 x 2% = 100 and 3,000 x 3% = 90.
    expect((await memberGet(t, p.auth, '/wps/relay/MCS2_getPointBalance')).points).toBe(190);
    // The SPORTS ranking counts the Sports bet only.
    const board = await memberGet(t, p.auth, `/wps/relay/MCSFE_getPromotionLeaderboard?promotionId=${ranking}`);
    expect(board.mine).toMatchObject({ rank: 1, turnover: 50 });
    const missions = await memberGet(t, p.auth, '/wps/relay/MCSFE_getMissionSummaryDetails');
    expect(missions.list.find((m: { id: number }) => m.id === missionId)).toMatchObject({
      status: 'open',
      progress: 50,
      target: 100,
    });

    const byType = await memberGet(t, agentAuth, '/wps/agent/team/bets?groupBy=gameType&sort=key&order=asc');
    expect(byType.content).toEqual([
      expect.objectContaining({ key: 'ESPORTS', rounds: 1, validBets: 30, wins: 54, profitLoss: 24 }),
      expect.objectContaining({ key: 'SPORTS', rounds: 1, validBets: 50, wins: 105, profitLoss: 55 }),
    ]);
    await refreshAgentStats(t.ctx);
    const overview = await memberGet(t, agentAuth, '/wps/agent/team/overview');
    expect(overview.current).toMatchObject({ rounds: 2, validBets: 80, wins: 159, activeMembers: 1 });
  });
});
