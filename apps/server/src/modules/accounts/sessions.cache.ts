import type { AppContext } from '../../context';
import type { Principal } from '../../http/auth';
import { type InvalidationWatch, invalidationWatch } from '../../realtime/event-bus';

// Resolving a session token with a database read on every authenticated call would be most of
// the cost of a cheap call such as the game list. Each node therefore remembers resolved sessions
// for a short time. A cached session must never outlive a logout or a revocation:
// - every change that can end or alter a session (revoked, expiry changed, member disabled, type,
//   permissions, language or password changed, rows deleted) notifies all nodes from a database
//   trigger (migration 0013) when it commits; the event bus delivers it, and this node drops the
//   member's sessions. PGlite delivers it before the committing statement returns; PostgreSQL
//   within the notification's delivery time (well under a millisecond on one host).
// - this node's own logouts and revocations also drop the sessions at once, without waiting for
//   the notification (see forget and holdMember).
// - nothing is served while the node is not listening (bus not started, connection dropped), and
//   the cache is emptied whenever notifications may have been missed.
// - an entry lives at most ENTRY_MS of real time, a bound even if a notification were lost.
// The idle timeout and the last_seen_at touch stay in sessions.service: an entry is served only
// while its last_seen_at is under TOUCH_EVERY_MS old on the request clock, so the database path
// still touches (and checks idleness) as often as before.

/** The longest a cached session is served without a database read, in real time. */
export const ENTRY_MS = 5_000;
/** The most sessions one node keeps; past it the cache starts over (a burst of logins). */
const MAX_ENTRIES = 20_000;
/** How long this node stops caching a member whose sessions a transaction of its own revokes. */
const HOLD_MS = 10_000;

export type CachedSession = {
  principal: Principal;
  /** last_seen_at and expires_at, in ms of the request clock (ctx.now). */
  lastSeen: number;
  expiresAt: number;
  /** performance.now() when read from the database. */
  readAt: number;
};

type State = {
  byToken: Map<string, CachedSession>;
  byMember: Map<number, Set<string>>;
  /** Members held out of the cache until their invalidation arrives (or the time in ms passes). */
  held: Map<number, number>;
  /** Bumped by every invalidation: a read that began before one is not stored. */
  generation: number;
  watch: InvalidationWatch;
};

const states = new WeakMap<AppContext, State>();

function stateOf(ctx: AppContext): State {
  let s = states.get(ctx);
  if (!s) {
    const fresh: Omit<State, 'watch'> = { byToken: new Map(), byMember: new Map(), held: new Map(), generation: 0 };
    s = { ...fresh, watch: invalidationWatch(ctx.events, (payload) => onInvalidation(s as State, payload)) };
    states.set(ctx, s);
  }
  s.watch.ensure();
  return s;
}

function clear(s: State) {
  s.generation++;
  s.byToken.clear();
  s.byMember.clear();
}

function dropMember(s: State, memberId: number) {
  s.generation++;
  for (const hash of s.byMember.get(memberId) ?? []) s.byToken.delete(hash);
  s.byMember.delete(memberId);
}

function onInvalidation(s: State, payload: string | null) {
  if (payload === null) return clear(s);
  let parsed: { k?: string; m?: number };
  try {
    parsed = JSON.parse(payload);
  } catch {
    return clear(s);
  }
  if (parsed.k === 'catalogue') return;
  if (parsed.k === 'member' && typeof parsed.m === 'number') {
    dropMember(s, parsed.m);
    s.held.delete(parsed.m);
    return;
  }
  clear(s);
}

function isHeld(s: State, memberId: number): boolean {
  const until = s.held.get(memberId);
  if (until === undefined) return false;
  if (performance.now() < until) return true;
  s.held.delete(memberId);
  return false;
}

/**
 * The cached session of this token hash, if it may be served at `now` without a database read:
 * fresh, listening, not held, not expired, and last seen less than `touchEveryMs` ago (so the
 * caller's database path still runs the touch and the idle check on time).
 */
export function cachedSession(ctx: AppContext, tokenHash: string, now: number, touchEveryMs: number) {
  const s = stateOf(ctx);
  const e = s.byToken.get(tokenHash);
  if (!e) return undefined;
  if (
    !s.watch.live() ||
    performance.now() - e.readAt > ENTRY_MS ||
    now < e.lastSeen ||
    now - e.lastSeen > touchEveryMs ||
    now >= e.expiresAt ||
    isHeld(s, e.principal.memberId)
  )
    return undefined;
  return e;
}

/** Taken before the database read of a session; `store` keeps the result only if nothing changed since. */
export function beginRead(ctx: AppContext): { generation: number; usable: boolean; readAt: number } {
  const s = stateOf(ctx);
  return { generation: s.generation, usable: s.watch.live(), readAt: performance.now() };
}

export function storeSession(
  ctx: AppContext,
  ticket: ReturnType<typeof beginRead>,
  tokenHash: string,
  entry: Omit<CachedSession, 'readAt'>,
): void {
  const s = stateOf(ctx);
  const memberId = entry.principal.memberId;
  if (!ticket.usable || !s.watch.live() || s.generation !== ticket.generation || isHeld(s, memberId)) return;
  if (s.byToken.size >= MAX_ENTRIES) clear(s);
  s.byToken.set(tokenHash, { ...entry, readAt: ticket.readAt });
  let hashes = s.byMember.get(memberId);
  if (!hashes) {
    hashes = new Set();
    s.byMember.set(memberId, hashes);
  }
  hashes.add(tokenHash);
}

/** This node ended or changed the member's sessions itself (already committed): drop them now. */
export function forgetMember(ctx: AppContext, memberId: number): void {
  dropMember(stateOf(ctx), memberId);
}

/** This node ended one session itself (already committed or about to be): drop it now. */
export function forgetSession(ctx: AppContext, sessionId: number): void {
  const s = stateOf(ctx);
  for (const e of s.byToken.values()) {
    if (e.principal.sessionId !== sessionId) continue;
    dropMember(s, e.principal.memberId);
    return;
  }
  s.generation++;
}

/**
 * A transaction of this node is revoking the member's sessions and has not committed yet: serve
 * and store none of them until the commit's notification arrives (or HOLD_MS passes, after a
 * rollback), so no read of the old state taken meanwhile is kept.
 */
export function holdMember(ctx: AppContext, memberId: number): void {
  const s = stateOf(ctx);
  s.held.set(memberId, performance.now() + HOLD_MS);
  dropMember(s, memberId);
}
