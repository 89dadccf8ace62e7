import { z } from 'zod';
import { Money } from './common';
import { Wagering } from './rewards';

// Missions and the mission leaderboard (spec §2 member centre "mission
// leaderboard" and its badge, §7 MCSFE_getMissionSummaryDetails, MCSFE_getMissionLeaderboard).
// Rules in docs/missions.md.

/** daily and weekly reset on the brand's days and Monday-to-Sunday weeks; newbie runs once. */
export const MISSION_PERIODS = ['daily', 'weekly', 'newbie'] as const;
export const MissionPeriod = z.enum(MISSION_PERIODS);
export type MissionPeriod = z.infer<typeof MissionPeriod>;

/**
 * login: log in `target` times; deposit: `target` credited deposits of at least `minDeposit`;
 * bet: valid bets totalling `target` (money) on `gameType` or any; rounds: `target` settled rounds
 * on `gameType` or any; invite: `target` friends registering with the member as referrer.
 */
export const MISSION_TASKS = ['login', 'deposit', 'bet', 'rounds', 'invite'] as const;
export const MissionTask = z.enum(MISSION_TASKS);
export type MissionTask = z.infer<typeof MissionTask>;

/**
 * cash: money to the cash balance; points: whole points; bonus: money as bonus balance with its
 * `rewardWagering` turnover (through the reward centre, as promotions pay it); ticket:
 * `rewardAmount` tickets (1-100) of the ticket kind `rewardTicketKindId`.
 */
export const MISSION_REWARD_KINDS = ['cash', 'points', 'bonus', 'ticket'] as const;
export const MissionRewardKind = z.enum(MISSION_REWARD_KINDS);

export const MISSION_STATES = ['draft', 'active', 'paused', 'ended'] as const;
export const MissionState = z.enum(MISSION_STATES);

export const MissionText = z
  .object({
    title: z.string().trim().min(1).max(120),
    description: z.string().trim().max(500).default(''),
  })
  .strict();

/** Per-language texts; English is required (the fallback). */
export const MissionTexts = z.record(z.string().min(2).max(8), MissionText).refine((t) => t.en !== undefined, {
  params: { reason: 'REQUIRED' },
  message: 'en',
});

const GameType = z.string().trim().min(1).max(16);

/** What an operator sends to create or change a mission (money in major units). */
export const MissionInput = z
  .object({
    period: MissionPeriod,
    /** newbie: the days after registration the mission is open (1-90); ignored otherwise. */
    newbieDays: z.number().int().min(1).max(90).nullable().default(null),
    task: MissionTask,
    /** A count (login, deposit, rounds, invite: 1-10,000) or, for bet, an amount of money. */
    target: z.number().positive(),
    minDeposit: Money.nullable().default(null),
    gameType: GameType.nullable().default(null),
    rewardKind: MissionRewardKind,
    /** cash and bonus: money; points: whole points; ticket: the number of tickets (1-100). */
    rewardAmount: z.number().positive(),
    /** ticket: the ticket kind issued (it must exist and be enabled). */
    rewardTicketKindId: z.number().int().positive().nullable().default(null),
    /** bonus: the turnover required before the bonus converts to cash (none: plain bonus balance). */
    rewardWagering: Wagering.nullable().default(null),
    /** Days a completed mission's reward stays claimable. */
    claimDays: z.number().int().min(1).max(90).default(7),
    startsAt: z.string().datetime({ offset: true }),
    endsAt: z.string().datetime({ offset: true }).nullable().default(null),
    texts: MissionTexts,
    sort: z.number().int().min(0).max(10_000).default(0),
  })
  .strict()
  .superRefine((m, issue) => {
    const add = (path: string, reason: string) =>
      issue.addIssue({ code: 'custom', path: [path], message: reason, params: { reason } });
    if (m.task === 'bet') {
      if (!moneyLike(m.target)) add('target', 'INVALID');
    } else if (!Number.isInteger(m.target) || m.target > 10_000) add('target', 'INVALID');
    if (m.task === 'deposit' && m.minDeposit === null) add('minDeposit', 'REQUIRED');
    if (m.task !== 'deposit' && m.minDeposit !== null) add('minDeposit', 'INVALID');
    if (m.gameType !== null && m.task !== 'bet' && m.task !== 'rounds') add('gameType', 'INVALID');
    if (m.period === 'newbie' && m.newbieDays === null) add('newbieDays', 'REQUIRED');
    if (m.period !== 'newbie' && m.newbieDays !== null) add('newbieDays', 'INVALID');
    const money = m.rewardKind === 'cash' || m.rewardKind === 'bonus';
    if (money ? !moneyLike(m.rewardAmount) : !Number.isInteger(m.rewardAmount)) add('rewardAmount', 'INVALID');
    if (m.rewardAmount > 1_000_000) add('rewardAmount', 'INVALID');
    if (m.rewardKind === 'ticket' && m.rewardAmount > 100) add('rewardAmount', 'INVALID');
    if (m.rewardKind === 'ticket' && m.rewardTicketKindId === null) add('rewardTicketKindId', 'REQUIRED');
    if (m.rewardKind !== 'ticket' && m.rewardTicketKindId !== null) add('rewardTicketKindId', 'INVALID');
    if (m.rewardKind !== 'bonus' && m.rewardWagering !== null) add('rewardWagering', 'INVALID');
    if (m.rewardWagering?.base === 'bonus_deposit') add('rewardWagering', 'INVALID');
    if (m.endsAt !== null && new Date(m.endsAt) <= new Date(m.startsAt)) add('endsAt', 'INVALID');
  });
