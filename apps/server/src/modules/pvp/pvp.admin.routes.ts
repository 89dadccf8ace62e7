import { envelope } from '@gamehall/shared/api/common';
import {
  AdminPvpDaysQuery,
  AdminPvpFlagReviewBody,
  AdminPvpHandList,
  AdminPvpHandSearchQuery,
  AdminPvpIntegrity,
  AdminPvpIntegrityQuery,
  AdminPvpRake,
  PvpFlagReview,
  PvpHandParams,
  PvpHandView,
} from '@gamehall/shared/api/pvp-history';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import { traderTarget } from '../sportsbook/sportsbook.service';
import { decide } from './pvp.reviews';
import * as pvp from './pvp.service';

// The back office's card-room records (docs/pvp.md "Hand histories and integrity"): the hand search,
// a hand's full record (audited: it shows hole cards no other player saw), the rake report and the
// integrity report, all behind pvp.review, each one signed call of the house studio's trader API;
// and the decisions on the integrity flags (audited, kept on the platform: pvp.reviews.ts).

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
        summary: "The house's card-room revenue: rake per table and brand day, both days included",
        querystring: AdminPvpDaysQuery,
        response: { 200: envelope(AdminPvpRake) },
      },
      config: review,
    },
    async (req) => ok(await pvp.rakeReport(ctx, target(req), req.query)),
  );

  app.get(
    '/admin/pvp/integrity',
    {
      schema: {
        tags: adminTags,
        summary:
          "Chip dumping, soft play and linked accounts at a table flags over the days (UTC), with the brand's thresholds and each flag's review state",
        querystring: AdminPvpIntegrityQuery,
        response: { 200: envelope(AdminPvpIntegrity) },
      },
      config: review,
    },
    async (req) => ok(await pvp.integrityReport(ctx, target(req), req.query)),
  );

  app.post(
    '/admin/pvp/integrity/reviews',
    {
      schema: {
        tags: adminTags,
        summary:
          'Clear or confirm an integrity flag of the report over from..to, with a reason (audited); a confirmation may raise both members to risk level high (risk.write)',
        body: AdminPvpFlagReviewBody,
        response: { 200: envelope(z.object({ key: z.string(), review: PvpFlagReview })) },
      },
      config: review,
    },
    async (req) => {
      const { from, to, key } = req.body;
      // The studio computes the flag first, outside the audit's transaction (as the hand view reads).
      const flag = await pvp.integrityFlag(ctx, target(req), { from, to, key }).then(
        (value) => ({ ok: true as const, value }),
        (error: unknown) => ({ ok: false as const, error }),
      );
      const done = await operatorAction(
        ctx,
        requestMetaOf(req),
        'pvp.flagReview',
        `pvp-flag:${key}`,
        async (operator) => {
          if (!flag.ok) throw flag.error;
          return decide(ctx, operator, flag.value, req.body);
        },
        (d) => ({
          before: { state: d.before },
          after: { state: d.review.state, reason: req.body.reason },
          kind: d.kind,
          members: d.members,
          revision: d.review.revision,
          hands: [req.body.firstHandId, req.body.lastHandId],
          days: [from, to],
          raised: d.raised,
        }),
      );
      return ok({ key: done.key, review: done.review });
    },
  );
}
