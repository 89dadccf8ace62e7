import type { LoginHistoryPage, MemberSessionList } from '@gamehall/shared/api/devices';
import { SESSION_IDLE_MINUTES } from '@gamehall/shared/constants';
import type { AppContext } from '../../context';
import type { Principal } from '../../http/auth';
import { AppError } from '../../http/errors';
import { presentPage } from '../../http/paging';
import type { RequestMeta } from '../../http/request-meta';
import { audit, loginHistoryPage } from '../audit/audit.service';
import { presentLoginAttempt, presentSession } from './devices.presenter';
import { findMemberLiveSession, listLiveSessions } from './devices.queries';
import { endSession, revokeOtherSessions } from './sessions.service';

/** The member's signed-in devices, the one asking marked. */
export async function listSessions(ctx: AppContext, principal: Principal): Promise<MemberSessionList> {
  const now = ctx.now();
  const rows = await listLiveSessions(
    ctx.db,
    principal.memberId,
    now,
    new Date(now.getTime() - SESSION_IDLE_MINUTES * 60_000),
  );
  return { list: rows.map((r) => presentSession(r, principal.sessionId)) };
}

/**
 * Signs one of the member's sessions out. It stops working at once on every node: this node drops
 * it from its cache and the revocation's database notification drops it on the others
 * (sessions.cache.ts).
 */
export async function revokeSession(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
  sessionId: number,
): Promise<void> {
  // Someone else's session, or one already ended, reads as not found.
  if (!(await findMemberLiveSession(ctx.db, principal.memberId, sessionId))) throw new AppError('NOT_FOUND');
  await endSession(ctx, sessionId);
  await audit(ctx.db, meta, {
    event: 'session.revoke',
    success: true,
    memberId: principal.memberId,
    username: principal.username,
    detail: { sessionId, current: sessionId === principal.sessionId },
  });
}

/** Signs out every session of the member but the one asking. */
export async function revokeOthers(
  ctx: AppContext,
  meta: RequestMeta,
  principal: Principal,
): Promise<{ revoked: number }> {
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    const n = await revokeOtherSessions(ctx, trx, principal.memberId, principal.sessionId);
    await audit(trx, meta, {
      event: 'session.revoke',
      success: true,
      memberId: principal.memberId,
      username: principal.username,
      detail: { others: true, revoked: n },
    });
    return n;
  });
  return { revoked };
}

export async function loginHistory(
  ctx: AppContext,
  principal: Principal,
  query: { pageNo: number; pageSize: number },
): Promise<LoginHistoryPage> {
  return presentPage(await loginHistoryPage(ctx.db, principal.memberId, query), query, presentLoginAttempt);
}
