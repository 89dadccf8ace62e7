import type { PromotionInput } from '@gamehall/shared/api/rewards';
import { toMinor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import { brandDayBounds } from '../../db/brand-days';
import { AppError, fieldErrors } from '../../http/errors';
import { getBrand } from '../brand/brand.service';
import { checkRewardTicketKind } from '../tickets/tickets.service';
import * as q from './rewards.queries';
import * as rewards from './rewards.service';

// The operator's side of promotions: create, schedule, pause, end; the cost report.

/** Rules that the schema alone cannot check, per kind. */
function checkRules(input: PromotionInput): void {
  const r = input.rules;
  if (input.kind === 'deposit_match') {
    if (r.trigger !== 'deposit') throw fieldErrors({ 'rules.trigger': 'INVALID' });
    if (r.percent === undefined) throw fieldErrors({ 'rules.percent': 'REQUIRED' });
  } else if (input.kind === 'ranking') {
    // Paid once at the end of the period: a ranking needs an end and its prizes.
    if (r.trigger !== 'none') throw fieldErrors({ 'rules.trigger': 'INVALID' });
    if (!r.ranking) throw fieldErrors({ 'rules.ranking': 'REQUIRED' });
    if (r.ranking.prizes.some((prize) => toMinor(prize) <= 0)) throw fieldErrors({ 'rules.ranking.prizes': 'INVALID' });
    if (input.endsAt === null) throw fieldErrors({ endsAt: 'REQUIRED' });
  } else {
    if (r.amount === undefined || toMinor(r.amount) <= 0) throw fieldErrors({ 'rules.amount': 'REQUIRED' });
    if (input.kind === 'fixed' && r.trigger === 'none') throw fieldErrors({ 'rules.trigger': 'INVALID' });
    if (input.kind === 'application' && r.trigger !== 'none') throw fieldErrors({ 'rules.trigger': 'INVALID' });
  }
  if (r.payAs === 'cash' && r.wagering) throw fieldErrors({ 'rules.wagering': 'INVALID' });
  // Tickets are a count: fixed and application promotions only (a percentage or a ranking prize
  // in tickets has no meaning).
  if (r.payAs === 'ticket' && input.kind !== 'fixed' && input.kind !== 'application')
    throw fieldErrors({ 'rules.payAs': 'INVALID' });
  if (input.endsAt !== null && new Date(input.endsAt) <= new Date(input.startsAt))
    throw fieldErrors({ endsAt: 'INVALID' });
}

/** A ticket reward's kind must exist and be enabled (docs/rewards.md "Promotions"). */
async function checkTicketKind(ctx: AppContext, input: PromotionInput): Promise<void> {
  if (input.rules.payAs === 'ticket' && input.rules.ticketKindId !== undefined)
    await checkRewardTicketKind(ctx.db, input.rules.ticketKindId);
}

export async function createPromotion(ctx: AppContext, input: PromotionInput) {
  checkRules(input);
  await checkTicketKind(ctx, input);
  return q.insertPromotion(ctx.db, input, ctx.now());
}

/** A draft changes freely; a started programme keeps its kind (rewards already earned keep their terms). */
export async function changePromotion(ctx: AppContext, id: number, input: PromotionInput) {
  checkRules(input);
  await checkTicketKind(ctx, input);
  const before = await rewards.promotionById(ctx, id);
  if (!before) throw new AppError('PROMOTION_NOT_FOUND');
  if (before.state === 'ended') throw new AppError('PROMOTION_STATUS_INVALID');
  if (before.state !== 'draft' && before.kind !== input.kind) throw fieldErrors({ kind: 'INVALID' });
  const after = await q.updatePromotion(ctx.db, id, input, ctx.now());
  return { before, after };
}

const MOVES: Record<string, string[]> = {
  draft: ['active', 'ended'],
  active: ['paused', 'ended'],
  paused: ['active', 'ended'],
  ended: [],
};

/** Scheduling is activating with a future start; pausing stops earning; ending is final. */
export async function setPromotionState(ctx: AppContext, id: number, state: 'draft' | 'active' | 'paused' | 'ended') {
  const before = await rewards.promotionById(ctx, id);
  if (!before) throw new AppError('PROMOTION_NOT_FOUND');
  if (!MOVES[before.state]?.includes(state)) throw new AppError('PROMOTION_STATUS_INVALID');
  const after = await q.movePromotionState(ctx.db, id, before.state, state, ctx.now());
  if (!after) throw new AppError('PROMOTION_STATUS_INVALID');
  return { before, after };
}

export async function costReport(
  ctx: AppContext,
  query: { from: string; to: string; promotionId?: number | undefined },
) {
  const from = new Date(`${query.from}T00:00:00Z`);
  const to = new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to <= from) throw fieldErrors({ to: 'INVALID' });
  if (to.getTime() - from.getTime() > 366 * 86_400_000) throw fieldErrors({ to: 'INVALID' });
  const brand = await getBrand(ctx.db);
  const days = await brandDayBounds(ctx.db, query.from, query.to, brand.timeZone);
  const [rows, promotions] = await Promise.all([
    rewards.costRows(ctx, days.start, days.end, brand.timeZone, query.promotionId),
    rewards.allPromotions(ctx),
  ]);
  const titles = new Map(promotions.map((p) => [p.id, (p.texts as Record<string, { title: string }>).en?.title ?? '']));
  return { rows, titles, currency: brand.currency, timeZone: brand.timeZone };
}
