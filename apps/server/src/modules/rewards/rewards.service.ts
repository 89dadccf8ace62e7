import { PromotionRules, Wagering } from '@gamehall/shared/api/rewards';
import { toMinor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import type { Conn, Trx } from '../../db/database';
import { AppError } from '../../http/errors';
import { reencodeImage } from '../../http/image-upload';
import { pageOffset } from '../../http/paging';
import { type ActivityConsumer, type ActivityEvent, drainActivity } from '../activity/activity-bus';
import { getBrand } from '../brand/brand.service';
import { post } from '../ledger/ledger.service';
import { sendSystemMessage } from '../messages/messages.service';
import { assertNotOnBreak } from '../responsible/responsible.service';
import { issueTickets, ticketKindOf } from '../tickets/tickets.service';
import * as q from './rewards.queries';
import { audienceMiss, isTargeted, memberFacts } from './rewards-audience';

// Promotions, the reward centre and bonus wagering (rules in docs/rewards.md).
//
// Earning: the consumer `promotions` (engine.ts) turns a registration, login or credited deposit
// into a claimable reward for every active promotion whose rules fire on it; the reward's source
// is the event, unique per (promotion, member, source), so a replay never earns twice.
// Claiming (MCSFE_signUpRequestReward): the reward row is locked, checked and paid by one
// ledger.post from promotions-expense with the key reward:<id>, so concurrent claims pay once.
// A bonus paid as bonus balance opens a bonus wager; the consumer `wagering` adds each settled
// round's contribution to the member's oldest active wager and converts it to cash when met;
// expiry and a withdrawal request forfeit what is left.

const EXPENSE = 'promotions-expense';

export function rulesOf(raw: unknown): PromotionRules {
  return PromotionRules.parse(raw);
}

/** The member is in the promotion's audience (an untargeted promotion: every member). */
export async function inAudience(db: Conn, rules: PromotionRules, memberId: number): Promise<boolean> {
  if (!isTargeted(rules)) return true;
  const facts = await memberFacts(db, memberId);
  return facts !== undefined && audienceMiss(rules.audience, facts) === null;
}

async function assertInAudience(db: Conn, rules: PromotionRules, memberId: number): Promise<void> {
  if (!(await inAudience(db, rules, memberId))) throw new AppError('PROMOTION_NOT_ELIGIBLE');
}

/**
 * A claim of a promotion's reward: the member must still be in the audience, and the claim must fit
 * the caps. The promotion row is locked first, so concurrent claims of one promotion are counted one
 * after the other and the cap is reached exactly (the lock is held until the claim commits).
 */
async function admitClaim(
  trx: Trx,
  promotionId: number,
  reward: { member_id: number; amount: number; pay_as: string },
) {
  const p = await q.lockPromotion(trx, promotionId);
  if (!p) throw new AppError('PROMOTION_NOT_FOUND');
  const rules = rulesOf(p.rules);
  await assertInAudience(trx, rules, reward.member_id);
  const caps = rules.caps;
  if (!caps) return;
  const totals = await q.claimTotals(trx, promotionId, reward.member_id);
  if (caps.claimsPerMember !== undefined && totals.mine >= caps.claimsPerMember)
    throw new AppError('PROMOTION_MEMBER_CLAIMS_REACHED');
  if (caps.claims !== undefined && totals.claims >= caps.claims) throw new AppError('PROMOTION_CLAIMS_REACHED');
  if (caps.budget !== undefined && reward.pay_as !== 'ticket' && totals.paid + reward.amount > toMinor(caps.budget))
    throw new AppError('PROMOTION_BUDGET_REACHED');
}

/** The bet limit of the member's active bonus wagers, in minor units (null: none); the gateway asks it. */
export function bonusMaxBet(db: Conn, memberId: number): Promise<number | null> {
  return q.activeMaxBet(db, memberId);
}

/** The reward a fact earns under these rules, in minor units (0: none). */
export function rewardAmount(kind: string, rules: PromotionRules, event: ActivityEvent, position: number): number {
  if (kind === 'deposit_match') {
    if (event.kind !== 'deposit' || rules.percent === undefined) return 0;
    if (rules.minDeposit !== undefined && event.amount < toMinor(rules.minDeposit)) return 0;
    if (rules.nthDeposit !== undefined && position !== rules.nthDeposit) return 0;
    const matched = Math.floor((event.amount * rules.percent) / 100);
    return rules.cap === undefined ? matched : Math.min(matched, toMinor(rules.cap));
  }
  if (kind === 'fixed') {
    if (rules.amount === undefined) return 0;
    if (event.kind === 'deposit') {
      if (rules.minDeposit !== undefined && event.amount < toMinor(rules.minDeposit)) return 0;
      if (rules.nthDeposit !== undefined && position !== rules.nthDeposit) return 0;
    }
    // A ticket reward's amount is its number of tickets.
    return rules.payAs === 'ticket' ? rules.amount : toMinor(rules.amount);
  }
  return 0;
}

/**
 * One bonus per person: with the rule on, a member gets the
 * promotion's bonus once, and not when another member it already rewarded shares the member's
 * mobile number, a device (the player site's X-Device-Id, hashed at registration and login:
 * devices.service.ts), a bank account number or an IP (at registration or any login). A refusal is data: a
 * reward_refusals row with the reason and the other member, shown to operators; never an error.
 */
async function onePerPersonAllows(
  trx: Trx,
  promotionId: number,
  rules: PromotionRules,
  memberId: number,
  source: string,
  amount: number,
): Promise<boolean> {
  if (!rules.onePerPerson) return true;
  const refuse = async (reason: 'member' | 'device' | 'ip' | 'bank_account' | 'mobile', other: number | null) => {
    await q.insertRefusal(trx, {
      promotion_id: promotionId,
      member_id: memberId,
      source,
      reason,
      other_member_id: other,
      amount,
    });
    return false;
  };
  if ((await q.rewardCount(trx, promotionId, memberId)) >= 1) return refuse('member', null);
  const shared = await q.sharedWithRewarded(trx, promotionId, memberId);
  if (shared) return refuse(shared.reason, shared.other);
  return true;
}

/** A ticket reward is earned only while its kind exists and is enabled (a disabled kind grants no more). */
async function ticketKindOpen(trx: Trx, rules: PromotionRules): Promise<boolean> {
  if (rules.payAs !== 'ticket') return true;
  if (rules.ticketKindId === undefined) return false;
  return (await ticketKindOf(trx, rules.ticketKindId))?.enabled === true;
}

async function earn(trx: Trx, ctx: AppContext, event: ActivityEvent): Promise<void> {
  const promotions = await q.firingPromotions(trx, event.kind, event.createdAt);
  if (promotions.length === 0) return;
  const position = event.kind === 'deposit' ? await q.depositPosition(trx, event.memberId, event.id) : 0;
  const currency = event.currency ?? (await getBrand(trx)).currency;
  for (const p of promotions) {
    const rules = rulesOf(p.rules);
    if (rules.requiresJoin && !(await q.joined(trx, p.id, event.memberId))) continue;
    if (!(await inAudience(trx, rules, event.memberId))) continue;
    if (!rules.onePerPerson && (await q.rewardCount(trx, p.id, event.memberId)) >= rules.perMember) continue;
    const amount = rewardAmount(p.kind, rules, event, position);
    if (amount <= 0) continue;
    if (!(await ticketKindOpen(trx, rules))) continue;
    if (!(await onePerPersonAllows(trx, p.id, rules, event.memberId, `event:${event.id}`, amount))) continue;
    const rewardId = await q.insertReward(trx, {
      member_id: event.memberId,
      promotion_id: p.id,
      source: `event:${event.id}`,
      amount,
      basis: event.kind === 'deposit' ? event.amount : 0,
      currency,
      pay_as: rules.payAs,
      ticket_kind_id: rules.payAs === 'ticket' ? (rules.ticketKindId ?? null) : null,
      state: 'claimable',
      expires_at: new Date(ctx.now().getTime() + rules.claimDays * 86_400_000),
    });
    // A money reward is announced in the inbox (a ticket reward's amount is a count).
    if (rewardId !== undefined && (rules.payAs === 'cash' || rules.payAs === 'bonus'))
      await sendSystemMessage(trx, {
        memberId: event.memberId,
        kind: 'reward_issued',
        params: { amount },
        now: ctx.now(),
      });
  }
}

export const promotionsConsumer: ActivityConsumer = {
  name: 'promotions',
  kinds: ['registration', 'login', 'deposit', 'withdrawal.requested'],
  async handle(trx, event, ctx) {
    if (event.kind === 'withdrawal.requested') {
      // docs/rewards.md: a withdrawal while wagering forfeits the bonus left (the member is warned).
      for (const w of await q.lockActiveWagers(trx, event.memberId)) await forfeit(trx, ctx, w);
      return;
    }
    await earn(trx, ctx, event);
  },
};

/** Share of a settled round's bet that counts towards a wager (percent per game type). */
export function contributionOf(
  wager: { contributions: Record<string, number>; other_percent: number },
  gameType: string,
  bet: number,
): number {
  const percent = wager.contributions[gameType] ?? wager.other_percent;
  return Math.floor((bet * percent) / 100);
}

export const wageringConsumer: ActivityConsumer = {
  name: 'wagering',
  kinds: ['round.settled'],
  async handle(trx, event, ctx) {
    const [wager] = await q.lockActiveWagers(trx, event.memberId);
    if (!wager) return;
    if (new Date(wager.expires_at).getTime() <= event.createdAt.getTime()) return;
    const add = contributionOf(wager, String(event.data.gameType ?? ''), event.amount);
    if (add <= 0) return;
    const progress = Math.min(wager.required, Number(wager.progress) + add);
    await q.setWagerProgress(trx, wager.id, progress);
    if (progress >= wager.required) await convert(trx, ctx, wager);
  },
  // handle's rule over a batch (engine.ts "Keeping up"): the members' active wagers locked once,
  // progress kept in memory and written once per wager; a wager that meets its requirement is
  // written and converted at that event, and the member's next events go to the next wager.
  async handleBatch(trx, events, ctx) {
    const wagers = await q.lockActiveWagersOf(trx, [...new Set(events.map((e) => e.memberId))]);
    const active = new Map<number, WagerRow[]>();
    for (const w of wagers) active.set(Number(w.member_id), [...(active.get(Number(w.member_id)) ?? []), w]);
    const progress = new Map<number, number>();
    for (const event of events) {
      const wager = active.get(event.memberId)?.[0];
      if (!wager) continue;
      if (new Date(wager.expires_at).getTime() <= event.createdAt.getTime()) continue;
      const add = contributionOf(wager, String(event.data.gameType ?? ''), event.amount);
      if (add <= 0) continue;
      const next = Math.min(wager.required, (progress.get(wager.id) ?? Number(wager.progress)) + add);
      progress.set(wager.id, next);
      if (next < wager.required) continue;
      await q.setWagerProgress(trx, wager.id, next);
      progress.delete(wager.id);
      await convert(trx, ctx, wager);
      active.get(event.memberId)?.shift();
    }
    await q.setWagerProgresses(
      trx,
      [...progress].map(([id, p]) => ({ id, progress: p })),
    );
  },
};

/**
 * Ranking promotions: each settled round's valid bet (docs/agents.md) adds to the member's turnover
 * in every running ranking whose game types it counts for (all when none are listed), from the
 * round's time; joining first when the rules ask for it.
 */
export const rankingConsumer: ActivityConsumer = {
  name: 'ranking',
  kinds: ['round.settled'],
  async handle(trx, event) {
    if (event.amount <= 0) return;
    const rankings = await q.runningRankings(trx, event.createdAt);
    for (const p of rankings) {
      const rules = rulesOf(p.rules);
      const types = rules.ranking?.gameTypes ?? [];
      if (types.length > 0 && !types.includes(String(event.data.gameType ?? ''))) continue;
      if (rules.requiresJoin && !(await q.joined(trx, p.id, event.memberId))) continue;
      await q.addTurnover(trx, p.id, event.memberId, event.amount, event.createdAt);
    }
  },
  // handle's rule over a batch: the rankings of the batch's span and the joins read once, each
  // (ranking, member) row written once with its rounds' sum, count and last round's time.
  async handleBatch(trx, events) {
    const bets = events.filter((e) => e.amount > 0);
    if (bets.length === 0) return;
    const times = bets.map((e) => e.createdAt.getTime());
    const rankings = (await q.rankingsBetween(trx, new Date(Math.min(...times)), new Date(Math.max(...times)))).map(
      (p) => ({ ...p, rules: rulesOf(p.rules) }),
    );
    if (rankings.length === 0) return;
    const needJoin = rankings.filter((p) => p.rules.requiresJoin).map((p) => p.id);
    const joins = new Set(
      needJoin.length === 0
        ? []
        : (await q.joinsAmong(trx, needJoin, [...new Set(bets.map((e) => e.memberId))])).map(
            (j) => `${j.promotion_id}:${j.member_id}`,
          ),
    );
    const rows = new Map<string, { promotionId: number; memberId: number; amount: number; rounds: number; at: Date }>();
    for (const event of bets) {
      const at = event.createdAt.getTime();
      for (const p of rankings) {
        // runningRankings' condition at the event's time.
        if (new Date(p.starts_at).getTime() > at || (p.ends_at !== null && new Date(p.ends_at).getTime() <= at))
          continue;
        const types = p.rules.ranking?.gameTypes ?? [];
        if (types.length > 0 && !types.includes(String(event.data.gameType ?? ''))) continue;
        const key = `${p.id}:${event.memberId}`;
        if (p.rules.requiresJoin && !joins.has(key)) continue;
        const row = rows.get(key) ?? {
          promotionId: p.id,
          memberId: event.memberId,
          amount: 0,
          rounds: 0,
          at: event.createdAt,
        };
        row.amount += event.amount;
        row.rounds += 1;
        row.at = event.createdAt;
        rows.set(key, row);
      }
    }
    await q.addTurnovers(trx, [...rows.values()]);
  },
};

/**
 * What a withdrawal request forfeits now (the promotions consumer's rule above): the whole bonus
 * balance while any wager is active (the last active wager settles all of it), else nothing.
 */
export async function withdrawalForfeit(db: Conn, memberId: number, currency: string): Promise<number> {
  if (!(await q.hasActiveWager(db, memberId))) return 0;
  return q.bonusBalance(db, memberId, currency);
}

type WagerRow = Awaited<ReturnType<typeof q.lockActiveWagers>>[number];

/**
 * The bonus left of a wager. Bonus is playable (bets spend cash first, then bonus, and a round's win
 * goes back to bonus in the proportion its bet took from bonus), so the bonus account holds the
 * bonus plus what was won with it. The member's last active wager settles the whole bonus balance
 * (its wins included); an older one of several, its bonus at most what the account holds.
 */
async function bonusLeft(trx: Trx, wager: WagerRow): Promise<number> {
  const balance = await q.bonusBalance(trx, wager.member_id, wager.currency);
  const active = await q.lockActiveWagers(trx, wager.member_id);
  const last = active.every((w) => w.id === wager.id);
  return last ? balance : Math.min(Number(wager.bonus), balance);
}

async function convert(trx: Trx, ctx: AppContext, wager: WagerRow): Promise<void> {
  const amount = await bonusLeft(trx, wager);
  if (amount > 0) {
    await post(trx, {
      idempotencyKey: `wager:${wager.id}:convert`,
      type: 'bonus.convert',
      reference: `W${wager.id}`,
      entries: [
        { account: { member: wager.member_id, kind: 'bonus', currency: wager.currency }, amount: -amount },
        { account: { member: wager.member_id, currency: wager.currency }, amount },
      ],
    });
  }
  await q.settleWager(trx, wager.id, { state: 'converted', converted: amount, settled_at: ctx.now() });
}

async function forfeit(trx: Trx, ctx: AppContext, wager: WagerRow): Promise<void> {
  const amount = await bonusLeft(trx, wager);
  if (amount > 0) {
    await post(trx, {
      idempotencyKey: `wager:${wager.id}:forfeit`,
      type: 'bonus.forfeit',
      reference: `W${wager.id}`,
      entries: [
        { account: { member: wager.member_id, kind: 'bonus', currency: wager.currency }, amount: -amount },
        { account: { house: EXPENSE, currency: wager.currency }, amount },
      ],
    });
  }
  await q.settleWager(trx, wager.id, { state: 'forfeited', forfeited: amount, settled_at: ctx.now() });
}

// ---- reward centre

type LockedReward = NonNullable<Awaited<ReturnType<typeof q.lockReward>>>;

async function claimLocked(trx: Trx, ctx: AppContext, reward: LockedReward): Promise<void> {
  const now = ctx.now();
  if (reward.state === 'claimable' && reward.expires_at && new Date(reward.expires_at) <= now) {
    await q.setRewardState(trx, reward.id, { state: 'expired' });
    throw new AppError('REWARD_NOT_CLAIMABLE');
  }
  if (reward.state !== 'claimable') throw new AppError('REWARD_NOT_CLAIMABLE');
  // A ranking's prizes are paid by the payout job to the ranks it decided, outside the caps.
  if (reward.promotion_id !== null && !reward.source.startsWith('rank:'))
    await admitClaim(trx, reward.promotion_id, reward);
  if (reward.pay_as === 'ticket') {
    // Tickets of the configured kind through the tickets module, one per source reward:<id>:<n>,
    // so a claim replayed after a crash issues none twice.
    if (reward.ticket_kind_id === null) throw new AppError('TICKET_KIND_NOT_FOUND');
    const ticketIds = await issueTickets(trx, {
      memberId: reward.member_id,
      kindId: reward.ticket_kind_id,
      source: `reward:${reward.id}`,
      count: reward.amount,
      now,
    });
    await q.setRewardState(trx, reward.id, {
      state: 'claimed',
      claimed_at: now,
      ticket_ids: JSON.stringify(ticketIds),
    });
    return;
  }
  const kind = reward.pay_as === 'bonus' ? ('bonus' as const) : ('cash' as const);
  const result = await post(trx, {
    idempotencyKey: `reward:${reward.id}`,
    type: 'bonus',
    reference: `RW${reward.id}`,
    entries: [
      { account: { house: EXPENSE, currency: reward.currency }, amount: -reward.amount },
      { account: { member: reward.member_id, kind, currency: reward.currency }, amount: reward.amount },
    ],
  });
  await q.setRewardState(trx, reward.id, { state: 'claimed', claimed_at: now, posting_id: result.postingId });
  // A promotion's wagering is in its rules; a mission bonus carries its own.
  const wagering = reward.rules === null ? Wagering.nullable().parse(reward.wagering) : rulesOf(reward.rules).wagering;
  if (kind === 'bonus' && wagering) {
    const w = wagering;
    const base = w.base === 'bonus_deposit' ? reward.amount + Number(reward.basis) : reward.amount;
    await q.insertWager(trx, {
      reward_id: reward.id,
      member_id: reward.member_id,
      currency: reward.currency,
      bonus: reward.amount,
      required: base * w.multiple,
      contributions: JSON.stringify(w.contributions),
      other_percent: w.otherPercent,
      expires_at: new Date(now.getTime() + w.days * 86_400_000),
      max_bet: reward.rules === null ? null : maxBetOf(rulesOf(reward.rules)),
    });
  }
}

function maxBetOf(rules: PromotionRules): number | null {
  return rules.maxBet === undefined ? null : toMinor(rules.maxBet);
}

/**
 * A mission's bonus (docs/missions.md): a reward of the mission's progress row, claimed at once in
 * the mission claim's transaction, so it shows in the reward centre and its wagering runs as a
 * promotion's does. One reward per progress row (a unique index); the caller holds the row's lock.
 */
export async function payMissionBonus(
  trx: Trx,
  ctx: AppContext,
  bonus: {
    memberId: number;
    progressId: number;
    amount: number;
    currency: string;
    wagering: Wagering | null;
    claimDays: number;
  },
): Promise<number | null> {
  const id = await q.insertMissionReward(trx, {
    member_id: bonus.memberId,
    mission_progress_id: bonus.progressId,
    source: `mission:${bonus.progressId}`,
    amount: bonus.amount,
    currency: bonus.currency,
    wagering: bonus.wagering === null ? null : JSON.stringify(bonus.wagering),
    expires_at: new Date(ctx.now().getTime() + bonus.claimDays * 86_400_000),
  });
  const reward = id === undefined ? undefined : await q.lockReward(trx, id);
  if (!reward) throw new AppError('MISSION_ALREADY_CLAIMED');
  await claimLocked(trx, ctx, reward);
  return reward.id;
}

/**
 * A balance adjustment of type bonus (docs/back-office.md "Adjustment types"): a reward of the
 * adjustment, claimed at once in the caller's transaction (which holds the member's lock and the
 * adjustment's row), so the bonus lands in the bonus wallet with its wager and converts or is
 * forfeited as a claimed bonus does. One reward per adjustment (a unique index): a second call for
 * the same adjustment is REWARD_NOT_CLAIMABLE and pays nothing. Answers the claim's posting.
 */
export async function payAdjustmentBonus(
  trx: Trx,
  ctx: AppContext,
  bonus: { memberId: number; adjustmentId: number; amount: number; currency: string; wagering: Wagering },
): Promise<{ rewardId: number; postingId: number }> {
  const id = await q.insertAdjustmentReward(trx, {
    member_id: bonus.memberId,
    adjustment_id: bonus.adjustmentId,
    amount: bonus.amount,
    currency: bonus.currency,
    wagering: JSON.stringify(bonus.wagering),
  });
  const reward = id === undefined ? undefined : await q.lockReward(trx, id);
  if (!reward) throw new AppError('REWARD_NOT_CLAIMABLE');
  await claimLocked(trx, ctx, reward);
  const claimed = await q.lockReward(trx, reward.id);
  if (!claimed?.posting_id) throw new Error(`adjustment bonus ${reward.id} claimed without a posting`);
  return { rewardId: reward.id, postingId: claimed.posting_id };
}

/** MCSFE_signUpRequestReward: claims one reward of the member. */
export async function claimReward(ctx: AppContext, memberId: number, rewardId: number): Promise<number[]> {
  return ctx.db.transaction().execute(async (trx) => {
    const reward = await q.lockReward(trx, rewardId);
    if (!reward || reward.member_id !== memberId) throw new AppError('REWARD_NOT_FOUND');
    await assertNotOnBreak(ctx, trx, memberId); // no promotion during a break
    await claimLocked(trx, ctx, reward);
    return [reward.id];
  });
}

const CAP_CODES = new Set(['PROMOTION_BUDGET_REACHED', 'PROMOTION_CLAIMS_REACHED', 'PROMOTION_MEMBER_CLAIMS_REACHED']);

/** MCS2_claimRafflePromotion: claims every claimable reward the member has from one promotion. */
export async function claimPromotion(ctx: AppContext, memberId: number, promotionId: number): Promise<number[]> {
  const promotion = await q.promotionById(ctx.db, promotionId);
  if (!promotion || promotion.state === 'draft') throw new AppError('PROMOTION_NOT_FOUND');
  return ctx.db.transaction().execute(async (trx) => {
    await assertNotOnBreak(ctx, trx, memberId); // no promotion during a break
    const ids = await q.claimableOfPromotion(trx, memberId, promotionId, ctx.now());
    if (ids.length === 0) throw new AppError('REWARD_NOT_CLAIMABLE');
    const claimed: number[] = [];
    for (const { id } of ids) {
      const reward = await q.lockReward(trx, id);
      if (reward?.state !== 'claimable') continue;
      try {
        await claimLocked(trx, ctx, reward);
      } catch (error) {
        // A cap reached part way: what was claimed stands; the rest stays claimable.
        if (claimed.length > 0 && error instanceof AppError && CAP_CODES.has(error.code)) break;
        throw error;
      }
      claimed.push(id);
    }
    if (claimed.length === 0) throw new AppError('REWARD_NOT_CLAIMABLE');
    return claimed;
  });
}

/** Public state availablePromoCount: the member's rewards that can be claimed now. */
export function claimableCount(ctx: AppContext, memberId: number): Promise<number> {
  return q.countClaimable(ctx.db, memberId, ctx.now());
}

/** claimableCount as a scalar subquery on an id column of the caller's query (the header's state). */
export const claimableCountSql = q.claimableRewardsSql;

export async function rewardList(
  ctx: AppContext,
  memberId: number,
  query: { state?: string | undefined; pageNo: number; pageSize: number },
) {
  const [rows, total, claimable] = await Promise.all([
    q.rewardsOf(ctx.db, memberId, query.state, query.pageSize, pageOffset(query)),
    q.countRewards(ctx.db, memberId, query.state),
    claimableCount(ctx, memberId),
  ]);
  return { rows, total, claimable };
}

export async function wagering(ctx: AppContext, memberId: number) {
  const brand = await getBrand(ctx.db);
  const [rows, balance] = await Promise.all([
    q.wagersOf(ctx.db, memberId),
    q.bonusBalance(ctx.db, memberId, brand.currency),
  ]);
  return { rows, balance, currency: brand.currency };
}

// ---- joining and applying

export function phaseOf(
  p: { state: string; starts_at: Date | string; ends_at: Date | string | null },
  now: Date,
): 'draft' | 'scheduled' | 'running' | 'paused' | 'over' | 'ended' {
  if (p.state === 'draft') return 'draft';
  if (p.state === 'ended') return 'ended';
  if (p.ends_at !== null && new Date(p.ends_at) <= now) return 'over';
  if (p.state === 'paused') return 'paused';
  return new Date(p.starts_at) > now ? 'scheduled' : 'running';
}

async function openPromotion(ctx: AppContext, promotionId: number) {
  const p = await q.promotionById(ctx.db, promotionId);
  if (!p || p.state === 'draft') throw new AppError('PROMOTION_NOT_FOUND');
  if (phaseOf(p, ctx.now()) !== 'running') throw new AppError('PROMOTION_NOT_OPEN');
  return p;
}

/** MCSFE_signUpPromotionJoin: the member joins a promotion whose rules need it. */
export async function join(ctx: AppContext, memberId: number, promotionId: number) {
  const p = await openPromotion(ctx, promotionId);
  if (p.kind === 'application') throw new AppError('PROMOTION_NOT_OPEN');
  await assertInAudience(ctx.db, rulesOf(p.rules), memberId);
  await assertNotOnBreak(ctx, ctx.db, memberId); // no promotion during a break
  const added = await ctx.db.transaction().execute((trx) => q.insertJoin(trx, p.id, memberId));
  if (!added) throw new AppError('PROMOTION_ALREADY_JOINED');
  return { promotionId: p.id, status: 'Joined' as const };
}

export type ApplicationImage = { mime: string; bytes: Buffer };

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

/** PNG or JPEG by its first bytes (the declared type must agree), at most 5 MB. */
function imageType(image: ApplicationImage): 'image/png' | 'image/jpeg' {
  if (image.bytes.length === 0 || image.bytes.length > 5 * 1024 * 1024) throw new AppError('PROMOTION_IMAGE_INVALID');
  if (image.mime === 'image/png' && image.bytes.subarray(0, 8).equals(PNG)) return 'image/png';
  if ((image.mime === 'image/jpeg' || image.mime === 'image/jpg') && image.bytes.subarray(0, 3).equals(JPEG))
    return 'image/jpeg';
  throw new AppError('PROMOTION_IMAGE_INVALID');
}

/** An application promotion: a comment (1-140 characters) and up to 3 PNG/JPEG images of 5 MB. */
export async function apply(
  ctx: AppContext,
  memberId: number,
  promotionId: number,
  comment: string,
  images: ApplicationImage[],
) {
  const p = await openPromotion(ctx, promotionId);
  if (p.kind !== 'application') throw new AppError('PROMOTION_NOT_APPLICATION');
  await assertInAudience(ctx.db, rulesOf(p.rules), memberId);
  await assertNotOnBreak(ctx, ctx.db, memberId); // no promotion during a break
  if (images.length > 3) throw new AppError('PROMOTION_IMAGE_INVALID');
  const checked = images.map((i) => ({ mime: imageType(i), bytes: i.bytes }));
  // Only the pixels are kept (http/image-upload.ts): the operator reviewing it opens an image.
  const typed: typeof checked = [];
  for (const i of checked)
    typed.push({ mime: i.mime, bytes: await reencodeImage(i.bytes, i.mime, 'PROMOTION_IMAGE_INVALID') });
  if (await q.openApplication(ctx.db, p.id, memberId)) throw new AppError('PROMOTION_ALREADY_JOINED');
  return ctx.db.transaction().execute(async (trx) => {
    const { id } = await q.insertApplication(trx, { promotion_id: p.id, member_id: memberId, comment });
    for (const image of typed) await q.insertApplicationImage(trx, { application_id: id, ...image });
    return { promotionId: p.id, status: 'Applying' as const };
  });
}

/** An operator decides an application; approval makes its reward claimable. */
export async function decideApplication(
  ctx: AppContext,
  operatorId: number,
  id: number,
  decision: 'approve' | 'reject',
  reason: string | null,
) {
  return ctx.db.transaction().execute(async (trx) => {
    const a = await q.lockApplication(trx, id);
    if (!a) throw new AppError('APPLICATION_NOT_FOUND');
    if (a.status !== 'pending') throw new AppError('APPLICATION_DECIDED');
    const status = decision === 'approve' ? ('approved' as const) : ('rejected' as const);
    await q.decideApplication(trx, id, { status, reason, decided_by: operatorId, decided_at: ctx.now() });
    if (status === 'approved') {
      const p = await q.promotionById(trx, a.promotion_id);
      if (!p) throw new AppError('PROMOTION_NOT_FOUND');
      const rules = rulesOf(p.rules);
      const source = `application:${a.id}`;
      const amount = rules.amount === undefined ? 0 : rules.payAs === 'ticket' ? rules.amount : toMinor(rules.amount);
      const allowed =
        amount > 0 &&
        (await ticketKindOpen(trx, rules)) &&
        (await onePerPersonAllows(trx, p.id, rules, a.member_id, source, amount));
      if (allowed) {
        await q.insertReward(trx, {
          member_id: a.member_id,
          promotion_id: p.id,
          source,
          amount,
          basis: 0,
          currency: (await getBrand(trx)).currency,
          pay_as: rules.payAs,
          ticket_kind_id: rules.payAs === 'ticket' ? (rules.ticketKindId ?? null) : null,
          state: 'claimable',
          expires_at: new Date(ctx.now().getTime() + rules.claimDays * 86_400_000),
        });
      }
    }
    return { before: a, after: { ...a, status, reason } };
  });
}

// ---- expiry

/** Rewards past their claim window expire; wagers past their days forfeit the bonus left. */
export async function expireRewards(ctx: AppContext): Promise<{ rewards: number; wagers: number }> {
  const now = ctx.now();
  let rewards = 0;
  for (const { id } of await q.expiredRewardIds(ctx.db, now)) {
    await ctx.db.transaction().execute(async (trx) => {
      const r = await q.lockReward(trx, id);
      if (r?.state !== 'claimable' || !r.expires_at || new Date(r.expires_at) > now) return;
      await q.setRewardState(trx, id, { state: 'expired' });
      rewards++;
    });
  }
  let wagers = 0;
  for (const { id } of await q.expiredWagerIds(ctx.db, now)) {
    await ctx.db.transaction().execute(async (trx) => {
      const w = await q.lockWager(trx, id);
      if (w?.state !== 'active' || new Date(w.expires_at) > now) return;
      await forfeit(trx, ctx, w);
      wagers++;
    });
  }
  return { rewards, wagers };
}

// ---- ranking payouts

/**
 * Pays the prizes of every ranking promotion whose period is over, once: the promotion row is
 * locked and marked settled in the transaction that pays, each prize is a reward of source
 * rank:<n> (unique per promotion and rank) claimed at once (paid from promotions-expense, as cash
 * or as bonus with its wagering). The turnover counted is what the ranking consumer had taken when
 * the job ran; it first feeds that consumer until it has caught up.
 */
export async function payRankings(ctx: AppContext): Promise<{ promotions: number; prizes: number }> {
  const due = await q.unsettledRankings(ctx.db, ctx.now());
  if (due.length === 0) return { promotions: 0, prizes: 0 };
  // Every round settled before the end must be counted first; a consumer held back (a long
  // transaction elsewhere) leaves the payout to the next run.
  try {
    await drainActivity(ctx, rankingConsumer);
  } catch {
    return { promotions: 0, prizes: 0 };
  }
  let promotions = 0;
  let prizes = 0;
  for (const { id } of due) {
    await ctx.db.transaction().execute(async (trx) => {
      const p = await q.lockPromotion(trx, id);
      if (!p || p.settled_at !== null || p.ends_at === null || new Date(p.ends_at) > ctx.now()) return;
      const rules = rulesOf(p.rules);
      const table = rules.ranking?.prizes ?? [];
      const board = await q.leaderboard(trx, id, table.length);
      const currency = (await getBrand(trx)).currency;
      for (const [i, row] of board.entries()) {
        const amount = toMinor(table[i] ?? 0);
        if (amount <= 0) continue;
        const source = `rank:${i + 1}`;
        if (await q.rewardBySource(trx, id, source)) continue;
        const rewardId = await q.insertReward(trx, {
          member_id: row.member_id,
          promotion_id: id,
          source,
          amount,
          basis: 0,
          currency,
          pay_as: rules.payAs,
          state: 'claimable',
          expires_at: null,
        });
        const reward = rewardId === undefined ? undefined : await q.lockReward(trx, rewardId);
        if (!reward) continue;
        await claimLocked(trx, ctx, reward);
        prizes++;
      }
      await q.markSettled(trx, id, ctx.now());
      promotions++;
    });
  }
  return { promotions, prizes };
}

/** The live leaderboard of a ranking promotion (masked usernames) and the member's own place. */
export async function rankingBoard(ctx: AppContext, promotionId: number, memberId: number | undefined) {
  const p = await q.promotionById(ctx.db, promotionId);
  if (!p || p.state === 'draft' || p.kind !== 'ranking') throw new AppError('PROMOTION_NOT_FOUND');
  const rules = rulesOf(p.rules);
  const prizes = rules.ranking?.prizes ?? [];
  const size = Math.max(prizes.length, 10);
  const [rows, mine, brand] = await Promise.all([
    q.leaderboard(ctx.db, promotionId, size),
    memberId === undefined ? Promise.resolve(undefined) : q.placeOf(ctx.db, promotionId, memberId),
    getBrand(ctx.db),
  ]);
  const mineRow = rows.find((r) => r.member_id === memberId);
  return {
    promotion: p,
    prizes,
    rows,
    mine: mine ? { ...mine, username: mineRow?.username } : undefined,
    currency: brand.currency,
  };
}

export function refusalList(
  ctx: AppContext,
  query: { promotionId?: number | undefined; pageNo: number; pageSize: number },
) {
  return Promise.all([
    q.refusals(ctx.db, query.promotionId, query.pageSize, pageOffset(query)),
    q.countRefusals(ctx.db, query.promotionId),
  ]);
}

// ---- reads for the routes and the back office (queries stay private to this module)

export type PromotionRow = NonNullable<Awaited<ReturnType<typeof q.promotionById>>>;

export function promotionById(ctx: AppContext, id: number) {
  return q.promotionById(ctx.db, id);
}

export function allPromotions(ctx: AppContext) {
  return q.allPromotions(ctx.db);
}

/** The promotions a member (or a guest: undefined) may see: those whose audience holds it. */
export async function visiblePromotions(ctx: AppContext, type: string | undefined, memberId: number | undefined) {
  const rows = await q.visiblePromotions(ctx.db, type);
  const targeted = rows.filter((p) => isTargeted(rulesOf(p.rules)));
  if (targeted.length === 0) return rows;
  const facts = memberId === undefined ? undefined : await memberFacts(ctx.db, memberId);
  return rows.filter((p) => {
    const rules = rulesOf(p.rules);
    if (!isTargeted(rules)) return true;
    return facts !== undefined && audienceMiss(rules.audience, facts) === null;
  });
}

/** The member's standing in each promotion (for the spec §4 statuses). */
export async function standingOf(ctx: AppContext, memberId: number) {
  const [joins, apps, claimable, claimed] = await Promise.all([
    q.joinsOf(ctx.db, memberId),
    q.applicationsOf(ctx.db, memberId),
    q.rewardsOf(ctx.db, memberId, 'claimable', 1000, 0),
    q.rewardsOf(ctx.db, memberId, 'claimed', 1000, 0),
  ]);
  const now = ctx.now();
  return {
    joined: new Set(joins.map((j) => j.promotion_id)),
    application: new Map(apps.map((a) => [a.promotion_id, a.status])),
    claimable: new Set(
      claimable.filter((r) => r.expires_at === null || new Date(r.expires_at) > now).map((r) => r.promotion_id),
    ),
    claimed: new Set(claimed.map((r) => r.promotion_id)),
    // The latest claim decides (newest first): a bonus forfeited, then earned and claimed again, is Claimed.
    forfeited: new Set(
      claimed
        .filter(
          (r, i) =>
            r.wager_state === 'forfeited' && !claimed.slice(0, i).some((n) => n.promotion_id === r.promotion_id),
        )
        .map((r) => r.promotion_id),
    ),
  };
}

export async function claimedRewards(ctx: AppContext, memberId: number, ids: number[]) {
  const rows = await q.rewardsOf(ctx.db, memberId, 'claimed', 1000, 0);
  return rows.filter((r) => ids.includes(r.id));
}

export async function applicationList(
  ctx: AppContext,
  query: { status?: string | undefined; pageNo: number; pageSize: number },
) {
  const [rows, total] = await Promise.all([
    q.applications(ctx.db, query.status, query.pageSize, pageOffset(query)),
    q.countApplications(ctx.db, query.status),
  ]);
  const images = await q.imageIdsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { rows, total, images };
}

export function applicationImage(ctx: AppContext, id: number) {
  return q.applicationImage(ctx.db, id);
}

export function costRows(ctx: AppContext, from: Date, to: Date, tz: string, promotionId: number | undefined) {
  return q.costRows(ctx.db, from, to, tz, promotionId);
}
