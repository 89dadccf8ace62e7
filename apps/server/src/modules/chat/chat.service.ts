import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CHAT_IMAGE_MAX_BYTES, CHAT_PATH, ClientMessageId } from '@gamehall/shared/api/chat';
import { holdsPermission } from '@gamehall/shared/api/permissions';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { OPERATOR_ACCOUNT_TYPE, type Principal } from '../../http/auth';
import { AppError, fieldErrors } from '../../http/errors';
import { reencodeImage } from '../../http/image-upload';
import type { UploadedFile } from '../../http/multipart';
import { CHAT_CHANNEL } from '../../realtime/event-bus';
import { getBrand } from '../brand/brand.service';
import { sendSystemMessage } from '../messages/messages.service';
import * as q from './chat.queries';
import type { ConversationStateValue, SenderValue } from './chat.tables';

export type { ConversationRow, MessageRow } from './chat.queries';

/** Who talks to support: a signed-in member, or a visitor known by the signed visitor token. */
export type Party =
  | { kind: 'member'; memberId: number; name: string }
  | { kind: 'visitor'; visitorId: string; name: string };
export type Side = 'customer' | 'operator';

export const SUPPORT_PERMISSION = 'support.chat';

// ---- entry points (spec §7 CBS_modelList, CBS_launchChat)

export async function models(ctx: AppContext) {
  const brand = await getBrand(ctx.db);
  return brand.chatEntryPoints.map((p) => ({ code: p.code, name: p.name, chatUrl: chatUrl(p.code) }));
}

/** The site's own chat window (apps/web route CHAT_PATH); the entry point rides along as `model`. */
export function chatUrl(code: string): string {
  return `${CHAT_PATH}?model=${encodeURIComponent(code)}`;
}

export async function launchUrl(ctx: AppContext, code: string | undefined) {
  const all = await models(ctx);
  const chosen = code === undefined ? all[0] : all.find((m) => m.code === code);
  if (!chosen) throw new AppError('CHAT_MODEL_NOT_FOUND');
  return chosen.chatUrl;
}

// ---- visitors

function visitorSignature(ctx: AppContext, body: string): string {
  return createHmac('sha256', ctx.config.sessionSecret).update(`chat-visitor:${body}`).digest('base64url');
}

/** A visitor's token: a random id and the name they gave, signed with the session secret. */
export function issueVisitor(ctx: AppContext, name: string) {
  const body = `${randomBytes(16).toString('hex')}.${Buffer.from(name, 'utf8').toString('base64url')}`;
  return { visitorToken: `${body}.${visitorSignature(ctx, body)}`, name };
}

export function verifyVisitor(ctx: AppContext, token: string): Party | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [id, name64, signature] = parts as [string, string, string];
  if (!/^[0-9a-f]{32}$/.test(id)) return null;
  const expected = Buffer.from(visitorSignature(ctx, `${id}.${name64}`));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const name = Buffer.from(name64, 'base64url').toString('utf8');
  return { kind: 'visitor', visitorId: id, name };
}

/** The caller of a customer chat route: a member's session, or else a visitor token (the VISITOR_HEADER). */
export function partyOf(ctx: AppContext, principal: Principal | null, header: string | string[] | undefined): Party {
  if (principal && !principal.isOperator)
    return { kind: 'member', memberId: principal.memberId, name: principal.username };
  const token = Array.isArray(header) ? header[0] : header;
  const visitor = token ? verifyVisitor(ctx, token) : null;
  if (!visitor) throw new AppError('CHAT_VISITOR_REQUIRED');
  return visitor;
}

function ownerOf(party: Party) {
  return party.kind === 'member' ? { memberId: party.memberId } : { visitorId: party.visitorId };
}

function owns(party: Party, c: { member_id: number | null; visitor_id: string | null }): boolean {
  return party.kind === 'member' ? c.member_id === party.memberId : c.visitor_id === party.visitorId;
}

// ---- notices (after commit, every node: realtime/event-bus.ts CHAT_CHANNEL)

/** Payloads of CHAT_CHANNEL: c conversation, k kind (m message, t typing, r read, s state). */
export type ChatNoticePayload =
  | { c: number; k: 'm'; s: number; m?: q.MessageRow }
  | { c: number; k: 't'; by: Side }
  | { c: number; k: 'r'; by: Side; s: number }
  | { c: number; k: 's'; st: ConversationStateValue; o: number | null };

// NOTIFY payloads stop at 8000 bytes: a larger message goes without its row (sockets read it).
const NOTICE_MAX_BYTES = 7_000;