export type MissionInput = z.infer<typeof MissionInput>;

function moneyLike(n: number): boolean {
  return Money.safeParse(n).success && n <= 100_000_000;
}

export const MissionStateBody = z.object({ state: z.enum(['active', 'paused', 'ended']) }).strict();
export const MissionIdParams = z.object({ id: z.coerce.number().int().positive() });

export const MISSION_PHASES = ['draft', 'scheduled', 'running', 'paused', 'over', 'ended'] as const;

export const AdminMission = z.object({
  id: z.number().int(),
  period: MissionPeriod,
  newbieDays: z.number().int().nullable(),
  task: MissionTask,
  target: z.number(),
  minDeposit: z.number().nullable(),
  gameType: z.string().nullable(),
  rewardKind: MissionRewardKind,
  rewardAmount: z.number(),
  rewardTicketKindId: z.number().int().nullable(),
  rewardWagering: Wagering.nullable(),
  claimDays: z.number().int(),
  state: MissionState,
  phase: z.enum(MISSION_PHASES),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  texts: z.record(z.string(), z.object({ title: z.string(), description: z.string() })),
  sort: z.number().int(),
  createdAt: z.string(),
});
export type AdminMission = z.infer<typeof AdminMission>;
export const AdminMissionList = z.object({ list: z.array(AdminMission) });

/** Cost report: per mission and brand day, what claims paid. */
export const MissionCostQuery = z
  .object({
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], params: { reason: 'INVALID' }, message: 'to' });
export const MissionCostRow = z.object({
  day: z.string(),
  missionId: z.number().int(),
  title: z.string(),
  completed: z.number().int(),
  claims: z.number().int(),
  cashPaid: z.number(),
  bonusPaid: z.number(),
  pointsPaid: z.number().int(),
  ticketsIssued: z.number().int(),
});
export const MissionCostValue = z.object({ rows: z.array(MissionCostRow), currency: z.string() });

// ---- member side

export const MissionQuery = z.object({ language: z.string().min(2).max(8).default('en') });

/** A mission as the member sees it in its current period. */
export const MissionItem = z.object({
  id: z.number().int(),
  period: MissionPeriod,
  task: MissionTask,
  title: z.string(),
  description: z.string(),
  /** bet: money; others: counts. */
  target: z.number(),
  progress: z.number(),
  gameType: z.string().nullable(),
  minDeposit: z.number().nullable(),
  rewardKind: MissionRewardKind,
  rewardAmount: z.number(),
  /** ticket: the ticket kind's name. */
  rewardTicketName: z.string().nullable(),
  /** bonus: the turnover multiple of the bonus (null: none). */
  rewardWageringMultiple: z.number().int().nullable(),
  /** open: under way; claimable: complete, reward waiting; claimed; expired: not claimed in time. */
  status: z.enum(['open', 'claimable', 'claimed', 'expired']),
  /** The progress row to claim (null before any progress). */
  progressId: z.number().int().nullable(),
  /** When this period ends and the mission resets (newbie: when it closes). */
  resetsAt: z.string().nullable(),
  claimExpiresAt: z.string().nullable(),
});
export type MissionItem = z.infer<typeof MissionItem>;

export const MissionSummaryValue = z.object({
  list: z.array(MissionItem),
  claimable: z.number().int(),
  completedToday: z.number().int(),
  currency: z.string(),
  serverTime: z.string(),
});
export type MissionSummaryValue = z.infer<typeof MissionSummaryValue>;

export const ClaimMissionBody = z.object({ progressId: z.number().int().positive() }).strict();
export const ClaimMissionValue = z.object({
  progressId: z.number().int(),
  rewardKind: MissionRewardKind,
  rewardAmount: z.number(),
  /** ticket: the tickets issued; bonus: none. */
  ticketIds: z.array(z.number().int()),
  /** bonus: the reward-centre reward that paid it. */
  rewardId: z.number().int().nullable(),
});

export const LeaderboardQuery = z.object({ period: z.enum(['daily', 'weekly']).default('weekly') });
export const LeaderboardRow = z.object({
  rank: z.number().int(),
  /** Masked: 'de***01'. */
  username: z.string(),
  completed: z.number().int(),
  me: z.boolean(),
});
export const LeaderboardValue = z.object({
  period: z.enum(['daily', 'weekly']),
  startsAt: z.string(),
  endsAt: z.string(),
  list: z.array(LeaderboardRow),
  /** The signed-in member's own row when outside the list (null when not ranked). */
  mine: LeaderboardRow.nullable(),
});
export type LeaderboardValue = z.infer<typeof LeaderboardValue>;
