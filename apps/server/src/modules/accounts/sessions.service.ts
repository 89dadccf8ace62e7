import { createHash, randomBytes } from 'node:crypto';
import { SESSION_ABSOLUTE_HOURS, SESSION_IDLE_MINUTES } from '@gamehall/shared/constants';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import type { SessionArea } from '../../db/schema';
import { isAgentType, isTrialType, OPERATOR_ACCOUNT_TYPE, type Principal } from '../../http/auth';
import { findLiveSession, insertSession, revokeMemberSessions, revokeSession, touchSession } from './sessions.queries';

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
  const row = await findLiveSession(ctx.db, hashToken(token), now);
  if (row?.status !== 'active') return null;
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (now.getTime() - lastSeen > SESSION_IDLE_MINUTES * 60_000) {
    await revokeSession(ctx.db, row.sessionId, now);
    return null;
  }
  if (now.getTime() - lastSeen > TOUCH_EVERY_MS) await touchSession(ctx.db, row.sessionId, now);
  return {
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
  };
}

export async function endSession(ctx: AppContext, sessionId: number): Promise<void> {
  await revokeSession(ctx.db, sessionId, ctx.now());
}

/** Every password reset and change revokes the member's other sessions (issue 2). */
export function revokeOtherSessions(ctx: AppContext, db: Conn, memberId: number, keepSessionId?: number) {
  return revokeMemberSessions(db, memberId, ctx.now(), keepSessionId);
}
