import { z } from 'zod';
import { TraderBet, TraderPlayerFactor } from './sportsbook-trader';

// The back office's trader console (/admin/sportsbook/..., permission sportsbook.trade): the
// sportsbook's trader API (sportsbook-trader.ts) as the console reads it. Queries and bodies are the
// trader API's own, but for players, whom operators know by username: the platform maps a username
// to the player id the sportsbook knows (the member id) and answers with both.

export const AdminSportsbookPlayerParams = z.object({ username: z.string().trim().min(1).max(64) });

export const AdminPlayerFactor = TraderPlayerFactor.extend({
  /** The member's username (null if the sportsbook names a player the platform does not know). */
  username: z.string().nullable(),
});
export const AdminPlayerFactorList = z.object({ list: z.array(AdminPlayerFactor) });

export const AdminTraderBet = TraderBet.extend({ username: z.string().nullable() });
export const AdminTraderBets = z.object({ list: z.array(AdminTraderBet), next: z.string().nullable() });

/**
 * A member's risk level that has not reached the sportsbook yet (docs/sportsbook.md "Risk level"):
 * the outbox row's state, so an operator sees which levels the book does not apply and why.
 */
export const AdminRiskPush = z.object({
  memberId: z.number().int(),
  username: z.string(),
  level: z.string(),
  /** The row's version and the one the book has confirmed (each change of level or mapping adds one). */
  version: z.number().int(),
  deliveredVersion: z.number().int(),
  /** Failed sends since the last delivery, the last failure's error code, and when the next try is due. */
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export const AdminRiskPushList = z.object({
  list: z.array(AdminRiskPush),
  /** How many are waiting in all (the list shows the oldest due first, at most 100). */
  waiting: z.number().int(),
});
/** "Try again now": how many waiting pushes were made due at once. */
export const AdminRiskPushRetry = z.object({ due: z.number().int() });

export type AdminRiskPush = z.infer<typeof AdminRiskPush>;
export type AdminRiskPushList = z.infer<typeof AdminRiskPushList>;
export type AdminRiskPushRetry = z.infer<typeof AdminRiskPushRetry>;
export type AdminPlayerFactor = z.infer<typeof AdminPlayerFactor>;
export type AdminPlayerFactorList = z.infer<typeof AdminPlayerFactorList>;
export type AdminTraderBet = z.infer<typeof AdminTraderBet>;
export type AdminTraderBets = z.infer<typeof AdminTraderBets>;
