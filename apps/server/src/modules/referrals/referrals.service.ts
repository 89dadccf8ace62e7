import { ReferralRules, type ReferralSettingsBody, type ReferralStage } from '@gamehall/shared/api/referrals';
import { toMinor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import { brandDayBounds } from '../../db/brand-days';
import type { Conn, Trx } from '../../db/database';
import { isTrialType } from '../../http/auth';
import { AppError } from '../../http/errors';
import { pageWindow } from '../../http/paging';
import type { RequestMeta } from '../../http/request-meta';
import type { ActivityConsumer, ActivityEvent } from '../activity/activity-bus';
import { getBrand } from '../brand/brand.service';
import { post } from '../ledger/ledger.service';
import { grantTicket, missingTicketKinds, ticketKindExists } from '../tickets/tickets.service';
import * as q from './referrals.queries';

// Referrals, "invite friends" (rules in docs/referrals-tickets.md).
// The consumer `referrals` follows every referred member (members.referrer_id, set at
// registration): registration opens its progress row, the first credited deposit and the valid
// bets (turnover) move it. Each stage the rules reward is decided once per (referrer, invitee,
// stage) by the unique row in referral_rewards: paid from promotions-expense straight to the
// referrer (key referral:<referrer>:<invitee>:<stage>), or refused as a self-referral. The engine
// already feeds each event once; the unique row and the wallet key are the second and third guard.

const EXPENSE = 'promotions-expense';

export async function settings(db: Conn) {
  const row = await q.settingsRow(db);
  return { enabled: row.enabled, rules: ReferralRules.parse(row.rules) };
}

/** Whether this member may invite now: the programme is on and the member is not a trial account. */
export async function canInvite(db: Conn, member: { type: number }) {
  if (isTrialType(member.type)) return false;
  return referralOpen(member, (await settings(db)).enabled);
}

/** The programme's switch as a scalar subquery; canInvite's rule on it is `referralOpen` below. */
export const programmeOnSql = q.programmeOnSql;

/** canInvite on the programme's switch read by the caller (programmeOnSql). */
export function referralOpen(member: { type: number }, programmeOn: boolean): boolean {
  return !isTrialType(member.type) && programmeOn;
}

type StageReward = { amount: number; ticketKindId: number | null };

/** The referrer's reward for a stage under these rules (minor units), or null when the stage pays nothing. */
export function stageReward(rules: ReferralRules, stage: ReferralStage, basis: number): StageReward | null {
  if (stage === 'registration') {
    const r = rules.registration;
    return r ? { amount: toMinor(r.amount), ticketKindId: r.ticketKindId } : null;
  }
  if (stage === 'first_deposit') {
    const r = rules.firstDeposit;
    if (!r || basis < toMinor(r.minDeposit)) return null;
    const share = Math.floor((basis * Math.round(r.percent * 100)) / 10_000);
    const capped = r.cap === null ? share : Math.min(share, toMinor(r.cap));
    return { amount: toMinor(r.amount) + capped, ticketKindId: r.ticketKindId };
  }
  const r = rules.turnover;
  return r ? { amount: toMinor(r.amount), ticketKindId: r.ticketKindId } : null;
}

async function decideStage(
  trx: Trx,
  ctx: AppContext,
  event: ActivityEvent,
  referrerId: number,
  inviteeId: number,
  stage: ReferralStage,
  basis: number,
) {
  const { enabled, rules } = await settings(trx);
  if (!enabled) return;
  const reward = stageReward(rules, stage, basis);
  if (!reward || (reward.amount <= 0 && reward.ticketKindId === null)) return;
  const currency = event.currency ?? (await getBrand(trx)).currency;
  const refusal = referrerId === inviteeId ? 'same_member' : await q.sharedIdentity(trx, referrerId, inviteeId);
  const id = await q.insertReward(trx, {
    referrer_id: referrerId,
    invitee_id: inviteeId,
    stage,
    status: refusal ? 'refused' : 'paid',
    reason: refusal,
    amount: refusal ? 0 : reward.amount,
    currency,
    pay_as: rules.payAs,
    event_id: event.id,
    created_at: ctx.now(),
  });
  if (id === undefined || refusal) return;
  let postingId: number | null = null;
  if (reward.amount > 0) {
    const r = await post(trx, {
      idempotencyKey: `referral:${referrerId}:${inviteeId}:${stage}`,
      type: 'bonus.referral',
      reference: `RF${id}`,
      entries: [
        { account: { house: EXPENSE, currency }, amount: -reward.amount },
        { account: { member: referrerId, kind: rules.payAs, currency }, amount: reward.amount },
      ],
    });
    postingId = r.postingId;
  }
  let ticketId: number | null = null;
  if (reward.ticketKindId !== null && (await ticketKindExists(trx, reward.ticketKindId))) {
    ticketId = (await grantTicket(trx, referrerId, reward.ticketKindId, `referral:${id}`, ctx.now())) ?? null;
  }
  await q.setRewardPaid(trx, id, postingId, ticketId);
}

export const referralsConsumer: ActivityConsumer = {
  name: 'referrals',
  kinds: ['registration', 'deposit', 'round.settled'],
  async handle(trx, event, ctx) {
    if (event.kind === 'registration') {
      const referrerId = Number(event.data.referrerId ?? 0);
      if (!referrerId) return;
      await q.insertProgress(trx, event.memberId, referrerId, event.createdAt);
      await decideStage(trx, ctx, event, referrerId, event.memberId, 'registration', 0);
      return;
    }
    if (!(await q.progressExists(trx, event.memberId))) return;
    const progress = await q.lockProgress(trx, event.memberId);
    if (!progress) return;
    const referrerId = Number(progress.referrer_id);
    if (event.kind === 'deposit') {
      if (progress.first_deposit_at !== null) return;
      await q.setFirstDeposit(trx, event.memberId, event.amount, event.createdAt);
      await decideStage(trx, ctx, event, referrerId, event.memberId, 'first_deposit', event.amount);
      return;
    }
    if (event.amount <= 0) return;
    const after = await q.addTurnover(trx, event.memberId, event.amount);
    if (!after || after.turnover_reached_at !== null) return;
    const { enabled, rules } = await settings(trx);
    if (!enabled || !rules.turnover || Number(after.turnover) < toMinor(rules.turnover.threshold)) return;
    await q.setTurnoverReached(trx, event.memberId, event.createdAt);
    await decideStage(trx, ctx, event, referrerId, event.memberId, 'turnover', Number(after.turnover));
  },
  // handle over a batch (rewards engine "Keeping up"): most rounds are not an invitee's, and
  // handle returns on them at its first read; one read for the batch finds the invitees, and
  // only their events (and registrations, which may make one) go through handle.
  async handleBatch(trx, events, ctx) {
    const others = [...new Set(events.filter((e) => e.kind !== 'registration').map((e) => e.memberId))];
    const invitees = new Set(
      others.length === 0 ? [] : (await q.progressAmong(trx, others)).map((r) => Number(r.invitee_id)),
    );
    for (const event of events) {
      if (event.kind === 'registration') invitees.add(event.memberId);
      else if (!invitees.has(event.memberId)) continue;
      await referralsConsumer.handle(trx, event, ctx);
    }
  },
};

// ---- member

export async function summary(ctx: AppContext, meta: RequestMeta, memberId: number) {
  const member = await q.memberForReferral(ctx.db, memberId);
  const s = await settings(ctx.db);
  const link = `${meta.siteOrigin}/register?referralCode=${encodeURIComponent(member.referral_code)}`;
  return {
    enabled: s.enabled,
    canInvite: s.enabled && !isTrialType(member.type),
    code: member.referral_code,
    link,
    rules: s.rules,
    invited: await q.invitedCount(ctx.db, memberId),
    earned: await q.earnedTotal(ctx.db, memberId),
    currency: (await getBrand(ctx.db)).currency,
  };
}

export async function invitees(ctx: AppContext, memberId: number, page: { pageNo: number; pageSize: number }) {
  const rows = await q.invitees(ctx.db, memberId, pageWindow(page));
  return { rows, total: await q.invitedCount(ctx.db, memberId) };
}

// ---- back office

export async function saveSettings(ctx: AppContext, body: ReferralSettingsBody) {
  const before = await settings(ctx.db);
  const kinds = [body.rules.registration, body.rules.firstDeposit, body.rules.turnover].flatMap((s) =>
    s && s.ticketKindId !== null ? [s.ticketKindId] : [],
  );
  if ((await missingTicketKinds(ctx.db, kinds)).length > 0) throw new AppError('TICKET_KIND_NOT_FOUND');
  await q.saveSettings(ctx.db, body.enabled, body.rules, ctx.now());
  return { before, after: await settings(ctx.db) };
}

export async function report(ctx: AppContext, range: { from: string; to: string }) {
  const from = new Date(`${range.from}T00:00:00Z`);
  const to = new Date(new Date(`${range.to}T00:00:00Z`).getTime() + 86_400_000);
  if (!(from < to) || to.getTime() - from.getTime() > 366 * 86_400_000)
    throw new AppError('REFERRAL_REPORT_RANGE_INVALID');
  const brand = await getBrand(ctx.db);
  const days = await brandDayBounds(ctx.db, range.from, range.to, brand.timeZone);
  return {
    rows: await q.report(ctx.db, days.start, days.end, brand.timeZone),
    currency: brand.currency,
    timeZone: brand.timeZone,
  };
}
