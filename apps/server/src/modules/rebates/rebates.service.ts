import { addDays, brandDay } from '@gamehall/shared/calendar-day';
import { TRIAL_ACCOUNT_TYPE } from '@gamehall/shared/constants';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { AppError, fieldErrors } from '../../http/errors';
import { pageWindow } from '../../http/paging';
import type { ActivityConsumer } from '../activity/activity-bus';
import { getBrand } from '../brand/brand.service';
import * as ledger from '../ledger/ledger.service';
import { assertNotOnBreak } from '../responsible/responsible.service';
import { brandHour, dayStart, settings } from '../vip/vip.service';
import * as q from './rebates.queries';
import type { RebateLine } from './rebates.tables';

// Rebates, cash back (spec §1, §2 manual rebate, §9 rates; docs/vip.md).
// The consumer `rebates` records each settled round's valid bet with the rate of the member's VIP
// level for its game type (vip_levels.rebate_rates, ppm; defaults the spec §9 rates). The brand
// setting vip_settings.rebate_mode picks how it is paid: automatic (the job pays each member's
// rebate of the rounds settled before today once per member and brand day, at the brand hour) or
// manual (the member claims everything accrued since the last payment). Either way one payout
// row and one ledger posting from promotions-expense to cash, in one transaction under the
// member's row lock, so reruns and concurrent claims pay once.

const EXPENSE = 'promotions-expense';
const BATCH = 500;
const MILLION = 1_000_000n;

/** Lines by game type from the accruals: floor(sum of bets x rate / 1e6) per (game type, rate). */
export function linesOf(rows: { game_type: string; valid_bet: number; rate_ppm: number }[]): RebateLine[] {
  const groups = new Map<string, { gameType: string; ratePpm: number; bet: bigint }>();
  for (const r of rows) {
    const key = `${r.game_type}|${r.rate_ppm}`;
    const g = groups.get(key) ?? { gameType: r.game_type, ratePpm: r.rate_ppm, bet: 0n };
    g.bet += BigInt(r.valid_bet);
    groups.set(key, g);
  }
  const byType = new Map<string, RebateLine>();
  for (const g of groups.values()) {
    const amount = Number((g.bet * BigInt(g.ratePpm)) / MILLION);
    const line = byType.get(g.gameType) ?? { gameType: g.gameType, validBet: 0, ratePpm: g.ratePpm, amount: 0 };
    line.validBet += Number(g.bet);
    line.amount += amount;
    // Rates that changed within the period: the line shows the latest-seen one; the amount is exact.
    line.ratePpm = Math.max(line.ratePpm, g.ratePpm);
    byType.set(g.gameType, line);
  }
  return [...byType.values()].sort((a, b) => a.gameType.localeCompare(b.gameType));
}

export const rebatesConsumer: ActivityConsumer = {
  name: 'rebates',
  kinds: ['round.settled'],
  async handle(trx, event) {
    if (!Number.isSafeInteger(event.amount) || event.amount <= 0) return;
    const gameType = typeof event.data.gameType === 'string' ? event.data.gameType : '';
    if (!gameType) return;
    const member = await q.memberRate(trx, event.memberId, gameType);
    if (!member || member.type === TRIAL_ACCOUNT_TYPE || member.rate <= 0) return;
    await q.insertAccrual(trx, {
      memberId: event.memberId,
      eventId: event.id,
      gameType,
      validBet: event.amount,
      ratePpm: member.rate,
      settledAt: event.createdAt,
    });
  },
  // handle's rule over a batch (rewards engine "Keeping up"): the rates read and the accruals
  // written in one statement each.
  async handleBatch(trx, events) {
    const rounds = events.flatMap((event) => {
      const gameType = typeof event.data.gameType === 'string' ? event.data.gameType : '';
      return Number.isSafeInteger(event.amount) && event.amount > 0 && gameType ? [{ event, gameType }] : [];
    });
    if (rounds.length === 0) return;
    const rates = await q.memberRates(
      trx,
      rounds.map((r) => ({ memberId: r.event.memberId, gameType: r.gameType })),
    );
    await q.insertAccruals(
      trx,
      rounds.flatMap(({ event, gameType }) => {
        const member = rates.get(`${event.memberId}|${gameType}`);
        if (!member || member.type === TRIAL_ACCOUNT_TYPE || member.rate <= 0) return [];
        return [
          {
            memberId: event.memberId,
            eventId: event.id,
            gameType,
            validBet: event.amount,
            ratePpm: member.rate,
            settledAt: event.createdAt,
          },
        ];
      }),
    );
  },
};

/** Pays the locked accruals as one payout; undefined when they come to nothing (or the day is paid). */
async function payOut(
  trx: Trx,
  ctx: AppContext,
  memberId: number,
  mode: 'automatic' | 'manual',
  payDay: string | null,
  before: Date | undefined,
) {
  await q.lockMember(trx, memberId);
  if (payDay && (await q.automaticPayoutExists(trx, memberId, payDay))) return undefined;
  const rows = await q.lockUnpaid(trx, memberId, before);
  const lines = linesOf(rows);
  const amount = lines.reduce((s, l) => s + l.amount, 0);
  if (amount <= 0) return undefined;
  const brand = await getBrand(trx);
  const validBet = lines.reduce((s, l) => s + l.validBet, 0);
  const id = await q.insertPayout(trx, {
    memberId,
    mode,
    payDay,
    amount,
    validBet,
    lines,
    currency: brand.currency,
    now: ctx.now(),
  });
  if (id === undefined) return undefined;
  await q.markPaid(
    trx,
    rows.map((r) => r.id),
    id,
  );
  await ledger.post(trx, {
    idempotencyKey: payDay ? `rebate:auto:${memberId}:${payDay}` : `rebate:claim:${id}`,
    type: 'bonus.rebate',
    reference: `RB${id}`,
    entries: [
      { account: { house: EXPENSE, currency: brand.currency }, amount: -amount },
      { account: { member: memberId, currency: brand.currency }, amount },
    ],
  });
  return { id, amount, validBet, lines, createdAt: ctx.now(), mode };
}

