import type { Trx } from '../../db/database';
import { countRewards, insertReward, type RewardValues } from './points.queries';

// The demo brand's points catalogue, seeded in demo mode only
// and only into an empty catalogue, so rewards an operator changed or paused are never put back.
// Amounts in minor units.
const DEMO_REWARDS: RewardValues[] = [
  reward({ kind: 'cash', name: 'Cash 10.00', pointsCost: 1_000, amount: 1_000, sort: 10 }),
  reward({ kind: 'cash', name: 'Cash 50.00', pointsCost: 5_000, amount: 5_000, sort: 20 }),
  reward({ kind: 'bonus', name: 'Bonus 25.00', pointsCost: 2_000, amount: 2_500, sort: 30 }),
  reward({ kind: 'ticket', name: 'Prize wheel ticket', pointsCost: 300, ticketKind: 'prize_wheel', sort: 40 }),
  reward({ kind: 'ticket', name: 'Red envelope ticket', pointsCost: 500, ticketKind: 'red_envelope', sort: 50 }),
  reward({
    kind: 'physical',
    name: 'Travel mug',
    description: 'An insulated steel travel mug, sent to your address.',
    pointsCost: 4_000,
    stock: 20,
    maxPerRedeem: 2,
    sort: 60,
  }),
  reward({
    kind: 'physical',
    name: 'Wireless earbuds',
    description: 'Bluetooth earbuds with a charging case, sent to your address.',
    pointsCost: 25_000,
    stock: 5,
    maxPerRedeem: 1,
    sort: 70,
  }),
];

function reward(v: Partial<RewardValues> & Pick<RewardValues, 'kind' | 'name' | 'pointsCost'>): RewardValues {
  return {
    names: {},
    description: '',
    imageUrl: null,
    amount: 0,
    ticketKind: null,
    ticketKindId: null,
    stock: null,
    maxPerRedeem: 10,
    status: 'active',
    sort: 0,
    ...v,
  };
}

/**
 * Ticket rewards issue the demo's ticket kind of their type; one whose type the brand has no enabled
 * kind of is left out (the seed runs after the tickets' seed).
 */
export async function seedPointsCatalogue(trx: Trx, now: Date): Promise<void> {
  if ((await countRewards(trx, { activeOnly: false })) > 0) return;
  for (const r of DEMO_REWARDS) {
    if (r.kind !== 'ticket') {
      await insertReward(trx, r, now);
      continue;
    }
    const kind = await trx
      .selectFrom('ticket_kinds')
      .select('id')
      .where('kind', '=', r.ticketKind ?? 'prize_wheel')
      .where('enabled', '=', true)
      .orderBy('id')
      .executeTakeFirst();
    if (kind) await insertReward(trx, { ...r, ticketKindId: Number(kind.id) }, now);
  }
}
