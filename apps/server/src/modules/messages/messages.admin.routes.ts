import { envelope } from '@gamehall/shared/api/common';
import {
  AdminFeedbackListValue,
  AdminFeedbackQuery,
  AnswerFeedbackBody,
  BroadcastIdParams,
  BroadcastItem,
  BroadcastListQuery,
  BroadcastListValue,
  BroadcastPreviewValue,
  CreateBroadcastBody,
  FeedbackIdParams,
  PreviewBroadcastBody,
} from '@gamehall/shared/api/messages';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { pageCounts } from '../../http/paging';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import { presentBroadcast } from './broadcasts.presenter';
import * as broadcasts from './broadcasts.service';
import { registerCampaignsAdminRoutes } from './campaigns.admin.routes';
import { presentAdminFeedback } from './feedback.presenter';
import * as feedback from './feedback.service';

const tags = ['admin-messages'];
const READ = 'admin:messages.read';
const WRITE = 'admin:messages.write';
const ANSWER = 'admin:feedback.answer';

/** Back office: broadcasts to an audience and answers to feedback (docs/messages.md). */
export function registerMessagesAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  registerCampaignsAdminRoutes(root, ctx);

  app.get(
    '/admin/broadcasts',
    {
      schema: {
        tags,
        summary: 'Broadcasts, newest first, with reach (members in the audience when sent) and read counts',
        querystring: BroadcastListQuery,
        response: { 200: envelope(BroadcastListValue) },
      },
      config: { auth: READ },
    },
    async (req) => {
      const page = await broadcasts.broadcasts(ctx, req.query);
      return ok({
        content: page.rows.map(presentBroadcast),
        ...pageCounts(page.total, req.query),
      });
    },
  );

  app.post(
    '/admin/broadcasts/preview',
    {
      schema: {
        tags,
        summary:
          'A broadcast before it is sent: the members its audience holds now (the reach to confirm) and whether it is everyone (the reach must then be typed in)',
        body: PreviewBroadcastBody,
        response: { 200: envelope(BroadcastPreviewValue) },
      },
      config: { auth: WRITE },
    },
    async (req) => ok(await broadcasts.previewBroadcast(ctx, principalOf(req).memberId, req.body)),
  );

  app.post(
    '/admin/broadcasts',
    {
      schema: {
        tags,
        summary:
          'Send or schedule a broadcast: audience (everyone, a VIP level, an agent team, members by username), per-language texts with a fallback, sent now or at sendAt; confirmReach must be the reach now (typedReach too for everyone), and idempotencyKey makes a repeat answer the first send (audited)',
        body: CreateBroadcastBody,
        response: { 200: envelope(BroadcastItem) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const row = await operatorAction(
        ctx,
        requestMetaOf(req),
        'broadcast.create',
        'broadcast',
        (operator) => broadcasts.createBroadcast(ctx, operator.memberId, req.body),
        (r) => ({
          after: { id: r.id, audience: r.audience, status: r.status, reach: r.reach },
          key: req.body.idempotencyKey,
        }),
      );
      return ok(presentBroadcast(row));
    },
  );

  app.post(
    '/admin/broadcasts/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a scheduled broadcast (audited)',
        params: BroadcastIdParams,
        response: { 200: envelope(BroadcastItem) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const row = await operatorAction(ctx, requestMetaOf(req), 'broadcast.cancel', `broadcast:${req.params.id}`, () =>
        broadcasts.cancelBroadcast(ctx, req.params.id),
      );
      return ok(presentBroadcast(row));
    },
  );

  app.get(
    '/admin/feedback',
    {
      schema: {
        tags,
        summary: "Members' feedback, newest first, open or answered",
        querystring: AdminFeedbackQuery,
        response: { 200: envelope(AdminFeedbackListValue) },
      },
      config: { auth: ANSWER },
    },
    async (req) => {
      const page = await feedback.allFeedback(ctx, req.query);
      return ok({
        content: presentAdminFeedback(page),
        ...pageCounts(page.total, req.query),
      });
    },
  );

  app.post(
    '/admin/feedback/:id/answer',
    {
      schema: {
        tags,
        summary: 'Answer a feedback; the answer reaches the member as a message (audited)',
        params: FeedbackIdParams,
        body: AnswerFeedbackBody,
        response: { 200: envelope(z.null()) },
      },
      config: { auth: ANSWER },
    },
    async (req) => {
      await operatorAction(ctx, requestMetaOf(req), 'feedback.answer', `feedback:${req.params.id}`, (operator) =>
        feedback.answer(ctx, operator.memberId, req.params.id, req.body.answer),
      );
      return ok(null);
    },
  );

  app.get(
    '/admin/feedback/images/:id',
    {
      schema: { tags, summary: 'The bytes of one feedback image (png or jpeg)', params: FeedbackIdParams },
      config: { auth: ANSWER },
    },
    async (req, reply) => {
      const image = await feedback.feedbackImage(ctx, req.params.id);
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(image.data);
    },
  );
}
