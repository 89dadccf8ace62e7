import { envelope } from '@gamehall/shared/api/common';
import {
  ClaimMissionBody,
  ClaimMissionValue,
  LeaderboardQuery,
  LeaderboardValue,
  MissionQuery,
  MissionSummaryValue,
} from '@gamehall/shared/api/missions';
import { toMajor } from '@gamehall/shared/money';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { presentMission } from './missions.presenter';
import * as missions from './missions.service';

const tags = ['missions'];

export function registerMissionsRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/relay/MCSFE_getMissionSummaryDetails',
    {
      schema: {
        tags,
        summary: "The member's missions in their current period with progress, state and reset time",
        querystring: MissionQuery,
        response: { 200: envelope(MissionSummaryValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const { views, claimable, currency, now, ticketNames } = await missions.summary(ctx, principalOf(req).memberId);
      const list = views.map((v) => presentMission(v, req.query.language, now, ticketNames));
      return ok({
        list,
        claimable,
        completedToday: list.filter((m) => m.period === 'daily' && m.status !== 'open').length,
        currency,
        serverTime: now.toISOString(),
      });
    },
  );

  app.get(
    '/wps/relay/MCSFE_getMissionLeaderboard',
    {
      schema: {
        tags,
        summary: 'Members ranked by missions completed in the current day or week (masked usernames)',
        querystring: LeaderboardQuery,
        response: { 200: envelope(LeaderboardValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const board = await missions.leaderboard(ctx, principalOf(req).memberId, req.query.period);
      return ok({
        period: board.period,
        startsAt: board.window.start.toISOString(),
        endsAt: board.window.end.toISOString(),
        list: board.list,
        mine: board.mine,
      });
    },
  );

  app.post(
    '/wps/relay/MCSFE_claimMissionReward',
    {
      schema: {
        tags,
        summary:
          "Claim a completed mission's reward (paid once: cash through the ledger, points through the points ledger)",
        body: ClaimMissionBody,
        response: { 200: envelope(ClaimMissionValue) },
      },
      config: { auth: 'member', movesMoney: true },
    },
    async (req) => {
      const r = await missions.claim(ctx, principalOf(req).memberId, req.body.progressId);
      const money = r.rewardKind === 'cash' || r.rewardKind === 'bonus';
      return ok({ ...r, rewardAmount: money ? toMajor(r.rewardAmount) : r.rewardAmount });
    },
  );
}
