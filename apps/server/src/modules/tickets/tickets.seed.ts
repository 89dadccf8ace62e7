import type { Trx } from '../../db/database';
import type { StoredPrize } from './tickets.tables';

// Demo mode only: a prize wheel with a modest prize table, which the demo's referral rewards grant.
// Seeded once: a brand that already has a ticket kind keeps its own.

/** Minor units in the stored table; labels state the prize exactly. */
export const DEMO_WHEEL_PRIZES: StoredPrize[] = [
  { label: '1.00 cash', type: 'cash', amount: 100, points: 0, ticketKindId: null, weight: 45 },
  { label: '5.00 cash', type: 'cash', amount: 500, points: 0, ticketKindId: null, weight: 15 },
  { label: '20.00 cash', type: 'cash', amount: 2000, points: 0, ticketKindId: null, weight: 2 },
  { label: '50 points', type: 'points', amount: 0, points: 50, ticketKindId: null, weight: 23 },
  { label: 'No prize this time', type: 'none', amount: 0, points: 0, ticketKindId: null, weight: 15 },
];

export const DEMO_WHEEL = { kind: 'prize_wheel' as const, name: 'Lucky wheel', depositMin: 20_000 };

/** The demo wheel's id, or undefined when the brand had ticket kinds already (nothing written). */
export async function seedDemoTicketKinds(trx: Trx, now: Date): Promise<number | undefined> {
  const anyKind = await trx.selectFrom('ticket_kinds').select('id').executeTakeFirst();
  if (anyKind) return undefined;
  const wheel = await trx
    .insertInto('ticket_kinds')
    .values({
      kind: DEMO_WHEEL.kind,
      name: DEMO_WHEEL.name,
      enabled: true,
      deposit_min: DEMO_WHEEL.depositMin,
      prizes: JSON.stringify(DEMO_WHEEL_PRIZES),
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(wheel.id);
}
