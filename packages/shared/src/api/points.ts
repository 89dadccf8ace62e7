import { z } from 'zod';
import { Money, PageQuery, paged, RequestId } from './common';
import { grid, gridQuery } from './operators';

// The points mall (spec §1 "points never expire", §3 "Points redeem record", §4 redeem
// statuses, §7 Points; docs/points.md). Points are whole numbers; money is major units like the
// rest of the player-side API. Member calls need a token (spec: all T); redeem and convert are E
// calls guarded by the payment password.

export const MAX_POINTS = 1_000_000_000_000;
/** A whole, positive number of points. */
export const Points = z.number().int().positive().max(MAX_POINTS);

export const REWARD_KINDS = ['cash', 'bonus', 'ticket', 'physical'] as const;
export const RewardKind = z.enum(REWARD_KINDS);
export type RewardKind = z.infer<typeof RewardKind>;

/** Ticket kinds (spec §1): recorded on a redemption for the ticket programme to issue. */
export const TICKET_KINDS = ['red_envelope', 'prize_wheel', 'golden_egg'] as const;
export const TicketKind = z.enum(TICKET_KINDS);
export type TicketKind = z.infer<typeof TicketKind>;

/** spec §4 redeem statuses In Process, Approved, Rejected. */
export const REDEEM_STATUSES = ['in_process', 'approved', 'rejected'] as const;
export const RedeemStatus = z.enum(REDEEM_STATUSES);
export type RedeemStatus = z.infer<typeof RedeemStatus>;

/** Client-chosen idempotency key: a retry with the same requestId redeems or converts once. */
export const PointsRequestId = RequestId;

// ---- GET /wps/relay/MCS2_getPointBalance

export const PointBalanceValue = z.object({ points: z.number().int() });
export type PointBalanceValue = z.infer<typeof PointBalanceValue>;

// ---- GET /wps/relay/MCS2_getPointReward (the catalogue)

export const PointRewardQuery = PageQuery.extend({ kind: RewardKind.optional() });

export const PointReward = z.object({
  id: z.number().int(),
  kind: RewardKind,
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  /** Points per unit. */
  pointsRequirement: z.number().int(),
  /** Cash or bonus paid per unit (major units); 0 for tickets and physical items. */
  amount: z.number(),
  ticketKind: TicketKind.nullable(),
  /** null: unlimited. */
  stock: z.number().int().nullable(),
  maxPerRedeem: z.number().int(),
});
export type PointReward = z.infer<typeof PointReward>;
export const PointRewardList = paged(PointReward);

// ---- POST /wps/relay/passwordCheck/MCS2_redeemPointReward (E)

export const RedeemPointBody = z
  .object({
    rewardId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
    quantity: z.number().int().min(1).max(1000).default(1),
    paymentPassword: z.string().min(1).max(64),
    requestId: PointsRequestId,
  })
  .strict();
export type RedeemPointBody = z.infer<typeof RedeemPointBody>;

/** spec §3 "Points redeem record". */
export const RedeemRecord = z.object({
  /** The transaction reference number. */
  reference: z.string(),
  applyTime: z.string(),
  type: RewardKind,
  name: z.string(),
  ticketKind: TicketKind.nullable(),
  quantity: z.number().int(),
  /** Points the redemption took (all units). */
  pointsRequirement: z.number().int(),
  /** Money value of the redemption (cash or bonus paid, major units); 0 for tickets and items. */
  amountRequirement: z.number(),
  status: RedeemStatus,
  /** Points movement of the redemption: negative when taken, 0 once a rejection refunded it. */
  changedPoints: z.number().int(),
  /** The member's points right after the redemption. */
  pointsBalance: z.number().int().nullable(),
  remark: z.string(),
  decidedAt: z.string().nullable(),
});
export type RedeemRecord = z.infer<typeof RedeemRecord>;

export const RedeemValue = RedeemRecord.extend({ replayed: z.boolean() });

// ---- GET /wps/relay/MCS2_getRedeemPointList

export const RedeemListQuery = PageQuery.extend({ status: RedeemStatus.optional() });
export const RedeemList = paged(RedeemRecord);

