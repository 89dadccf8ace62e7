import { createHash, randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES } from '@gamehall/shared/constants';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { isAgentType, isTrialType, OPERATOR_ACCOUNT_TYPE, type Principal } from '../../http/auth';
import { getBrand } from '../brand/brand.service';
import type { SessionArea } from './accounts.tables';
import { beginRead, cachedSession, forgetSession, holdMember, storeSession } from './sessions.cache';
import {
  findLiveSession,
  findSessionForSocket,
  insertSession,
  revokeMemberSessions,
  revokeSession,
  touchSession,
} from './sessions.queries';

// Tokens are opaque random 256-bit values; only their SHA-256 is stored (api-conventions: Requests).
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueSession(
  ctx: AppContext,
  db: Conn,
  input: { memberId: number; area: SessionArea; ip: string; userAgent: string | null },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_HOURS * 3600_000);
  await insertSession(db, { tokenHash: hashToken(token), now, expiresAt, ...input });
  return token;
}

// Writing last_seen_at on every request would make every read a write; a minute's slack is enough
// for an inactivity timeout measured in hours.
const TOUCH_EVERY_MS = 60_000;

export async function resolveSession(ctx: AppContext, token: string): Promise<Principal | null> {
  if (token.length > 200) return null;
  const now = ctx.now();
  const tokenHash = hashToken(token);
  // A session read less than a touch period ago and not invalidated since (sessions.cache.ts).
  const cached = cachedSession(ctx, tokenHash, now.getTime(), TOUCH_EVERY_MS);
  if (cached) return { ...cached.principal };
  const ticket = beginRead(ctx);
  const row = await findLiveSession(ctx.db, tokenHash, now);
  if (row?.status !== 'active') return null;
  let lastSeen = new Date(row.last_seen_at).getTime();
  // Back-office sessions follow the brand's shorter idle timeout and its two-factor requirement.
  const operatorRules = row.area === 'admin' ? await getBrand(ctx.db) : null;
  const idleMinutes = operatorRules ? operatorRules.operatorIdleMinutes : SESSION_IDLE_MINUTES;
  if (now.getTime() - lastSeen > idleMinutes * 60_000) {
    await revokeSession(ctx.db, row.sessionId, now);
    return null;
  }
  if (now.getTime() - lastSeen > TOUCH_EVERY_MS) {
    await touchSession(ctx.db, row.sessionId, now);
    lastSeen = now.getTime();
  }
  const principal: Principal = {
    sessionId: row.sessionId,
    memberId: row.memberId,
    username: row.username,
    type: row.type,
    area: row.area,
    isAgent: isAgentType(row.type),
    isTrial: isTrialType(row.type),
    isOperator: row.type === OPERATOR_ACCOUNT_TYPE,
    permissions: row.permissions ?? [],
    language: row.language,
    mustEnrol: Boolean(operatorRules?.operatorTwoFactorRequired && !row.totpEnabledAt),
    mustChangePassword: row.area === 'admin' && row.password_must_change,
  };
  storeSession(ctx, ticket, tokenHash, {
    principal: { ...principal, permissions: [...principal.permissions] },
    lastSeen,
    expiresAt: new Date(row.expires_at).getTime(),
  });
  return principal;
}

/**
 * The operator's permissions while the session lives, or null once it has ended: revoked, expired,
 * the operator disabled, or idle for the brand's operatorIdleMinutes. Unlike resolveSession this
 * never touches last_seen_at: an open socket is not the operator using the console, so it must not
 * hold the idle timeout off (the socket closes with 4001 once the session has idled out).
 */
export async function operatorGrants(ctx: AppContext, token: string): Promise<string[] | null> {
  const now = ctx.now();
  const row = await findSessionForSocket(ctx.db, hashToken(token), now);
  if (row?.status !== 'active' || row.area !== 'admin' || row.type !== OPERATOR_ACCOUNT_TYPE) return null;
  const brand = await getBrand(ctx.db);
  if (now.getTime() - new Date(row.last_seen_at).getTime() > brand.operatorIdleMinutes * 60_000) return null;
  return row.password_must_change || (brand.operatorTwoFactorRequired && !row.totpEnabledAt)
    ? []
    : (row.permissions ?? []);
}

export async function endSession(ctx: AppContext, sessionId: number): Promise<void> {
  // Dropped before and after the write: a read racing the revocation is not kept either way.
  forgetSession(ctx, sessionId);
  await revokeSession(ctx.db, sessionId, ctx.now());
  forgetSession(ctx, sessionId);
}

/** Every password reset and change revokes the member's other sessions. */
export function revokeOtherSessions(ctx: AppContext, db: Conn, memberId: number, keepSessionId?: number) {
  // `db` may be a transaction that commits later: hold the member out of this node's cache until
  // the commit's invalidation arrives (sessions.cache.ts).
  holdMember(ctx, memberId);
  return revokeMemberSessions(db, memberId, ctx.now(), keepSessionId);
}
