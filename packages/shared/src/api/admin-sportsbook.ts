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

export type AdminPlayerFactor = z.infer<typeof AdminPlayerFactor>;
export type AdminPlayerFactorList = z.infer<typeof AdminPlayerFactorList>;
export type AdminTraderBet = z.infer<typeof AdminTraderBet>;
export type AdminTraderBets = z.infer<typeof AdminTraderBets>;
