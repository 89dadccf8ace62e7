import { envelope } from '@gamehall/shared/api/common';
import {
  AdminPvpDaysQuery,
  AdminPvpHandList,
  AdminPvpHandSearchQuery,
  AdminPvpIntegrity,
  AdminPvpRake,
  PvpHandParams,
  PvpHandView,
} from '@gamehall/shared/api/pvp-history';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import { traderTarget } from '../sportsbook/sportsbook.service';
import * as pvp from './pvp.service';

// The back office's card-room records (docs/pvp.md "Hand histories and integrity"): the hand search,
// a hand's full record (audited: it shows hole cards no other player saw), the rake report and the
// integrity report, all behind pvp.review, each one signed call of the house studio's trader API.

const adminTags = ['admin-pvp'];
const review = { auth: 'admin:pvp.review' as const };

export function registerPvpAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const target = (request: FastifyRequest) => traderTarget(ctx, root.server, request.log);

  app.get(
    '/admin/pvp/hands',
    {
      schema: {
        tags: adminTags,
        summary: 'Card-room hands by member (username), table and days (UTC), newest first',
        querystring: AdminPvpHandSearchQuery,
        response: { 200: envelope(AdminPvpHandList) },
      },
      config: review,
    },
    async (req) => ok(await pvp.searchHands(ctx, target(req), req.query)),
  );

  app.get(
    '/admin/pvp/hands/:handId',
    {
      schema: {
        tags: adminTags,
        summary: "A hand's full record with every player's hole cards (audited)",
        params: PvpHandParams,
        response: { 200: envelope(PvpHandView) },
      },
      config: review,
    },
    async (req) => {
      // The studio is read first, outside the audit's transaction: on the embedded database the
      // studio's read would wait behind a transaction held open here.
      const outcome = await pvp.operatorHand(ctx, target(req), req.params.handId).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      return ok(
        await operatorAction(
          ctx,
          requestMetaOf(req),
          'pvp.handView',
          `pvp-hand:${req.params.handId}`,
          async () => {
            if (!outcome.ok) throw outcome.error;
            return outcome.value;
          },
          (hand) => ({ table: hand.tableId, players: hand.players.map((p) => p.name) }),
        ),
      );
    },
  );

  app.get(
    '/admin/pvp/rake',
    {
      schema: {
        tags: adminTags,
        summary: "The house's card-room revenue: rake per table and day (UTC), both days included",
        querystring: AdminPvpDaysQuery,
        response: { 200: envelope(AdminPvpRake) },
      },
      config: review,
    },
    async (req) => ok(await pvp.rakeReport(target(req), req.query)),
  );

  app.get(
    '/admin/pvp/integrity',
    {
      schema: {
        tags: adminTags,
        summary: "Chip dumping and soft play flags over the days (UTC), with the brand's thresholds",
        querystring: AdminPvpDaysQuery,
        response: { 200: envelope(AdminPvpIntegrity) },
      },
      config: review,
    },
    async (req) => ok(await pvp.integrityReport(ctx, target(req), req.query)),
  );
}
