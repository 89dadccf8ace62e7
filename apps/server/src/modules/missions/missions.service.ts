import type { MissionInput } from '@gamehall/shared/api/missions';
import { toMinor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import type { Trx } from '../../db/database';
import { isTrialType } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { ActivityConsumer, ActivityEvent } from '../activity/activity-bus';
import { windowOf } from '../agents/settlement.service';
import { getBrand } from '../brand/brand.service';
import { maskName } from '../games/records.service';
import { post } from '../ledger/ledger.service';
import { postPoints } from '../ledger/points-ledger.service';
import { assertNotOnBreak } from '../responsible/responsible.service';
import { payMissionBonus } from '../rewards/rewards.service';
import { allKinds, checkRewardTicketKind, issueTickets } from '../tickets/tickets.service';
import * as q from './missions.queries';

// Missions (rules in docs/missions.md).
//
// Progress: the consumer `missions` turns each login, credited deposit, settled round and
// registration (an invited friend: its referrer progresses) into progress of every running mission
// whose task it fits, in the period the fact fell in (brand days, Monday-to-Sunday brand weeks, or
// newbie: the days after registration). The engine hands each event over once, so a replay never
// counts twice. Claiming locks the progress row and pays once: cash by ledger.post from
// promotions-expense with the key mission:<id>, points by postPoints from the house account earned
// with the same key.

const EXPENSE = 'promotions-expense';

export type MissionRow = NonNullable<Awaited<ReturnType<typeof q.missionById>>>;
type Window = { start: Date; end: Date };

/** The period of a daily or weekly mission holding `at`, in the brand's time zone. */
export function periodWindow(period: 'daily' | 'weekly', at: Date, tz: string): Window {
  return windowOf(period, at, tz);
}

/** The period a fact at `at` counts in, or null when it falls outside (newbie after its days). */
function periodFor(mission: MissionRow, at: Date, tz: string, registeredAt: Date): Window | null {
  if (mission.period !== 'newbie') return periodWindow(mission.period, at, tz);
  const end = new Date(registeredAt.getTime() + (mission.newbie_days ?? 0) * 86_400_000);
  return at >= registeredAt && at < end ? { start: registeredAt, end } : null;
}

/** What one event adds to a mission's progress (0: it does not fit). */
export function progressFrom(mission: Pick<MissionRow, 'task' | 'min_deposit' | 'game_type'>, event: ActivityEvent) {
  switch (mission.task) {
    case 'login':
      return event.kind === 'login' ? 1 : 0;
    case 'deposit':
      return event.kind === 'deposit' && event.amount >= Number(mission.min_deposit ?? 0) ? 1 : 0;
    case 'invite':
      return event.kind === 'registration' && event.data.referrerId != null ? 1 : 0;
    case 'bet':
    case 'rounds': {
      if (event.kind !== 'round.settled') return 0;
      if (mission.game_type !== null && String(event.data.gameType ?? '') !== mission.game_type) return 0;
      if (mission.task === 'bet') return Math.max(0, event.amount);
      // The fact's amount is the valid bet; a round whose whole bet came back unrisked (a void or
      // pushed bet: valid bet 0 of a bet above 0) was never played. A round without a stake (a
      // free round) still counts, as it always has.
      return event.amount === 0 && Number(event.data.bet ?? 0) > 0 ? 0 : 1;
    }
  }
}

const TASKS_OF: Record<string, string[]> = {
  login: ['login'],
  deposit: ['deposit'],
  'round.settled': ['bet', 'rounds'],
  registration: ['invite'],
};

/** What progress reads: the missions running at an instant, and a member's registration and type. */
type Lookups = {
  missions: (tasks: string[], at: Date) => Promise<MissionRow[]>;
  member: (memberId: number) => Promise<{ created_at: Date | string; type: number } | undefined>;
};

const fromDatabase = (trx: Trx): Lookups => ({
  missions: (tasks, at) => q.runningMissions(trx, tasks, at),
  member: (memberId) => q.memberRegisteredAt(trx, memberId),
});

async function progress(trx: Trx, event: ActivityEvent, look: Lookups = fromDatabase(trx)): Promise<void> {
  const tasks = TASKS_OF[event.kind];
  if (!tasks) return;
  if (event.kind === 'login' && event.data.area !== 'member') return;
  // An invitation counts for the friend's referrer, everything else for the member who acted.
  const memberId = event.kind === 'registration' ? Number(event.data.referrerId ?? 0) : event.memberId;
  if (!memberId) return;
  const at = event.createdAt;
  const missions = await look.missions(tasks, at);
  if (missions.length === 0) return;
  const member = await look.member(memberId);
  if (!member || isTrialType(member.type)) return;
  // Inside the engine's transaction: on PGlite another connection would wait for this one.
  const brand = await getBrand(trx);
  for (const mission of missions) {
    const add = progressFrom(mission, event);
    if (add <= 0) continue;
    const window = periodFor(mission, at, brand.timeZone, new Date(member.created_at));
    if (!window) continue;
    await q.addProgress(trx, {
      missionId: mission.id,
      memberId,
      periodStart: window.start,
      periodEnd: window.end,
      add,
      target: Number(mission.target),
      rewardKind: mission.reward_kind,
      rewardAmount: Number(mission.reward_amount),
      rewardTicketKindId: mission.reward_ticket_kind_id === null ? null : Number(mission.reward_ticket_kind_id),
      rewardWagering: mission.reward_wagering === null ? null : JSON.stringify(mission.reward_wagering),
      currency: event.kind === 'registration' ? brand.currency : (event.currency ?? brand.currency),
      at,
      claimDays: mission.claim_days,
    });
  }
}

export const missionsConsumer: ActivityConsumer = {
  name: 'missions',
  kinds: ['login', 'deposit', 'round.settled', 'registration'],
  handle: (trx, event) => progress(trx, event),
  // handle over a batch (rewards engine "Keeping up"): the missions of the batch's span and its
  // members read once (none running: nothing to do), then each event as handle does, its
  // missions those of the span running at its time (runningMissions' condition).
  async handleBatch(trx, events) {
    const tasks = [...new Set(events.flatMap((e) => TASKS_OF[e.kind] ?? []))];
    if (tasks.length === 0) return;
    const times = events.map((e) => e.createdAt.getTime());
    const span = await q.missionsRunningBetween(trx, tasks, new Date(Math.min(...times)), new Date(Math.max(...times)));
    if (span.length === 0) return;
    const ids = [
      ...new Set(events.map((e) => (e.kind === 'registration' ? Number(e.data.referrerId ?? 0) : e.memberId))),
    ].filter((id) => Number.isSafeInteger(id) && id > 0);
    const members = new Map(
      (ids.length === 0 ? [] : await q.membersRegisteredAt(trx, ids)).map((m) => [Number(m.id), m]),
    );
    const look: Lookups = {
      missions: async (wanted, at) =>
        span.filter(
          (m) =>
            wanted.includes(m.task) &&
            new Date(m.starts_at).getTime() <= at.getTime() &&
            (m.ends_at === null || new Date(m.ends_at).getTime() > at.getTime()),
        ),
      member: async (memberId) => members.get(memberId),
    };
    for (const event of events) await progress(trx, event, look);
  },
};

// ---- the member's side

export function phaseOf(
  m: { state: string; starts_at: Date | string; ends_at: Date | string | null },
  now: Date,
): 'draft' | 'scheduled' | 'running' | 'paused' | 'over' | 'ended' {
  if (m.state === 'draft') return 'draft';
  if (m.state === 'ended') return 'ended';
  if (m.ends_at !== null && new Date(m.ends_at) <= now) return 'over';
  if (m.state === 'paused') return 'paused';
  return new Date(m.starts_at) > now ? 'scheduled' : 'running';
}

export type ProgressRow = Awaited<ReturnType<typeof q.progressOf>>[number];
export type MissionView = {
  mission: MissionRow;
  row: ProgressRow | undefined;
  /** The current period's end (newbie: the end of its days); null when the newbie days are over. */
  resetsAt: Date | null;
};

/**
 * MCSFE_getMissionSummaryDetails: each running mission in the member's current period, plus any
 * earlier period's completed reward still waiting to be claimed (shown first).
 */
export async function summary(ctx: AppContext, memberId: number) {
  const now = ctx.now();
  const brand = await getBrand(ctx.db);
  const [missions, rows, member] = await Promise.all([
    q.allMissions(ctx.db),
    q.progressOf(ctx.db, memberId, now),
    q.memberRegisteredAt(ctx.db, memberId),
  ]);
  const registeredAt = new Date(member?.created_at ?? now);
  const views: MissionView[] = [];
  for (const mission of missions) {
    const mine = rows.filter((r) => Number(r.mission_id) === mission.id);
    const window = phaseOf(mission, now) === 'running' ? periodFor(mission, now, brand.timeZone, registeredAt) : null;
    const current = window && mine.find((r) => new Date(r.period_start).getTime() === window.start.getTime());
    // A completed reward not claimed yet stays claimable after its period (or its mission) ended.
    for (const r of mine)
      if (r !== current && r.completed_at !== null && r.claimed_at === null)
        views.push({ mission, row: r, resetsAt: new Date(r.period_end) });
    if (window) views.push({ mission, row: current ?? undefined, resetsAt: window.end });
  }
  const claimable = views.filter((v) => statusOf(v, now) === 'claimable').length;
  const ticketNames = new Map((await allKinds(ctx)).map((k) => [Number(k.id), k.name]));
  return { views, claimable, currency: brand.currency, now, ticketNames };
}

export function statusOf(v: MissionView, now: Date): 'open' | 'claimable' | 'claimed' | 'expired' {
  const r = v.row;
  if (!r || r.completed_at === null) return 'open';
  if (r.claimed_at !== null) return 'claimed';
  if (r.claim_expires_at !== null && new Date(r.claim_expires_at) <= now) return 'expired';
  return 'claimable';
}

/**
 * The missions badge, completed missions whose reward waits to be claimed, as a scalar subquery on an
 * id column of the caller's query (the header's state).
 */
export const claimableMissionCountSql = q.claimableMissionsSql;

/** Claims a completed mission's reward, once (the row lock and the posting key). */
export async function claim(ctx: AppContext, memberId: number, progressId: number) {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await q.lockProgress(trx, progressId);
    if (!row || Number(row.member_id) !== memberId) throw new AppError('MISSION_NOT_FOUND');
    if (row.completed_at === null) throw new AppError('MISSION_NOT_COMPLETE');
    if (row.claimed_at !== null) throw new AppError('MISSION_ALREADY_CLAIMED');
    const now = ctx.now();
    if (row.claim_expires_at !== null && new Date(row.claim_expires_at) <= now)
      throw new AppError('MISSION_CLAIM_EXPIRED');
    await assertNotOnBreak(ctx, trx, memberId); // no promotion during a break
    const amount = Number(row.reward_amount);
    const key = `mission:${row.id}`;
    let postingId: number | null = null;
    let ticketIds: number[] = [];
    let rewardId: number | null = null;
    if (row.reward_kind === 'ticket') {
      // Tickets of the kind copied in when the period started, one per source mission:<id>:<n>.
      if (row.reward_ticket_kind_id === null) throw new AppError('TICKET_KIND_NOT_FOUND');
      ticketIds = await issueTickets(trx, {
        memberId,
        kindId: Number(row.reward_ticket_kind_id),
        source: key,
        count: amount,
        now,
      });
    } else if (row.reward_kind === 'bonus') {
      // Bonus balance with its wagering, as a reward-centre reward of this progress row.
      rewardId = await payMissionBonus(trx, ctx, {
        memberId,
        progressId: Number(row.id),
        amount,
        currency: row.currency,
        wagering: row.reward_wagering,
        claimDays: row.reward_wagering?.days ?? 30,
      });
    } else if (row.reward_kind === 'cash') {
      const result = await post(trx, {
        idempotencyKey: key,
        type: 'bonus.mission',
        reference: `MS${row.id}`,
        entries: [
          { account: { house: EXPENSE, currency: row.currency }, amount: -amount },
          { account: { member: memberId, currency: row.currency }, amount },
        ],
      });
      postingId = result.postingId;
    } else {
      const result = await postPoints(trx, {
        idempotencyKey: key,
        type: 'points.mission',
        reference: `MS${row.id}`,
        entries: [
          { account: { house: 'earned' }, amount: -amount },
          { account: { member: memberId }, amount },
        ],
      });
      postingId = result.postingId;
    }
    await q.markClaimed(trx, row.id, now, postingId, row.reward_kind === 'ticket' ? ticketIds : null);
    return { progressId: row.id, rewardKind: row.reward_kind, rewardAmount: amount, ticketIds, rewardId };
  });
}

