import type { MemberLevelBody, VipLevelsBody, VipSettingsBody } from '@gamehall/shared/api/vip';
import { addDays, brandDay } from '@gamehall/shared/calendar-day';
import { TRIAL_ACCOUNT_TYPE } from '@gamehall/shared/constants';
import { toMinor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import type { Conn, Trx } from '../../db/database';
import { AppError } from '../../http/errors';
import { setVipLevel } from '../accounts/member-record.service';
import type { ActivityConsumer } from '../activity/activity-bus';
import { getBrand } from '../brand/brand.service';
import * as ledger from '../ledger/ledger.service';
import * as q from './vip.queries';
import type { VipBonusKind } from './vip.tables';

// VIP levels (spec §1 VIP levels, §3 public state; docs/vip.md).
// The consumer `vip` adds every credited deposit and settled round's valid bet to the member's
// brand day; after each it evaluates the member: the highest level whose deposit AND valid-bet
// thresholds the member meets over the window (vip_settings.window_days, today included) is
// reached at once if above the current one, with the upgrade bonus of every level passed (once
// per level, ever). Downgrades happen only at the monthly review (one level at a time, see
// docs/vip.md). Bonuses are paid from promotions-expense to cash by one ledger posting with the
// key vip-<kind>:<member>:<period>, in the transaction that records vip_bonuses (unique per
// member, kind and period), under the member's row lock: replays and concurrent evaluations pay once.

const EXPENSE = 'promotions-expense';
const BATCH = 200;

// ---- brand days

/** The instant a brand day starts (the offset of the zone at that day's noon, so DST shifts are right). */
export function dayStart(day: string, tz: string): Date {
  const noonUtc = new Date(`${day}T12:00:00Z`);
  const local = new Date(noonUtc.toLocaleString('en-US', { timeZone: tz }));
  const utc = new Date(noonUtc.toLocaleString('en-US', { timeZone: 'UTC' }));
  const offset = local.getTime() - utc.getTime();
  return new Date(Date.parse(`${day}T00:00:00Z`) - offset);
}

/** The hour (0-23) of an instant in the brand's zone. */
export function brandHour(at: Date, tz: string): number {
  const h = new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', hourCycle: 'h23' }).format(at);
  return Number(h);
}

// ---- levels

export type Level = {
  level: number;
  labelName: string;
  minDeposit: number;
  minValidBet: number;
  upgradeBonus: number;
  monthlyBonus: number;
  birthdayBonus: number;
  withdrawDailyCount: number | null;
  withdrawDailyAmount: number | null;
  /** ppm per game type; a type absent earns no rebate. */
  rebateRates: Record<string, number>;
};

function levelOf(r: q.LevelRow): Level {
  const rates = typeof r.rebate_rates === 'string' ? JSON.parse(r.rebate_rates) : r.rebate_rates;
  return {
    level: r.level,
    labelName: r.label_name,
    minDeposit: Number(r.min_deposit),
    minValidBet: Number(r.min_valid_bet),
    upgradeBonus: Number(r.upgrade_bonus),
    monthlyBonus: Number(r.monthly_bonus),
    birthdayBonus: Number(r.birthday_bonus),
    withdrawDailyCount: r.withdraw_daily_count,
    withdrawDailyAmount: r.withdraw_daily_amount === null ? null : Number(r.withdraw_daily_amount),
    rebateRates: rates as Record<string, number>,
  };
}

export async function levels(db: Conn): Promise<Level[]> {
  return (await q.allLevels(db)).map(levelOf);
}

export async function levelByNumber(db: Conn, level: number): Promise<Level | undefined> {
  return (await levels(db)).find((l) => l.level === level);
}

export async function settings(db: Conn) {
  const s = await q.settingsRow(db);
  return { windowDays: s.window_days, rebateMode: s.rebate_mode, rebateHour: s.rebate_hour };
}

type Totals = { deposits: number; validBets: number };

function meets(l: Level, t: Totals): boolean {
  return t.deposits >= l.minDeposit && t.validBets >= l.minValidBet;
}

/** The highest level whose thresholds the totals meet (0 when none). */
export function levelReached(all: Level[], t: Totals): number {
  let reached = 0;
  for (const l of all) if (meets(l, t) && l.level > reached) reached = l.level;
  return reached;
}

export async function memberTotals(db: Conn, memberId: number, now: Date) {
  const [brand, s] = await Promise.all([getBrand(db), settings(db)]);
  const today = brandDay(now, brand.timeZone);
  const totals = await q.windowTotals(db, memberId, addDays(today, -(s.windowDays - 1)));
  return { ...totals, windowDays: s.windowDays };
}

// ---- bonuses

async function payBonus(
  trx: Trx,
  ctx: AppContext,
  b: { memberId: number; kind: VipBonusKind; period: string; level: number; amount: number; currency: string },
): Promise<boolean> {
  if (b.amount <= 0) return false;
  const id = await q.insertBonus(trx, { ...b, now: ctx.now() });
  if (id === undefined) return false;
  await ledger.post(trx, {
    idempotencyKey: `vip-${b.kind}:${b.memberId}:${b.period}`,
    type: `bonus.vip-${b.kind}`,
    reference: `VIP${id}`,
    entries: [
      { account: { house: EXPENSE, currency: b.currency }, amount: -b.amount },
      { account: { member: b.memberId, currency: b.currency }, amount: b.amount },
    ],
  });
  return true;
}

/**
 * Upgrades the member to the highest level the window's totals reach, paying the upgrade bonus of
 * each level passed (once per level, ever). Never downgrades. Runs in the caller's transaction;
 * the member row lock serialises two evaluations of one member.
 */
export async function evaluateMember(trx: Trx, ctx: AppContext, memberId: number): Promise<number | null> {
  const member = await q.lockMember(trx, memberId);
  if (!member || member.type === TRIAL_ACCOUNT_TYPE) return null;
  // A level set by hand holds until its end: the rules take over only then.
  if (await q.activeHold(trx, memberId, ctx.now())) return member.vip_level;
  const [all, totals, brand] = await Promise.all([levels(trx), memberTotals(trx, memberId, ctx.now()), getBrand(trx)]);
  const target = levelReached(all, totals);
  if (target <= member.vip_level) return member.vip_level;
  await upgrade(trx, ctx, { memberId, from: member.vip_level, to: target }, all, brand.currency);
  return target;
}

/** The upgrade itself: the level, its change record and the bonus of every level passed. */
async function upgrade(
  trx: Trx,
  ctx: AppContext,
  u: { memberId: number; from: number; to: number },
  all: Level[],
  currency: string,
): Promise<void> {
  const { memberId } = u;
  await setVipLevel(trx, memberId, u.to, ctx.now());
  await q.insertLevelChange(trx, { memberId, from: u.from, to: u.to, source: 'upgrade', now: ctx.now() });
  for (const l of all) {
    if (l.level <= u.from || l.level > u.to) continue;
    await payBonus(trx, ctx, {
      memberId,
      kind: 'upgrade',
      period: String(l.level),
      level: l.level,
      amount: l.upgradeBonus,
      currency,
    });
  }
}

/** evaluateMember in a transaction of its own. */
export function evaluateMemberNow(ctx: AppContext, memberId: number) {
  return ctx.db.transaction().execute((trx) => evaluateMember(trx, ctx, memberId));
}

/**
 * The VIP programme on the rewards engine: a credited deposit or a settled round's valid bet is
 * added to the member's brand day (of the event), then the member is evaluated, all in the
 * engine's transaction (exactly once per event).
 */
export const vipConsumer: ActivityConsumer = {
  name: 'vip',
  kinds: ['deposit', 'round.settled'],
  async handle(trx, event, ctx) {
    if (!Number.isSafeInteger(event.amount) || event.amount <= 0) return;
    const brand = await getBrand(trx);
    const day = brandDay(event.createdAt, brand.timeZone);
    const isDeposit = event.kind === 'deposit';
    await q.addToMemberDay(trx, event.memberId, day, {
      deposits: isDeposit ? event.amount : 0,
      bets: isDeposit ? 0 : event.amount,
    });
    await evaluateMember(trx, ctx, event.memberId);
  },
  // handle's rule over a batch (rewards engine "Keeping up"): the members locked in one statement,
  // their window totals read once before the batch's days are added (one write per member and
  // day), then each event is added in memory and the member evaluated after it, as handle does.
  async handleBatch(trx, events, ctx) {
    const counted = events.filter((e) => Number.isSafeInteger(e.amount) && e.amount > 0);
    if (counted.length === 0) return;
    const brand = await getBrand(trx);
    const ids = [...new Set(counted.map((e) => e.memberId))];
    const members = new Map((await q.lockMembers(trx, ids)).map((m) => [Number(m.id), m]));
    const held = await q.heldMembers(trx, ids, ctx.now());
    const [all, s] = await Promise.all([levels(trx), settings(trx)]);
    const fromDay = addDays(brandDay(ctx.now(), brand.timeZone), -(s.windowDays - 1));
    const totals = await q.windowTotalsOf(trx, ids, fromDay);
    const days = new Map<string, { memberId: number; day: string; deposits: number; bets: number }>();
    const dayOf = counted.map((e) => brandDay(e.createdAt, brand.timeZone));
    counted.forEach((e, i) => {
      const day = dayOf[i] as string;
      const row = days.get(`${e.memberId}|${day}`) ?? { memberId: e.memberId, day, deposits: 0, bets: 0 };
      if (e.kind === 'deposit') row.deposits += e.amount;
      else row.bets += e.amount;
      days.set(`${e.memberId}|${day}`, row);
    });
    await q.addToMemberDays(trx, [...days.values()]);
    for (const [i, e] of counted.entries()) {
      const member = members.get(e.memberId);
      if (!member || member.type === TRIAL_ACCOUNT_TYPE || held.has(e.memberId)) continue;
      const t = totals.get(e.memberId) ?? { deposits: 0, validBets: 0 };
      if ((dayOf[i] as string) >= fromDay) {
        if (e.kind === 'deposit') t.deposits += e.amount;
        else t.validBets += e.amount;
      }
      totals.set(e.memberId, t);
      const target = levelReached(all, t);
      if (target <= member.vip_level) continue;
      await upgrade(trx, ctx, { memberId: e.memberId, from: member.vip_level, to: target }, all, brand.currency);
      member.vip_level = target;
    }
  },
};

// ---- monthly review and bonus, birthday bonus (jobs)

/**
 * The month's review of one member (docs/vip.md "Downgrade"): when the window's totals no longer
 * meet the current level's thresholds, the member goes down one level (never more in one month);
 * then the monthly bonus of the level held is paid (once per member and month).
 */
async function reviewMember(ctx: AppContext, memberId: number, month: string): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const member = await q.lockMember(trx, memberId);
    if (!member || member.vip_level <= 0) return;
    // A level set by hand since the member was listed: its review waits for the end of the hold.
    if (await q.activeHold(trx, memberId, ctx.now())) return;
    // A trial account is marked reviewed with nothing done, so the job never lists it again.
    if (member.type === TRIAL_ACCOUNT_TYPE) {
      await q.insertReview(trx, memberId, month, member.vip_level, member.vip_level, ctx.now());
      return;
    }
    const [all, totals, brand] = await Promise.all([
      levels(trx),
      memberTotals(trx, memberId, ctx.now()),
      getBrand(trx),
    ]);
    const current = all.find((l) => l.level === member.vip_level);
    const keeps = current ? meets(current, totals) : false;
    const to = keeps ? member.vip_level : Math.max(0, Math.min(member.vip_level - 1, all.at(-1)?.level ?? 0));
    if (!(await q.insertReview(trx, memberId, month, member.vip_level, to, ctx.now()))) return;
    if (to !== member.vip_level) {
      await setVipLevel(trx, memberId, to, ctx.now());
      await q.insertLevelChange(trx, { memberId, from: member.vip_level, to, source: 'review', now: ctx.now() });
    }
    const held = all.find((l) => l.level === to);
    if (held && to > 0) {
      await payBonus(trx, ctx, {
        memberId,
        kind: 'monthly',
        period: month,
        level: to,
        amount: held.monthlyBonus,
        currency: brand.currency,
      });
    }
  });
}

