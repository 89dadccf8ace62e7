import { envelope, PageQuery } from '@gamehall/shared/api/common';
import { FeedbackBounds, FeedbackListValue } from '@gamehall/shared/api/messages';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import { pageCounts } from '../../http/paging';
import { requestMetaOf } from '../../http/request-meta';
import { presentFeedback } from './feedback.presenter';
import * as feedback from './feedback.service';

const tags = ['feedback'];

/** Feedback and complaints (spec §3, §5, §7 PUT /wps/feedback). */
export function registerFeedbackRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.put(
    '/wps/feedback',
    {
      schema: {
        tags,
        summary:
          "Send feedback (multipart: questionType, content within the brand's bounds, images 0-3 png/jpg <= 5 MB by content). A visitor (or trial account) also sends email, where the answer goes, and captcha; 5 a day per address",
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config: { auth: 'public' },
    },
    async (req) => {
      const principal = req.principal;
      // A token that no longer works is a session to renew, not a visitor.
      if (!principal && req.headers.authorization) throw new AppError('AUTH_SESSION_EXPIRED');
      if (principal?.isOperator) throw new AppError('ACCOUNT_NOT_MEMBER');
      const { fields, files } = await readMultipart(req);
      const input = { questionType: fields.questionType, content: fields.content, images: files.map((f) => f.data) };
      const sender =
        principal && !principal.isTrial
          ? { memberId: principal.memberId }
          : { visitor: { email: fields.email, captcha: fields.captcha, meta: requestMetaOf(req) } };
      return ok({ id: await feedback.submitFeedback(ctx, sender, input) });
    },
  );

  app.get(
    '/wps/feedback',
    {
      schema: {
        tags,
        summary: "The member's feedback, newest first, with status and answer",
        querystring: PageQuery,
        response: { 200: envelope(FeedbackListValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const page = await feedback.memberFeedback(ctx, principalOf(req).memberId, req.query);
      return ok({
        content: page.rows.map(presentFeedback),
        ...pageCounts(page.total, req.query),
      });
    },
  );

  app.get(
    '/wps/feedback/bounds',
    {
      schema: {
        tags,
        summary: "The brand's feedback length bounds in words, and the most characters (spec §5)",
        response: { 200: envelope(FeedbackBounds) },
      },
      config: { auth: 'public' },
    },
    async () => ok(await feedback.feedbackBounds(ctx)),
  );
}