/** MCSFE_getMissionLeaderboard: members by missions completed in the current day or week. */
export async function leaderboard(ctx: AppContext, memberId: number | null, period: 'daily' | 'weekly') {
  const brand = await getBrand(ctx.db);
  const window = periodWindow(period, ctx.now(), brand.timeZone);
  const rows = await q.leaderboard(ctx.db, window.start, window.end, 20);
  const list = rows.map((r, i) => ({
    rank: i + 1,
    username: maskName(r.username),
    completed: r.completed,
    me: r.memberId === memberId,
  }));
  let mine: (typeof list)[number] | null = null;
  if (memberId !== null && !list.some((r) => r.me)) {
    const own = await q.leaderboardRankOf(ctx.db, memberId, window.start, window.end);
    if (own) mine = { rank: own.rank, username: maskName(own.username), completed: own.completed, me: true };
  }
  return { period, window, list, mine };
}

// ---- the back office

function valuesOf(input: MissionInput, now: Date): q.MissionValues {
  return {
    period: input.period,
    newbie_days: input.period === 'newbie' ? input.newbieDays : null,
    task: input.task,
    target: input.task === 'bet' ? toMinor(input.target) : input.target,
    min_deposit: input.minDeposit === null ? null : toMinor(input.minDeposit),
    game_type: input.gameType,
    reward_kind: input.rewardKind,
    reward_amount:
      input.rewardKind === 'cash' || input.rewardKind === 'bonus' ? toMinor(input.rewardAmount) : input.rewardAmount,
    reward_ticket_kind_id: input.rewardKind === 'ticket' ? input.rewardTicketKindId : null,
    reward_wagering:
      input.rewardKind === 'bonus' && input.rewardWagering !== null ? JSON.stringify(input.rewardWagering) : null,
    claim_days: input.claimDays,
    starts_at: new Date(input.startsAt),
    ends_at: input.endsAt === null ? null : new Date(input.endsAt),
    texts: JSON.stringify(input.texts),
    sort: input.sort,
    updated_at: now,
  };
}

