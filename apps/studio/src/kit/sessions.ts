import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { StudioDb } from './db/database';
import type { StudioSessionsTable } from './db/schema';
import { StudioError } from './errors';
import { engineKindOf } from './game-map';
import { safeLobbyPath } from './lobby-url';
import {
  countSessionsByTokenHash,
  creditDemoBalance,
  debitDemoBalance,
  demoBalanceOf,
  insertSessionUnlessKnown,
  lockDemoBalance,
  markSessionsEnded,
  sessionRowByTokenHash,
  sessionsEndedSince,
} from './sessions.queries';
import type { WalletAnswer, WalletClient } from './wallet-client';

// A studio session is what a launch URL opens: the platform's game session token (kept only as a
// hash), the game, and who plays. Real sessions are checked with the wallet's balance call, which
// answers the player id; trial sessions never reach the platform and play on a demo balance.

export const TRIAL_START_BALANCE = 1_000_000; // 10,000.00 in minor units

export const LaunchQuery = z.object({
  token: z.string().min(16).max(256),
  game: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9_.:-]+$/),
  vendor: z
    .string()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9_]+$/),
  lang: z
    .string()
    .max(16)
    .regex(/^[A-Za-z-]*$/)
    .default('EN'),
  mode: z.enum(['real', 'trial']).default('real'),
  // It goes into a link: anything but a same-site path is dropped (no lobby link), not a failed launch.
  lobby: z.string().max(2000).optional().transform(safeLobbyPath),
  // The game's name in the player's language, from the platform's catalogue: only shown, as text.
  name: z.string().trim().max(120).optional(),
});
export type LaunchQuery = z.infer<typeof LaunchQuery>;

export type StudioSession = {
  id: number;
  mode: 'real' | 'trial';
  vendor: string;
  gameCode: string;
  player: string;
  currency: string;
  language: string;
  lobbyUrl: string | null;
  /** Whose seeds and history: one player across sessions in real mode, the session in trial mode. */
  owner: string;
  /** The platform's hash of the device that launched the session (real mode, when it sent one). */
  device: string | null;
  /**
   * The launch token the call came with: the wallet answers a balance only for a live game session,
   * so a real session's balance calls name it. Kept in memory only (the row keeps its hash).
   */
  token: string;
};

/** What the row says; the token is the call's. */
type StoredSession = Omit<StudioSession, 'token'>;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function toSession(
  row: Pick<StudioSessionsTable, 'mode' | 'vendor' | 'game_code' | 'player' | 'currency' | 'language' | 'lobby_url'> & {
    id: number;
    device: string | null;
  },
): StoredSession {
  return {
    id: row.id,
    mode: row.mode,
    vendor: row.vendor,
    gameCode: row.game_code,
    player: row.player,
    currency: row.currency,
    language: row.language,
    // Sessions opened before the rule above may hold any URL.
    lobbyUrl: safeLobbyPath(row.lobby_url),
    owner: row.mode === 'trial' ? `trial:${row.id}` : `${row.vendor}:${row.player}`,
    device: row.device,
  };
}

// Every game call names its session, so the lookup would be one statement of every spin. What
// a session is (its id, game, player, currency, language, lobby) never changes once the row is
// written, and rows are never deleted, so a found session is kept in memory per database; the
// columns that do change (the demo balance, last seen) are not part of it and are always read.
// A token not found is not remembered: it may be opened a moment later.
const SESSION_CACHE_SIZE = 20_000;
const sessionCaches = new WeakMap<StudioDb, Map<string, StoredSession>>();

function sessionCache(db: StudioDb): Map<string, StoredSession> {
  let cache = sessionCaches.get(db);
  if (!cache) {
    cache = new Map();
    sessionCaches.set(db, cache);
  }
  return cache;
}

/** A session the platform ended (its member session revoked): its token opens nothing any more. */
const ENDED = 'ended' as const;

async function findByToken(db: StudioDb, token: string): Promise<StudioSession | typeof ENDED | undefined> {
  const tokenHash = hashToken(token);
  const cache = sessionCache(db);
  const cached = cache.get(tokenHash);
  if (cached) {
    // Least recently used first out: a hit moves to the end.
    cache.delete(tokenHash);
    cache.set(tokenHash, cached);
    return Object.freeze({ ...cached, token });
  }
  const row = await sessionRowByTokenHash(db, tokenHash);
  if (!row) return undefined;
  if (row.ended_at !== null) return ENDED;
  // Frozen: every caller shares the one object.
  const session = Object.freeze(toSession(row));
  cache.set(tokenHash, session);
  if (cache.size > SESSION_CACHE_SIZE) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return Object.freeze({ ...session, token });
}

// Ended sessions (docs/studio.md "Ended sessions"): the platform posts the token hashes of the game
// sessions it ended to one studio node (the trader API's /trader/session-ends), which marks them;
// every node then drops them from its cache and closes their sockets, the receiving node at once
// and the others when they next look (endedSince, every two seconds).

/** Marks the sessions ended; answers how many of the hashes the studio knows (ended now or before). */
export async function endSessions(db: StudioDb, tokenHashes: readonly string[], now: Date): Promise<number> {
  if (tokenHashes.length === 0) return 0;
  await markSessionsEnded(db, tokenHashes, now);
  forgetSessions(db, tokenHashes);
  return countSessionsByTokenHash(db, tokenHashes);
}