/** Job: every member above level 0 not yet reviewed in this brand month is reviewed (and paid). */
export async function runMonthlyReview(ctx: AppContext): Promise<number> {
  const brand = await getBrand(ctx.db);
  const month = brandDay(ctx.now(), brand.timeZone).slice(0, 7);
  let done = 0;
  for (;;) {
    const ids = await q.membersToReview(ctx.db, month, ctx.now(), BATCH);
    for (const id of ids) await reviewMember(ctx, id, month);
    done += ids.length;
    if (ids.length < BATCH) return done;
  }
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * Job: members above level 0 whose birthday is today (brand day; 29 February counts on
 * 28 February in other years) get their level's birthday bonus, once per year.
 */
export async function runBirthdayBonuses(ctx: AppContext): Promise<number> {
  const brand = await getBrand(ctx.db);
  const today = brandDay(ctx.now(), brand.timeZone);
  const year = today.slice(0, 4);
  const mmdd = today.slice(5);
  const mmdds = mmdd === '02-28' && !isLeapYear(Number(year)) ? ['02-28', '02-29'] : [mmdd];
  let paid = 0;
  const seen = new Set<number>();
  for (;;) {
    const ids = (await q.birthdayMembers(ctx.db, mmdds, year, BATCH)).filter((id) => !seen.has(id));
    for (const id of ids) {
      seen.add(id);
      const done = await ctx.db.transaction().execute(async (trx) => {
        const member = await q.lockMember(trx, id);
        if (!member || member.vip_level <= 0 || member.type === TRIAL_ACCOUNT_TYPE) return false;
        if (!member.birthday || !mmdds.includes(member.birthday)) return false;
        const level = await levelByNumber(trx, member.vip_level);
        if (!level) return false;
        return payBonus(trx, ctx, {
          memberId: id,
          kind: 'birthday',
          period: year,
          level: level.level,
          amount: level.birthdayBonus,
          currency: brand.currency,
        });
      });
      if (done) paid++;
    }
    if (ids.length === 0) return paid;
  }
}

// ---- withdrawal limits (called by the cashier)

/**
 * The member's level's daily withdrawal limits (count and amount of requests in the brand day,
 * rejected ones not counted). Called by the cashier inside its request transaction after it took
 * the member's lock, so two requests at once cannot both pass; a refusal rolls it back before
 * anything is held.
 */
export async function assertWithdrawalWithinLevel(trx: Trx, ctx: AppContext, memberId: number, amount: number) {
  const member = await q.memberById(trx, memberId);
  if (!member) return;
  const level = await levelByNumber(trx, member.vip_level);
  if (!level || (level.withdrawDailyCount === null && level.withdrawDailyAmount === null)) return;
  const brand = await getBrand(trx);
  const since = dayStart(brandDay(ctx.now(), brand.timeZone), brand.timeZone);
  const today = await q.withdrawalsSince(trx, memberId, since);
  if (level.withdrawDailyCount !== null && today.count + 1 > level.withdrawDailyCount)
    throw new AppError('VIP_WITHDRAWAL_COUNT_LIMIT', {
      value: { limit: level.withdrawDailyCount, used: today.count },
    });
  if (level.withdrawDailyAmount !== null && today.amount + amount > level.withdrawDailyAmount)
    throw new AppError('VIP_WITHDRAWAL_AMOUNT_LIMIT', {
      value: { limit: level.withdrawDailyAmount / 100, used: today.amount / 100 },
    });
}

// ---- member view

export async function memberSummary(ctx: AppContext, memberId: number) {
  const member = await q.memberById(ctx.db, memberId);
  if (!member) throw new AppError('AUTH_REQUIRED');
  const [all, totals] = await Promise.all([levels(ctx.db), memberTotals(ctx.db, memberId, ctx.now())]);
  const current = all.find((l) => l.level === member.vip_level);
  const next = all.find((l) => l.level > member.vip_level) ?? null;
  return { level: member.vip_level, labelName: current?.labelName ?? '', totals, next, levels: all };
}

export type MemberSummary = Awaited<ReturnType<typeof memberSummary>>;

// ---- back office

export async function adminOverview(ctx: AppContext) {
  const [all, s] = await Promise.all([levels(ctx.db), settings(ctx.db)]);
  return { levels: all, settings: s };
}

/**
 * Replaces the level table. Levels above the new top are removed only when no member holds one
 * (VIP_LEVEL_IN_USE); members keep their level otherwise and are re-evaluated by their next event.
 */
export async function replaceLevels(ctx: AppContext, body: VipLevelsBody) {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await levels(trx);
    const top = body.levels.length - 1;
    if ((await q.highestMemberLevel(trx)) > top) throw new AppError('VIP_LEVEL_IN_USE');
    await q.replaceLevels(
      trx,
      body.levels.map((l) => ({
        level: l.level,
        label_name: l.labelName,
        min_deposit: toMinor(l.minDeposit),
        min_valid_bet: toMinor(l.minValidBet),
        upgrade_bonus: toMinor(l.upgradeBonus),
        monthly_bonus: toMinor(l.monthlyBonus),
        birthday_bonus: toMinor(l.birthdayBonus),
        withdraw_daily_count: l.withdrawDailyCount,
        withdraw_daily_amount: l.withdrawDailyAmount === null ? null : toMinor(l.withdrawDailyAmount),
        rebate_rates: Object.fromEntries(
          l.rebateRates.filter((r) => r.ratePpm > 0).map((r) => [r.gameType, r.ratePpm]),
        ),
      })),
      ctx.now(),
    );
    return { before, after: await levels(trx) };
  });
}

