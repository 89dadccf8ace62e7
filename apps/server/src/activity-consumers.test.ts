import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ActivityConsumer,
  consumeActivity,
  consumeBatch,
  drainActivity,
  rewindConsumer,
} from './modules/activity/activity-bus';
import { setBrandSetting } from './modules/brand/brand.service';
import { balanceOf, verifyLedger } from './modules/ledger/ledger.service';
import { missionsConsumer } from './modules/missions/missions.service';
import { pointsEarningConsumer } from './modules/points/points.service';
import { rebatesConsumer } from './modules/rebates/rebates.service';
import { referralsConsumer } from './modules/referrals/referrals.service';
import { bonusBalance } from './modules/rewards/rewards.queries';
import { claimReward, rankingConsumer, wageringConsumer } from './modules/rewards/rewards.service';
import { vipConsumer } from './modules/vip/vip.service';
import { createMember } from './test/factories';
import { createTestApp, type TestApp } from './test/harness';

// The batch path (modules/activity/activity-bus.ts "Keeping up"): each round.settled consumer's handleBatch leaves
// exactly what its handle leaves event by event. Every run plays one random stream twice, on two
// sets of fresh members in the same programmes: set A consumed event by event (handle), set B in
// random batches (handleBatch) with replays; then every programme's rows, balances and postings
// of each A member equal those of its B twin.

let t: TestApp;
const HOT: ActivityConsumer[] = [
  wageringConsumer,
  rankingConsumer,
  pointsEarningConsumer,
  rebatesConsumer,
  vipConsumer,
  missionsConsumer,
  referralsConsumer,
];
const TYPES = ['RNG', 'LIVE', 'SPORTS', 'NOTYPE'];
let bonusPromotion = 0;
let joinRanking = 0;
const uid = () => randomBytes(5).toString('hex');

