import {
  AttachmentParams,
  ChatConversationValue,
  ChatMessage,
  ChatMessageList,
  ChatMessagesQuery,
  ChatModelList,
  ChatReadBody,
  LaunchChatBody,
  LaunchChatValue,
  SendChatBody,
  VISITOR_HEADER,
  VisitorBody,
  VisitorValue,
} from '@gamehall/shared/api/chat';
import { envelope } from '@gamehall/shared/api/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { readMultipart } from '../../http/multipart';
import { presentConversation, presentMessage } from './chat.presenter';
import * as chat from './chat.service';

const tags = ['chat'];
// Customer routes are public: a member is known by the session, a visitor by the x-chat-visitor
// token (chat.service partyOf); anyone else gets CHAT_VISITOR_REQUIRED.
const auth = 'public' as const;

export function registerChatRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/relay/CBS_modelList',
    {
      schema: {
        tags,
        summary: "spec §7: the brand's live chat entry points, each with its chatUrl",
        response: { 200: envelope(ChatModelList) },
      },
      config: { auth },
    },
    async () =>
      ok({
        list: (await chat.models(ctx)).map((m) => ({ modelCode: m.code, modelName: m.name, chatUrl: m.chatUrl })),
      }),
  );

  app.post(
    '/wps/relay/CBS_launchChat',
    {
      schema: {
        tags,
        summary: "spec §7: the chat window's URL (the site's own chat) for an entry point (the first by default)",
        body: LaunchChatBody.optional(),
        response: { 200: envelope(LaunchChatValue) },
      },
      config: { auth },
    },
    async (req) => ok({ chatUrl: await chat.launchUrl(ctx, req.body?.modelCode) }),
  );

  app.post(
    '/wps/chat/visitor',
    {
      schema: {
        tags,
        summary: 'A visitor gives a name and gets a signed visitor token (sent as x-chat-visitor)',
        body: VisitorBody,
        response: { 200: envelope(VisitorValue) },
      },
      config: { auth },
    },
    async (req) => ok(chat.issueVisitor(ctx, req.body.name)),
  );

  app.get(
    '/wps/chat/conversation',
    {
      schema: {
        tags,
        summary: "The caller's conversation: the open one, else the latest (null when none)",
        response: { 200: envelope(ChatConversationValue) },
      },
      config: { auth },
    },
    async (req) => {
      const row = await chat.currentConversation(ctx, chat.partyOf(ctx, req.principal, req.headers[VISITOR_HEADER]));
      return ok({ conversation: row ? presentConversation(row) : null });
    },
  );

  app.post(
    '/wps/chat/conversation',
    {
      schema: {
        tags,
        summary: 'Opens a conversation with support (or answers the open one); outside chat hours it is a ticket',
        response: { 200: envelope(ChatConversationValue) },
      },
      config: { auth },
    },
    async (req) =>
      ok({
        conversation: presentConversation(
          await chat.openConversation(ctx, chat.partyOf(ctx, req.principal, req.headers[VISITOR_HEADER])),
        ),
      }),
  );

  app.get(
    '/wps/chat/messages',
    {
      schema: {
        tags,
        summary: "A conversation's messages after a seq, oldest first",
        querystring: ChatMessagesQuery,
        response: { 200: envelope(ChatMessageList) },
      },
      config: { auth },
    },
    async (req) => {
      const c = await chat.customerConversation(
        ctx,
        chat.partyOf(ctx, req.principal, req.headers[VISITOR_HEADER]),
        req.query.conversationId,
      );
      const rows = await chat.messagesAfter(ctx, c.id, req.query.after, req.query.limit);
      return ok({ list: rows.map(presentMessage) });
    },
  );

  app.post(
    '/wps/chat/messages',
    {
      schema: {
        tags,
        summary: 'Sends a text message; a resend with the same clientMessageId is stored once',
        body: SendChatBody,
        response: { 200: envelope(ChatMessage) },
      },
      config: { auth },
    },
    async (req) =>
      ok(
        presentMessage(
          await chat.customerSend(ctx, chat.partyOf(ctx, req.principal, req.headers[VISITOR_HEADER]), req.body),
        ),
      ),
  );

  app.post(
    '/wps/chat/attachments',
    {
      schema: {
        tags,
        summary: 'Sends an image (multipart: conversationId, clientMessageId, image png or jpg by content, <= 5 MB)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(ChatMessage) },
      },
      config: { auth },
    },
    async (req) => {
      const party = chat.partyOf(ctx, req.principal, req.headers[VISITOR_HEADER]);
      const { fields, files } = await readMultipart(req);
      const input = chat.imageInput(fields, files);
      return ok(presentMessage(await chat.customerSend(ctx, party, input)));
    },
  );

  app.get(
    '/wps/chat/attachments/:id',
    {
      schema: { tags, summary: 'An image of one of the caller’s conversations', params: AttachmentParams },
      config: { auth },
    },
    async (req, reply) => {
      const party = chat.partyOf(ctx, req.principal, req.headers[VISITOR_HEADER]);
      const row = await chat.attachment(ctx, req.params.id, async (conversationId) => {
        await chat.customerConversation(ctx, party, conversationId);
      });
      return reply
        .header('content-type', row.content_type)
        .header('cache-control', 'private, max-age=3600')
        .send(row.data);
    },
  );

  app.post(
    '/wps/chat/read',
    {
      schema: {
        tags,
        summary: 'Read receipt: the customer has read up to seq',
        body: ChatReadBody,
        response: { 200: envelope(z.object({ seq: z.number().int() })) },
      },
      config: { auth },
    },
    async (req) => {
      const c = await chat.customerConversation(
        ctx,
        chat.partyOf(ctx, req.principal, req.headers[VISITOR_HEADER]),
        req.body.conversationId,
      );
      return ok({ seq: await chat.markRead(ctx, c.id, 'customer', req.body.seq) });
    },
  );
}
