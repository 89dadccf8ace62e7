import { envelope } from '@gamehall/shared/api/common';
import {
  AdminApplication,
  AdminApplicationList,
  AdminPromotion,
  AdminPromotionImage,
  AdminPromotionList,
  AdminRefusalList,
  ApplicationDecisionBody,
  ApplicationsQuery,
  CostReportQuery,
  CostReportValue,
  PromotionIdParams,
  PromotionInput,
  PromotionReportValue,
  PromotionStateBody,
  RefusalsQuery,
} from '@gamehall/shared/api/rewards';
import { toMajor } from '@gamehall/shared/money';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppContext, onReplica } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import { pageCounts } from '../../http/paging';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import { presentAdminPromotion, promotionImageUrl, textOf } from './rewards.presenter';
import * as rewards from './rewards.service';
import * as promotions from './rewards-promotions.service';

const tags = ['admin-rewards'];
const READ = 'admin:promotions.read';
const WRITE = 'admin:promotions.write';

export function registerRewardsAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/promotions',
    {
      schema: { tags, summary: 'Every promotion with its phase', response: { 200: envelope(AdminPromotionList) } },
      config: { auth: READ },
    },
    async () => {
      const [rows, languages] = await Promise.all([rewards.allPromotions(ctx), promotions.textLanguages(ctx)]);
      return ok({ list: rows.map((p) => presentAdminPromotion(p, ctx.now())), ...languages });
    },
  );

  app.post(
    '/admin/promotions',
    {
      schema: {
        tags,
        summary: 'Create a promotion (a draft)',
        body: PromotionInput,
        response: { 200: envelope(AdminPromotion) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const row = await operatorAction(
        ctx,
        requestMetaOf(req),
        'promotion.write',
        'promotion',
        () => promotions.createPromotion(ctx, req.body),
        (r) => ({ after: presentAdminPromotion(r, ctx.now()) }),
      );
      return ok(presentAdminPromotion(row, ctx.now()));
    },
  );

  app.put(
    '/admin/promotions/:id',
    {
      schema: {
        tags,
        summary: 'Change a promotion (rewards already earned keep their terms)',
        params: PromotionIdParams,
        body: PromotionInput,
        response: { 200: envelope(AdminPromotion) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'promotion.write',
        `promotion:${req.params.id}`,
        () => promotions.changePromotion(ctx, req.params.id, req.body),
        (x) => ({
          before: presentAdminPromotion(x.before, ctx.now()),
          after: presentAdminPromotion(x.after, ctx.now()),
        }),
      );
      return ok(presentAdminPromotion(r.after, ctx.now()));
    },
  );

  app.post(
    '/admin/promotions/:id/state',
    {
      schema: {
        tags,
        summary: 'Activate (or schedule: a future start), pause, resume or end a promotion',
        params: PromotionIdParams,
        body: PromotionStateBody,
        response: { 200: envelope(AdminPromotion) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'promotion.state',
        `promotion:${req.params.id}`,
        () => promotions.setPromotionState(ctx, req.params.id, req.body.state),
        (x) => ({ before: { state: x.before.state }, after: { state: x.after.state } }),
      );
      return ok(presentAdminPromotion(r.after, ctx.now()));
    },
  );

  app.get(
    '/admin/promotions/applications',
    {
      schema: {
        tags,
        summary: 'Applications to application promotions, newest first',
        querystring: ApplicationsQuery,
        response: { 200: envelope(AdminApplicationList) },
      },
      config: { auth: READ },
    },
    async (req) => {
      const { rows, total, images } = await rewards.applicationList(ctx, req.query);
      const { defaultLanguage } = await promotions.textLanguages(ctx);
      return ok({
        content: rows.map((a) => ({
          id: a.id,
          promotionId: a.promotion_id,
          promotionTitle: textOf(a.texts as never, defaultLanguage, defaultLanguage).title,
          memberId: a.member_id,
          username: a.username,
          comment: a.comment,
          images: images
            .filter((i) => i.application_id === a.id)
            .map((i) => ({ id: i.id, url: `/admin/promotions/application-images/${i.id}` })),
          status: a.status,
          reason: a.reason,
          createdAt: new Date(a.created_at).toISOString(),
        })),
        ...pageCounts(total, req.query),
      });
    },
  );

  app.get(
    '/admin/promotions/application-images/:id',
    {
      schema: { tags, summary: 'An image of an application', params: PromotionIdParams },
      config: { auth: READ },
    },
    async (req, reply) => {
      const image = await rewards.applicationImage(ctx, req.params.id);
      if (!image) throw new AppError('NOT_FOUND');
      reply.header('Content-Type', image.mime).header('Cache-Control', 'private, max-age=300');
      return reply.send(Buffer.from(image.bytes));
    },
  );

  app.post(
    '/admin/promotions/applications/:id',
    {
      schema: {
        tags,
        summary: 'Approve (the reward becomes claimable) or reject an application',
        params: PromotionIdParams,
        body: ApplicationDecisionBody,
        response: { 200: envelope(AdminApplication.pick({ id: true, status: true, reason: true })) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'promotion.application',
        `promotion-application:${req.params.id}`,
        (operator) =>
          rewards.decideApplication(ctx, operator.memberId, req.params.id, req.body.decision, req.body.reason ?? null),
        (x) => ({ before: { status: x.before.status }, after: { status: x.after.status, reason: x.after.reason } }),
      );
      return ok({ id: r.after.id, status: r.after.status, reason: r.after.reason });
    },
  );

  app.get(
    '/admin/promotions/refusals',
    {
      schema: {
        tags,
        summary: 'Grants the one-bonus-per-person rule refused, newest first, with the reason and the other member',
        querystring: RefusalsQuery,
        response: { 200: envelope(AdminRefusalList) },
      },
      config: { auth: READ },
    },
    async (req) => {
      const [rows, total] = await rewards.refusalList(ctx, req.query);
      const { defaultLanguage } = await promotions.textLanguages(ctx);
      return ok({
        content: rows.map((f) => ({
          id: f.id,
          promotionId: f.promotion_id,
          promotionTitle: textOf(f.texts as never, defaultLanguage, defaultLanguage).title,
          memberId: f.member_id,
          username: f.username,
          reason: f.reason,
          otherMemberId: f.other_member_id,
          otherUsername: f.other_username ?? null,
          amount: toMajor(Number(f.amount)),
          createdAt: new Date(f.created_at).toISOString(),
        })),
        ...pageCounts(total, req.query),
      });
    },
  );

  app.get(
    '/admin/promotions/costs',
    {
      schema: {
        tags,
        summary: 'Cost per promotion and brand day (the brand time zone): bonus paid, converted to cash, forfeited',
        querystring: CostReportQuery,
        response: { 200: envelope(CostReportValue) },
      },
      config: { auth: READ },
    },
    async (req) => {
      // A report: from the read replica (context.ts readDb).
      const { rows, titles, currency, timeZone } = await promotions.costReport(onReplica(ctx), req.query);
      return ok({
        currency,
        timeZone,
        rows: rows.map((r) => ({
          day: r.day,
          promotionId: Number(r.promotion_id),
          title: titles.get(Number(r.promotion_id)) ?? '',
          paid: toMajor(Number(r.paid)),
          converted: toMajor(Number(r.converted)),
          forfeited: toMajor(Number(r.forfeited)),
          claims: Number(r.claims),
          ranking: toMajor(Number(r.ranking)),
        })),
      });
    },
  );

  app.post(
    '/admin/promotions/images',
    {
      schema: {
        tags,
        summary:
          "Upload a promotion's image (multipart `image`: png, jpeg or webp, at most 2 MB); use its id as imageId",
        consumes: ['multipart/form-data'],
        response: { 200: envelope(AdminPromotionImage) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const { files } = await readMultipart(req);
      const image = await operatorAction(
        ctx,
        requestMetaOf(req),
        'promotion.image',
        'promotion-image',
        (operator) => promotions.uploadImage(ctx, operator, files),
        (r) => ({ after: { id: r.id, contentType: r.content_type } }),
      );
      return ok({ id: Number(image.id), url: promotionImageUrl(Number(image.id)) ?? '' });
    },
  );

  app.get(
    '/admin/promotions/:id/report',
    {
      schema: {
        tags,
        summary:
          'One promotion: eligible, claimed, wagering completed and forfeited, cost, and the deposits and GGR of claimers against eligible members who did not claim',
        params: PromotionIdParams,
        response: { 200: envelope(PromotionReportValue) },
      },
      config: { auth: READ },
    },
    // A report: from the read replica (context.ts readDb).
    async (req) => ok(await promotions.promotionReport(onReplica(ctx), req.params.id)),
  );
}