/** The member claims everything accrued since the last payment (manual mode only). */
export async function claim(ctx: AppContext, memberId: number) {
  const s = await settings(ctx.db);
  if (s.rebateMode !== 'manual') throw new AppError('REBATE_MANUAL_DISABLED');
  await assertNotOnBreak(ctx, ctx.db, memberId); // no promotion during a break
  const paid = await ctx.db.transaction().execute((trx) => payOut(trx, ctx, memberId, 'manual', null, undefined));
  if (!paid) throw new AppError('REBATE_NOTHING_TO_CLAIM');
  return paid;
}

/**
 * Job (automatic mode): from the brand hour on, each member's rebate of the rounds settled before
 * today (brand day) is paid once for today. Reruns, a second node or a crash half-way pay nothing
 * twice (one payout per member and day, unique; the posting key rebate:auto:<member>:<day>).
 */
export async function runAutomaticRebates(ctx: AppContext): Promise<number> {
  const s = await settings(ctx.db);
  if (s.rebateMode !== 'automatic') return 0;
  const brand = await getBrand(ctx.db);
  const now = ctx.now();
  if (brandHour(now, brand.timeZone) < s.rebateHour) return 0;
  const today = brandDay(now, brand.timeZone);
  const before = dayStart(today, brand.timeZone);
  let paid = 0;
  for (;;) {
    const ids = await q.membersDue(ctx.db, today, before, BATCH);
    for (const id of ids) {
      const done = await ctx.db.transaction().execute((trx) => payOut(trx, ctx, id, 'automatic', today, before));
      if (done) paid++;
    }
    if (ids.length < BATCH) return paid;
  }
}

export async function summary(ctx: AppContext, memberId: number) {
  const [s, brand, groups, last] = await Promise.all([
    settings(ctx.db),
    getBrand(ctx.db),
    q.unpaidGroups(ctx.db, memberId),
    q.lastPayout(ctx.db, memberId),
  ]);
  const lines = linesOf(
    groups.map((g) => ({ game_type: g.game_type, rate_ppm: g.rate_ppm, valid_bet: Number(g.valid_bet) })),
  );
  return {
    mode: s.rebateMode,
    payoutHour: s.rebateHour,
    timeZone: brand.timeZone,
    lines,
    accrued: lines.reduce((sum, l) => sum + l.amount, 0),
    validBet: lines.reduce((sum, l) => sum + l.validBet, 0),
    lastPaidAt: last ? new Date(last.created_at) : null,
  };
}

export async function history(ctx: AppContext, memberId: number, page: { pageNo: number; pageSize: number }) {
  const [rows, total] = await Promise.all([
    q.pagePayouts(ctx.db, memberId, pageWindow(page)),
    q.countPayouts(ctx.db, memberId),
  ]);
  return { rows, total };
}

export type PayoutRow = Awaited<ReturnType<typeof q.pagePayouts>>[number];

/** Back office: rebate accrued (by the rounds' day) and paid (by the payment's day), per brand day. */
export async function reportByDay(ctx: AppContext, from: string, to: string) {
  const brand = await getBrand(ctx.db);
  const tz = brand.timeZone;
  const start = dayStart(from, tz);
  const end = dayStart(addDays(to, 1), tz);
  const [accrued, paid] = await Promise.all([
    q.accruedByDay(ctx.db, start, end, tz),
    q.paidByDay(ctx.db, start, end, tz),
  ]);
  const days: { day: string; accrued: number; validBet: number; paid: number; payouts: number }[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const a = accrued.find((r) => r.day === d);
    const p = paid.find((r) => r.day === d);
    days.push({
      day: d,
      accrued: Number(a?.amount ?? 0),
      validBet: Number(a?.valid_bet ?? 0),
      paid: Number(p?.amount ?? 0),
      payouts: Number(p?.n ?? 0),
    });
  }
  return { timeZone: tz, days };
}

// The back office's rebate report: rebates accrued and paid per brand day.
const MAX_REPORT_DAYS = 92;

/** The report's days must be real dates, in order, at most 92 of them. */
export async function rebateReport(ctx: AppContext, from: string, to: string) {
  const f = Date.parse(`${from}T00:00:00Z`);
  const t = Date.parse(`${to}T00:00:00Z`);
  if (Number.isNaN(f) || new Date(f).toISOString().slice(0, 10) !== from) throw fieldErrors({ from: 'INVALID' });
  if (Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== to) throw fieldErrors({ to: 'INVALID' });
  if (t < f || (t - f) / 86_400_000 + 1 > MAX_REPORT_DAYS) throw fieldErrors({ to: 'INVALID' });
  return reportByDay(ctx, from, to);
}
