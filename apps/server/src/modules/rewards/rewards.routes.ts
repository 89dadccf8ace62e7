import { envelope } from '@gamehall/shared/api/common';
import {
  ApplicationComment,
  ClaimValue,
  JoinBody,
  JoinValue,
  LeaderboardQuery,
  LeaderboardValue,
  PromotionIdParams,
  PromotionItem,
  PromotionListQuery,
  PromotionListValue,
  RaffleClaimBody,
  RequestRewardBody,
  RewardListQuery,
  RewardListValue,
  WageringValue,
} from '@gamehall/shared/api/rewards';
import { toMajor } from '@gamehall/shared/money';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { AppError, fieldErrors } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import { pageCounts } from '../../http/paging';
import { getBrand } from '../brand/brand.service';
import { memberStatus, presentLeaderboard, presentPromotion, presentReward, presentWager } from './rewards.presenter';
import * as rewards from './rewards.service';
import * as promotions from './rewards-promotions.service';

const tags = ['rewards'];

/**
 * The promotions the visitor may see: a member, those whose audience holds it; a guest, those aimed
 * at no one in particular (docs/rewards.md "Audience, caps and maximum bet").
 */
async function listPromotions(ctx: AppContext, req: FastifyRequest, type: string | undefined, language: string) {
  const memberId = req.principal && !req.principal.isOperator ? req.principal.memberId : undefined;
  const [rows, brand] = await Promise.all([rewards.visiblePromotions(ctx, type, memberId), getBrand(ctx.db)]);
  const mine = memberId === undefined ? undefined : await rewards.standingOf(ctx, memberId);
  const now = ctx.now();
  return rows.map((p) =>
    presentPromotion(
      p,
      language,
      brand.defaultLanguage.toLowerCase(),
      memberStatus(p, now, {
        joined: mine?.joined.has(p.id) ?? false,
        application: mine?.application.get(p.id),
        claimable: mine?.claimable.has(p.id) ?? false,
        claimed: mine?.claimed.has(p.id) ?? false,
        forfeited: mine?.forfeited.has(p.id) ?? false,
      }),
    ),
  );
}

const ApplyFields = z.object({ promotionId: z.coerce.number().int().positive(), comment: ApplicationComment });

