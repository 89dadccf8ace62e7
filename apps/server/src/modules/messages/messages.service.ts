import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { AppError } from '../../http/errors';
import { pageWindow } from '../../http/paging';
import { publishAfterCommit, publishAllAfterCommit } from '../../realtime/event-bus';
import { getBrand } from '../brand/brand.service';
import { campaignReaches } from './campaigns.queries';
import {
  FALLBACK_LANGUAGE,
  isSystemMessageKind,
  type RenderSettings,
  renderBroadcastText,
  renderSystemMessage,
  type SystemMessageKind,
} from './message-texts';
import {
  broadcastReaches,
  countInbox,
  countUnread,
  deleteBroadcastFor,
  deleteOwn,
  findMemberForInbox,
  findOwnMessage,
  findVisibleBroadcast,
  type InboxRow,
  insertMemberMessage,
  insertMemberMessages,
  listInbox,
  markAllRead,
  markBroadcastRead,
  markOwnRead,
  unreadMessagesSql,
} from './messages.queries';
import type { BroadcastText, MessageParams } from './messages.tables';

export type { SystemMessageKind } from './message-texts';

/** The realtime event a member's socket receives when a message arrives (the badge refetches). */
export const MESSAGE_EVENT = 'message';

/**
 * Writes a system message in the caller's transaction: a rollback of the caller sends
 * nothing. The stored English copy serves the back office; the member reads the text rendered in
 * their language at read time (message-texts.ts). The realtime event goes out with pg_notify in the
 * same transaction, which PostgreSQL delivers only on commit (realtime/event-bus.ts).
 * Amounts in params are minor units.
 */
export async function sendSystemMessage(
  trx: Conn,
  message: { memberId: number; kind: SystemMessageKind; params?: MessageParams; now?: Date },
): Promise<{ id: number }> {
  const params = message.params ?? {};
  // The stored copy has the placeholders of the brand unfilled ({site}, {currency}): the brand may
  // be renamed; readers always get them filled.
  const copy = renderSystemMessage(message.kind, params, FALLBACK_LANGUAGE, {
    siteName: '{site}',
    currency: '{currency}',
    currencySymbol: '',
  });
  const row = await insertMemberMessage(trx, {
    memberId: message.memberId,
    kind: message.kind,
    params,
    title: copy.title,
    content: copy.content,
    now: message.now,
  });
  await publishAfterCommit(trx, message.memberId, { type: MESSAGE_EVENT, data: { kind: message.kind } });
  return { id: Number(row.id) };
}

/**
 * A message in the words of the caller (a welcome, a notice from customer service), written in the
 * caller's transaction: no kind, so every language reads this one copy. Unlike sendSystemMessage it
 * sends no realtime notice; the inbox badge shows it at its next refetch.
 */
export async function sendTextMessage(
  trx: Conn,
  message: { memberId: number; title: string; content: string; now?: Date },
): Promise<void> {
  await insertMemberMessage(trx, { ...message, kind: null, params: {} });
}

const STORED_COPY_BRAND = { siteName: '{site}', currency: '{currency}', currencySymbol: '' };

/**
 * sendSystemMessage for many members at once: one insert and one realtime notice for the batch, in
 * the caller's transaction.
 */
export async function sendSystemMessages(
  trx: Conn,
  list: { memberId: number; kind: SystemMessageKind; params: MessageParams; now?: Date }[],
): Promise<void> {
  if (list.length === 0) return;
  await insertMemberMessages(
    trx,
    list.map((m) => ({
      ...m,
      ...renderSystemMessage(m.kind, m.params, FALLBACK_LANGUAGE, STORED_COPY_BRAND),
    })),
  );
  await publishAllAfterCommit(
    trx,
    list.map((m) => ({ memberId: m.memberId, event: { type: MESSAGE_EVENT, data: { kind: m.kind } } })),
  );
}

/**
 * The resolver of broadcast audience notices (realtime/event-bus.ts publishToAudienceAfterCommit):
 * which of a node's connected members a broadcast reaches. Registered once per node at start.
 */
export function audienceMembers(ctx: AppContext) {
  return async (audience: unknown, connected: number[]): Promise<number[]> => {
    const notice = audience as { broadcast?: unknown; campaign?: unknown } | null;
    // A campaign's notice (campaigns.service sendCampaign): the members holding its inbox copy.
    const campaign = notice?.campaign;
    if (typeof campaign === 'number' && Number.isSafeInteger(campaign))
      return campaignReaches(ctx.db, campaign, connected);
    const id = notice?.broadcast;
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) return [];
    return broadcastReaches(ctx.db, id, connected);
  };
}

/** A message as the reader sees it: rendered in their language with the brand's placeholders filled. */
export type InboxMessage = {
  id: string;
  source: 'system' | 'operator';
  kind: string | null;
  title: string;
  content: string;
  read: boolean;
  createdAt: Date | string;
};

