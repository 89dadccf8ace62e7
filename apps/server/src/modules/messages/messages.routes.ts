import { envelope, OkValue } from '@gamehall/shared/api/common';
import { InboxItem, InboxQuery, InboxValue, MessageIdParams, UnreadCountValue } from '@gamehall/shared/api/messages';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { registerCampaignLinkRoutes } from './campaigns.routes';
import { presentInbox, presentMessage } from './messages.presenter';
import * as messages from './messages.service';

const tags = ['messages'];

/** The member centre's inbox (spec §2 "platform messages (messageV2)"). */
export function registerMessagesRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  // Live broadcasts: this node's connected members in a broadcast's audience get its event.
  ctx.events.resolveAudiences(messages.audienceMembers(ctx));
  registerCampaignLinkRoutes(root, ctx);

  app.get(
    '/wps/messages',
    {
      schema: {
        tags,
        summary: "The member's inbox, newest first: own messages and broadcasts, in the reader's language",
        querystring: InboxQuery,
        response: { 200: envelope(InboxValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(presentInbox(await messages.inbox(ctx, principalOf(req).memberId, req.query), req.query)),
  );

  app.get(
    '/wps/relay/CSP_unreadCount',
    {
      schema: {
        tags,
        summary: 'Unread messages of the inbox badge (spec §7)',
        response: { 200: envelope(UnreadCountValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok({ count: await messages.unreadCount(ctx, principalOf(req).memberId) }),
  );

  app.post(
    '/wps/messages/readAll',
    {
      schema: { tags, summary: 'Marks every message of the inbox read', response: { 200: envelope(OkValue) } },
      config: { auth: 'member' },
    },
    async (req) => {
      await messages.readAll(ctx, principalOf(req).memberId);
      return ok(null);
    },
  );

  app.get(
    '/wps/messages/:id',
    {
      schema: {
        tags,
        summary: "One message, which is marked read; another member's message is not found",
        params: MessageIdParams,
        querystring: InboxQuery.pick({ language: true }),
        response: { 200: envelope(InboxItem) },
      },
      config: { auth: 'member' },
    },
    async (req) =>
      ok(presentMessage(await messages.readMessage(ctx, principalOf(req).memberId, req.params.id, req.query.language))),
  );

  app.delete(
    '/wps/messages/:id',
    {
      schema: {
        tags,
        summary: "Deletes one message from the inbox; another member's message is not found",
        params: MessageIdParams,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      await messages.deleteMessage(ctx, principalOf(req).memberId, req.params.id);
      return ok(null);
    },
  );
}
