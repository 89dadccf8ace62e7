import { createHash } from 'node:crypto';
import {
  type BreakPeriod,
  EXCLUSION_PERIODS,
  LIMIT_COOLING_HOURS,
  LIMIT_KEYS,
  type LimitKey,
  type SetLimitsBody,
} from '@gamehall/shared/api/responsible';
import { toMinor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import type { Conn, Trx } from '../../db/database';
import { AppError } from '../../http/errors';
import { getBrand } from '../brand/brand.service';
import * as q from './responsible.queries';
import type { LimitMap, PendingMap } from './responsible.tables';

export type { SettingsRow } from './responsible.queries';
export { marketingBlocked } from './responsible.queries';

// Responsible play (docs/responsible-play.md). The rules are enforced
// where money moves: the cashier's deposit order, the vendor wallet's bet, the game launch and the
// promotion claims call the guards below inside their own transaction; the member's page only shows.

const HOUR_MS = 3_600_000;
const PERIODS = ['day', 'week', 'month'] as const;
type Period = (typeof PERIODS)[number];
const DEPOSIT_KEYS = { day: 'depositDay', week: 'depositWeek', month: 'depositMonth' } as const;
const WAGER_KEYS = { day: 'wagerDay', week: 'wagerWeek', month: 'wagerMonth' } as const;
const LOSS_KEYS = { day: 'lossDay', week: 'lossWeek', month: 'lossMonth' } as const;

/** The limits in force at `now`: waiting raises and removals whose 24 hours are over apply. */
export function effectiveLimits(row: Pick<q.SettingsRow, 'limits' | 'pending'>, now: Date) {
  const limits: LimitMap = { ...row.limits };
  const pending: PendingMap = {};
  let applied = false;
  for (const [key, change] of Object.entries(row.pending)) {
    if (!change) continue;
    if (new Date(change.effectiveAt).getTime() <= now.getTime()) {
      applied = true;
      if (change.value === null) delete limits[key];
      else limits[key] = change.value;
    } else pending[key] = change;
  }
  return { limits, pending, applied };
}

export type ActiveBreak = { kind: 'timeout' | 'exclusion'; period: string; startedAt: Date; until: Date | null };

/** The member's time-out or self-exclusion in force at `now` (until null: permanent). */
export function activeBreak(
  row: Pick<q.SettingsRow, 'break_kind' | 'break_period' | 'break_started_at' | 'break_until'> | undefined,
  now: Date,
): ActiveBreak | undefined {
  if (!row?.break_kind || !row.break_started_at) return undefined;
  const until = row.break_until === null ? null : new Date(row.break_until);
  if (until && until.getTime() <= now.getTime()) return undefined;
  return { kind: row.break_kind, period: row.break_period ?? '', startedAt: new Date(row.break_started_at), until };
}

function breakError(b: ActiveBreak): AppError {
  return new AppError('RESPONSIBLE_BREAK_ACTIVE', { value: { kind: b.kind, until: b.until?.toISOString() ?? null } });
}

// ---- guards called where money moves

/**
 * The cashier's deposit order, inside its transaction before the order is written: refused during
 * a break, or when the order with the deposits asked for or credited in the period would go over a
 * deposit limit. The member's row is locked, so concurrent orders are decided one after the other.
 */
export async function assertDepositAllowed(ctx: AppContext, trx: Trx, memberId: number, amount: number) {
  const row = await q.lockSettings(trx, memberId);
  if (!row) return;
  const now = ctx.now();
  const b = activeBreak(row, now);
  if (b) throw breakError(b);
  const { limits } = effectiveLimits(row, now);
  if (!PERIODS.some((p) => limits[DEPOSIT_KEYS[p]] !== undefined)) return;
  const used = await q.depositUsage(trx, memberId, now);
  for (const period of PERIODS) {
    const limit = limits[DEPOSIT_KEYS[period]];
    if (limit === undefined || used[period] + amount <= limit) continue;
    throw new AppError('RESPONSIBLE_DEPOSIT_LIMIT', {
      value: { period, limit: limit / 100, remaining: Math.max(0, limit - used[period]) / 100 },
    });
  }
}

/** Records a deposit refused by a limit (after its transaction rolled back), for the loss-chasing signal. */
export async function noteDepositRefused(ctx: AppContext, memberId: number, error: unknown): Promise<void> {
  if (!(error instanceof AppError) || error.code !== 'RESPONSIBLE_DEPOSIT_LIMIT') return;
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await q.updateSettings(trx, memberId, { limit_hit_at: now }, now);
    await q.insertEvent(trx, { memberId, kind: 'limit_refused', detail: { kind: 'deposit' }, now });
  });
}

