import type { ProtectionDetailValue, ProtectionRow } from '@gamehall/shared/api/responsible';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { pageCounts, pageWindow } from '../../http/paging';
import { getBrand } from '../brand/brand.service';
import { presentBreak, presentLimit } from './responsible.presenter';
import * as q from './responsible.queries';
import { describe, liftBreak, type SettingsRow } from './responsible.service';

// The back office's player-protection view: members with
// limits, breaks and exclusions, their risk signals, the operator's notes and contact log, lifting a
// break (the route audits it with the reason) and the monthly report of limits set and breaks taken.

async function rowsOf(ctx: AppContext, rows: (SettingsRow & { username: string })[]): Promise<ProtectionRow[]> {
  const tz = (await getBrand(ctx.db)).timeZone || 'UTC';
  const signals = await q.riskSignals(
    ctx.db,
    rows.map((r) => r.member_id),
    ctx.now(),
    tz,
  );
  const out: ProtectionRow[] = [];
  for (const r of rows) {
    const d = await describe(ctx, r.member_id, r);
    const s = signals.get(r.member_id);
    out.push({
      memberId: r.member_id,
      username: r.username,
      limits: d.limits.map(presentLimit),
      realityCheckMinutes: d.realityCheckMinutes,
      break: presentBreak(d.break),
      limitHitAt: r.limit_hit_at ? new Date(r.limit_hit_at).toISOString() : null,
      signals: {
        depositFrequencyRising: s?.rising ?? false,
        lossChasing: s?.chasing ?? false,
        nightPlay: s?.night ?? false,
      },
    });
  }
  return out;
}

export async function protectionPage(
  ctx: AppContext,
  query: { filter: q.ProtectionFilter; member?: string | undefined; pageNo: number; pageSize: number },
) {
  const { rows, total } = await q.pageProtection(
    ctx.db,
    { filter: query.filter, member: query.member, ...pageWindow(query) },
    ctx.now(),
  );
  return {
    content: await rowsOf(ctx, rows),
    ...pageCounts(total, query),
  };
}

export async function protectionDetail(ctx: AppContext, memberId: number): Promise<ProtectionDetailValue> {
  const found = await q.settingsWithUsername(ctx.db, memberId);
  if (!found) throw new AppError('NOT_FOUND');
  const [row] = await rowsOf(ctx, [{ ...found.row, username: found.username }]);
  if (!row) throw new Error('protection row vanished');
  const notes = await q.notesOf(ctx.db, memberId);
  return {
    ...row,
    notes: notes.map((n) => ({
      id: Number(n.id),
      kind: n.kind,
      text: n.text,
      operator: n.operator,
      createdAt: new Date(n.created_at).toISOString(),
    })),
  };
}

export async function addNote(
  ctx: AppContext,
  operatorId: number,
  memberId: number,
  note: { kind: 'note' | 'contact'; text: string },
) {
  if (!(await q.settingsWithUsername(ctx.db, memberId))) throw new AppError('NOT_FOUND');
  return q.insertNote(ctx.db, { memberId, operatorId, ...note, now: ctx.now() });
}

export async function lift(ctx: AppContext, operatorId: number, memberId: number, reason: string) {
  if (!(await q.settingsWithUsername(ctx.db, memberId))) throw new AppError('NOT_FOUND');
  return liftBreak(ctx, operatorId, memberId, reason);
}

/** Limits set (lowered or new), raises asked for, time-outs, self-exclusions and lifts per brand month. */
export async function monthlyReport(ctx: AppContext, months: number) {
  const tz = (await getBrand(ctx.db)).timeZone || 'UTC';
  const now = ctx.now();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  const counts = await q.eventsByMonth(ctx.db, from, tz);
  const byMonth = new Map<
    string,
    { month: string; limitsSet: number; limitsRaised: number; timeouts: number; exclusions: number; lifted: number }
  >();
  for (const c of counts) {
    const m = byMonth.get(c.month) ?? {
      month: c.month,
      limitsSet: 0,
      limitsRaised: 0,
      timeouts: 0,
      exclusions: 0,
      lifted: 0,
    };
    if (c.kind === 'limit_lowered') m.limitsSet += c.n;
    else if (c.kind === 'limit_raise_requested') m.limitsRaised += c.n;
    else if (c.kind === 'break_taken' && c.detailKind === 'timeout') m.timeouts += c.n;
    else if (c.kind === 'break_taken' && c.detailKind === 'exclusion') m.exclusions += c.n;
    else if (c.kind === 'break_lifted') m.lifted += c.n;
    byMonth.set(c.month, m);
  }
  return {
    timeZone: tz,
    months: [...byMonth.values()].sort((a, b) => b.month.localeCompare(a.month)).slice(0, months),
  };
}
