import {
  AdminChatroomMessageList,
  AdminChatroomMessagesQuery,
  AdminChatroomRestrictionList,
  ChatroomMessageParams,
  ChatroomRestriction,
  RestrictBody,
  RestrictionParams,
} from '@gamehall/shared/api/chatroom';
import { envelope } from '@gamehall/shared/api/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import { presentAdminMessage, presentRestriction } from './chatroom.presenter';
import * as room from './chatroom.service';

const tags = ['admin-chatroom'];
// The room's moderation: operators holding chatroom.moderate read every message (deleted ones
// included), delete, mute, ban and lift; each change is audited.
const auth = 'admin:chatroom.moderate' as const;

const RestrictionValue = z.object({ current: ChatroomRestriction.nullable() });

export function registerChatroomAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/chatroom/messages',
    {
      schema: {
        tags,
        summary: "The room's messages, newest first, deleted ones included (with who deleted them)",
        querystring: AdminChatroomMessagesQuery,
        response: { 200: envelope(AdminChatroomMessageList) },
      },
      config: { auth },
    },
    async (req) =>
      ok({ list: (await room.adminMessages(ctx, req.query.before, req.query.limit)).map(presentAdminMessage) }),
  );

  app.delete(
    '/admin/chatroom/messages/:id',
    {
      schema: {
        tags,
        summary: 'Deletes a message: it disappears at once from every open room (audited chatroom.delete)',
        params: ChatroomMessageParams,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
      config: { auth },
    },
    async (req) => {
      const row = await operatorAction(
        ctx,
        requestMetaOf(req),
        'chatroom.delete',
        `chatroom-message:${req.params.id}`,
        (operator) => room.deleteMessage(ctx, operator.memberId, req.params.id),
        (r) => ({ member: r.member_id, seq: r.seq, before: { text: r.body }, after: { deleted: true } }),
      );
      return ok({ id: row.id });
    },
  );

  app.get(
    '/admin/chatroom/restrictions',
    {
      schema: {
        tags,
        summary: 'The mutes and bans in force, latest first',
        response: { 200: envelope(AdminChatroomRestrictionList) },
      },
      config: { auth },
    },
    async () => ok({ list: (await room.restrictions(ctx)).map(presentRestriction) }),
  );

  app.post(
    '/admin/chatroom/restrictions',
    {
      schema: {
        tags,
        summary:
          'Mutes (reads, cannot post) or bans (neither) a member for some minutes, a ban also until lifted; replaces a current one of that kind (audited chatroom.mute, chatroom.ban)',
        body: RestrictBody,
        response: { 200: envelope(RestrictionValue) },
      },
      config: { auth },
    },
    async (req) => {
      const { memberId, kind, minutes, reason } = req.body;
      const done = await operatorAction(
        ctx,
        requestMetaOf(req),
        kind === 'ban' ? 'chatroom.ban' : 'chatroom.mute',
        `member:${memberId}`,
        (operator) => room.restrict(ctx, operator.memberId, req.body),
        (r) => ({
          member: memberId,
          username: r.username,
          after: { kind, until: r.until?.toISOString() ?? null, minutes, reason },
        }),
      );
      return ok({ current: done.current });
    },
  );

  app.delete(
    '/admin/chatroom/restrictions/:memberId/:kind',
    {
      schema: {
        tags,
        summary: "Lifts a member's mute or ban in force (audited chatroom.lift)",
        params: RestrictionParams,
        response: { 200: envelope(RestrictionValue) },
      },
      config: { auth },
    },
    async (req) => {
      const { memberId, kind } = req.params;
      const done = await operatorAction(
        ctx,
        requestMetaOf(req),
        'chatroom.lift',
        `member:${memberId}`,
        () => room.lift(ctx, memberId, kind),
        (r) => ({
          member: memberId,
          kind,
          before: { until: r.removed.until ? new Date(r.removed.until).toISOString() : null, reason: r.removed.reason },
          after: null,
        }),
      );
      return ok({ current: done.current });
    },
  );
}