export type BetRefusalStatus = 'ERROR_PLAYER_LIMIT' | 'ERROR_PLAYER_EXCLUDED';

/**
 * The vendor wallet's bet, inside its transaction before its first write: one locking read of the
 * member's row (a member who set nothing pays only that probe), then, for a member with wager or
 * loss limits, one read of the period's rounds. Refused during a break, after the day's session
 * time, or when the stake would take the period's stakes or net loss over a limit. The refusal is
 * noted in the same transaction (the gateway commits it with the kept refusal).
 */
export async function betRefusal(
  ctx: AppContext,
  trx: Trx,
  memberId: number,
  amount: number,
): Promise<BetRefusalStatus | undefined> {
  const row = await q.lockSettings(trx, memberId);
  if (!row) return undefined;
  const now = ctx.now();
  if (activeBreak(row, now)) return 'ERROR_PLAYER_EXCLUDED';
  const { limits } = effectiveLimits(row, now);
  const refuse = async (kind: string): Promise<BetRefusalStatus> => {
    await q.updateSettings(trx, memberId, { limit_hit_at: now }, now);
    await q.insertEvent(trx, { memberId, kind: 'limit_refused', detail: { kind }, now });
    return 'ERROR_PLAYER_LIMIT';
  };
  const session = limits.sessionMinutes;
  if (session !== undefined && row.session_started_at) {
    const end = new Date(row.session_started_at).getTime() + session * 60_000;
    // The session of an earlier day ended with that day; only today's start counts.
    if (now.getTime() >= end && row.session_day === (await q.today(trx, now)).dayKey) return refuse('session');
  }
  const hasPlayLimit = PERIODS.some((p) => limits[WAGER_KEYS[p]] !== undefined || limits[LOSS_KEYS[p]] !== undefined);
  if (!hasPlayLimit) return undefined;
  const used = await q.playUsage(trx, memberId, now);
  for (const period of PERIODS) {
    const wager = limits[WAGER_KEYS[period]];
    if (wager !== undefined && used.wager[period] + amount > wager) return refuse('wager');
    const loss = limits[LOSS_KEYS[period]];
    if (loss !== undefined && used.loss[period] + amount > loss) return refuse('loss');
  }
  return undefined;
}

/**
 * A real game launch: refused during a break and once the day's session time is used up (until the
 * next brand day). With a session limit the day's session starts at the first launch, and the game
 * session ends when it does (the answer caps the game token's expiry). Returns that end, or null.
 * A free trial (`real` false) moves no money: only a break refuses it, and it starts no session.
 */
export async function admitLaunch(ctx: AppContext, memberId: number, real: boolean): Promise<Date | null> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await q.lockSettings(trx, memberId);
    if (!row) return null;
    const now = ctx.now();
    const b = activeBreak(row, now);
    if (b) throw breakError(b);
    const minutes = effectiveLimits(row, now).limits.sessionMinutes;
    if (minutes === undefined || !real) return null;
    const { dayKey, nextDay } = await q.today(trx, now);
    let started = row.session_started_at ? new Date(row.session_started_at) : null;
    if (row.session_day !== dayKey || !started) {
      started = now;
      await q.updateSettings(trx, memberId, { session_day: dayKey, session_started_at: now }, now);
    }
    const end = new Date(started.getTime() + minutes * 60_000);
    if (now.getTime() >= end.getTime())
      throw new AppError('RESPONSIBLE_SESSION_LIMIT', { value: { until: nextDay.toISOString() } });
    return end;
  });
}

/** The member's time-out or self-exclusion in force now, for the back office's member page. */
export async function breakOf(ctx: AppContext, db: Conn, memberId: number): Promise<ActiveBreak | undefined> {
  return activeBreak(await q.readSettings(db, memberId), ctx.now());
}

/** Promotion joins, applications and claims: closed during a break. */
export async function assertNotOnBreak(ctx: AppContext, db: Conn, memberId: number): Promise<void> {
  const b = activeBreak(await q.readSettings(db, memberId), ctx.now());
  if (b) throw breakError(b);
}

