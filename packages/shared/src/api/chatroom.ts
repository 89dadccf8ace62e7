import { z } from 'zod';
import { ClientMessageId } from './chat';

// The public chat room (spec §1 member features "chat room", §6 Member "chat room"; docs/chat.md "Public chat room"):
// one room per brand where signed-in members talk to each other, beside the support chat (chat.ts).
// Every signed-in account reads it; real members post (trial accounts read only). Operators holding
// chatroom.moderate delete messages and mute or ban members for a while.

/** The room's socket (outside /wps, as the support chat's). */
export const CHATROOM_SOCKET_PATH = '/ws/chatroom';
/** How long the server waits for the socket's auth message before closing it with 4001. */
export const CHATROOM_SOCKET_AUTH_MS = 5_000;
/** Close code of a room socket whose member was banned from the room (the client shows the ban). */
export const CLOSE_CHATROOM_BANNED = 4003;

/** The rules of a message's text (chatroom.service checkText), each refused with its own code. */
export const CHATROOM_TEXT_MAX = 300;
/** At most this many messages per member per window (CHATROOM_RATE_LIMITED with retryAfterSeconds). */
export const CHATROOM_RATE = { max: 5, windowSeconds: 30 };
/** How many recent messages the room opens with. */
export const CHATROOM_HISTORY = 50;
/** The longest mute or timed ban an operator gives, in minutes (30 days). */
export const CHATROOM_RESTRICTION_MAX_MINUTES = 30 * 24 * 60;

export const ChatroomRestrictionKind = z.enum(['mute', 'ban']);
export type ChatroomRestrictionKind = z.infer<typeof ChatroomRestrictionKind>;

/** A message as players read it: the author by masked username, never the login name. */
export const ChatroomMessage = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  author: z.string(),
  /** True on the reader's own messages. */
  mine: z.boolean(),
  text: z.string(),
  createdAt: z.string(),
});
export type ChatroomMessage = z.infer<typeof ChatroomMessage>;

/** The reader's own restriction in the room: a mute (reads, cannot post) or a ban (neither); null `until` is until lifted. */
export const ChatroomRestriction = z.object({ kind: ChatroomRestrictionKind, until: z.string().nullable() });
export type ChatroomRestriction = z.infer<typeof ChatroomRestriction>;

export const ChatroomState = z.object({
  roomId: z.number().int(),
  /** The recent messages, oldest first (none while the reader is banned). */
  messages: z.array(ChatroomMessage),
  restriction: ChatroomRestriction.nullable(),
  /** False for trial accounts, muted or banned members. */
  canPost: z.boolean(),
  limits: z.object({ textMax: z.number().int(), perWindow: z.number().int(), windowSeconds: z.number().int() }),
});
export type ChatroomState = z.infer<typeof ChatroomState>;

/** The text's rules are the service's (their own codes); the schema only bounds the body. */
export const PostChatroomBody = z
  .object({ clientMessageId: ClientMessageId, text: z.string().max(CHATROOM_TEXT_MAX * 4) })
  .strict();

// Back office (apps/console chat room, permission chatroom.moderate).

export const AdminChatroomMessage = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  author: z.string(),
  text: z.string(),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
  deletedBy: z.string().nullable(),
});
export type AdminChatroomMessage = z.infer<typeof AdminChatroomMessage>;
export const AdminChatroomMessagesQuery = z.object({
  /** Messages before this seq (older pages); the newest by default. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const AdminChatroomMessageList = z.object({ list: z.array(AdminChatroomMessage) });
export const ChatroomMessageParams = z.object({ id: z.coerce.number().int().positive() });

export const AdminChatroomRestriction = z.object({
  memberId: z.number().int(),
  username: z.string(),
  kind: ChatroomRestrictionKind,
  until: z.string().nullable(),
  reason: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminChatroomRestriction = z.infer<typeof AdminChatroomRestriction>;
export const AdminChatroomRestrictionList = z.object({ list: z.array(AdminChatroomRestriction) });

/** A mute needs a duration; a ban without one lasts until lifted. A new one replaces the member's current one of that kind. */
export const RestrictBody = z
  .object({
    memberId: z.number().int().positive(),
    kind: ChatroomRestrictionKind,
    minutes: z.number().int().min(1).max(CHATROOM_RESTRICTION_MAX_MINUTES).nullable().default(null),
    reason: z.string().trim().min(1).max(200),
  })
  .strict()
  .refine((b) => b.kind === 'ban' || b.minutes !== null, { path: ['minutes'], params: { reason: 'REQUIRED' } });
export const RestrictionParams = z.object({
  memberId: z.coerce.number().int().positive(),
  kind: ChatroomRestrictionKind,
});

/** The socket's first client message: a member's or operator's session token. */
export const ChatroomClientMessage = z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) });

/**
 * Server messages `{ type, data }`: ready (with the reader's restriction); message (a new one, as
 * committed, on every node); deleted (an operator removed it: drop it); restriction (the reader's
 * own changed: muted, banned, lifted). A banned member's socket closes with CLOSE_CHATROOM_BANNED.
 */
export type ChatroomServerEvent =
  | { type: 'ready'; data: { role: 'member'; restriction: ChatroomRestriction | null } }
  | { type: 'message'; data: ChatroomMessage }
  | { type: 'deleted'; data: { id: number } }
  | { type: 'restriction'; data: ChatroomRestriction | null };