export async function changeSettings(ctx: AppContext, body: VipSettingsBody) {
  const before = await settings(ctx.db);
  await q.saveSettings(
    ctx.db,
    { window_days: body.windowDays, rebate_mode: body.rebateMode, rebate_hour: body.rebateHour },
    ctx.now(),
  );
  return { before, after: await settings(ctx.db) };
}

/** The first day of the brand month after `day`'s. */
function nextMonthStart(day: string): string {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The longest a level set by hand can hold through a date. */
const MAX_HOLD_DAYS = 366;

/**
 * An operator sets a member's level (audited by the route, recorded with the reason). The level
 * holds until the date the operator chose (through that brand day) or the next monthly review (the
 * end of this brand month): until then no event's upgrade and no review changes it, and the review
 * pays no monthly bonus (vip_level_holds). It grants only what the operator chose: the level's
 * upgrade bonus when `upgradeBonus` is set and the level is above the member's (once per member
 * and level, ever, like any upgrade bonus); nothing otherwise.
 */
export async function setMemberLevel(
  ctx: AppContext,
  operatorId: number,
  memberId: number,
  body: { level: number; reason: string; holdUntil: MemberLevelBody['holdUntil']; upgradeBonus?: boolean | undefined },
) {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const member = await q.lockMember(trx, memberId);
    if (!member) throw new AppError('MEMBER_NOT_FOUND');
    const target = await levelByNumber(trx, body.level);
    if (!target) throw new AppError('VIP_LEVEL_NOT_FOUND');
    const brand = await getBrand(trx);
    const today = brandDay(now, brand.timeZone);
    const byReview = body.holdUntil === 'review';
    const lastDay = byReview ? addDays(nextMonthStart(today), -1) : body.holdUntil;
    const realDay = !Number.isNaN(Date.parse(`${lastDay}T00:00:00Z`)) && addDays(lastDay, 0) === lastDay;
    if (!byReview && (!realDay || lastDay < today || lastDay > addDays(today, MAX_HOLD_DAYS)))
      throw new AppError('VALIDATION_FAILED', { value: { holdUntil: body.holdUntil } });
    const endsAt = dayStart(addDays(lastDay, 1), brand.timeZone);
    if (member.vip_level !== body.level) {
      await setVipLevel(trx, memberId, body.level, now);
      await q.insertLevelChange(trx, {
        memberId,
        from: member.vip_level,
        to: body.level,
        source: 'operator',
        reason: body.reason,
        operatorId,
        now,
      });
    }
    await q.saveHold(trx, {
      memberId,
      level: body.level,
      untilKind: byReview ? 'review' : 'date',
      lastDay,
      endsAt,
      setBy: operatorId,
      now,
    });
    const upgradeBonusPaid =
      body.upgradeBonus && body.level > member.vip_level
        ? await payBonus(trx, ctx, {
            memberId,
            kind: 'upgrade',
            period: String(body.level),
            level: body.level,
            amount: target.upgradeBonus,
            currency: brand.currency,
          })
        : false;
    return { from: member.vip_level, to: body.level, until: byReview ? 'review' : lastDay, upgradeBonusPaid };
  });
}

export async function memberVip(ctx: AppContext, memberId: number) {
  const member = await q.memberById(ctx.db, memberId);
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  const [all, totals, changes, hold] = await Promise.all([
    levels(ctx.db),
    memberTotals(ctx.db, memberId, ctx.now()),
    q.levelChanges(ctx.db, memberId),
    q.activeHold(ctx.db, memberId, ctx.now()),
  ]);
  return {
    member,
    hold: hold ?? null,
    labelName: all.find((l) => l.level === member.vip_level)?.labelName ?? '',
    totals,
    changes,
  };
}

export async function memberVipByUsername(ctx: AppContext, username: string) {
  const member = await q.memberByUsername(ctx.db, username);
  if (!member) throw new AppError('MEMBER_NOT_FOUND');
  return memberVip(ctx, member.id);
}
