import {
  type AgentRangeQuery,
  DEFAULT_AGENT_RANGE_DAYS,
  MAX_AGENT_RANGE_DAYS,
  type TeamBetsQuery,
  type TeamLossQuery,
  type TeamRoundsQuery,
  type TeamTransactionsQuery,
} from '@gamehall/shared/api/agents';
import { addDays, brandDay } from '@gamehall/shared/calendar-day';
import type { AppContext } from '../../context';
import { isInTeam } from '../../db/agent-tree';
import { countDistinct } from '../../db/hll';
import { AppError, fieldErrors } from '../../http/errors';
import { pageWindow } from '../../http/paging';
import { getBrand } from '../brand/brand.service';
import * as stats from './agent-stats.queries';
import * as q from './team.queries';

// The agent centre's team views (spec §2 "Agent centre menu"). Every figure is of the
// signed-in agent's own subtree (docs/agents.md); ids from elsewhere are NOT_FOUND.

export type Range = { from: string; to: string; today: string; tz: string };

function span(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
}

/** The query's days with the defaults filled in (contract: the last 7 days, today included). */
export async function resolveRange(ctx: AppContext, query: { from?: string | undefined; to?: string | undefined }) {
  const tz = (await getBrand(ctx.db)).timeZone;
  const today = brandDay(ctx.now(), tz);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -(DEFAULT_AGENT_RANGE_DAYS - 1));
  const days = span(from, to);
  if (days < 0) throw fieldErrors({ to: 'INVALID' });
  if (days >= MAX_AGENT_RANGE_DAYS) throw fieldErrors({ to: 'TOO_LONG' });
  return { from, to, today, tz };
}

async function mustBeInTeam(ctx: AppContext, agentId: number, memberId: number | undefined) {
  if (memberId !== undefined && !(await isInTeam(ctx.db, agentId, memberId))) throw new AppError('NOT_FOUND');
}

export type PeriodFigures = {
  from: string;
  to: string;
  newMembers: number;
  activeMembers: number;
  firstDepositors: number;
  depositCount: number;
  deposits: number;
  withdrawalCount: number;
  withdrawals: number;
  rounds: number;
  validBets: number;
  wins: number;
};

function figuresOf(from: string, to: string, rows: q.TeamDayRow[]): PeriodFigures {
  const f: PeriodFigures = {
    from,
    to,
    newMembers: 0,
    activeMembers: 0,
    firstDepositors: 0,
    depositCount: 0,
    deposits: 0,
    withdrawalCount: 0,
    withdrawals: 0,
    rounds: 0,
    validBets: 0,
    wins: 0,
  };
  const mine = rows.filter((r) => r.day >= from && r.day <= to);
  for (const r of mine) {
    f.newMembers += Number(r.new_members);
    f.firstDepositors += Number(r.first_depositors);
    f.depositCount += Number(r.deposit_count);
    f.deposits += Number(r.deposits);
    f.withdrawalCount += Number(r.withdrawal_count);
    f.withdrawals += Number(r.withdrawals);
    f.rounds += Number(r.rounds);
    f.validBets += Number(r.valid_bets);
    f.wins += Number(r.wins);
  }
  // One day's count is exact; over several days the sketches count each member once (db/hll.ts).
  f.activeMembers =
    mine.length === 1 ? Number(mine[0]?.active_members ?? 0) : countDistinct(mine.map((r) => r.active_hll));
  return f;
}

// The team views below read the replica (context.ts readDb): figures and history the agent reads,
// not what the agent just saved; whether a member is in the team (mustBeInTeam) reads the primary,
// so a downline registered a moment ago is found.

/** GET /wps/agent/team/overview: the period's figures and the previous period's of equal length. */
export async function overview(ctx: AppContext, agentId: number, query: AgentRangeQuery) {
  const range = await resolveRange(ctx, query);
  const length = span(range.from, range.to) + 1;
  const prevTo = addDays(range.from, -1);
  const prevFrom = addDays(range.from, -length);
  const lastShown = range.to < range.today ? range.to : range.today;
  const [counts, rows, computed, brand] = await Promise.all([
    q.teamCounts(ctx.readDb, agentId),
    q.teamDays(ctx.readDb, agentId, prevFrom, range.to),
    stats.statDays(ctx.readDb, prevFrom, lastShown),
    getBrand(ctx.db),
  ]);
  const asOf =
    computed.length === 0 ? null : new Date(Math.min(...computed.map((d) => new Date(d.refreshed_at).getTime())));
  return {
    teamSize: counts.team,
    directDownlines: counts.direct,
    subAgents: counts.agents,
    current: figuresOf(range.from, range.to, rows),
    previous: figuresOf(prevFrom, prevTo, rows),
    asOf,
    currency: brand.currency,
    timeZone: brand.timeZone,
  };
}
export type Overview = Awaited<ReturnType<typeof overview>>;

/** GET /wps/agent/team/bets. */
export async function bets(ctx: AppContext, agentId: number, query: TeamBetsQuery) {
  const range = await resolveRange(ctx, query);
  const window = await stats.dayWindow(ctx.readDb, range.from, range.to, range.tz);
  const page = await q.betGroups(
    ctx.readDb,
    agentId,
    window,
    query.groupBy,
    { column: query.sort, order: query.order },
    pageWindow(query),
  );
  return { ...page, from: range.from, to: range.to };
}

/** GET /wps/agent/team/rounds. */
export async function rounds(ctx: AppContext, agentId: number, query: TeamRoundsQuery) {
  await mustBeInTeam(ctx, agentId, query.memberId);
  const range = await resolveRange(ctx, query);
  const window = await stats.dayWindow(ctx.readDb, range.from, range.to, range.tz);
  const filter = { memberId: query.memberId, vendor: query.vendor, gameType: query.gameType };
  const [rows, totals] = await Promise.all([
    q.roundsPage(ctx.readDb, agentId, window, filter, pageWindow(query)),
    q.roundsTotals(ctx.readDb, agentId, window, filter),
  ]);
  return { rows, total: totals.rounds, totals, from: range.from, to: range.to };
}

/**
 * GET /wps/agent/team/loss: each downline's own figures, and each branch's, from the daily member
 * figures. A branch id from outside the team is NOT_FOUND; a team member that heads no branch has
 * no members in it.
 */
export async function loss(ctx: AppContext, agentId: number, query: TeamLossQuery) {
  await mustBeInTeam(ctx, agentId, typeof query.branch === 'number' ? query.branch : undefined);
  const range = await resolveRange(ctx, query);
  const page = await q.lossPage(
    ctx.readDb,
    agentId,
    { from: range.from, to: range.to, q: query.q, branch: query.branch },
    { column: query.sort, order: query.order },
    pageWindow(query),
  );
  return { ...page, from: range.from, to: range.to, timeZone: range.tz };
}

/** GET /wps/agent/team/transactions. */
export async function transactions(ctx: AppContext, agentId: number, query: TeamTransactionsQuery) {
  await mustBeInTeam(ctx, agentId, query.memberId);
  const range = await resolveRange(ctx, query);
  const window = await stats.dayWindow(ctx.readDb, range.from, range.to, range.tz);
  const page = await q.transactionsPage(ctx.readDb, agentId, query.kind, window, query.memberId, pageWindow(query));
  return { ...page, kind: query.kind, from: range.from, to: range.to, timeZone: range.tz };
}
