import type { BroadcastAudience } from '@gamehall/shared/api/messages';
import { AGENT_ACCOUNT_TYPES } from '@gamehall/shared/constants';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { AppError } from '../../http/errors';
import { pageWindow } from '../../http/paging';
import { publishToAudienceAfterCommit } from '../../realtime/event-bus';
import { assertReachConfirmed, type SendConfirmation, sendOnce } from './mass-send.service';
import {
  cancelBroadcast as cancelScheduled,
  countBroadcastAudience,
  dueBroadcasts,
  findBroadcast,
  findBroadcastByKey,
  insertBroadcast,
  insertBroadcastMembers,
  markBroadcastSent,
  memberIdsByUsername,
  memberTypeOf,
  pageBroadcasts,
  vipLevelExists,
} from './messages.queries';
import { MESSAGE_EVENT } from './messages.service';
import type { BroadcastText } from './messages.tables';

// Operator broadcasts (docs/messages.md): stored once and read per member through the
// audience rule (messages.queries.ts inAudience); read and delete are recorded per member lazily.

export type NewBroadcast = {
  audience: BroadcastAudience;
  texts: Record<string, BroadcastText>;
  fallbackLanguage: string;
  marketing: boolean;
  sendAt?: string | undefined;
};

async function resolveAudience(db: Conn, audience: BroadcastAudience) {
  if (audience.type === 'vip_level') {
    if (!(await vipLevelExists(db, audience.vipLevel))) throw new AppError('BROADCAST_AUDIENCE_INVALID');
    return { vipLevel: audience.vipLevel, agentId: null, memberIds: [] };
  }
  if (audience.type === 'team') {
    const agent = await memberTypeOf(db, audience.agentId);
    if (!agent || !(AGENT_ACCOUNT_TYPES as readonly number[]).includes(agent.type))
      throw new AppError('BROADCAST_AUDIENCE_INVALID');
    return { vipLevel: null, agentId: agent.id, memberIds: [] };
  }
  if (audience.type === 'members') {
    const wanted = [...new Set(audience.usernames)];
    const found = await memberIdsByUsername(db, wanted);
    const known = new Set(found.map((m) => m.username));
    const unknown = wanted.filter((u) => !known.has(u));
    if (unknown.length > 0)
      throw new AppError('BROADCAST_AUDIENCE_INVALID', { value: { unknown: unknown.slice(0, 50) } });
    return { vipLevel: null, agentId: null, memberIds: found.map((m) => m.id) };
  }
  return { vipLevel: null, agentId: null, memberIds: [] };
}

/**
 * Sends a scheduled broadcast now, in the caller's transaction: its members get nothing written but
 * see it through the audience rule. Its live event is one audience notice after commit: each node
 * checks only its connected members against the audience, in one query per batch
 * (messages.service audienceMembers), and moves their badges; nothing is sent per audience member.
 */
async function sendNow(trx: Conn, id: number, now: Date) {
  if (!(await markBroadcastSent(trx, id, now))) return false;
  await publishToAudienceAfterCommit(
    trx,
    { broadcast: id },
    { type: MESSAGE_EVENT, data: { kind: null, broadcast: id } },
  );
  return true;
}

type Draft = Omit<NewBroadcast, 'sendAt'>;

/** Writes a scheduled broadcast and its listed members, in the caller's transaction; undefined when its key was taken. */
async function insertDraft(
  trx: Conn,
  operatorId: number,
  input: Draft,
  sendAt: Date,
  now: Date,
  sendKey: string | null,
) {
  const audience = await resolveAudience(trx, input.audience);
  const made = await insertBroadcast(trx, {
    audience: input.audience.type,
    vipLevel: audience.vipLevel,
    agentId: audience.agentId,
    texts: input.texts,
    fallbackLanguage: input.fallbackLanguage,
    marketing: input.marketing,
    sendAt,
    sendKey,
    createdBy: operatorId,
    now,
  });
  if (made) await insertBroadcastMembers(trx, made.id, audience.memberIds);
  return made;
}

/** What a preview measured; thrown to roll the measuring transaction back. */
class Measured extends Error {
  constructor(readonly reach: number) {
    super('broadcast reach measured');
  }
}

/**
 * A broadcast before it is sent: the members its audience holds now, counted by THE audience rule
 * on the broadcast as it would be written (written, counted and rolled back, so the count can never
 * differ from the one the send checks), and whether the audience is everyone.
 */
export async function previewBroadcast(ctx: AppContext, operatorId: number, input: Draft) {
  if (!input.texts[input.fallbackLanguage]) throw new AppError('BROADCAST_TEXT_MISSING');
  const now = ctx.now();
  try {
    await ctx.db.transaction().execute(async (trx) => {
      const made = await insertDraft(trx, operatorId, input, now, now, null);
      if (!made) throw new Error('a broadcast without a send key conflicted');
      throw new Measured(await countBroadcastAudience(trx, made.id));
    });
  } catch (error) {
    if (error instanceof Measured) return { reach: error.reach, everyone: input.audience.type === 'everyone' };
    throw error;
  }
  throw new Error('the preview transaction ended without a count');
}

/**
 * Sends (or schedules) a broadcast once its reach is confirmed as it is now (typed in for everyone),
 * once per idempotency key: the same key again answers the broadcast it made and sends nothing.
 */
export async function createBroadcast(ctx: AppContext, operatorId: number, input: NewBroadcast & SendConfirmation) {
  if (!input.texts[input.fallbackLanguage]) throw new AppError('BROADCAST_TEXT_MISSING');
  const now = ctx.now();
  const wanted = input.sendAt ? new Date(input.sendAt) : now;
  const sendAt = wanted < now ? now : wanted;
  return ctx.db.transaction().execute((trx) =>
    sendOnce(
      () => findBroadcastByKey(trx, input.idempotencyKey),
      async () => {
        const made = await insertDraft(trx, operatorId, input, sendAt, now, input.idempotencyKey);
        if (!made) return undefined;
        const reach = await countBroadcastAudience(trx, made.id);
        assertReachConfirmed('BROADCAST_REACH_UNCONFIRMED', reach, input.audience.type === 'everyone', input);
        if (wanted <= now) await sendNow(trx, made.id, now);
        return findBroadcastByKey(trx, input.idempotencyKey);
      },
    ),
  );
}

export async function cancelBroadcast(ctx: AppContext, id: number) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await findBroadcast(trx, id, { forUpdate: true });
    if (!row) throw new AppError('BROADCAST_NOT_FOUND');
    if (row.status !== 'scheduled') throw new AppError('BROADCAST_NOT_SCHEDULED');
    await cancelScheduled(trx, id);
    return { ...row, status: 'cancelled' as const };
  });
}

export function broadcasts(ctx: AppContext, page: { pageNo: number; pageSize: number }) {
  return pageBroadcasts(ctx.db, pageWindow(page));
}

/** The scheduled-sending job: every broadcast whose time has come goes out (skip-locked across nodes). */
export async function sendDueBroadcasts(ctx: AppContext): Promise<number> {
  return ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    let sent = 0;
    for (const { id } of await dueBroadcasts(trx, now)) if (await sendNow(trx, id, now)) sent++;
    return sent;
  });
}
