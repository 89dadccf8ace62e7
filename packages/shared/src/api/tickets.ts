import { z } from 'zod';
import { Money, PageQuery, paged } from './common';
import { TICKET_KINDS, TicketKind } from './points';

// Tickets (spec §1 red envelope, prize wheel and golden egg; docs/referrals-tickets.md).
// A ticket is opened once; the draw picks a prize by its weight with a commit-reveal seed that the
// member can check after the seed is revealed.

export { TICKET_KINDS, TicketKind };

export const PRIZE_TYPES = ['cash', 'bonus', 'points', 'ticket', 'none'] as const;
export const PrizeType = z.enum(PRIZE_TYPES);
export type PrizeType = z.infer<typeof PrizeType>;

export const MAX_PRIZES = 24;
export const MAX_WEIGHT = 1_000_000;

/**
 * One line of a prize table. cash and bonus: `amount` (major units, > 0); points: `points`;
 * ticket: another ticket of `ticketKindId`; none: nothing. The chance is weight / sum of weights.
 */
export const Prize = z
  .object({
    label: z.string().trim().min(1).max(60),
    type: PrizeType,
    amount: Money.default(0),
    points: z.number().int().min(0).max(1_000_000_000).default(0),
    ticketKindId: z.number().int().positive().nullable().default(null),
    weight: z.number().int().positive().max(MAX_WEIGHT),
  })
  .strict()
  .superRefine((p, ctx) => {
    if ((p.type === 'cash' || p.type === 'bonus') && !(p.amount > 0))
      ctx.addIssue({ code: 'custom', path: ['amount'], params: { reason: 'REQUIRED' } });
    if (p.type === 'points' && !(p.points > 0))
      ctx.addIssue({ code: 'custom', path: ['points'], params: { reason: 'REQUIRED' } });
    if (p.type === 'ticket' && p.ticketKindId === null)
      ctx.addIssue({ code: 'custom', path: ['ticketKindId'], params: { reason: 'REQUIRED' } });
  });
export type Prize = z.infer<typeof Prize>;

export const TicketKindInput = z
  .object({
    kind: TicketKind,
    name: z.string().trim().min(1).max(60),
    enabled: z.boolean(),
    /** A credited deposit of at least this much grants one ticket; null: not earned from deposits. */
    depositMin: Money.refine((v) => v > 0, { params: { reason: 'INVALID' } })
      .nullable()
      .default(null),
    prizes: z.array(Prize).min(1).max(MAX_PRIZES),
  })
  .strict();
export type TicketKindInput = z.infer<typeof TicketKindInput>;

export const TicketKindView = z.object({
  id: z.number().int(),
  kind: TicketKind,
  name: z.string(),
  enabled: z.boolean(),
  depositMin: z.number().nullable(),
  prizes: z.array(
    z.object({
      label: z.string(),
      type: PrizeType,
      amount: z.number(),
      points: z.number().int(),
      ticketKindId: z.number().int().nullable(),
      weight: z.number().int(),
    }),
  ),
});
export type TicketKindView = z.infer<typeof TicketKindView>;
export const TicketKindList = z.object({ list: z.array(TicketKindView) });
export const TicketKindIdParams = z.object({ id: z.coerce.number().int().positive() });

// ---- member: GET /wps/tickets, POST /wps/tickets/:id/open, GET /wps/tickets/draws/:id

export const TicketsQuery = PageQuery.extend({ state: z.enum(['unopened', 'opened']).optional() });
export const TicketView = z.object({
  id: z.number().int(),
  kind: TicketKind,
  name: z.string(),
  state: z.enum(['unopened', 'opened']),
  source: z.string(),
  createdAt: z.string(),
  openedAt: z.string().nullable(),
  prize: z.object({ label: z.string(), type: PrizeType, amount: z.number(), points: z.number().int() }).nullable(),
  drawId: z.number().int().nullable(),
});
export type TicketView = z.infer<typeof TicketView>;
export const TicketList = paged(TicketView).extend({
  unopened: z.number().int(),
  /** SHA-256 of the member's current server seed: committed before any draw it makes. */
  seedHash: z.string(),
  clientSeed: z.string(),
  nextNonce: z.number().int(),
});
export type TicketList = z.infer<typeof TicketList>;
export const TicketIdParams = z.object({ id: z.coerce.number().int().positive() });

export const DrawView = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  seedHash: z.string(),
  /** Shown once the seed is revealed (after the member rotates it). */
  serverSeed: z.string().nullable(),
  clientSeed: z.string(),
  nonce: z.number().int(),
  /** The roll in [0, totalWeight) and the weights the draw used. */
  roll: z.number().int(),
  weights: z.array(z.number().int()),
  prizeIndex: z.number().int(),
  prize: z.object({ label: z.string(), type: PrizeType, amount: z.number(), points: z.number().int() }),
  /** With the revealed seed, the draw recomputed by the server: true when it matches. */
  verified: z.boolean().nullable(),
  createdAt: z.string(),
});
export type DrawView = z.infer<typeof DrawView>;
export const OpenValue = z.object({
  ticket: TicketView,
  draw: DrawView,
  /**
   * The prize table the draw used, in order (the draw's `prizeIndex` is the won line): what the
   * opening animation shows, e.g. the prize wheel's segments, ending on the drawn one.
   */
  segments: z.array(z.object({ label: z.string(), type: PrizeType, amount: z.number(), points: z.number().int() })),
});
export type OpenValue = z.infer<typeof OpenValue>;

export const RotateSeedBody = z
  .object({
    clientSeed: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
  })
  .strict();
export const RotateSeedValue = z.object({
  revealed: z.object({ seedHash: z.string(), serverSeed: z.string(), clientSeed: z.string() }).nullable(),
  seedHash: z.string(),
  clientSeed: z.string(),
});
export type RotateSeedValue = z.infer<typeof RotateSeedValue>;

// ---- back office report

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const TicketReportQuery = z.object({ from: Day, to: Day });
export const TicketReportRow = z.object({
  day: z.string(),
  kindId: z.number().int(),
  name: z.string(),
  issued: z.number().int(),
  opened: z.number().int(),
  cash: z.number(),
  bonus: z.number(),
  points: z.number().int(),
});
/** Days are brand days of `timeZone` (the brand's IANA zone). */
export const TicketReportValue = z.object({
  rows: z.array(TicketReportRow),
  currency: z.string(),
  timeZone: z.string(),
});
export type TicketReportValue = z.infer<typeof TicketReportValue>;