export function allMissions(ctx: AppContext) {
  return q.allMissions(ctx.db);
}

/** A ticket reward's kind must exist and be enabled (docs/missions.md "Rules"). */
async function checkReward(ctx: AppContext, input: MissionInput): Promise<void> {
  if (input.rewardKind === 'ticket' && input.rewardTicketKindId !== null)
    await checkRewardTicketKind(ctx.db, input.rewardTicketKindId);
}

export async function createMission(ctx: AppContext, input: MissionInput) {
  await checkReward(ctx, input);
  return ctx.db.transaction().execute((trx) => q.insertMission(trx, valuesOf(input, ctx.now())));
}

/** Changes a mission; periods already under way keep the target and reward they started with. */
export async function changeMission(ctx: AppContext, id: number, input: MissionInput) {
  await checkReward(ctx, input);
  return ctx.db.transaction().execute(async (trx) => {
    const before = await q.lockMission(trx, id);
    if (!before) throw new AppError('MISSION_NOT_FOUND');
    if (before.state === 'ended') throw new AppError('MISSION_ENDED');
    const after = await q.updateMission(trx, id, valuesOf(input, ctx.now()));
    return { before, after };
  });
}

const MOVES: Record<string, string[]> = {
  draft: ['active', 'ended'],
  active: ['paused', 'ended'],
  paused: ['active', 'ended'],
  ended: [],
};

/** draft -> active -> paused <-> active -> ended (final); draft -> ended. */
export function setMissionState(ctx: AppContext, id: number, state: 'active' | 'paused' | 'ended') {
  return ctx.db.transaction().execute(async (trx) => {
    const before = await q.lockMission(trx, id);
    if (!before) throw new AppError('MISSION_NOT_FOUND');
    if (!MOVES[before.state]?.includes(state)) throw new AppError('MISSION_STATE_INVALID');
    const after = await q.updateMission(trx, id, { state, updated_at: ctx.now() });
    return { before, after };
  });
}

export async function costReport(ctx: AppContext, from: string, to: string) {
  const brand = await getBrand(ctx.db);
  const [rows, missions] = await Promise.all([q.costRows(ctx.db, from, to, brand.timeZone), q.allMissions(ctx.db)]);
  const titles = new Map(missions.map((m) => [m.id, m.texts.en?.title ?? `#${m.id}`]));
  return {
    rows: rows.map((r) => ({ ...r, title: titles.get(r.missionId) ?? `#${r.missionId}` })),
    currency: brand.currency,
  };
}
