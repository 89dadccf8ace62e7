import type { BroadcastAudience } from '@gamehall/shared/api/messages';
import { AGENT_ACCOUNT_TYPES } from '@gamehall/shared/constants';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { AppError } from '../../http/errors';
import { pageWindow } from '../../http/paging';
import { publishToAudienceAfterCommit } from '../../realtime/event-bus';
import {
  cancelBroadcast as cancelScheduled,
  dueBroadcasts,
  findBroadcast,
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

export async function createBroadcast(ctx: AppContext, operatorId: number, input: NewBroadcast) {
  if (!input.texts[input.fallbackLanguage]) throw new AppError('BROADCAST_TEXT_MISSING');
  const now = ctx.now();
  const sendAt = input.sendAt ? new Date(input.sendAt) : now;
  return ctx.db.transaction().execute(async (trx) => {
    const audience = await resolveAudience(trx, input.audience);
    const { id } = await insertBroadcast(trx, {
      audience: input.audience.type,
      vipLevel: audience.vipLevel,
      agentId: audience.agentId,
      texts: input.texts,
      fallbackLanguage: input.fallbackLanguage,
      marketing: input.marketing,
      sendAt: sendAt < now ? now : sendAt,
      createdBy: operatorId,
      now,
    });
    await insertBroadcastMembers(trx, id, audience.memberIds);
    if (sendAt <= now) await sendNow(trx, id, now);
    const row = await findBroadcast(trx, id);
    if (!row) throw new Error(`broadcast ${id} vanished`);
    return { ...row, member_count: audience.memberIds.length };
  });
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