// ---- GET /wps/relay/MCS2_getPointConfig

export const PointRate = z.object({
  gameType: z.string(),
  /** Points per 1,000,000 minor units of valid bet. */
  ratePpm: z.number().int().min(0).max(1_000_000),
});
export type PointRate = z.infer<typeof PointRate>;

export const PointConfigValue = z.object({
  /** exchangePoints points convert to exchangeAmount of cash (major units). */
  exchangePoints: z.number().int(),
  exchangeAmount: z.number(),
  /** The smallest conversion; conversions go in whole steps of exchangePoints. */
  minConvertPoints: z.number().int(),
  convertEnabled: z.boolean(),
  currency: z.string(),
  rates: z.array(PointRate),
  /** The operator's rules text in the member's language (else English); may be empty. */
  rules: z.string(),
  /** spec §1: points never expire. */
  expires: z.literal(false),
});
export type PointConfigValue = z.infer<typeof PointConfigValue>;

// ---- GET /wps/relay/ODSFE2_MemTransDet (points details)

export const POINTS_MOVEMENT_TYPES = [
  'points.earn',
  'points.redeem',
  'points.refund',
  'points.convert',
  'points.adjust',
] as const;
export const PointsMovementType = z.enum(POINTS_MOVEMENT_TYPES);

export const PointsDetailsQuery = PageQuery.extend({
  type: PointsMovementType.optional(),
  range: z.enum(['past7', 'past30']).optional(),
});
export const PointsDetail = z.object({
  id: z.number().int(),
  time: z.string(),
  type: z.string(),
  reference: z.string(),
  changedPoints: z.number().int(),
  pointsBalance: z.number().int(),
  remark: z.string(),
});
export type PointsDetail = z.infer<typeof PointsDetail>;
export const PointsDetailsList = paged(PointsDetail);

// ---- POST /wps/relay/passwordCheck/MCS2_convertPoint (E)

export const ConvertPointBody = z
  .object({
    points: Points,
    paymentPassword: z.string().min(1).max(64),
    requestId: PointsRequestId,
  })
  .strict();
export type ConvertPointBody = z.infer<typeof ConvertPointBody>;

export const ConvertValue = z.object({
  reference: z.string(),
  points: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  pointsBalance: z.number().int(),
  cashBalance: z.number(),
  replayed: z.boolean(),
});
export type ConvertValue = z.infer<typeof ConvertValue>;

// ---- back office: /admin/points/... (admin:points.read, admin:points.write)

const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
export const AdminPointsIdParams = z.object({ id: Id });

export const RewardBody = z
  .object({
    kind: RewardKind,
    name: z.string().trim().min(1).max(80),
    /** Per-language names: language code -> name. */
    names: z.record(z.string().regex(/^[A-Za-z-]{2,10}$/), z.string().trim().min(1).max(80)).default({}),
    description: z.string().trim().max(1000).default(''),
    imageUrl: z
      .string()
      .trim()
      .max(500)
      .regex(/^(\/[^/\\]|https?:\/\/)[^\s\\]*$/)
      .nullable()
      .default(null),
    pointsCost: Points,
    /** Cash or bonus per unit (major units); required above 0 for cash and bonus, else 0. */
    amount: Money.refine((v) => v >= 0, { params: { reason: 'INVALID' } }).default(0),
    /** ticket: the ticket kind (ticket_kinds row) each unit issues; it must exist and be enabled. */
    ticketKindId: z.number().int().positive().nullable().default(null),
    stock: z.number().int().min(0).max(10_000_000).nullable().default(null),
    maxPerRedeem: z.number().int().min(1).max(1000).default(10),
    status: z.enum(['active', 'paused']).default('active'),
    sort: z.number().int().min(0).max(100_000).default(0),
  })
  .strict()
  .superRefine((b, c) => {
    const paid = b.kind === 'cash' || b.kind === 'bonus';
    if (paid !== b.amount > 0) c.addIssue({ code: 'custom', path: ['amount'], params: { reason: 'INVALID' } });
    if ((b.kind === 'ticket') !== (b.ticketKindId !== null))
      c.addIssue({ code: 'custom', path: ['ticketKindId'], params: { reason: 'INVALID' } });
  });