// ---- the member's settings

function toStored(key: LimitKey, value: number): number {
  return key === 'sessionMinutes' ? value : toMinor(value);
}

/**
 * Sets or removes limits. A new or lower limit applies at once (and drops a waiting raise of the same
 * limit); a higher one or a removal waits LIMIT_COOLING_HOURS and is shown with the time it applies.
 */
export async function setLimits(ctx: AppContext, memberId: number, body: SetLimitsBody): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await q.ensureSettings(trx, memberId);
    const now = ctx.now();
    const { limits, pending } = effectiveLimits(row, now);
    const effectiveAt = new Date(now.getTime() + LIMIT_COOLING_HOURS * HOUR_MS).toISOString();
    for (const key of LIMIT_KEYS) {
      if (!(key in body)) continue;
      const given = body[key];
      const value = given === null || given === undefined ? null : toStored(key, given);
      const current = limits[key];
      if (value !== null && (current === undefined || value <= current)) {
        limits[key] = value;
        delete pending[key];
        if (value !== current)
          await q.insertEvent(trx, { memberId, kind: 'limit_lowered', detail: { key, value }, now });
      } else if (value === null && current === undefined) {
        delete pending[key];
      } else {
        pending[key] = { value, effectiveAt };
        await q.insertEvent(trx, { memberId, kind: 'limit_raise_requested', detail: { key, value }, now });
      }
    }
    await q.updateSettings(trx, memberId, { limits, pending }, now);
  });
}

export async function setRealityCheck(ctx: AppContext, memberId: number, minutes: number | null): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await q.ensureSettings(trx, memberId);
    await q.updateSettings(trx, memberId, { reality_check_minutes: minutes }, ctx.now());
  });
}

/** When a break taken at `from` for `period` ends (null: permanent). */
export function breakEnd(from: Date, period: BreakPeriod): Date | null {
  const d = new Date(from);
  switch (period) {
    case '24h':
      return new Date(from.getTime() + 24 * HOUR_MS);
    case '7d':
      return new Date(from.getTime() + 7 * 24 * HOUR_MS);
    case '6w':
      return new Date(from.getTime() + 42 * 24 * HOUR_MS);
    case '6m':
      d.setUTCMonth(d.getUTCMonth() + 6);
      return d;
    case '1y':
      d.setUTCFullYear(d.getUTCFullYear() + 1);
      return d;
    case '5y':
      d.setUTCFullYear(d.getUTCFullYear() + 5);
      return d;
    case 'permanent':
      return null;
  }
}

/**
 * Starts a time-out or self-exclusion. During one, a new break is accepted only when it ends later
 * (the member cannot shorten or end it; only an operator lifts it, audited with a reason).
 */
export async function takeBreak(ctx: AppContext, memberId: number, period: BreakPeriod): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await q.ensureSettings(trx, memberId);
    const now = ctx.now();
    const until = breakEnd(now, period);
    const current = activeBreak(row, now);
    if (current && (current.until === null || (until !== null && until.getTime() <= current.until.getTime())))
      throw new AppError('RESPONSIBLE_BREAK_LOCKED');
    const kind = (EXCLUSION_PERIODS as readonly string[]).includes(period) ? 'exclusion' : 'timeout';
    await q.updateSettings(
      trx,
      memberId,
      { break_kind: kind, break_period: period, break_started_at: now, break_until: until },
      now,
    );
    await q.insertEvent(trx, { memberId, kind: 'break_taken', detail: { kind, period }, now });
  });
}

/** An operator ends a member's break (the route audits it with the reason). */
export async function liftBreak(ctx: AppContext, operatorId: number, memberId: number, reason: string) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await q.lockSettings(trx, memberId);
    const now = ctx.now();
    const current = activeBreak(row, now);
    if (!current) throw new AppError('RESPONSIBLE_NO_BREAK');
    await q.updateSettings(
      trx,
      memberId,
      { break_kind: null, break_period: null, break_started_at: null, break_until: null },
      now,
    );
    await q.insertEvent(trx, {
      memberId,
      kind: 'break_lifted',
      detail: { kind: current.kind, period: current.period, reason },
      operatorId,
      now,
    });
    return current;
  });
}

export type LimitState = { key: LimitKey; value: number | null; used: number; pending: PendingMap[string] | null };

