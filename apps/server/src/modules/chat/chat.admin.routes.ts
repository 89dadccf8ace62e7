import {
  AdminConversationDetail,
  AdminConversationList,
  AdminConversationQuery,
  AdminMessagesQuery,
  AdminReadBody,
  AdminSendBody,
  AttachmentParams,
  CannedParams,
  CannedReply,
  CannedReplyBody,
  CannedReplyList,
  ChatColleagueList,
  ChatMessage,
  ChatMessageList,
  ConversationParams,
  OperatorStatus,
  OperatorStatusBody,
  TransferBody,
} from '@gamehall/shared/api/chat';
import { envelope } from '@gamehall/shared/api/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { readMultipart } from '../../http/multipart';
import { operatorHolds } from '../../http/pii';
import {
  presentAdminConversation,
  presentCanned,
  presentColleague,
  presentFacts,
  presentMessage,
} from './chat.presenter';
import * as chat from './chat.service';
import { memberFacts } from './chat-member-facts.service';

const tags = ['admin-chat'];
// The support inbox: operators holding support.chat.
const auth = 'admin:support.chat' as const;

export function registerChatAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const me = (req: Parameters<typeof principalOf>[0]) => principalOf(req).memberId;

  app.get(
    '/admin/chat/status',
    {
      schema: { tags, summary: "The operator's chat status", response: { 200: envelope(OperatorStatus) } },
      config: { auth },
    },
    async (req) => ok(await chat.operatorStatus(ctx, me(req))),
  );

  app.put(
    '/admin/chat/status',
    {
      schema: {
        tags,
        summary: 'Go online (waiting conversations are assigned, least busy first) or offline',
        body: OperatorStatusBody,
        response: { 200: envelope(OperatorStatus) },
      },
      config: { auth },
    },
    async (req) => ok(await chat.setOnline(ctx, me(req), req.body.online)),
  );

  app.get(
    '/admin/chat/operators',
    {
      schema: {
        tags,
        summary: 'Support operators with their status and load (transfer targets)',
        response: { 200: envelope(ChatColleagueList) },
      },
      config: { auth },
    },
    async () => ok({ list: (await chat.colleagues(ctx)).map(presentColleague) }),
  );

  app.get(
    '/admin/chat/conversations',
    {
      schema: {
        tags,
        summary: 'Conversations by state (open ones by default), newest activity first; mine=true for my own',
        querystring: AdminConversationQuery,
        response: { 200: envelope(AdminConversationList) },
      },
      config: { auth },
    },
    async (req) => {
      const rows = await chat.listConversations(ctx, {
        state: req.query.state,
        operatorId: req.query.mine ? me(req) : undefined,
      });
      return ok({ list: rows.map(presentAdminConversation) });
    },
  );

  app.get(
    '/admin/chat/conversations/:id',
    {
      schema: {
        tags,
        summary:
          "A conversation with the member's key facts (balance, VIP level, last deposits with cashier.read, else null)",
        params: ConversationParams,
        response: { 200: envelope(AdminConversationDetail) },
      },
      config: { auth },
    },
    async (req) => {
      const row = await chat.conversationById(ctx, req.params.id);
      const facts =
        row.member_id !== null
          ? presentFacts(await memberFacts(ctx, row.member_id, operatorHolds(req, 'cashier.read')))
          : null;
      return ok({ conversation: presentAdminConversation(row), facts });
    },
  );

  app.get(
    '/admin/chat/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: "A conversation's messages after a seq, oldest first",
        params: ConversationParams,
        querystring: AdminMessagesQuery,
        response: { 200: envelope(ChatMessageList) },
      },
      config: { auth },
    },
    async (req) => {
      const row = await chat.conversationById(ctx, req.params.id);
      return ok({
        list: (await chat.messagesAfter(ctx, row.id, req.query.after, req.query.limit)).map(presentMessage),
      });
    },
  );

  for (const [action, summary] of [
    ['take', 'Take a waiting conversation or a ticket'],
    ['close', 'Close my conversation (or a waiting one)'],
  ] as const) {
    app.post(
      `/admin/chat/conversations/:id/${action}`,
      {
        schema: {
          tags,
          summary,
          params: ConversationParams,
          response: { 200: envelope(AdminConversationDetail.pick({ conversation: true })) },
        },
        config: { auth },
      },
      async (req) => {
        const row = await (action === 'take' ? chat.take : chat.close)(ctx, me(req), req.params.id);
        return ok({ conversation: presentAdminConversation(row) });
      },
    );
  }

  app.post(
    '/admin/chat/conversations/:id/transfer',
    {
      schema: {
        tags,
        summary: 'Hand my conversation to an online colleague',
        params: ConversationParams,
        body: TransferBody,
        response: { 200: envelope(AdminConversationDetail.pick({ conversation: true })) },
      },
      config: { auth },
    },
    async (req) => {
      const row = await chat.transfer(ctx, me(req), req.params.id, req.body.operatorId);
      return ok({ conversation: presentAdminConversation(row) });
    },
  );

  app.post(
    '/admin/chat/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: 'Answer in my conversation; a resend with the same clientMessageId is stored once',
        params: ConversationParams,
        body: AdminSendBody,
        response: { 200: envelope(ChatMessage) },
      },
      config: { auth },
    },
    async (req) =>
      ok(presentMessage(await chat.operatorSend(ctx, me(req), { conversationId: req.params.id, ...req.body }))),
  );

  app.post(
    '/admin/chat/conversations/:id/attachments',
    {
      schema: {
        tags,
        summary: 'Send an image (multipart: clientMessageId, image png or jpg by content, <= 5 MB)',
        consumes: ['multipart/form-data'],
        params: ConversationParams,
        response: { 200: envelope(ChatMessage) },
      },
      config: { auth },
    },
    async (req) => {
      const { fields, files } = await readMultipart(req);
      const input = chat.imageInput({ ...fields, conversationId: String(req.params.id) }, files);
      return ok(presentMessage(await chat.operatorSend(ctx, me(req), input)));
    },
  );

  app.get(
    '/admin/chat/attachments/:id',
    {
      schema: { tags, summary: 'An image sent in a conversation', params: AttachmentParams },
      config: { auth },
    },
    async (req, reply) => {
      const row = await chat.attachment(ctx, req.params.id, async () => undefined);
      return reply
        .header('content-type', row.content_type)
        .header('cache-control', 'private, max-age=3600')
        .send(row.data);
    },
  );

  app.post(
    '/admin/chat/conversations/:id/read',
    {
      schema: {
        tags,
        summary: 'Read receipt: the operator has read up to seq',
        params: ConversationParams,
        body: AdminReadBody,
        response: { 200: envelope(z.object({ seq: z.number().int() })) },
      },
      config: { auth },
    },
    async (req) => ok({ seq: await chat.markRead(ctx, req.params.id, 'operator', req.body.seq) }),
  );

  app.get(
    '/admin/chat/canned',
    {
      schema: { tags, summary: 'Canned replies', response: { 200: envelope(CannedReplyList) } },
      config: { auth },
    },
    async () => ok({ list: (await chat.cannedReplies(ctx)).map(presentCanned) }),
  );

  app.post(
    '/admin/chat/canned',
    {
      schema: { tags, summary: 'Add a canned reply', body: CannedReplyBody, response: { 200: envelope(CannedReply) } },
      config: { auth },
    },
    async (req) => ok(presentCanned(await chat.addCannedReply(ctx, me(req), req.body))),
  );

  app.put(
    '/admin/chat/canned/:id',
    {
      schema: {
        tags,
        summary: 'Change a canned reply',
        params: CannedParams,
        body: CannedReplyBody,
        response: { 200: envelope(CannedReply) },
      },
      config: { auth },
    },
    async (req) => ok(presentCanned(await chat.changeCannedReply(ctx, req.params.id, req.body))),
  );

  app.delete(
    '/admin/chat/canned/:id',
    {
      schema: {
        tags,
        summary: 'Remove a canned reply',
        params: CannedParams,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config: { auth },
    },
    async (req) => {
      await chat.removeCannedReply(ctx, req.params.id);
      return ok({ id: req.params.id });
    },
  );
}
