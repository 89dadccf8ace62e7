import type { PvpTogetherPair } from '@gamehall/shared/api/pvp-records';
import type { Conn } from '../../db/database';
import { pairId, sharedAddressesAndDevices } from '../risk/risk.service';
import { type LinkedFlag, memberIdOf } from './pvp.reviews';

// Linked accounts at a table (docs/pvp.md "Integrity report"): the studio answers the pairs of
// players dealt into the same hands often enough; which members share a sign-in address or a device
// only the platform knows (the risk module's links), so the flag is made here. Two accounts of one
// person, or of a household sharing one phone, at one table see more cards than either seat does.

/** The pairs of `together` whose members share an address or a device, with what they share. */
export async function linkedFlags(db: Conn, together: readonly PvpTogetherPair[]): Promise<LinkedFlag[]> {
  const members = together.flatMap((pair) => {
    const [a, b] = [memberIdOf(pair.a), memberIdOf(pair.b)];
    return a === null || b === null ? [] : [{ pair, ids: [a, b] as [number, number] }];
  });
  const shared = await sharedAddressesAndDevices(
    db,
    members.map((m) => m.ids),
  );
  return members.flatMap(({ pair, ids }) => {
    const links = shared.get(pairId(...ids));
    return links ? [{ ...pair, kind: 'linked_accounts' as const, shared: links }] : [];
  });
}
