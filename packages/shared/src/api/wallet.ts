import { z } from 'zod';
import { Money, PageQuery, paged, TrimmedRequired } from './common';

// spec §7 Wallet and the member-centre money views. Money is major units at this edge.

export const BalanceValue = z.object({
  balance: z.number(),
  available: z.number(),
  held: z.number(),
  currency: z.string(),
  currencySymbol: z.string(),
});

export const MerchantWalletQuery = z.object({ merchantCode: z.string().trim().max(64).optional() });
export const MerchantWalletValue = z.object({ isSingle: z.union([z.literal(0), z.literal(1)]) });

/** A positive amount with at most two decimals (major units). */
export const PositiveMoney = Money.positive().max(1_000_000_000);

/** Client-chosen idempotency key: a retry with the same requestId moves the money once. */
export const RequestId = z
  .string()
  .trim()
  .min(8)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/);

export const WalletTransferBody = z.object({
  vendor: z
    .string()
    .trim()
    .min(1)
    .max(32)
    .regex(/^[A-Za-z0-9_]+$/),
  direction: z.enum(['IN', 'OUT']),
  amount: PositiveMoney,
  requestId: RequestId,
});
export const WalletTransferValue = z.object({
  balance: z.number(),
  available: z.number(),
  vendorBalance: z.number(),
  vendor: z.string(),
  currency: z.string(),
  replayed: z.boolean(),
});

export const VendorWallet = z.object({ vendor: z.string(), balance: z.number() });
export const ConsolidatedFundsValue = z.object({
  balance: z.number(),
  available: z.number(),
  held: z.number(),
  bonus: z.number(),
  vendorWallets: z.array(VendorWallet),
  currency: z.string(),
});

export const UplineTransferBody = z.object({
  amount: PositiveMoney,
  paymentPassword: z.string().min(1).max(64),
  requestId: RequestId,
});
export const DownlineTransferBody = z
  .object({
    downlineId: z.number().int().positive().optional(),
    username: TrimmedRequired(64).optional(),
    amount: PositiveMoney,
    paymentPassword: z.string().min(1).max(64),
    requestId: RequestId,
  })
  .refine((b) => (b.downlineId === undefined) !== (b.username === undefined), {
    message: 'give exactly one of downlineId and username',
    path: ['downlineId'],
  });
export const TransferValue = z.object({
  reference: z.string(),
  amount: z.number(),
  balance: z.number(),
  available: z.number(),
  currency: z.string(),
  replayed: z.boolean(),
});

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');

/** spec §9 date shortcuts (past 7 and 30 days) or an explicit ISO date range (end inclusive). */
export const DateRangeQuery = z.object({
  range: z.enum(['past7', 'past30']).optional(),
  startDate: IsoDate.optional(),
  endDate: IsoDate.optional(),
});

export const TransactionType = z.enum([
  'deposit',
  'withdrawal',
  'transfer',
  'wallet-transfer',
  'bet',
  'win',
  'bonus',
  'adjustment',
]);
export const TransactionsQuery = PageQuery.extend(DateRangeQuery.shape).extend({ type: TransactionType.optional() });
export const TransactionItem = z.object({
  reference: z.string(),
  /** The game of a bet, win or rollback, in the member's language; null for other entries. */
  gameName: z.string().nullable(),
  /** The event(s) of a sportsbook round's bet, win or correction, as its vendor named them; else null. */
  event: z.string().nullable(),
  type: z.string(),
  amount: z.number(),
  balanceAfter: z.number(),
  time: z.string(),
});
export const TransactionsValue = paged(TransactionItem);

export const ProfitLossQuery = DateRangeQuery;
export const ProfitLossValue = z.object({
  deposits: z.number(),
  withdrawals: z.number(),
  transfersIn: z.number(),
  transfersOut: z.number(),
  bets: z.number(),
  wins: z.number(),
  bonuses: z.number(),
  net: z.number(),
  currency: z.string(),
});

export const BonusQuery = PageQuery;
export const BonusValue = z.object({
  balance: z.number(),
  currency: z.string(),
  entries: paged(TransactionItem),
});

/** Realtime message on /ws after a posting that changes the member's cash. */
export const BalanceEvent = z.object({
  type: z.literal('balance'),
  data: z.object({ balance: z.number(), available: z.number(), currency: z.string() }),
});

/** GET /ws?token=...: the session token travels in the query because browsers cannot set headers on a WebSocket. */
export const RealtimeQuery = z.object({ token: z.string().max(200).optional() });
