import { z } from 'zod';
import { Money } from './common';

// Live customer-service chat (spec §7 CBS_modelList and CBS_launchChat, §6 "chat room";
// docs/chat.md). A member or a visitor (who gives a name and holds a signed visitor token) talks
// to the brand's support operators. Messages carry a per-conversation sequence number `seq`: the
// socket replays everything after the last seq a client saw, so a reconnect loses and doubles nothing.

export { CHAT_PATH } from '../constants';
/** The chat socket (outside /wps so maintenance and region states do not close it). */
export const CHAT_SOCKET_PATH = '/ws/chat';
/** The header a visitor sends its token in (members send their session token as usual). */
export const VISITOR_HEADER = 'x-chat-visitor';
/** How long the server waits for the socket's auth message before closing it with 4001. */
export const CHAT_SOCKET_AUTH_MS = 5_000;

export const CHAT_TEXT_MAX = 2_000;
export const CHAT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const ConversationState = z.enum(['queued', 'active', 'ticket', 'closed']);
export type ConversationState = z.infer<typeof ConversationState>;
export const ChatSender = z.enum(['customer', 'operator', 'system']);
export type ChatSender = z.infer<typeof ChatSender>;

/** A client's id for a message it sends: a resend with the same id is stored once. */
export const ClientMessageId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/);

// spec §7 CBS_modelList: the chat entry points configured for the brand.
export const ChatModel = z.object({ modelCode: z.string(), modelName: z.string(), chatUrl: z.string() });
export const ChatModelList = z.object({ list: z.array(ChatModel) });
export const LaunchChatBody = z.object({ modelCode: z.string().trim().max(40).optional() }).strict();
export const LaunchChatValue = z.object({ chatUrl: z.string() });

export const VisitorBody = z.object({ name: z.string().trim().min(1).max(40) }).strict();
export const VisitorValue = z.object({ visitorToken: z.string(), name: z.string() });

export const ChatMessage = z.object({
  id: z.number().int(),
  conversationId: z.number().int(),
  seq: z.number().int(),
  sender: ChatSender,
  senderName: z.string().nullable(),
  clientMessageId: z.string().nullable(),
  text: z.string(),
  attachmentId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

/** The conversation as its customer sees it. */
export const ChatConversation = z.object({
  id: z.number().int(),
  state: ConversationState,
  operatorName: z.string().nullable(),
  lastSeq: z.number().int(),
  /** The last seq the other side has read (read receipts). */
  operatorReadSeq: z.number().int(),
  customerReadSeq: z.number().int(),
  createdAt: z.string(),
});
export type ChatConversation = z.infer<typeof ChatConversation>;
export const ChatConversationValue = z.object({ conversation: ChatConversation.nullable() });

export const ChatMessagesQuery = z.object({
  conversationId: z.coerce.number().int().positive(),
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const ChatMessageList = z.object({ list: z.array(ChatMessage) });

export const SendChatBody = z
  .object({
    conversationId: z.number().int().positive(),
    clientMessageId: ClientMessageId,
    text: z.string().trim().min(1).max(CHAT_TEXT_MAX),
  })
  .strict();
export const ChatReadBody = z
  .object({ conversationId: z.number().int().positive(), seq: z.number().int().min(0) })
  .strict();
export const AttachmentParams = z.object({ id: z.coerce.number().int().positive() });

// Back office (apps/console support inbox, permission support.chat).
export const AdminConversationQuery = z.object({
  state: ConversationState.optional(),
  mine: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export const AdminConversation = z.object({
  id: z.number().int(),
  state: ConversationState,
  customer: z.object({
    kind: z.enum(['member', 'visitor']),
    memberId: z.number().int().nullable(),
    name: z.string(),
  }),
  operatorId: z.number().int().nullable(),
  operatorName: z.string().nullable(),
  lastSeq: z.number().int(),
  operatorReadSeq: z.number().int(),
  customerReadSeq: z.number().int(),
  lastText: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminConversation = z.infer<typeof AdminConversation>;
export const AdminConversationList = z.object({ list: z.array(AdminConversation) });
export const ConversationParams = z.object({ id: z.coerce.number().int().positive() });
export const AdminMessagesQuery = z.object({
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const AdminSendBody = z
  .object({ clientMessageId: ClientMessageId, text: z.string().trim().min(1).max(CHAT_TEXT_MAX) })
  .strict();
export const AdminReadBody = z.object({ seq: z.number().int().min(0) }).strict();
export const TransferBody = z.object({ operatorId: z.number().int().positive() }).strict();

/** The member's key facts beside the chat: read through the members, VIP and cashier modules. */
export const ChatMemberFacts = z.object({
  memberId: z.number().int(),
  username: z.string(),
  vipLevel: z.number().int(),
  balance: Money,
  currency: z.string(),
  /** Null for an operator without cashier.read: deposits are cashier data. */
  lastDeposits: z
    .array(z.object({ reference: z.string(), amount: Money, status: z.string(), createdAt: z.string() }))
    .nullable(),
});
export const AdminConversationDetail = z.object({
  conversation: AdminConversation,
  facts: ChatMemberFacts.nullable(),
});

export const OperatorStatusBody = z.object({ online: z.boolean() }).strict();
export const OperatorStatus = z.object({ online: z.boolean(), activeCount: z.number().int() });
export const ChatColleague = z.object({
  id: z.number().int(),
  username: z.string(),
  online: z.boolean(),
  activeCount: z.number().int(),
});
export const ChatColleagueList = z.object({ list: z.array(ChatColleague) });

export const CannedReplyBody = z
  .object({ title: z.string().trim().min(1).max(60), text: z.string().trim().min(1).max(CHAT_TEXT_MAX) })
  .strict();
export const CannedReply = z.object({ id: z.number().int(), title: z.string(), text: z.string() });
export const CannedReplyList = z.object({ list: z.array(CannedReply) });
export const CannedParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The chat socket. The client's first message authenticates: `{ type: 'auth', token }` (a member's
 * or an operator's session token) or `{ type: 'auth', visitorToken }`. Then it watches conversations
 * with the last seq it has seen; the server replays what came after and streams the rest.
 */
export const ChatClientMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('auth'),
    token: z.string().min(1).max(200).optional(),
    visitorToken: z.string().min(1).max(200).optional(),
  }),
  z.object({
    type: z.literal('watch'),
    conversationId: z.number().int().positive(),
    after: z.number().int().min(0),
  }),
  z.object({ type: z.literal('unwatch'), conversationId: z.number().int().positive() }),
  z.object({ type: z.literal('typing'), conversationId: z.number().int().positive() }),
]);
export type ChatClientMessage = z.infer<typeof ChatClientMessage>;

/**
 * Server messages `{ type, data }`: ready; message (in seq order, each once per watch); typing;
 * read (a side's read position); conversation (its state changed: to the customer, and to every
 * online support operator for the queue); error (a watch refused).
 */
export type ChatServerEvent =
  | { type: 'ready'; data: { role: 'member' | 'visitor' | 'operator' } }
  | { type: 'message'; data: ChatMessage }
  | { type: 'typing'; data: { conversationId: number; by: 'customer' | 'operator' } }
  | { type: 'read'; data: { conversationId: number; by: 'customer' | 'operator'; seq: number } }
  | { type: 'conversation'; data: { conversationId: number; state: ConversationState; operatorId: number | null } }
  | { type: 'error'; data: { conversationId?: number; code: string } };
