import type { Trx } from '../../db/database';
import type { MissionValues } from './missions.queries';

// Demo mode only: the missions the demo brand runs, with modest rewards: three
// daily ones (log in; play 10 rounds; deposit at least 100) and a weekly one (bet 1,000 in total).
// Amounts in minor units. Seeded once: a brand that already has missions is left as it is.

type DemoMission = Omit<
  MissionValues,
  'starts_at' | 'updated_at' | 'texts' | 'reward_ticket_kind_id' | 'reward_wagering'
> & {
  text: { title: string; description: string };
};

export const DEMO_MISSIONS: DemoMission[] = [
  {
    period: 'daily',
    newbie_days: null,
    task: 'login',
    target: 1,
    min_deposit: null,
    game_type: null,
    reward_kind: 'cash',
    reward_amount: 100,
    claim_days: 7,
    ends_at: null,
    sort: 1,
    text: { title: 'Daily check-in', description: 'Log in today and claim 1.00 in cash.' },
  },
  {
    period: 'daily',
    newbie_days: null,
    task: 'rounds',
    target: 10,
    min_deposit: null,
    game_type: null,
    reward_kind: 'cash',
    reward_amount: 500,
    claim_days: 7,
    ends_at: null,
    sort: 2,
    text: { title: 'Play 10 rounds', description: 'Play 10 rounds of any game today and claim 5.00 in cash.' },
  },
  {
    period: 'daily',
    newbie_days: null,
    task: 'deposit',
    target: 1,
    min_deposit: 10_000,
    game_type: null,
    reward_kind: 'cash',
    reward_amount: 500,
    claim_days: 7,
    ends_at: null,
    sort: 3,
    text: { title: 'Deposit 100', description: 'Make a deposit of at least 100 today and claim 5.00 in cash.' },
  },
  {
    period: 'weekly',
    newbie_days: null,
    task: 'bet',
    target: 100_000,
    min_deposit: null,
    game_type: null,
    reward_kind: 'cash',
    reward_amount: 2_000,
    claim_days: 7,
    ends_at: null,
    sort: 4,
    text: {
      title: 'Bet 1,000 this week',
      description: 'Bet 1,000 in total on any games this week (Monday to Sunday) and claim 20.00 in cash.',
    },
  },
];

export async function seedDemoMissions(trx: Trx, now: Date): Promise<void> {
  const existing = await trx.selectFrom('missions').select('id').limit(1).executeTakeFirst();
  if (existing) return;
  for (const { text, ...m } of DEMO_MISSIONS) {
    await trx
      .insertInto('missions')
      .values({
        ...m,
        state: 'active',
        // Running since before the demo's past evening of play (demo/demo.ts: yesterday from 18:00,
        // brand time, up to two days before the first start), whose rounds count towards them.
        starts_at: new Date(now.getTime() - 3 * 86_400_000),
        texts: JSON.stringify({ en: text }),
        updated_at: now,
      })
      .execute();
  }
}
