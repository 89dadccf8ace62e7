import type { GamesApiSettings } from '@gamehall/shared/api/admin-games';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { AppError } from '../../http/errors';
import * as q from './round-details.queries';

// A round's details at its provider (docs/game-providers.md "Round details"): a provider whose
// Games API answers the address of a round's own record (Caleta's /api/game/round) lets the member,
// from the betting record, and the operator, from the member's rounds, open what the provider shows
// of it. The platform's record of the round stays its own; this is the provider's view beside it.

/** The address of a round's details at the provider, for the member (`user`) who played it. */
export type RoundDetailsSource = (
  settings: GamesApiSettings,
  privateKey: string,
  round: { roundId: string; user: string },
) => Promise<string>;

// The protocols whose provider answers a round's details (modules/providers registers them at start):
// games cannot import the providers module, which builds on this one.
const sources = new Map<string, RoundDetailsSource>();

export function registerRoundDetailsSource(protocol: string, source: RoundDetailsSource): void {
  sources.set(protocol, source);
}

/** The vendors whose rounds have details at their provider (a protocol that answers them, set up). */
export async function detailVendors(db: Conn): Promise<ReadonlySet<string>> {
  if (sources.size === 0) return new Set();
  return new Set(await q.vendorsWithGamesApi(db, [...sources.keys()]));
}

/**
 * The provider's address of the member's round; NOT_FOUND when the member has no such round (another
 * member's is not told apart from none), ROUND_DETAILS_UNAVAILABLE when its vendor answers no details
 * or does not answer now.
 */
export async function roundDetailsUrl(
  ctx: AppContext,
  round: { memberId: number; vendor: string; roundId: string },
): Promise<string> {
  const row = await q.memberRoundSource(ctx.db, round);
  if (!row) throw new AppError('NOT_FOUND');
  const source = sources.get(row.protocol);
  if (!source || !row.games_api || !row.operator_private_key) throw new AppError('ROUND_DETAILS_UNAVAILABLE');
  try {
    return await source(row.games_api, row.operator_private_key, {
      roundId: round.roundId,
      user: String(round.memberId),
    });
  } catch (error) {
    throw new AppError('ROUND_DETAILS_UNAVAILABLE', { cause: error });
  }
}