beforeAll(async () => {
  t = await createTestApp();
  await setBrandSetting(t.ctx.db, 'currency', 'PHP');
  const db = t.ctx.db;
  const now = t.ctx.now().getTime();
  const texts = JSON.stringify({ en: { title: 'batch', summary: '', rules: '' } });
  await db.updateTable('promotions').set({ state: 'ended' }).execute();
  await db.updateTable('missions').set({ state: 'ended' }).execute();
  // Levels close together, so a few rounds pass several at once; every level pays an upgrade bonus.
  await sql`UPDATE vip_levels SET min_deposit = 0, min_valid_bet = level * 2500, upgrade_bonus = level * 100 + 7`.execute(
    db,
  );
  const ranking = (gameTypes: string[], requiresJoin: boolean) =>
    db
      .insertInto('promotions')
      .values({
        type: 'RANKING',
        kind: 'ranking',
        state: 'active',
        starts_at: new Date(now - 60_000),
        ends_at: new Date(now + 3_600_000),
        rules: JSON.stringify({
          trigger: 'none',
          payAs: 'cash',
          requiresJoin,
          ranking: { prizes: [100], gameTypes },
        }),
        texts,
        updated_at: new Date(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  await ranking([], false);
  joinRanking = (await ranking(['LIVE'], true)).id;
  bonusPromotion = (
    await db
      .insertInto('promotions')
      .values({
        type: 'SLOTS',
        kind: 'fixed',
        state: 'active',
        starts_at: new Date(now - 60_000),
        rules: JSON.stringify({
          trigger: 'none',
          amount: 5,
          payAs: 'bonus',
          wagering: { multiple: 3, base: 'bonus', contributions: { RNG: 100, LIVE: 40 }, otherPercent: 0, days: 7 },
        }),
        texts,
        updated_at: new Date(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const mission = (task: 'rounds' | 'bet', target: number, gameType: string | null) =>
    db
      .insertInto('missions')
      .values({
        period: 'daily',
        newbie_days: null,
        task,
        target,
        min_deposit: null,
        game_type: gameType,
        reward_kind: 'cash',
        reward_amount: 100,
        state: 'active',
        claim_days: 7,
        starts_at: new Date(now - 60_000),
        ends_at: null,
        texts,
        updated_at: new Date(now),
      })
      .execute();
  await mission('rounds', 4, null);
  await mission('bet', 2_000, 'RNG');
});
afterAll(() => t.close());

/** A fresh member holding two claimed bonuses (two wagers of 1,500 each), joined to the LIVE ranking. */
async function player(): Promise<number> {
  const m = await createMember(t.ctx);
  for (let i = 0; i < 2; i++) {
    const reward = await t.ctx.db
      .insertInto('rewards')
      .values({
        member_id: m.id,
        promotion_id: bonusPromotion,
        source: `batch-test:${uid()}`,
        amount: 500,
        currency: 'PHP',
        pay_as: 'bonus',
        state: 'claimable',
        expires_at: new Date(t.ctx.now().getTime() + 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await claimReward(t.ctx, m.id, reward.id);
  }
  await t.ctx.db.insertInto('promotion_joins').values({ promotion_id: joinRanking, member_id: m.id }).execute();
  return m.id;
}

/** Everything the round.settled programmes keep of a member, without ids that differ between twins. */
async function snapshot(memberId: number) {
  const db = t.ctx.db;
  const rows = async <T>(q: Promise<T[]>) => JSON.parse(JSON.stringify(await q)) as T[];
  return {
    cash: (await balanceOf(db, memberId, 'PHP')).balance,
    bonus: await bonusBalance(db, memberId, 'PHP'),
    wagers: await rows(
      db
        .selectFrom('bonus_wagers')
        .select(['progress', 'required', 'state', 'converted'])
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute(),
    ),
    ranking: await rows(
      db
        .selectFrom('ranking_turnover')
        .select(['promotion_id', 'turnover', 'rounds', 'reached_at'])
        .where('member_id', '=', memberId)
        .orderBy('promotion_id')
        .execute(),
    ),
    vip: await rows(db.selectFrom('members').select('vip_level').where('id', '=', memberId).execute()),
    days: await rows(
      db
        .selectFrom('vip_member_days')
        .select(['day', 'deposits', 'valid_bets'])
        .where('member_id', '=', memberId)
        .orderBy('day')
        .execute(),
    ),
    levelChanges: await rows(
      db
        .selectFrom('vip_level_changes')
        .select(['from_level', 'to_level', 'source'])
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute(),
    ),
    vipBonuses: await rows(
      db
        .selectFrom('vip_bonuses')
        .select(['kind', 'period', 'level', 'amount'])
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute(),
    ),
    accruals: await rows(
      db
        .selectFrom('rebate_accruals')
        .select(['game_type', 'valid_bet', 'rate_ppm', 'settled_at'])
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute(),
    ),
    points: await rows(
      db
        .selectFrom('points_entries as e')
        .innerJoin('points_accounts as a', 'a.id', 'e.account_id')
        .innerJoin('points_postings as p', 'p.id', 'e.posting_id')
        .select(['e.amount', 'e.balance_after', 'p.type', 'p.remark'])
        .where('a.member_id', '=', memberId)
        .orderBy('e.id')
        .execute(),
    ),
    missions: await rows(
      db
        .selectFrom('mission_progress')
        .select(['mission_id', 'progress', 'target', 'completed_at', 'claim_expires_at', 'updated_at'])
        .where('member_id', '=', memberId)
        .orderBy('id')
        .execute(),
    ),
  };
}

/** A consumer of one set's events under its own name: by event (handle) or by batch (handleBatch). */
function consumerFor(c: ActivityConsumer, members: Set<number>, batch: boolean, run: string): ActivityConsumer {
  const mine = <E extends { memberId: number }>(e: E) => members.has(e.memberId);
  return {
    name: `${run}-${batch ? 'batch' : 'event'}-${c.name}`,
    kinds: c.kinds,
    handle: (trx, event, ctx) => (mine(event) ? c.handle(trx, event, ctx) : Promise.resolve()),
    ...(batch
      ? {
          handleBatch: async (trx, events, ctx) => {
            const own = events.filter(mine);
            if (own.length === 0) return;
            const handleBatch = c.handleBatch;
            if (!handleBatch) throw new Error(`${c.name} has no handleBatch`);
            await handleBatch(trx, own, ctx);
          },
        }
      : {}),
  };
}

describe('batch consumption', () => {
  it('every round.settled programme records and pays in batches exactly what it does event by event', async () => {
    const step = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          op: fc.constant('round' as const),
          member: fc.integer({ min: 0, max: 2 }),
          amount: fc.oneof(
            { weight: 5, arbitrary: fc.integer({ min: 1, max: 40 }).map((x) => x * 125) },
            fc.constant(0),
          ),
          type: fc.constantFrom(...TYPES),
          late: fc.integer({ min: 0, max: 2_000 }),
        }),
      },
      {
        weight: 1,
        arbitrary: fc.record({ op: fc.constant('consume' as const), limit: fc.integer({ min: 1, max: 12 }) }),
      },
      { weight: 1, arbitrary: fc.record({ op: fc.constant('rewind' as const) }) },
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 20, maxLength: 40 }), async (steps) => {
        const run = uid();
        const a = [await player(), await player(), await player()];
        const b = [await player(), await player(), await player()];
        const byEvent = HOT.map((c) => consumerFor(c, new Set(a), false, run));
        const byBatch = HOT.map((c) => consumerFor(c, new Set(b), true, run));
        const base = t.ctx.now().getTime();
        let n = 0;
        for (const s of steps) {
          if (s.op === 'round') {
            n++;
            // The twins' events: same member slot, amount, game type and time (a little apart, in order).
            const createdAt = new Date(base + n * 10 + s.late);
            for (const [set, members] of [
              ['a', a],
              ['b', b],
            ] as const)
              await t.ctx.db
                .insertInto('activity_events')
                .values({
                  kind: 'round.settled',
                  member_id: members[s.member] as number,
                  amount: s.amount,
                  currency: 'PHP',
                  reference: `GH:${run}-${set}-${n}`,
                  data: JSON.stringify({ win: 0, gameType: s.type, vendor: 'GH', gameCode: 'G' }),
                  created_at: createdAt,
                })
                .execute();
          } else if (s.op === 'consume') {
            for (const c of byBatch) await consumeBatch(t.ctx, c, s.limit);
          } else {
            for (const c of byBatch) await rewindConsumer(t.ctx, c.name);
          }
        }
        for (const c of byEvent) await consumeActivity(t.ctx, c);
        for (const c of byBatch) await drainActivity(t.ctx, c);
        for (const [i, memberId] of a.entries()) {
          const twin = b[i] as number;
          expect(await snapshot(twin)).toEqual(await snapshot(memberId));
        }
      }),
      { numRuns: 3 },
    );
    // The streams did reach the interesting cases: conversions, multi-level upgrades, completions.
    const converted = await t.ctx.db.selectFrom('bonus_wagers').select('id').where('state', '=', 'converted').execute();
    expect(converted.length).toBeGreaterThan(0);
    const upgrades = await t.ctx.db.selectFrom('vip_level_changes').select('id').execute();
    expect(upgrades.length).toBeGreaterThan(0);
    const earned = await t.ctx.db
      .selectFrom('points_postings')
      .select('id')
      .where('type', '=', 'points.earn')
      .execute();
    expect(earned.length).toBeGreaterThan(0);
    const completed = await t.ctx.db
      .selectFrom('mission_progress')
      .select('id')
      .where('completed_at', 'is not', null)
      .execute();
    expect(completed.length).toBeGreaterThan(0);
    expect((await verifyLedger(t.ctx.db)).ok).toBe(true);
  });
});