/** Everything the member's page shows, with each limit's use of its period. */
export async function memberView(ctx: AppContext, memberId: number) {
  const brand = await getBrand(ctx.db);
  const row = await q.readSettings(ctx.db, memberId);
  return { ...(await describe(ctx, memberId, row)), currency: brand.currency, timeZone: brand.timeZone || 'UTC' };
}

/** The limits with their use, the reality check and the break of one member's row. */
export async function describe(ctx: AppContext, memberId: number, row: q.SettingsRow | undefined) {
  const now = ctx.now();
  const { limits, pending } = row ? effectiveLimits(row, now) : { limits: {} as LimitMap, pending: {} as PendingMap };
  const any = (keys: Record<Period, string>) => PERIODS.some((p) => limits[keys[p]] !== undefined);
  const deposits = row && any(DEPOSIT_KEYS) ? await q.depositUsage(ctx.db, memberId, now) : undefined;
  const play = row && (any(WAGER_KEYS) || any(LOSS_KEYS)) ? await q.playUsage(ctx.db, memberId, now) : undefined;
  let sessionUsed = 0;
  if (row?.session_started_at && limits.sessionMinutes !== undefined) {
    const { dayKey } = await q.today(ctx.db, now);
    if (row.session_day === dayKey)
      sessionUsed = Math.min(
        limits.sessionMinutes,
        Math.floor((now.getTime() - new Date(row.session_started_at).getTime()) / 60_000),
      );
  }
  const usedOf = (key: LimitKey): number => {
    for (const p of PERIODS) {
      if (DEPOSIT_KEYS[p] === key) return deposits?.[p] ?? 0;
      if (WAGER_KEYS[p] === key) return play?.wager[p] ?? 0;
      if (LOSS_KEYS[p] === key) return Math.max(0, play?.loss[p] ?? 0);
    }
    return sessionUsed;
  };
  const states: LimitState[] = LIMIT_KEYS.map((key) => ({
    key,
    value: limits[key] ?? null,
    used: usedOf(key),
    pending: pending[key] ?? null,
  }));
  return {
    limits: states,
    realityCheckMinutes: row?.reality_check_minutes ?? null,
    break: activeBreak(row, now) ?? null,
  };
}

/**
 * The reality check for the house studio's game page, which holds only the game token of its launch:
 * the same answer as for the login the game was launched from.
 * A trial, expired or unknown token is refused.
 */
export async function realityCheckForGame(ctx: AppContext, token: string) {
  // Hashed as the launch stores it (games/launch.service hashGameToken; not imported: that module imports this one).
  const found = await q.gameSessionLogin(ctx.db, createHash('sha256').update(token).digest('hex'), ctx.now());
  if (!found) throw new AppError('AUTH_REQUIRED');
  return realityCheck(ctx, found.memberId, found.sessionId);
}

/** Reality check: the interval chosen, and time and net result since this login. */
export async function realityCheck(ctx: AppContext, memberId: number, sessionId: number | null) {
  const [row, loginAt, brand] = await Promise.all([
    q.readSettings(ctx.db, memberId),
    sessionId === null ? undefined : q.sessionStart(ctx.db, sessionId),
    getBrand(ctx.db),
  ]);
  const now = ctx.now();
  const since = loginAt ?? now;
  return {
    minutes: row?.reality_check_minutes ?? null,
    loginAt: since,
    now,
    playedMinutes: Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000)),
    net: await q.netSince(ctx.db, memberId, since),
    currency: brand.currency,
  };
}

/** The activity statement: deposits, withdrawals, stakes, wins and net per brand month, newest first. */
export async function activityStatement(ctx: AppContext, memberId: number, months: number) {
  const brand = await getBrand(ctx.db);
  const tz = brand.timeZone || 'UTC';
  const now = ctx.now();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  const rows = (await q.statement(ctx.db, memberId, from, tz)).slice(0, months);
  return { currency: brand.currency, timeZone: tz, rows };
}

/** The statement as CSV (major units, one line per month). */
export function statementCsv(rows: q.StatementRow[]): string {
  const major = (n: number) => (n / 100).toFixed(2);
  const lines = ['month,deposits,withdrawals,bets,wins,net'];
  for (const r of rows)
    lines.push(
      [r.month, major(r.deposits), major(r.withdrawals), major(r.bets), major(r.wins), major(r.wins - r.bets)].join(
        ',',
      ),
    );
  return `${lines.join('\r\n')}\r\n`;
}