export type RewardBody = z.infer<typeof RewardBody>;

export const AdminReward = z.object({
  id: z.number().int(),
  kind: RewardKind,
  name: z.string(),
  names: z.record(z.string(), z.string()),
  description: z.string(),
  imageUrl: z.string().nullable(),
  pointsCost: z.number().int(),
  amount: z.number(),
  ticketKind: TicketKind.nullable(),
  ticketKindId: z.number().int().nullable(),
  stock: z.number().int().nullable(),
  maxPerRedeem: z.number().int(),
  status: z.enum(['active', 'paused']),
  sort: z.number().int(),
  redeemed: z.number().int(),
  updatedAt: z.string(),
});
export type AdminReward = z.infer<typeof AdminReward>;
export const AdminRewardList = z.object({ list: z.array(AdminReward) });

export const PointsConfigBody = z
  .object({
    exchangePoints: Points,
    exchangeAmount: Money.refine((v) => v > 0, { params: { reason: 'INVALID' } }),
    minConvertPoints: Points,
    convertEnabled: z.boolean(),
    rates: z.array(PointRate).min(1).max(40),
    rules: z.record(z.string().regex(/^[A-Za-z-]{2,10}$/), z.string().max(5000)).default({}),
  })
  .strict()
  .superRefine((b, c) => {
    const seen = new Set<string>();
    b.rates.forEach((r, i) => {
      if (seen.has(r.gameType) || !/^[A-Z]{2,12}$/.test(r.gameType))
        c.addIssue({ code: 'custom', path: ['rates', i, 'gameType'], params: { reason: 'INVALID' } });
      seen.add(r.gameType);
    });
  });
export type PointsConfigBody = z.infer<typeof PointsConfigBody>;

export const AdminPointsConfig = z.object({
  exchangePoints: z.number().int(),
  exchangeAmount: z.number(),
  minConvertPoints: z.number().int(),
  convertEnabled: z.boolean(),
  rates: z.array(PointRate),
  rules: z.record(z.string(), z.string()),
  currency: z.string(),
  updatedAt: z.string(),
});
export type AdminPointsConfig = z.infer<typeof AdminPointsConfig>;

export const AdminRedemptionsQuery = gridQuery(['createdAt'], 'createdAt').extend({
  status: RedeemStatus.optional(),
  kind: RewardKind.optional(),
  username: z.string().trim().max(64).optional(),
});
export const AdminRedemption = RedeemRecord.extend({
  id: z.number().int(),
  memberId: z.number().int(),
  username: z.string(),
  decidedBy: z.string().nullable(),
});
export type AdminRedemption = z.infer<typeof AdminRedemption>;
export const AdminRedemptionList = grid(AdminRedemption);

export const DecideRedemptionBody = z
  .object({ decision: z.enum(['approve', 'reject']), remark: z.string().trim().max(200).default('') })
  .strict();

export const PointsAdjustmentBody = z
  .object({
    username: z.string().trim().min(1).max(64),
    /** Positive credits points, negative debits them. */
    points: z
      .number()
      .int()
      .min(-MAX_POINTS)
      .max(MAX_POINTS)
      .refine((v) => v !== 0, { params: { reason: 'INVALID' } }),
    reason: z.string().trim().min(1).max(200),
    requestId: PointsRequestId,
  })
  .strict();
export type PointsAdjustmentBody = z.infer<typeof PointsAdjustmentBody>;

export const PointsAdjustmentValue = z.object({
  memberId: z.number().int(),
  username: z.string(),
  points: z.number().int(),
  pointsBalance: z.number().int(),
  reference: z.string(),
  replayed: z.boolean(),
});

export const AdminMemberPointsQuery = PageQuery.extend({ username: z.string().trim().min(1).max(64) });
export const AdminMemberPoints = z.object({
  memberId: z.number().int(),
  username: z.string(),
  points: z.number().int(),
  details: PointsDetailsList,
});
export type AdminMemberPoints = z.infer<typeof AdminMemberPoints>;
