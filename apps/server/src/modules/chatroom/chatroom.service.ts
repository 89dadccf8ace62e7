import {
  CHATROOM_HISTORY,
  CHATROOM_RATE,
  CHATROOM_TEXT_MAX,
  type ChatroomRestriction,
  type ChatroomRestrictionKind,
} from '@gamehall/shared/api/chatroom';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { OPERATOR_ACCOUNT_TYPE, type Principal } from '../../http/auth';
import { AppError } from '../../http/errors';
import { CHAT_CHANNEL } from '../../realtime/event-bus';
import { hit } from '../throttle/throttle.service';
import * as q from './chatroom.queries';

export type { AdminMessageRow, MessageRow, RestrictionRow } from './chatroom.queries';

// ---- the room

const rooms = new WeakMap<AppContext, number>();

/** The brand's room (migration 0120 creates it; it never goes away, so each node remembers its id). */
export async function roomId(ctx: AppContext): Promise<number> {
  const known = rooms.get(ctx);
  if (known !== undefined) return known;
  const row = await q.firstRoom(ctx.db);
  if (!row) throw new AppError('INTERNAL_ERROR', { message: 'the chat room is missing (migration 0120)' });
  rooms.set(ctx, row.id);
  return row.id;
}

// ---- notices (after commit, every node: the support chat's channel, realtime/event-bus.ts CHAT_CHANNEL)

/**
 * Payloads of the room on CHAT_CHANNEL, told from the support chat's by `room` (the support chat
 * socket reads only notices naming a conversation `c`): a message (its row), a deletion, or a
 * member's restriction as it now stands.
 */
export type RoomNotice =
  | { room: number; k: 'm'; m: q.MessageRow }
  | { room: number; k: 'd'; id: number }
  | { room: number; k: 'r'; member: number; r: ChatroomRestriction | null };

async function notify(db: Conn, notice: RoomNotice): Promise<void> {
  await q.notifyRoom(db, CHAT_CHANNEL, JSON.stringify(notice));
}

/** A notice of the room, or null for anything else on the channel (the support chat's). */
export function roomNotice(notice: Record<string, unknown>): RoomNotice | null {
  return typeof notice.room === 'number' && typeof notice.k === 'string' ? (notice as unknown as RoomNotice) : null;
}

// ---- text rules

// C0 and C1 controls (line breaks included: a message is one line) and the bidirectional overrides
// and isolates, which would let a message display in another order than it was written.
const CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
// A link: a scheme, "www.", or a host name on a common top-level domain (with or without a path).
const LINK =
  /(?:[a-z][a-z0-9+.-]*:\/\/|www\.|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|info|biz|io|me|ly|gg|cc|co|tv|to|xyz|top|vip|club|app|link|site|online|live|bet|casino|win|shop|store|ph|vn|th|id|in|my|sg|cn|ru|uk|us)\b|\bt\.me\/)/iu;

/**
 * The text as stored: trimmed, 1 to CHATROOM_TEXT_MAX characters (code points, so an emoji is one),
 * one line without control characters, and no links (a public room is where scams point players
 * to look-alike sites; the support chat, which is private with the brand's staff, allows them).
 */
export function checkText(raw: string): string {
  const text = raw.trim();
  const length = [...text].length;
  if (length < 1 || length > CHATROOM_TEXT_MAX)
    throw new AppError('CHATROOM_TEXT_LENGTH', { value: { max: CHATROOM_TEXT_MAX, fields: { text: 'LENGTH' } } });
  if (CONTROL.test(text)) throw new AppError('CHATROOM_TEXT_INVALID', { value: { fields: { text: 'INVALID' } } });
  if (LINK.test(text)) throw new AppError('CHATROOM_LINK_NOT_ALLOWED', { value: { fields: { text: 'LINK' } } });
  return text;
}

// ---- restrictions

/** The restriction that counts: a ban over a mute; null when neither is in force. */
async function restrictionOf(db: Conn, room: number, memberId: number, now: Date): Promise<ChatroomRestriction | null> {
  const rows = await q.activeRestrictions(db, room, memberId, now);
  const pick = rows.find((r) => r.kind === 'ban') ?? rows.find((r) => r.kind === 'mute');
  return pick ? { kind: pick.kind, until: pick.until ? new Date(pick.until).toISOString() : null } : null;
}

export async function restrictionFor(ctx: AppContext, memberId: number): Promise<ChatroomRestriction | null> {
  return restrictionOf(ctx.db, await roomId(ctx), memberId, ctx.now());
}

function refusal(r: ChatroomRestriction): AppError {
  return new AppError(r.kind === 'ban' ? 'CHATROOM_BANNED' : 'CHATROOM_MUTED', { value: { until: r.until } });
}

// ---- members

