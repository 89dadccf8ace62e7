import type { PromotionRules } from '@gamehall/shared/api/rewards';
import type { Trx } from '../../db/database';
import './rewards.tables';

// Demo mode only: the welcome programme the demo brand runs, a first deposit
// matched 100% up to 1,000 paid as bonus balance with 10x wagering (slots count in full, other
// game types at 20%). Seeded once: a demo brand that already has a deposit-match programme (an
// operator changed or ended it) is left as it is.
export const DEMO_WELCOME_RULES: PromotionRules = {
  trigger: 'deposit',
  percent: 100,
  cap: 1000,
  minDeposit: 100,
  nthDeposit: 1,
  payAs: 'bonus',
  wagering: { multiple: 10, base: 'bonus', contributions: { RNG: 100 }, otherPercent: 20, days: 30 },
  claimDays: 14,
  requiresJoin: false,
  perMember: 1,
  onePerPerson: false,
};

export const DEMO_WELCOME_TEXT = {
  title: 'Welcome: 100% on your first deposit, up to 1,000',
  summary:
    'Your first deposit of at least 100 is matched 100% up to 1,000 as bonus balance. Claim it in the reward centre.',
  rules:
    'Only your first credited deposit counts, from 100. The bonus is 100% of it, at most 1,000, paid as bonus balance when you claim it in the reward centre within 14 days. Wager 10 times the bonus within 30 days: slot bets count in full, other games at 20%. When the requirement is met the bonus becomes cash. A withdrawal request while wagering, or the 30 days running out, forfeits the bonus left.',
};

export async function seedDemoPromotions(trx: Trx, now: Date): Promise<void> {
  const existing = await trx
    .selectFrom('promotions')
    .select('id')
    .where('kind', '=', 'deposit_match')
    .executeTakeFirst();
  if (existing) return;
  await trx
    .insertInto('promotions')
    .values({
      type: 'NEWBIE',
      kind: 'deposit_match',
      state: 'active',
      starts_at: new Date(now.getTime() - 86_400_000),
      ends_at: null,
      rules: JSON.stringify(DEMO_WELCOME_RULES),
      texts: JSON.stringify({ en: DEMO_WELCOME_TEXT }),
      sort: 0,
      updated_at: now,
    })
    .execute();
}