async function notify(db: Conn, payload: ChatNoticePayload): Promise<void> {
  let text = JSON.stringify(payload);
  if (payload.k === 'm' && Buffer.byteLength(text) > NOTICE_MAX_BYTES)
    text = JSON.stringify({ ...payload, m: undefined });
  await q.notifyChat(db, CHAT_CHANNEL, text);
}

// ---- conversations

function withinHours(hours: { from: string; to: string } | null, timeZone: string, at: Date): boolean {
  if (!hours) return true;
  const hm = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(at)
    .replace(/[^0-9:]/g, '');
  if (hours.from === hours.to) return true;
  return hours.from < hours.to ? hm >= hours.from && hm < hours.to : hm >= hours.from || hm < hours.to;
}

/** The customer's conversation: the open one, else the latest (its history stays readable). */
export async function currentConversation(ctx: AppContext, party: Party) {
  return q.latestConversation(ctx.db, ownerOf(party));
}

/**
 * Opens the customer's conversation, or returns the open one. Within the brand's chat hours it goes
 * to the least busy online operator (active), or waits in the queue; outside them it is a ticket.
 */
export async function openConversation(ctx: AppContext, party: Party) {
  const existing = await q.findOpenConversation(ctx.db, ownerOf(party));
  if (existing) return existing;
  const brand = await getBrand(ctx.db);
  const now = ctx.now();
  const open = withinHours(brand.chatHours, brand.timeZone, now);
  const id = await ctx.db.transaction().execute(async (trx) => {
    const operatorId = open ? ((await q.operatorLoads(trx, true))[0]?.operator_id ?? null) : null;
    const state: ConversationStateValue = !open ? 'ticket' : operatorId ? 'active' : 'queued';
    const inserted = await q.insertConversation(trx, {
      memberId: party.kind === 'member' ? party.memberId : null,
      visitorId: party.kind === 'visitor' ? party.visitorId : null,
      visitorName: party.kind === 'visitor' ? party.name : null,
      state,
      operatorId,
      now,
    });
    if (inserted) await notify(trx, { c: inserted, k: 's', st: state, o: operatorId });
    return inserted;
  });
  // A concurrent open of the same customer won the unique index: answer its conversation.
  const row = id ? await q.findConversation(ctx.db, id) : await q.findOpenConversation(ctx.db, ownerOf(party));
  if (!row) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
  return row;
}

export async function customerConversation(ctx: AppContext, party: Party, id: number) {
  const row = await q.findConversation(ctx.db, id);
  if (!row || !owns(party, row)) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
  return row;
}

export async function conversationById(ctx: AppContext, id: number) {
  const row = await q.findConversation(ctx.db, id);
  if (!row) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
  return row;
}

/** History after a seq (the socket's replay and the windows' first load), oldest first. */
export function messagesAfter(ctx: AppContext, conversationId: number, after: number, limit = 100) {
  return q.messagesAfter(ctx.db, conversationId, after, limit);
}

// ---- messages

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** The image's type by its bytes (the declared type and the file name count for nothing). */
export function imageTypeOf(data: Buffer): 'image/png' | 'image/jpeg' | null {
  if (data.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if (data.subarray(0, JPEG.length).equals(JPEG)) return 'image/jpeg';
  return null;
}

const ImageFields = z.object({
  conversationId: z.coerce.number().int().positive(),
  clientMessageId: ClientMessageId,
  text: z.string().trim().max(200).default(''),
});

/** The multipart fields and the one image of an attachment message (customer and operator routes). */
export function imageInput(fields: Record<string, string>, files: { mimetype: string; data: Buffer }[]) {
  const parsed = ImageFields.safeParse(fields);
  if (!parsed.success)
    throw fieldErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'body'), 'INVALID'])));
  const [image] = files;
  if (!image || files.length !== 1) throw fieldErrors({ image: 'REQUIRED' });
  return { ...parsed.data, image };
}

type Sending = {
  conversationId: number;
  side: Side;
  operatorId: number | null;
  clientMessageId: string;
  text: string;
  image?: UploadedFile | undefined;
};

/** What a send checks of the conversation (lockForSend's row). */
type SendTarget = Pick<q.ConversationRow, 'member_id' | 'visitor_id' | 'state' | 'operator_id'>;

/**
 * Stores a message once per client message id: the conversation row is locked, so the next seq is
 * taken in commit order and a resend with the same id finds the first one (answered, not stored).
 * Three statements on the usual path (docs/benchmarks.md "Chat delivery"): lock and resend check in
 * one, the message with the conversation's last_seq in one, the notice.
 */