/** The sessions ended at or after `since`, the oldest end first (at most `limit`). */
export function endedSince(db: StudioDb, since: Date, limit: number) {
  return sessionsEndedSince(db, since, limit);
}

/** Drops the sessions from this node's cache, so their next lookup reads the row (and its end). */
export function forgetSessions(db: StudioDb, tokenHashes: readonly string[]): void {
  const cache = sessionCache(db);
  for (const hash of tokenHashes) cache.delete(hash);
}

/** How often a launch asks the wallet whose its token is before the page says the wallet did not answer. */
const LAUNCH_BALANCE_ATTEMPTS = 3;
const LAUNCH_BALANCE_PAUSE_MS = 500;

/**
 * The wallet's answer for a launch token. The call only reads, so one with no usable answer (the
 * platform busy past the client's timeout, a refused connection) is asked again: the page it opens
 * has no way to recover from an error but the player's reload.
 */
async function launchBalance(wallet: WalletClient, launch: LaunchQuery): Promise<WalletAnswer> {
  let answer = await wallet.balance(launch.vendor, { token: launch.token });
  for (let attempt = 1; attempt < LAUNCH_BALANCE_ATTEMPTS && answer.kind === 'unknown'; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, LAUNCH_BALANCE_PAUSE_MS));
    answer = await wallet.balance(launch.vendor, { token: launch.token });
  }
  return answer;
}

/** Opens (or reopens) the session of a launch URL. Real mode asks the wallet who the token belongs to. */
export async function openSession(
  deps: { db: StudioDb; wallet: WalletClient; trialCurrency: string },
  launch: LaunchQuery,
): Promise<StudioSession> {
  if (!engineKindOf({ vendor: launch.vendor, gameCode: launch.game })) throw new StudioError('STUDIO_UNKNOWN_GAME');
  const tokenHash = hashToken(launch.token);
  const existing = await findByToken(deps.db, launch.token);
  if (existing === ENDED) throw new StudioError('STUDIO_SESSION_ENDED');
  if (existing) {
    // A token opens one game of one vendor in one mode; anything else is another launch.
    if (existing.vendor !== launch.vendor || existing.gameCode !== launch.game || existing.mode !== launch.mode) {
      throw new StudioError('STUDIO_SESSION_INVALID');
    }
    return existing;
  }
  let player: string;
  let currency: string;
  let device: string | null = null;
  if (launch.mode === 'real') {
    const answer = await launchBalance(deps.wallet, launch);
    if (answer.kind === 'unknown') throw new StudioError('STUDIO_WALLET_UNAVAILABLE', undefined, (w) => w.walletRetry);
    if (answer.kind === 'refused') {
      if (answer.status === 'ERROR_PLAYER_DISABLED') throw new StudioError('STUDIO_PLAYER_DISABLED');
      throw new StudioError('STUDIO_SESSION_INVALID', { status: answer.status });
    }
    if (!answer.player) throw new StudioError('STUDIO_SESSION_INVALID', { status: 'NO_PLAYER' });
    player = answer.player;
    currency = answer.currency;
    device = answer.device ?? null;
  } else {
    player = `trial:${randomUUID()}`;
    currency = deps.trialCurrency;
  }
  await insertSessionUnlessKnown(deps.db, {
    token_hash: tokenHash,
    mode: launch.mode,
    vendor: launch.vendor,
    game_code: launch.game,
    player,
    currency,
    language: launch.lang || 'EN',
    lobby_url: launch.lobby ?? null,
    demo_balance: launch.mode === 'trial' ? TRIAL_START_BALANCE : 0,
    last_seen_at: new Date(),
    device,
  });
  const created = await findByToken(deps.db, launch.token);
  if (created === ENDED) throw new StudioError('STUDIO_SESSION_ENDED');
  if (!created) throw new Error('session insert lost');
  return created;
}

/** The session of an API call (header X-Game-Token): it must have been opened by GET /studio/play. */
export async function sessionOf(db: StudioDb, token: string | undefined): Promise<StudioSession> {
  if (!token) throw new StudioError('STUDIO_SESSION_REQUIRED');
  if (token.length < 16 || token.length > 256) throw new StudioError('STUDIO_SESSION_INVALID');
  const session = await findByToken(db, token);
  if (session === ENDED) throw new StudioError('STUDIO_SESSION_ENDED');
  if (!session) throw new StudioError('STUDIO_SESSION_INVALID');
  return session;
}

export function trialBalance(db: StudioDb, sessionId: number): Promise<number> {
  return demoBalanceOf(db, sessionId);
}

/** Credits a trial session's demo balance with what a round or bet pays or gives back (negative takes); answers the balance after. */
export function creditDemo(db: StudioDb, sessionId: number, amount: number): Promise<number> {
  return creditDemoBalance(db, sessionId, amount);
}

/** The demo balance of a trial session, its row locked until the caller's transaction ends. */
export function lockTrialBalance(db: StudioDb, sessionId: number): Promise<number> {
  return lockDemoBalance(db, sessionId);
}

/**
 * Takes a trial stake from the demo balance (in the caller's transaction, beside the bet's row);
 * refuses a stake above it. `seenAt` also marks the session as in use. Answers the balance after.
 */
export async function debitDemo(db: StudioDb, sessionId: number, amount: number, seenAt?: Date): Promise<number> {
  const debited = await debitDemoBalance(db, sessionId, amount, seenAt);
  if (!debited) throw new StudioError('STUDIO_INSUFFICIENT_FUNDS');
  return debited.demo_balance;
}