function pickText(texts: Record<string, BroadcastText>, fallback: string, language: string): BroadcastText {
  return texts[language] ?? texts[fallback] ?? Object.values(texts)[0] ?? { title: '', content: '' };
}

function render(row: InboxRow, language: string, brand: RenderSettings): InboxMessage {
  if (row.source === 'b') {
    const text = renderBroadcastText(
      pickText(row.texts ?? {}, row.fallback_language ?? FALLBACK_LANGUAGE, language),
      brand,
    );
    return {
      id: `b${row.id}`,
      source: 'operator',
      kind: null,
      ...text,
      read: row.read_at !== null,
      createdAt: row.created_at,
    };
  }
  // A message without a kind was written as literal text (by staff, or before kinds existed); it
  // takes the brand's placeholders as a broadcast does.
  const text =
    row.kind && isSystemMessageKind(row.kind)
      ? renderSystemMessage(row.kind, row.params ?? {}, language, brand)
      : renderBroadcastText({ title: row.title, content: row.content }, brand);
  return {
    id: `m${row.id}`,
    source: row.kind ? 'system' : 'operator',
    kind: row.kind,
    ...text,
    read: row.read_at !== null,
    createdAt: row.created_at,
  };
}

async function reader(ctx: AppContext, memberId: number, language: string | undefined) {
  const [member, brand] = await Promise.all([findMemberForInbox(ctx.db, memberId), getBrand(ctx.db)]);
  if (!member) throw new AppError('AUTH_REQUIRED');
  return {
    language: (language ?? member.language).toUpperCase(),
    brand: { siteName: brand.siteName, currency: brand.currency, currencySymbol: brand.currencySymbol },
  };
}

function parseId(id: string): { source: 'm' | 'b'; n: number } {
  const n = Number(id.slice(1));
  if (!Number.isSafeInteger(n) || n <= 0) throw new AppError('MESSAGE_NOT_FOUND');
  return { source: id[0] === 'b' ? 'b' : 'm', n };
}

/** One page of the inbox, newest first (spec §2 messageV2). */
export async function inbox(
  ctx: AppContext,
  memberId: number,
  query: { pageNo: number; pageSize: number; language?: string },
) {
  const r = await reader(ctx, memberId, query.language);
  const [rows, counts] = await Promise.all([
    listInbox(ctx.db, memberId, pageWindow(query)),
    countInbox(ctx.db, memberId),
  ]);
  return { items: rows.map((row) => render(row, r.language, r.brand)), ...counts };
}

/** The unread count of the badge (`/wps/relay/CSP_unreadCount`, public state `unreadMessage`). */
export function unreadCount(ctx: AppContext, memberId: number): Promise<number> {
  return countUnread(ctx.db, memberId);
}

/** unreadCount as a scalar subquery on an id column of the caller's query (the header's state). */
export const unreadCountSql = unreadMessagesSql;

/** Opens one message and marks it read; another member's id is not found. */
export async function readMessage(ctx: AppContext, memberId: number, id: string, language?: string) {
  const r = await reader(ctx, memberId, language);
  const { source, n } = parseId(id);
  const now = ctx.now();
  if (source === 'm') {
    const row = await findOwnMessage(ctx.db, memberId, n);
    if (!row) throw new AppError('MESSAGE_NOT_FOUND');
    await markOwnRead(ctx.db, memberId, n, now);
    return render(
      { source: 'm', texts: null, fallback_language: null, ...row, read_at: row.read_at ?? now },
      r.language,
      r.brand,
    );
  }
  const row = await findVisibleBroadcast(ctx.db, memberId, n);
  if (!row) throw new AppError('MESSAGE_NOT_FOUND');
  await markBroadcastRead(ctx.db, memberId, n, now);
  return render(
    {
      source: 'b',
      id: row.id,
      kind: null,
      params: null,
      title: '',
      content: '',
      texts: row.texts,
      fallback_language: row.fallback_language,
      read_at: row.read_at ?? now,
      created_at: row.sent_at,
    },
    r.language,
    r.brand,
  );
}

export async function readAll(ctx: AppContext, memberId: number): Promise<void> {
  await ctx.db.transaction().execute((trx) => markAllRead(trx, memberId, ctx.now()));
}

/** Deletes one message from the member's inbox; another member's id is not found. */
export async function deleteMessage(ctx: AppContext, memberId: number, id: string): Promise<void> {
  const { source, n } = parseId(id);
  const now = ctx.now();
  if (source === 'm') {
    if (!(await deleteOwn(ctx.db, memberId, n, now))) throw new AppError('MESSAGE_NOT_FOUND');
    return;
  }
  if (!(await findVisibleBroadcast(ctx.db, memberId, n))) throw new AppError('MESSAGE_NOT_FOUND');
  await deleteBroadcastFor(ctx.db, memberId, n, now);
}
