import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context';

// Test data for the games area. vendor_rounds are written only by vendor-gateway in the
// product; tests of the games queries insert them here directly.

/** A seamless integration for every vendor that has none (launch_url '/studio/play', as the seed). */
export async function ensureVendorIntegrations(ctx: AppContext): Promise<void> {
  const vendors = await ctx.db.selectFrom('vendors').select('code').execute();
  await ctx.db
    .insertInto('vendor_integrations')
    .values(
      vendors.map((v) => ({
        vendor_code: v.code,
        secret: randomBytes(16).toString('hex'),
        launch_url: '/studio/play',
        allowed_ips: [],
        updated_at: new Date(),
      })),
    )
    .onConflict((oc) => oc.column('vendor_code').doNothing())
    .execute();
}

/**
 * Two active catalogue games of two vendors, the first by node id and the next of another vendor
 * (with `distinctTypes`, also of another game type), for the reports that group by vendor or type.
 */
export async function twoVendorGames(ctx: AppContext, distinctTypes = false) {
  const rows = await ctx.db
    .selectFrom('games')
    .select(['node_id', 'vendor_code', 'game_type', 'game_code'])
    .where('status', '=', 'active')
    .orderBy('node_id')
    .execute();
  const a = rows[0];
  const b = rows.find((r) => r.vendor_code !== a?.vendor_code && (!distinctTypes || r.game_type !== a?.game_type));
  if (!a || !b)
    throw new Error(`the seed has fewer than two vendors${distinctTypes ? ' with distinct game types' : ''}`);
  return [a, b] as const;
}

let roundCounter = 0;

/** A round of a member on a catalogue game; amounts in minor units. */
export async function insertRound(
  ctx: AppContext,
  input: {
    memberId: number;
    nodeId: number;
    bet: number;
    win?: number;
    status?: 'open' | 'closed' | 'rolled_back';
    at?: Date;
    roundId?: string;
  },
) {
  const game = await ctx.db
    .selectFrom('games')
    .select(['vendor_code', 'game_code', 'game_type'])
    .where('node_id', '=', input.nodeId)
    .executeTakeFirstOrThrow();
  roundCounter++;
  const at = input.at ?? new Date();
  const status = input.status ?? 'closed';
  const roundId = input.roundId ?? `R${Date.now().toString(36)}-${roundCounter}`;
  await ctx.db
    .insertInto('vendor_rounds')
    .values({
      vendor_code: game.vendor_code,
      round_id: roundId,
      member_id: input.memberId,
      node_id: input.nodeId,
      game_code: game.game_code,
      game_type: game.game_type,
      currency: 'PHP',
      bet_amount: input.bet,
      win_amount: input.win ?? 0,
      status,
      created_at: at,
      closed_at: status === 'open' ? null : at,
    })
    .execute();
  return roundId;
}

/** One round of each of these members on the game (the players the job games.popularity counts). */
export async function playedBy(ctx: AppContext, nodeId: number, memberIds: readonly number[], at?: Date) {
  for (const memberId of memberIds) await insertRound(ctx, { memberId, nodeId, bet: 100, at });
}
