import { envelope } from '@gamehall/shared/api/common';
import { PvpHandParams, PvpHandView, PvpRoundHandsView, PvpRoundParams } from '@gamehall/shared/api/pvp-history';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { traderTarget } from '../sportsbook/sportsbook.service';
import * as pvp from './pvp.service';

// The member centre's card-room records (docs/pvp.md "Hand histories and integrity"): the hands of
// one of the member's PVP rounds and a hand as the member may see it, each one signed call of the
// house studio's trader API (the operator's side is pvp.admin.routes.ts).

const memberTags = ['games'];

export function registerPvpRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const target = (request: FastifyRequest) => traderTarget(ctx, root.server, request.log);

  app.get(
    '/wps/member/pvp/rounds/:roundId/hands',
    {
      schema: {
        tags: memberTags,
        summary: "The hands of one of the member's card-room rounds (a sitting at a table), oldest first",
        params: PvpRoundParams,
        response: { 200: envelope(PvpRoundHandsView) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(await pvp.memberRoundHands(ctx, target(req), principalOf(req).memberId, req.params.roundId)),
  );

  app.get(
    '/wps/member/pvp/hands/:handId',
    {
      schema: {
        tags: memberTags,
        summary:
          "A hand the member was dealt in: their cards, the board, every action, pots, rake, result and the fairness data; others' hole cards only where shown",
        params: PvpHandParams,
        response: { 200: envelope(PvpHandView) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(await pvp.memberHand(target(req), principalOf(req).memberId, req.params.handId)),
  );
}
