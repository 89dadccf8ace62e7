import type { ReferralRules } from '@gamehall/shared/api/referrals';
import type { Trx } from '../../db/database';
import './referrals.tables';

// Demo mode only: referral rewards on, the first deposit's stage granting the demo's prize wheel
// (seeded by tickets.seed.ts). An operator's referral settings are left as they are. The member
// pages build their texts from these rules, so they say exactly this.

export function demoReferralRules(wheelId: number): ReferralRules {
  return {
    payAs: 'cash',
    registration: null,
    firstDeposit: { minDeposit: 100, amount: 10, percent: 10, cap: 50, ticketKindId: wheelId },
    turnover: { threshold: 1000, amount: 20, ticketKindId: null },
  };
}

export async function seedDemoReferrals(trx: Trx, wheelId: number, now: Date): Promise<void> {
  // Only the untouched settings of migration 0042 (off, no stage) are replaced.
  const settings = await trx.selectFrom('referral_settings').select(['enabled', 'rules']).executeTakeFirstOrThrow();
  const rules = settings.rules as unknown as Record<string, unknown>;
  const untouched = !settings.enabled && !rules.registration && !rules.firstDeposit && !rules.turnover;
  if (!untouched) return;
  await trx
    .updateTable('referral_settings')
    .set({ enabled: true, rules: JSON.stringify(demoReferralRules(wheelId)), updated_at: now })
    .where('id', '=', 1)
    .execute();
}
