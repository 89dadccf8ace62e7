import { REBATE_RATES } from '@gamehall/shared/constants';
import type { Trx } from '../../db/database';
import { allLevels, type LevelValues, replaceLevels, saveSettings } from './vip.queries';

// Demo mode only (VIP levels, daily rebate at the spec's rates). The brand seed
// gives ten levels with deposit thresholds only; the demo brand gets the rest of their terms once:
// valid-bet thresholds (five times the deposit one), upgrade, monthly and birthday bonuses,
// withdrawal limits, and the spec §9 rebate rates at every level. Applied only while no level has
// any of these terms yet, so an operator's table is never overwritten. Rebates are manual in the
// demo (the member claims them on the manual rebate page); amounts in minor units.

/** spec §9 rates in ppm (PVP: none). */
export const SPEC_REBATE_PPM: Record<string, number> = Object.fromEntries(
  Object.entries(REBATE_RATES)
    .filter((entry): entry is [string, number] => entry[1] !== null)
    .map(([type, rate]) => [type, Math.round(rate * 1_000_000)]),
);

// [upgrade bonus, monthly bonus, birthday bonus, withdrawals a day, withdrawal amount a day] in major units.
const TERMS: [number, number, number, number, number][] = [
  [0, 0, 0, 10, 50_000],
  [10, 5, 20, 10, 100_000],
  [50, 20, 50, 15, 200_000],
  [200, 80, 100, 20, 500_000],
  [500, 200, 200, 20, 1_000_000],
  [1_000, 400, 500, 30, 2_000_000],
  [3_000, 1_000, 1_000, 30, 5_000_000],
  [8_000, 2_500, 2_000, 50, 10_000_000],
  [20_000, 6_000, 5_000, 50, 20_000_000],
  [50_000, 15_000, 10_000, 100, 50_000_000],
];

export function demoLevelTerms(level: number, minDeposit: number) {
  const terms = TERMS[Math.min(level, TERMS.length - 1)] ?? [0, 0, 0, 10, 50_000];
  const [upgrade, monthly, birthday, count, amount] = terms;
  return {
    min_valid_bet: minDeposit * 5,
    upgrade_bonus: upgrade * 100,
    monthly_bonus: monthly * 100,
    birthday_bonus: birthday * 100,
    withdraw_daily_count: count,
    withdraw_daily_amount: amount * 100,
    rebate_rates: SPEC_REBATE_PPM,
  };
}

export async function seedDemoVip(trx: Trx, now: Date): Promise<void> {
  const levels = await allLevels(trx);
  if (levels.length === 0) return;
  const untouched = levels.every(
    (l) =>
      Number(l.min_valid_bet) === 0 &&
      Number(l.upgrade_bonus) === 0 &&
      Number(l.monthly_bonus) === 0 &&
      Number(l.birthday_bonus) === 0 &&
      l.withdraw_daily_count === null &&
      l.withdraw_daily_amount === null,
  );
  if (!untouched) return;
  const values: LevelValues[] = levels.map((l) => ({
    level: l.level,
    label_name: l.label_name,
    min_deposit: Number(l.min_deposit),
    ...demoLevelTerms(l.level, Number(l.min_deposit)),
  }));
  await replaceLevels(trx, values, now);
  await saveSettings(trx, { window_days: 90, rebate_mode: 'manual', rebate_hour: 3 }, now);
}