async function send(ctx: AppContext, input: Sending, allowed: (c: SendTarget, resend: boolean) => void) {
  let contentType: 'image/png' | 'image/jpeg' | null = null;
  let imageData: Buffer | null = null;
  if (input.image) {
    if (input.image.data.length > CHAT_IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
    contentType = imageTypeOf(input.image.data);
    if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    // Only the pixels are kept (http/image-upload.ts): what the other side opens is an image.
    imageData = await reencodeImage(input.image.data, contentType, 'UNSUPPORTED_MEDIA_TYPE');
  }
  const sender: SenderValue = input.side;
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await q.lockForSend(trx, input.conversationId, sender, input.clientMessageId);
    if (!locked) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    const resend = locked.resent_id !== null && locked.resent_id !== undefined;
    // A resend is answered with the stored message, even after the conversation closed.
    allowed(locked, resend);
    if (resend) {
      const already = await q.findMessageByClientId(trx, locked.id, sender, input.clientMessageId);
      if (!already) throw new AppError('INTERNAL_ERROR');
      return already;
    }
    const now = ctx.now();
    const attachmentId =
      imageData && contentType
        ? await q.insertAttachment(trx, { conversationId: locked.id, contentType, data: imageData, now })
        : null;
    const seq = locked.last_seq + 1;
    const row = await q.appendMessage(trx, {
      conversationId: locked.id,
      seq,
      sender,
      operatorId: input.operatorId,
      clientMessageId: input.clientMessageId,
      body: input.text,
      attachmentId,
      now,
    });
    await notify(trx, { c: locked.id, k: 'm', s: seq, m: row });
    return row;
  });
}

export async function customerSend(
  ctx: AppContext,
  party: Party,
  input: { conversationId: number; clientMessageId: string; text: string; image?: UploadedFile | undefined },
) {
  return send(ctx, { ...input, side: 'customer', operatorId: null }, (c, resend) => {
    if (!owns(party, c)) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    if (!resend && c.state === 'closed') throw new AppError('CHAT_CONVERSATION_CLOSED');
  });
}

export async function operatorSend(
  ctx: AppContext,
  operatorId: number,
  input: { conversationId: number; clientMessageId: string; text: string; image?: UploadedFile | undefined },
) {
  return send(ctx, { ...input, side: 'operator', operatorId }, (c, resend) => {
    if (resend) return;
    if (c.state === 'closed') throw new AppError('CHAT_CONVERSATION_CLOSED');
    if (c.state !== 'active' || c.operator_id !== operatorId) throw new AppError('CHAT_NOT_ASSIGNED');
  });
}

export async function markRead(ctx: AppContext, conversationId: number, side: Side, seq: number) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await q.raiseReadSeq(trx, conversationId, side, seq);
    if (!row) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    const at = side === 'customer' ? row.customer_read_seq : row.operator_read_seq;
    await notify(trx, { c: conversationId, k: 'r', by: side, s: at });
    return at;
  });
}

/** A typing indicator: nothing is stored, every node's watchers of the conversation hear it. */
export async function typing(ctx: AppContext, conversationId: number, side: Side) {
  await notify(ctx.db, { c: conversationId, k: 't', by: side });
}

export async function attachment(ctx: AppContext, id: number, may: (conversationId: number) => Promise<void>) {
  const row = await q.findAttachment(ctx.db, id);
  if (!row) throw new AppError('CHAT_ATTACHMENT_NOT_FOUND');
  await may(row.conversation_id);
  return row;
}

// ---- operators (back office, permission support.chat)

export async function operatorStatus(ctx: AppContext, operatorId: number) {
  const [row, count] = await Promise.all([q.findOperatorStatus(ctx.db, operatorId), q.activeCount(ctx.db, operatorId)]);
  return { online: row?.online ?? false, activeCount: count };
}

/** Goes online (and takes over waiting conversations, least busy first) or offline. */
export async function setOnline(ctx: AppContext, operatorId: number, online: boolean) {
  await q.upsertOperatorStatus(ctx.db, operatorId, online, ctx.now());
  if (online) await assignQueued(ctx);
  return operatorStatus(ctx, operatorId);
}

/** Hands waiting conversations to the least busy online operators, oldest first. */
export async function assignQueued(ctx: AppContext) {
  await ctx.db.transaction().execute(async (trx) => {
    const waiting = await q.queuedConversationIds(trx, 50);
    if (waiting.length === 0) return;
    const loads = (await q.operatorLoads(trx, true)).map((l) => ({ id: l.operator_id, n: Number(l.active_count) }));
    if (loads.length === 0) return;
    const now = ctx.now();
    for (const { id } of waiting) {
      loads.sort((a, b) => a.n - b.n || a.id - b.id);
      const least = loads[0];
      if (!least) return;
      least.n++;
      await q.updateConversation(trx, id, { state: 'active', operator_id: least.id, updated_at: now });
      await notify(trx, { c: id, k: 's', st: 'active', o: least.id });
    }
  });
}

export async function colleagues(ctx: AppContext) {
  return q.operatorLoads(ctx.db, false);
}

