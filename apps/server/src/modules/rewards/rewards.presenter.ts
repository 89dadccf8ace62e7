import type { ActivityStatus } from '@gamehall/shared/api/rewards';
import { toMajor } from '@gamehall/shared/money';
import { type PromotionRow as Promotion, phaseOf, type rankingBoard, rulesOf } from './rewards.service';

// Rows -> responses: the member side (spec §4 activity statuses) and, at the end, the back office.

type Texts = Record<string, { title: string; summary: string; rules: string }>;

/** The text in `language`, else in `fallback` (the brand's default language), else English, else any. */
export function textOf(texts: Texts, language: string, fallback = 'en') {
  return (
    texts[language] ?? texts[fallback] ?? texts.en ?? Object.values(texts)[0] ?? { title: '', summary: '', rules: '' }
  );
}

/** Where an uploaded promotion image is served (rewards.routes.ts). */
export function promotionImageUrl(id: number | null): string | null {
  return id === null ? null : `/media/promotions/${id}`;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

type PromotionRow = {
  id: number;
  type: string;
  kind: 'deposit_match' | 'fixed' | 'application' | 'ranking';
  state: 'draft' | 'active' | 'paused' | 'ended';
  starts_at: Date | string;
  ends_at: Date | string | null;
  rules: unknown;
  texts: unknown;
  image_id: number | null;
};

/** What the member sees: coming soon, Join / Joined / Applying / Rejected / Claim / Claimed, Close. */
export function memberStatus(
  p: PromotionRow,
  now: Date,
  mine: { joined: boolean; application: string | undefined; claimable: boolean; claimed: boolean; forfeited: boolean },
): ActivityStatus {
  const phase = phaseOf(p, now);
  if (mine.claimable) return 'Claim';
  if (phase === 'scheduled') return 'coming soon';
  if (phase !== 'running') return 'Close';
  if (mine.forfeited) return 'Forfeited';
  if (mine.claimed) return 'Claimed';
  if (p.kind === 'application') {
    if (mine.application === 'pending') return 'Applying';
    if (mine.application === 'rejected') return 'Rejected';
    if (mine.application === 'approved') return 'Issued';
    return 'Join';
  }
  const rules = rulesOf(p.rules);
  if (rules.requiresJoin) return mine.joined ? 'Joined' : 'Join';
  return 'Process';
}

export function presentPromotion(p: PromotionRow, language: string, fallback: string, status: ActivityStatus) {
  const rules = rulesOf(p.rules);
  const text = textOf(p.texts as Texts, language, fallback);
  return {
    id: p.id,
    type: p.type as never,
    kind: p.kind,
    title: text.title,
    summary: text.summary,
    rules: text.rules,
    startsAt: new Date(p.starts_at).toISOString(),
    endsAt: iso(p.ends_at),
    status,
    payAs: rules.payAs,
    percent: rules.percent ?? null,
    cap: rules.cap ?? null,
    minDeposit: rules.minDeposit ?? null,
    nthDeposit: rules.nthDeposit ?? null,
    amount: rules.amount ?? null,
    wageringMultiple: rules.wagering?.multiple ?? null,
    wageringBase: rules.wagering?.base ?? null,
    requiresJoin: rules.requiresJoin,
    onePerPerson: rules.onePerPerson,
    prizes: rules.ranking?.prizes ?? null,
    imageUrl: promotionImageUrl(p.image_id === null ? null : Number(p.image_id)),
    maxBet: rules.maxBet ?? null,
  };
}

/** A username on a public leaderboard: the first two and the last character, the rest masked. */
export function maskUsername(username: string): string {
  if (username.length <= 3) return `${username.slice(0, 1)}**`;
  return `${username.slice(0, 2)}${'*'.repeat(Math.min(username.length - 3, 6))}${username.slice(-1)}`;
}

export function presentLeaderboard(board: Awaited<ReturnType<typeof rankingBoard>>) {
  const prizeOf = (rank: number) => board.prizes[rank - 1] ?? null;
  const list = board.rows.map((r, i) => ({
    rank: i + 1,
    username: maskUsername(r.username),
    turnover: toMajor(Number(r.turnover)),
    prize: prizeOf(i + 1),
  }));
  const mine = board.mine
    ? {
        rank: board.mine.place,
        username: board.mine.username ?? '',
        turnover: toMajor(board.mine.turnover),
        prize: prizeOf(board.mine.place),
      }
    : null;
  return {
    promotionId: board.promotion.id,
    currency: board.currency,
    settled: board.promotion.settled_at !== null,
    list,
    mine,
  };
}

const REWARD_STATUS: Record<string, ActivityStatus> = {
  waiting: 'Process',
  claimable: 'Claim',
  claimed: 'Claimed',
  expired: 'Close',
};

export function presentReward(
  r: {
    id: number;
    promotion_id: number | null;
    amount: number;
    currency: string;
    pay_as: 'cash' | 'bonus' | 'ticket';
    ticket_kind_name: string | null;
    ticket_ids: number[] | null;
    state: 'waiting' | 'claimable' | 'claimed' | 'expired';
    wager_state: 'active' | 'converted' | 'forfeited' | null;
    created_at: Date | string;
    expires_at: Date | string | null;
    claimed_at: Date | string | null;
    texts: unknown;
    adjustment_id: number | null;
  },
  language: string,
  now: Date,
  fallback = 'en',
) {
  // A claimable reward past its window is shown expired before the job marks it.
  const state = r.state === 'claimable' && r.expires_at !== null && new Date(r.expires_at) <= now ? 'expired' : r.state;
  return {
    id: r.id,
    promotionId: r.promotion_id,
    title: textOf((r.texts ?? {}) as Texts, language, fallback).title,
    fromOperator: r.adjustment_id !== null,
    // A ticket reward's amount is its number of tickets.
    amount: r.pay_as === 'ticket' ? r.amount : toMajor(r.amount),
    currency: r.currency,
    payAs: r.pay_as,
    ticketKindName: r.ticket_kind_name,
    ticketIds: (r.ticket_ids ?? []).map(Number),
    state,
    status: state === 'claimed' && r.wager_state === 'forfeited' ? 'Forfeited' : (REWARD_STATUS[state] ?? 'Close'),
    wagerState: r.wager_state,
    createdAt: new Date(r.created_at).toISOString(),
    expiresAt: iso(r.expires_at),
    claimedAt: iso(r.claimed_at),
  };
}

export function presentWager(
  w: {
    id: number;
    reward_id: number;
    bonus: number;
    required: number;
    progress: number;
    state: 'active' | 'converted' | 'forfeited';
    expires_at: Date | string;
    settled_at: Date | string | null;
    texts: unknown;
    max_bet: number | null;
    adjustment_id: number | null;
  },
  language: string,
  fallback = 'en',
) {
  return {
    id: w.id,
    rewardId: w.reward_id,
    title: textOf((w.texts ?? {}) as Texts, language, fallback).title,
    fromOperator: w.adjustment_id !== null,
    bonus: toMajor(w.bonus),
    required: toMajor(w.required),
    progress: toMajor(w.progress),
    state: w.state,
    expiresAt: new Date(w.expires_at).toISOString(),
    settledAt: iso(w.settled_at),
    maxBet: w.max_bet === null ? null : toMajor(w.max_bet),
  };
}

/** A promotion for the back office: every state, with its phase at `now` and the stored rules and texts. */
export function presentAdminPromotion(p: Promotion, now: Date) {
  return {
    id: p.id,
    type: p.type as never,
    kind: p.kind,
    state: p.state,
    phase: phaseOf(p, now),
    startsAt: new Date(p.starts_at).toISOString(),
    endsAt: p.ends_at === null ? null : new Date(p.ends_at).toISOString(),
    rules: p.rules,
    texts: p.texts,
    sort: p.sort,
    imageId: p.image_id === null ? null : Number(p.image_id),
    imageUrl: promotionImageUrl(p.image_id === null ? null : Number(p.image_id)),
    createdAt: new Date(p.created_at).toISOString(),
  };
}
