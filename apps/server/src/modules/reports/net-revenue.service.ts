import type { NgrReportQuery, NgrRowsQuery } from '@gamehall/shared/api/reports';
import type { AppContext } from '../../context';
import { agentNgrSettings } from '../agents/member-revenue.sql';
import { BrandSettingsSchema, getBrand } from '../brand/brand.service';
import { pointsConfig } from '../points/points.service';
import * as q from './net-revenue.queries';
import { COST_CATEGORIES, type CostCategory, operatorNgrSettings } from './net-revenue.sql';
import { gameNames } from './reports.queries';

// The net revenue report, its drill-down and the liabilities (docs/back-office.md "Net revenue").
// Figures come from the rollups the reports job keeps.

export type Figures = q.NgrFigures & { ggr: number; deductions: number; ngr: number };

/** GGR, every deduction, and what is left: NGR = GGR - each deduction. */
export function withNgr(f: q.NgrFigures): Figures {
  const ggr = f.bet_amount - f.win_amount;
  const deductions = COST_CATEGORIES.reduce((a, c) => a + f[c], 0) + f.provider_fee + f.payment_fee;
  return { ...f, ggr, deductions, ngr: ggr - deductions };
}

function minus(a: q.NgrFigures, b: q.NgrFigures): q.NgrFigures {
  const out = { ...a };
  for (const k of Object.keys(a) as (keyof q.NgrFigures)[]) out[k] = a[k] - b[k];
  return out;
}

/**
 * The settings a day's rollups are computed with: the dividend base's fees, every deduction on. A
 * day an agents' dividend settled keeps the fees it was settled with (docs/agents.md "Settled
 * periods are frozen"), so a later fee change does not rewrite its report.
 */
export async function ngrSettingsOf(ctx: AppContext, day?: q.Day) {
  const frozen = day === undefined ? null : await q.settledNgr(ctx.db, day);
  const settings =
    frozen === null ? agentNgrSettings(await getBrand(ctx.db)) : BrandSettingsSchema.shape.agentNgr.parse(frozen);
  return operatorNgrSettings(settings);
}

export async function ngrReport(ctx: AppContext, query: NgrReportQuery) {
  const filter: q.NgrFilter = {
    from: query.from,
    to: query.to,
    vendor: query.vendor,
    gameType: query.gameType,
    agentId: query.agentId,
    memberId: query.memberId,
  };
  const [brand, page, totals, refreshedAt] = await Promise.all([
    getBrand(ctx.readDb),
    q.ngrPage(ctx.readDb, query.groupBy, filter, { column: query.sort, order: query.order }, query),
    q.ngrTotals(ctx.readDb, query.groupBy, filter),
    q.refreshedAt(ctx.readDb, query.to),
  ]);
  const memberIds = page.rows.map((r) => r.member_id).filter((id): id is number => id !== null && id > 0);
  const [members, games] = await Promise.all([
    query.groupBy === 'player' || query.groupBy === 'agent' ? q.usernames(ctx.readDb, memberIds) : null,
    query.groupBy === 'game'
      ? gameNames(
          ctx.readDb,
          page.rows.map((r) => ({ vendor: r.vendor_code ?? '', code: r.game_code ?? '' })),
        )
      : null,
  ]);
  const labelOf = (r: q.NgrRow): string | null => {
    if (members && r.member_id !== null) return members.get(r.member_id) ?? null;
    if (games && r.vendor_code && r.game_code) return games.get(`${r.vendor_code}:${r.game_code}`) ?? null;
    return null;
  };
  const rest = totals.rows ? minus(totals.whole, totals.rows) : null;
  return {
    timeZone: brand.timeZone,
    refreshedAt,
    rows: page.rows.map((r) => ({ ...r, label: labelOf(r), figures: withNgr(r) })),
    total: page.total,
    totals: withNgr(totals.whole),
    notByGame: rest && Object.values(rest).some((v) => v !== 0) ? withNgr(rest) : null,
  };
}

export type NgrReportResult = Awaited<ReturnType<typeof ngrReport>>;

/** The rows behind one figure of the report, for the filter the figure was shown under. */
export async function ngrRows(ctx: AppContext, query: NgrRowsQuery) {
  const tz = (await getBrand(ctx.readDb)).timeZone;
  const f: q.DrillFilter = {
    from: query.from,
    to: query.to,
    vendor: query.vendor,
    gameType: query.gameType,
    gameCode: query.gameCode,
    agentId: query.agentId,
    memberId: query.memberId,
  };
  const page = { pageNo: query.pageNo, pageSize: query.pageSize };
  const db = ctx.readDb;
  const none = { rows: [], total: 0 };
  // A game type or game has GGR only; a vendor has GGR and its provider fee; the rest is per member.
  const byGame = f.gameType !== undefined || f.gameCode !== undefined;
  switch (query.figure) {
    case 'ggr':
      return { kind: 'rounds' as const, timeZone: tz, ...(await q.drillRounds(db, f, tz, page)) };
    case 'providerFee':
      return { kind: 'fees' as const, timeZone: tz, ...(byGame ? none : await q.drillProviderFees(db, f, page)) };
    case 'paymentFee':
      return {
        kind: 'fees' as const,
        timeZone: tz,
        ...(byGame || f.vendor !== undefined ? none : await q.drillPaymentFees(db, f, tz, page)),
      };
    default:
      return {
        kind: 'postings' as const,
        timeZone: tz,
        ...(byGame || f.vendor !== undefined
          ? none
          : await q.drillPostings(db, query.figure as CostCategory, f, tz, page)),
      };
  }
}

export type NgrRowsResult = Awaited<ReturnType<typeof ngrRows>>;

// ---- the dashboard's liabilities and daily figures

export async function liabilities(ctx: AppContext) {
  const [row, points] = await Promise.all([q.liabilities(ctx.readDb), pointsConfig(ctx)]);
  if (!row) return null;
  const pts = Number(row.points);
  // The mall's cash rate: exchangeAmount (minor units) per exchangePoints points, rounded down.
  const { exchange_points: per, exchange_amount: amount } = points.config;
  const pointsValue = Number(per) > 0 ? Math.floor((pts * Number(amount)) / Number(per)) : 0;
  return {
    bonus: Number(row.bonus_amount),
    bonusMembers: row.bonus_members,
    points: pts,
    pointsValue,
    pointsMembers: row.points_members,
    refreshedAt: row.refreshed_at,
  };
}

/** GGR of valid rounds, deductions and NGR per computed day of [from, to]. */
export async function dailyNet(ctx: AppContext, from: string, to: string) {
  const rows = await q.ngrDays(ctx.readDb, from, to);
  return new Map(rows.map((r) => [r.day, withNgr(r)]));
}
