import { createHash } from 'node:crypto';
import type { PromotionInput } from '@gamehall/shared/api/rewards';
import { toMajor, toMinor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import { brandDayBounds } from '../../db/brand-days';
import type { Principal } from '../../http/auth';
import { AppError, fieldErrors } from '../../http/errors';
import { reencodeImage } from '../../http/image-upload';
import { getBrand } from '../brand/brand.service';
import { checkRewardTicketKind } from '../tickets/tickets.service';
import * as q from './rewards.queries';
import * as rewards from './rewards.service';
import { audienceMembers } from './rewards-audience';

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
  // A ranking's prizes go to the ranks of every member's turnover, paid by the payout job: an
  // audience or a cap would need the ranking itself to follow them.
  if (input.kind === 'ranking' && r.audience) throw fieldErrors({ 'rules.audience': 'INVALID' });
  if (input.kind === 'ranking' && r.caps) throw fieldErrors({ 'rules.caps': 'INVALID' });
}

/**
 * Texts in the brand's languages (keys in lower case), the default language required: it is what a
 * member whose language has no text reads.
 */
export async function textLanguages(ctx: AppContext) {
  const brand = await getBrand(ctx.db);
  const defaultLanguage = brand.defaultLanguage.toLowerCase();
  const languages = [...new Set([defaultLanguage, ...brand.supportedLanguages.map((l) => l.toLowerCase())])];
  return { languages, defaultLanguage };
}

async function checkTexts(ctx: AppContext, input: PromotionInput): Promise<void> {
  const { languages: list, defaultLanguage: fallback } = await textLanguages(ctx);
  const languages = new Set(list);
  for (const language of Object.keys(input.texts))
    if (!languages.has(language)) throw fieldErrors({ [`texts.${language}`]: 'INVALID' });
  if (!input.texts[fallback]) throw fieldErrors({ [`texts.${fallback}`]: 'REQUIRED' });
}

async function checkImage(ctx: AppContext, input: PromotionInput): Promise<void> {
  if (input.imageId !== null && !(await q.promotionImage(ctx.db, input.imageId)))
    throw fieldErrors({ imageId: 'INVALID' });
}

async function checkInput(ctx: AppContext, input: PromotionInput): Promise<void> {
  checkRules(input);
  await checkTexts(ctx, input);
  await checkImage(ctx, input);
  await checkTicketKind(ctx, input);
}

/** A ticket reward's kind must exist and be enabled (docs/rewards.md "Promotions"). */
async function checkTicketKind(ctx: AppContext, input: PromotionInput): Promise<void> {
  if (input.rules.payAs === 'ticket' && input.rules.ticketKindId !== undefined)
    await checkRewardTicketKind(ctx.db, input.rules.ticketKindId);
}

export async function createPromotion(ctx: AppContext, input: PromotionInput) {
  await checkInput(ctx, input);
  return q.insertPromotion(ctx.db, input, ctx.now());
}

/** A draft changes freely; a started programme keeps its kind (rewards already earned keep their terms). */
export async function changePromotion(ctx: AppContext, id: number, input: PromotionInput) {
  await checkInput(ctx, input);
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
  const titles = new Map(promotions.map((p) => [p.id, titleOf(p.texts, brand.defaultLanguage)]));
  return { rows, titles, currency: brand.currency, timeZone: brand.timeZone };
}

function titleOf(texts: unknown, defaultLanguage: string): string {
  const t = texts as Record<string, { title: string }>;
  return (t[defaultLanguage.toLowerCase()] ?? t.en ?? Object.values(t)[0])?.title ?? '';
}

// ---- images

export type UploadedImage = { mimetype: string; data: Buffer };

const IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** By its first bytes (the declared type must agree): PNG, JPEG or WebP. */
function imageType(image: UploadedImage): 'image/png' | 'image/jpeg' | 'image/webp' | undefined {
  const b = image.data;
  if (
    image.mimetype === 'image/png' &&
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (image.mimetype === 'image/jpeg' && b.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return 'image/jpeg';
  if (
    image.mimetype === 'image/webp' &&
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return undefined;
}

/** An operator's promotion image (PNG, JPEG or WebP of at most 2 MB, as the content images). */
export async function uploadImage(ctx: AppContext, operator: Principal, files: UploadedImage[]) {
  if (files.length !== 1) throw fieldErrors({ image: files.length === 0 ? 'REQUIRED' : 'TOO_LONG' });
  const [image] = files as [UploadedImage];
  if (image.data.length > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  const contentType = imageType(image);
  if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  // Only the pixels are kept (http/image-upload.ts): the site serves an image, never what rode with it.
  const data = await reencodeImage(image.data, contentType, 'UNSUPPORTED_MEDIA_TYPE');
  const sha256 = createHash('sha256').update(data).digest('hex');
  return q.insertPromotionImage(ctx.db, {
    content_type: contentType,
    data,
    sha256,
    uploaded_by: operator.memberId,
  });
}

/** The bytes of /media/promotions/<id> (an id is never reused and its bytes never change). */
export async function promotionImage(ctx: AppContext, id: number) {
  const row = await q.promotionImage(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND');
  return { contentType: row.content_type, data: Buffer.from(row.data), etag: `"${row.sha256.slice(0, 32)}"` };
}

// ---- the promotion report

type Group = { members: number; deposits: number; ggr: number };

function presentGroup(g: Group) {
  return {
    members: g.members,
    deposits: toMajor(g.deposits),
    ggr: toMajor(g.ggr),
    depositsPerMember: g.members === 0 ? 0 : toMajor(Math.round(g.deposits / g.members)),
    ggrPerMember: g.members === 0 ? 0 : toMajor(Math.round(g.ggr / g.members)),
  };
}

/**
 * One promotion's participation, cost, and the deposits and GGR of the members who claimed against
 * the members eligible now who did not claim, both over the promotion's period (its start to its
 * end, or to now while it runs). Per-member figures are rounded to the cent.
 */
export async function promotionReport(ctx: AppContext, id: number) {
  const p = await rewards.promotionById(ctx, id);
  if (!p) throw new AppError('PROMOTION_NOT_FOUND');
  const brand = await getBrand(ctx.db);
  const rules = rewards.rulesOf(p.rules);
  const now = ctx.now();
  const from = new Date(p.starts_at);
  const end = p.ends_at === null ? now : new Date(p.ends_at);
  const to = end < now ? end : now;
  const [eligible, claimants, claims] = await Promise.all([
    audienceMembers(ctx.db, rules.audience),
    q.claimantIds(ctx.db, id),
    q.reportClaims(ctx.db, id),
  ]);
  const claimed = new Set(claimants);
  const others = eligible.filter((m) => !claimed.has(m));
  const [mine, theirs] =
    to > from
      ? await Promise.all([q.groupMoney(ctx.db, claimants, from, to), q.groupMoney(ctx.db, others, from, to)])
      : [
          { deposits: 0, ggr: 0 },
          { deposits: 0, ggr: 0 },
        ];
  return {
    promotionId: p.id,
    title: titleOf(p.texts, brand.defaultLanguage),
    currency: brand.currency,
    from: from.toISOString(),
    to: (to > from ? to : from).toISOString(),
    eligible: eligible.length,
    claimed: claims.members,
    claims: claims.claims,
    completedWagering: claims.convertedCount,
    forfeited: claims.forfeitedCount,
    cost: { paid: toMajor(claims.paid), converted: toMajor(claims.converted), forfeited: toMajor(claims.forfeited) },
    participants: presentGroup({ members: claimants.length, ...mine }),
    comparison: presentGroup({ members: others.length, ...theirs }),
  };
}