export function listConversations(
  ctx: AppContext,
  filter: { state?: ConversationStateValue | undefined; operatorId?: number | undefined },
) {
  return q.listConversations(ctx.db, filter);
}

async function changeState(
  ctx: AppContext,
  id: number,
  decide: (c: NonNullable<Awaited<ReturnType<typeof q.lockConversation>>>) => {
    state: ConversationStateValue;
    operatorId: number | null;
  } | null,
) {
  await ctx.db.transaction().execute(async (trx) => {
    const c = await q.lockConversation(trx, id);
    if (!c) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    const next = decide(c);
    if (!next) return;
    const now = ctx.now();
    await q.updateConversation(trx, id, {
      state: next.state,
      operator_id: next.operatorId,
      updated_at: now,
      closed_at: next.state === 'closed' ? now : null,
    });
    await notify(trx, { c: id, k: 's', st: next.state, o: next.operatorId });
  });
  return conversationById(ctx, id);
}

/** Takes a waiting conversation or a ticket. Taking one already held by someone else is refused. */
export function take(ctx: AppContext, operatorId: number, id: number) {
  return changeState(ctx, id, (c) => {
    if (c.state === 'closed') throw new AppError('CHAT_CONVERSATION_CLOSED');
    if (c.state === 'active' && c.operator_id === operatorId) return null;
    if (c.state === 'active') throw new AppError('CHAT_ALREADY_TAKEN');
    return { state: 'active', operatorId };
  });
}

/** Hands the operator's conversation to an online colleague who holds support.chat. */
export async function transfer(ctx: AppContext, operatorId: number, id: number, toId: number) {
  if (toId === operatorId) throw new AppError('CHAT_OPERATOR_UNAVAILABLE');
  const target = await q.findOperator(ctx.db, toId);
  const status = await q.findOperatorStatus(ctx.db, toId);
  if (
    !target ||
    target.type !== OPERATOR_ACCOUNT_TYPE ||
    target.status !== 'active' ||
    !holdsPermission(target.permissions ?? [], SUPPORT_PERMISSION) ||
    !status?.online
  )
    throw new AppError('CHAT_OPERATOR_UNAVAILABLE');
  return changeState(ctx, id, (c) => {
    if (c.state === 'closed') throw new AppError('CHAT_CONVERSATION_CLOSED');
    if (c.state !== 'active' || c.operator_id !== operatorId) throw new AppError('CHAT_NOT_ASSIGNED');
    return { state: 'active', operatorId: toId };
  });
}

/** Closes the operator's conversation (or a waiting one / a ticket nobody holds). */
export function close(ctx: AppContext, operatorId: number, id: number) {
  return changeState(ctx, id, (c) => {
    if (c.state === 'closed') throw new AppError('CHAT_CONVERSATION_CLOSED');
    if (c.state === 'active' && c.operator_id !== operatorId) throw new AppError('CHAT_NOT_ASSIGNED');
    return { state: 'closed', operatorId: c.operator_id };
  });
}

// ---- answers the member did not see (the support_answered message; docs/chat.md)

/** How long an operator's answer may stay unread in the chat before the member gets a message. */
export const UNSEEN_ANSWER_MS = 60_000;

/**
 * An answer to a ticket (left outside the chat hours) or to a chat the member has left is not read
 * in the window: a minute after it the member gets a `support_answered` system message, one per run
 * of unread answers (the next one comes only after new answers). Visitors have no inbox.
 */
export async function notifyUnseenAnswers(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const claimed = await q.claimUnseenAnswers(trx, new Date(now.getTime() - UNSEEN_ANSWER_MS), 200);
    for (const c of claimed)
      await sendSystemMessage(trx, {
        memberId: c.memberId,
        kind: 'support_answered',
        params: { conversation: c.id },
        now,
      });
    return claimed.length;
  });
}

// ---- canned replies

export function cannedReplies(ctx: AppContext) {
  return q.cannedReplies(ctx.db);
}

export function addCannedReply(ctx: AppContext, operatorId: number, input: { title: string; text: string }) {
  return q.insertCannedReply(ctx.db, { title: input.title, body: input.text, by: operatorId, now: ctx.now() });
}

export async function changeCannedReply(ctx: AppContext, id: number, input: { title: string; text: string }) {
  const row = await q.updateCannedReply(ctx.db, id, { title: input.title, body: input.text, now: ctx.now() });
  if (!row) throw new AppError('CHAT_CANNED_NOT_FOUND');
  return row;
}

export async function removeCannedReply(ctx: AppContext, id: number) {
  const row = await q.deleteCannedReply(ctx.db, id);
  if (!row) throw new AppError('CHAT_CANNED_NOT_FOUND');
}
