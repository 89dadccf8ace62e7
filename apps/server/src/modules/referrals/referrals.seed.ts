import type { ReferralRules } from '@gamehall/shared/api/referrals';
import type { Trx } from '../../db/database';
import type { StoredPrize } from '../tickets/tickets.tables';
import './referrals.tables';

// Demo mode only: referral rewards on and a prize wheel with a modest prize
// table. Seeded once: a brand whose referral settings or ticket kinds an operator already set is
// left as it is. The member pages build their texts from these rules, so they say exactly this.

/** Minor units in the stored table; labels state the prize exactly. */
export const DEMO_WHEEL_PRIZES: StoredPrize[] = [
  { label: '1.00 cash', type: 'cash', amount: 100, points: 0, ticketKindId: null, weight: 45 },
  { label: '5.00 cash', type: 'cash', amount: 500, points: 0, ticketKindId: null, weight: 15 },
  { label: '20.00 cash', type: 'cash', amount: 2000, points: 0, ticketKindId: null, weight: 2 },
  { label: '50 points', type: 'points', amount: 0, points: 50, ticketKindId: null, weight: 23 },
  { label: 'No prize this time', type: 'none', amount: 0, points: 0, ticketKindId: null, weight: 15 },
];

export const DEMO_WHEEL = { kind: 'prize_wheel' as const, name: 'Lucky wheel', depositMin: 20_000 };

export function demoReferralRules(wheelId: number): ReferralRules {
  return {
    payAs: 'cash',
    registration: null,
    firstDeposit: { minDeposit: 100, amount: 10, percent: 10, cap: 50, ticketKindId: wheelId },
    turnover: { threshold: 1000, amount: 20, ticketKindId: null },
  };
}

export async function seedDemoReferralsAndTickets(trx: Trx, now: Date): Promise<void> {
  const anyKind = await trx.selectFrom('ticket_kinds').select('id').executeTakeFirst();
  if (anyKind) return;
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
  // Only the untouched settings of migration 0042 (off, no stage) are replaced.
  const settings = await trx.selectFrom('referral_settings').select(['enabled', 'rules']).executeTakeFirstOrThrow();
  const rules = settings.rules as unknown as Record<string, unknown>;
  const untouched = !settings.enabled && !rules.registration && !rules.firstDeposit && !rules.turnover;
  if (!untouched) return;
  await trx
    .updateTable('referral_settings')
    .set({ enabled: true, rules: JSON.stringify(demoReferralRules(Number(wheel.id))), updated_at: now })
    .where('id', '=', 1)
    .execute();
}