export function registerRewardsRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/relay/MCSFE_getPromotions',
    {
      schema: {
        tags,
        summary: 'Promotions by type (spec §1) with the member status of spec §4 (guests see the promotions too)',
        querystring: PromotionListQuery,
        response: { 200: envelope(PromotionListValue) },
      },
      config: { auth: 'public' },
    },
    async (req) => ok({ list: await listPromotions(ctx, req, req.query.type, req.query.language) }),
  );

  app.get(
    '/wps/relay/MCSFE_getPromotion/:id',
    {
      schema: {
        tags,
        summary: 'One promotion: rules, period, eligibility and status',
        params: PromotionIdParams,
        querystring: PromotionListQuery.pick({ language: true }),
        response: { 200: envelope(PromotionItem) },
      },
      config: { auth: 'public' },
    },
    async (req) => {
      const found = (await listPromotions(ctx, req, undefined, req.query.language)).find((p) => p.id === req.params.id);
      if (!found) throw new AppError('PROMOTION_NOT_FOUND');
      return ok(found);
    },
  );

  app.get(
    '/wps/relay/MCSFE_getPromotionLeaderboard',
    {
      schema: {
        tags,
        summary: 'A ranking promotion: top members by valid-bet turnover (masked usernames) and your own place',
        querystring: LeaderboardQuery,
        response: { 200: envelope(LeaderboardValue) },
      },
      config: { auth: 'public' },
    },
    async (req) => {
      const memberId = req.principal && !req.principal.isOperator ? req.principal.memberId : undefined;
      return ok(presentLeaderboard(await rewards.rankingBoard(ctx, req.query.promotionId, memberId)));
    },
  );

  app.post(
    '/wps/relay/MCSFE_signUpPromotionJoin',
    {
      schema: {
        tags,
        summary:
          'Join a promotion (JSON { promotionId }); an application promotion takes multipart: promotionId, comment <= 140, images 0-3 png/jpg <= 5 MB',
        response: { 200: envelope(JoinValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const memberId = principalOf(req).memberId;
      if (req.isMultipart()) {
        const { fields, files } = await readMultipart(req);
        const parsed = ApplyFields.safeParse(fields);
        if (!parsed.success)
          throw fieldErrors(
            Object.fromEntries(
              parsed.error.issues.map((i) => [String(i.path[0] ?? '_'), i.code === 'too_big' ? 'TOO_LONG' : 'INVALID']),
            ),
          );
        const images = files.map((f) => ({ mime: f.mimetype, bytes: f.data }));
        return ok(await rewards.apply(ctx, memberId, parsed.data.promotionId, parsed.data.comment, images));
      }
      const body = JoinBody.safeParse(req.body);
      if (!body.success) throw fieldErrors({ promotionId: 'INVALID' });
      return ok(await rewards.join(ctx, memberId, body.data.promotionId));
    },
  );

  app.post(
    '/wps/relay/MCSFE_signUpRequestReward',
    {
      schema: {
        tags,
        summary: 'Claim one reward from the reward centre (paid once through the ledger)',
        body: RequestRewardBody,
        response: { 200: envelope(ClaimValue) },
      },
      config: { auth: 'member', movesMoney: true },
    },
    async (req) => {
      const memberId = principalOf(req).memberId;
      const ids = await rewards.claimReward(ctx, memberId, req.body.rewardId);
      return ok({ claimed: await claimedRewards(ctx, memberId, ids) });
    },
  );

  app.post(
    '/wps/relay/MCS2_claimRafflePromotion',
    {
      schema: {
        tags,
        summary: 'Claim every claimable reward the member has from one promotion',
        body: RaffleClaimBody,
        response: { 200: envelope(ClaimValue) },
      },
      config: { auth: 'member', movesMoney: true },
    },
    async (req) => {
      const memberId = principalOf(req).memberId;
      const ids = await rewards.claimPromotion(ctx, memberId, req.body.promotionId);
      return ok({ claimed: await claimedRewards(ctx, memberId, ids) });
    },
  );

  app.get(
    '/wps/relay/MCSFE_getRewardCentre',
    {
      schema: {
        tags,
        summary: 'The reward centre: rewards waiting, claimable, claimed and expired, newest first',
        querystring: RewardListQuery,
        response: { 200: envelope(RewardListValue) },
      },
      config: { auth: 'session' },
    },
    async (req) => {
      const memberId = principalOf(req).memberId;
      const { rows, total, claimable } = await rewards.rewardList(ctx, memberId, req.query);
      const fallback = (await getBrand(ctx.db)).defaultLanguage.toLowerCase();
      const now = ctx.now();
      return ok({
        content: rows.map((r) => presentReward(r, req.query.language, now, fallback)),
        ...pageCounts(total, req.query),
        claimable,
      });
    },
  );

  app.get(
    '/wps/relay/MCSFE_getBonusWagering',
    {
      schema: {
        tags,
        summary: 'Bonus balance and each bonus wager: requirement, progress, state',
        querystring: PromotionListQuery.pick({ language: true }),
        response: { 200: envelope(WageringValue) },
      },
      config: { auth: 'session' },
    },
    async (req) => {
      const { rows, balance, currency } = await rewards.wagering(ctx, principalOf(req).memberId);
      const fallback = (await getBrand(ctx.db)).defaultLanguage.toLowerCase();
      return ok({
        bonusBalance: toMajor(balance),
        currency,
        list: rows.map((w) => presentWager(w, req.query.language, fallback)),
        activeCount: rows.filter((w) => w.state === 'active').length,
      });
    },
  );

  app.get(
    '/media/promotions/:id',
    {
      schema: {
        tags,
        summary: "A promotion's image (png, jpeg or webp), uploaded by an operator",
        params: PromotionIdParams,
        produces: ['image/png', 'image/jpeg', 'image/webp'],
      },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      const image = await promotions.promotionImage(ctx, req.params.id);
      // An id is never reused and its bytes never change.
      reply
        .type(image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('etag', image.etag);
      if (req.headers['if-none-match'] === image.etag) return reply.code(304).send();
      return reply.send(image.data);
    },
  );
}

async function claimedRewards(ctx: AppContext, memberId: number, ids: number[]) {
  const now = ctx.now();
  return (await rewards.claimedRewards(ctx, memberId, ids)).map((r) => presentReward(r, 'en', now));
}
