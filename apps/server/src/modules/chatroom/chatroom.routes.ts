import {
  CHATROOM_RATE,
  CHATROOM_TEXT_MAX,
  ChatroomMessage,
  ChatroomState,
  PostChatroomBody,
} from '@gamehall/shared/api/chatroom';
import { envelope } from '@gamehall/shared/api/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { presentMessage } from './chatroom.presenter';
import * as room from './chatroom.service';

const tags = ['chatroom'];

export function registerChatroomRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/chatroom',
    {
      schema: {
        tags,
        summary:
          "spec §6 Member 'chat room': the public room's recent messages (none while banned), the reader's mute or ban and the posting limits",
        response: { 200: envelope(ChatroomState) },
      },
      // Every signed-in account reads the room, trial accounts included; posting needs a real member.
      config: { auth: 'session' },
    },
    async (req) => {
      const principal = principalOf(req);
      const s = await room.state(ctx, principal);
      return ok({
        roomId: s.roomId,
        messages: s.rows.map((r) => presentMessage(r, principal.memberId)),
        restriction: s.restriction,
        canPost: s.canPost,
        limits: {
          textMax: CHATROOM_TEXT_MAX,
          perWindow: CHATROOM_RATE.max,
          windowSeconds: CHATROOM_RATE.windowSeconds,
        },
      });
    },
  );

  app.post(
    '/wps/chatroom/messages',
    {
      schema: {
        tags,
        summary:
          'Posts to the public room (one line, 1-300 characters, no links; 5 per 30 s); a resend with the same clientMessageId is stored once',
        body: PostChatroomBody,
        response: { 200: envelope(ChatroomMessage) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const memberId = principalOf(req).memberId;
      return ok(presentMessage(await room.post(ctx, memberId, req.body), memberId));
    },
  );
}