/** What a signed-in account reads on opening the room: nothing of it while banned. */
export async function state(ctx: AppContext, principal: Principal) {
  const room = await roomId(ctx);
  const restriction = await restrictionOf(ctx.db, room, principal.memberId, ctx.now());
  const rows = restriction?.kind === 'ban' ? [] : await q.recentMessages(ctx.db, room, CHATROOM_HISTORY);
  return {
    roomId: room,
    rows: rows.reverse(),
    restriction,
    canPost: !principal.isTrial && restriction === null,
  };
}

/**
 * The name players read: the username masked as the winners list masks it ('demo01' -> 'de***01'),
 * since a login name is half of what signs in. Not the nickname: an agent gives it to a downline as
 * a label of their own, and nothing checks it as room text.
 */
function authorName(username: string): string {
  return username.length <= 4 ? `${username.slice(0, 1)}***` : `${username.slice(0, 2)}***${username.slice(-2)}`;
}

/**
 * Posts a message. The room row is locked first, so seq follows commit order and a resend with the
 * same clientMessageId (a retry, or the same post twice at once) finds the first and is answered
 * with it, stored and counted once. A muted or banned member is refused with the end time; past
 * CHATROOM_RATE the member is refused with retryAfterSeconds, and a refusal is not counted.
 */
export async function post(ctx: AppContext, memberId: number, input: { clientMessageId: string; text: string }) {
  const text = checkText(input.text);
  const room = await roomId(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const lastSeq = await q.lockRoom(trx, room);
    const resent = await q.findByClientId(trx, room, memberId, input.clientMessageId);
    if (resent) return resent;
    const now = ctx.now();
    const restriction = await restrictionOf(trx, room, memberId, now);
    if (restriction) throw refusal(restriction);
    await hit(
      trx,
      `chatroom:post:${memberId}`,
      { max: CHATROOM_RATE.max, windowSeconds: CHATROOM_RATE.windowSeconds, code: 'CHATROOM_RATE_LIMITED' },
      now,
    );
    const member = await q.memberNames(trx, memberId);
    if (!member) throw new AppError('AUTH_REQUIRED');
    const seq = lastSeq + 1;
    const row = await q.insertMessage(trx, {
      roomId: room,
      seq,
      memberId,
      author: authorName(member.username),
      clientMessageId: input.clientMessageId,
      body: text,
      now,
    });
    await q.setLastSeq(trx, room, seq);
    await notify(trx, { room, k: 'm', m: row });
    return row;
  });
}

// ---- moderation (operators holding chatroom.moderate; the routes audit each action)

export async function adminMessages(ctx: AppContext, before: number | undefined, limit: number) {
  return q.adminMessages(ctx.db, await roomId(ctx), before, limit);
}

export async function restrictions(ctx: AppContext) {
  return q.restrictionsInForce(ctx.db, await roomId(ctx), ctx.now());
}

/** Deletes a message for everyone: the notice makes every open room drop it. */
export async function deleteMessage(ctx: AppContext, operatorId: number, id: number) {
  const room = await roomId(ctx);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await q.markDeleted(trx, room, id, operatorId, ctx.now());
    if (!row) throw new AppError('CHATROOM_MESSAGE_NOT_FOUND');
    await notify(trx, { room, k: 'd', id: row.id });
    return row;
  });
}

/** Mutes or bans a member (replacing a current one of that kind); answers the member's restriction now. */
export async function restrict(
  ctx: AppContext,
  operatorId: number,
  input: { memberId: number; kind: ChatroomRestrictionKind; minutes: number | null; reason: string },
) {
  const room = await roomId(ctx);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const member = await q.memberNames(trx, input.memberId);
    // Operators are not in the room (they read it in the back office).
    if (!member || member.type === OPERATOR_ACCOUNT_TYPE) throw new AppError('CHATROOM_MEMBER_NOT_FOUND');
    const until = input.minutes === null ? null : new Date(now.getTime() + input.minutes * 60_000);
    await q.upsertRestriction(trx, { roomId: room, ...input, until, by: operatorId, now });
    const current = await restrictionOf(trx, room, input.memberId, now);
    await notify(trx, { room, k: 'r', member: input.memberId, r: current });
    return { username: member.username, until, current };
  });
}

/** Lifts a member's mute or ban in force; answers what was lifted and the restriction left. */
export async function lift(ctx: AppContext, memberId: number, kind: ChatroomRestrictionKind) {
  const room = await roomId(ctx);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const removed = await q.deleteRestriction(trx, room, memberId, kind, now);
    if (!removed) throw new AppError('CHATROOM_RESTRICTION_NOT_FOUND');
    const current = await restrictionOf(trx, room, memberId, now);
    await notify(trx, { room, k: 'r', member: memberId, r: current });
    return { removed, current };
  });
}
