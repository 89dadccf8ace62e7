import { addDays, dayStart } from '@gamehall/shared/calendar-day';
import { toMinor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import { isInTeam } from '../../db/agent-tree';
import { AppError, fieldErrors } from '../../http/errors';
import { pageWindow } from '../../http/paging';
import { checkPaymentPassword } from '../accounts/payment-password.service';
import { type Brand, getBrand, switchOn } from '../brand/brand.service';
import { accountCode, balanceOf, memberLedgerAccount, memberLedgerAccounts, postAlone } from '../ledger/ledger.service';
import {
  countEntries,
  type EntryFilter,
  pageEntries,
  sumsByType,
  transferVendor,
  walletMember,
  walletMemberByUsername,
} from './wallet.queries';

// The player's wallet (spec §7 Wallet; the member centre): balances, transfers between the main
// wallet and vendor wallets or between members, and the records pages. Money moves only through
// modules/ledger (postAlone, inside its own transaction); the records read the ledger's entries.

export type WalletMode = 'single' | 'transfer';

/** spec §3: single wallet unless the brand says otherwise (setting `walletMode`). */
export function walletModeOf(brand: Brand): WalletMode {
  return brand.walletMode;
}

export async function memberBalance(ctx: AppContext, memberId: number) {
  const brand = await getBrand(ctx.db);
  const b = await balanceOf(ctx.db, memberId, brand.currency);
  return { ...b, currency: brand.currency, currencySymbol: brand.currencySymbol };
}

export async function merchantWallet(ctx: AppContext) {
  return { isSingle: walletModeOf(await getBrand(ctx.db)) === 'single' ? 1 : 0 } as const;
}

export async function consolidatedFunds(ctx: AppContext, memberId: number) {
  const brand = await getBrand(ctx.db);
  if (!switchOn(brand, 'AGENTPOLICY3')) throw new AppError('FEATURE_DISABLED');
  const accounts = await memberLedgerAccounts(ctx.db, memberId, brand.currency);
  const cash = accounts.find((a) => a.kind === 'cash');
  return {
    balance: cash?.balance ?? 0,
    held: cash?.held ?? 0,
    available: (cash?.balance ?? 0) - (cash?.held ?? 0),
    bonus: accounts.find((a) => a.kind === 'bonus')?.balance ?? 0,
    vendorWallets: accounts
      .filter((a) => a.kind.startsWith('vendor:'))
      .map((a) => ({ vendor: a.kind.slice('vendor:'.length), balance: a.balance })),
    currency: brand.currency,
  };
}

/** Idempotency keys are scoped per member so one member's requestId can never replay another's. */
function requestKey(kind: string, memberId: number, requestId: string): string {
  return `${kind}:${memberId}:${requestId}`;
}

/**
 * Transfer-wallet mode: main wallet (cash) <-> the member's wallet at a vendor. IN = main to vendor.
 * Only IN checks the modes: the brand in transfer mode, the vendor active and its integration
 * enabled in transfer mode (a seamless vendor debits the main wallet itself and never sees a
 * vendor wallet). OUT is always allowed from a vendor wallet the member has, so money moved there
 * before a switch to single wallet, a vendor going inactive or seamless is never stranded.
 */
export async function vendorTransfer(
  ctx: AppContext,
  memberId: number,
  input: { vendor: string; direction: 'IN' | 'OUT'; amount: number; requestId: string },
) {
  const brand = await getBrand(ctx.db);
  const into = input.direction === 'IN';
  if (into && walletModeOf(brand) !== 'transfer') throw new AppError('FEATURE_DISABLED');
  const vendor = await transferVendor(ctx.db, input.vendor);
  if (!vendor) throw fieldErrors({ vendor: 'INVALID' });
  const kind = `vendor:${vendor.code}` as const;
  const allowed = into
    ? vendor.status === 'active' && vendor.wallet_mode === 'transfer' && vendor.enabled === true
    : (await memberLedgerAccount(ctx.db, memberId, kind, brand.currency)) !== undefined;
  if (!allowed) throw fieldErrors({ vendor: 'INVALID' });
  const amount = minorOf(input.amount, 'amount');
  const sign = input.direction === 'IN' ? -1 : 1;
  const cashCode = accountCode({ member: memberId, currency: brand.currency });
  const vendorCode = accountCode({ member: memberId, kind, currency: brand.currency });
  // The posting is the only write: one statement in its own transaction.
  const result = await postAlone(ctx.db, {
    idempotencyKey: requestKey('wallet-transfer', memberId, input.requestId),
    type: 'wallet-transfer',
    reference: `WT${input.direction}-${vendor.code}`,
    entries: [
      { account: { member: memberId, currency: brand.currency }, amount: sign * amount },
      { account: { member: memberId, kind, currency: brand.currency }, amount: -sign * amount },
    ],
  });
  const held = (await balanceOf(ctx.db, memberId, brand.currency)).held;
  const balance = result.balances[cashCode] ?? 0;
  return {
    balance,
    available: balance - held,
    vendorBalance: result.balances[vendorCode] ?? 0,
    vendor: vendor.code,
    currency: brand.currency,
    replayed: result.replayed,
  };
}

function minorOf(major: number, field: string): number {
  try {
    return toMinor(major);
  } catch {
    throw fieldErrors({ [field]: 'INVALID' });
  }
}

async function memberToMember(
  ctx: AppContext,
  input: { from: number; to: number; amount: number; requestId: string; kind: 'upline' | 'downline' },
) {
  const brand = await getBrand(ctx.db);
  const amount = minorOf(input.amount, 'amount');
  const reference = `TR${input.kind === 'upline' ? 'U' : 'D'}-${input.from}-${input.to}`;
  const fromCode = accountCode({ member: input.from, currency: brand.currency });
  // The posting is the only write: one statement in its own transaction.
  const result = await postAlone(ctx.db, {
    idempotencyKey: requestKey(`transfer-${input.kind}`, input.from, input.requestId),
    type: `transfer.${input.kind}`,
    reference,
    entries: [
      { account: { member: input.from, currency: brand.currency }, amount: -amount },
      { account: { member: input.to, currency: brand.currency }, amount },
    ],
  });
  const held = (await balanceOf(ctx.db, input.from, brand.currency)).held;
  const balance = result.balances[fromCode] ?? 0;
  return { reference, amount, balance, available: balance - held, currency: brand.currency, replayed: result.replayed };
}

/** Member to their upline (members.upline_id), with the payment password. */
export async function transferToUpline(
  ctx: AppContext,
  memberId: number,
  input: { amount: number; paymentPassword: string; requestId: string },
) {
  await checkPaymentPassword(ctx, memberId, input.paymentPassword);
  const member = await walletMember(ctx.db, memberId);
  if (!member) throw new AppError('ACCOUNT_NOT_FOUND');
  if (member.upline_id === null) throw new AppError('WALLET_NO_UPLINE');
  // A disabled upline takes no money: their account cannot spend it, so it would be stuck there.
  const upline = await walletMember(ctx.db, member.upline_id);
  if (upline?.status !== 'active') throw new AppError('WALLET_NO_UPLINE');
  return memberToMember(ctx, { from: memberId, to: member.upline_id, ...input, kind: 'upline' });
}

/**
 * Agent to any downline of its team (spec §1 "transfer to downlines"; docs/agents.md "Transfers"):
 * any level below the agent in the agent tree, never anyone outside it.
 */
export async function transferToDownline(
  ctx: AppContext,
  agentId: number,
  input: {
    downlineId?: number | undefined;
    username?: string | undefined;
    amount: number;
    paymentPassword: string;
    requestId: string;
  },
) {
  await checkPaymentPassword(ctx, agentId, input.paymentPassword);
  const target =
    input.downlineId !== undefined
      ? await walletMember(ctx.db, input.downlineId)
      : await walletMemberByUsername(ctx.db, input.username ?? '');
  // Outside the team and not found answer alike, so the call cannot probe other agents' members.
  if (target?.status !== 'active' || !(await isInTeam(ctx.db, agentId, Number(target.id))))
    throw new AppError('NOT_FOUND');
  return memberToMember(ctx, {
    from: agentId,
    to: target.id,
    amount: input.amount,
    requestId: input.requestId,
    kind: 'downline',
  });
}

export type DateRange = {
  range?: 'past7' | 'past30' | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
};

/**
 * spec §9 date shortcuts: past 7 / 30 days up to now; explicit dates are whole days of the brand's
 * time zone (the days every report is cut in), end inclusive.
 */
export function resolveRange(now: Date, q: DateRange, timeZone: string): { from?: Date; to?: Date } {
  if (q.range) {
    const days = q.range === 'past7' ? 7 : 30;
    return { from: new Date(now.getTime() - days * 86_400_000) };
  }
  const valid = (d: string | undefined) => d !== undefined && !Number.isNaN(Date.parse(`${d}T00:00:00Z`));
  if ((q.startDate && !valid(q.startDate)) || (q.endDate && !valid(q.endDate)))
    throw fieldErrors({ startDate: 'INVALID' });
  const from = q.startDate ? dayStart(q.startDate, timeZone) : undefined;
  const to = q.endDate ? dayStart(addDays(q.endDate, 1), timeZone) : undefined;
  if ((from && Number.isNaN(from.getTime())) || (to && Number.isNaN(to.getTime())) || (from && to && from >= to))
    throw fieldErrors({ startDate: 'INVALID' });
  return { ...(from ? { from } : {}), ...(to ? { to } : {}) };
}

export async function transactions(
  ctx: AppContext,
  memberId: number,
  q: DateRange & { type?: string | undefined; pageNo: number; pageSize: number },
) {
  const brand = await getBrand(ctx.db);
  const account = await memberLedgerAccount(ctx.db, memberId, 'cash', brand.currency);
  return pagedEntries(
    ctx,
    account ? [account.id] : [],
    { ...resolveRange(ctx.now(), q, brand.timeZone), ...(q.type ? { type: q.type } : {}) },
    q,
  );
}

async function pagedEntries(
  ctx: AppContext,
  accountIds: number[],
  filter: Omit<EntryFilter, 'accountIds'>,
  page: { pageNo: number; pageSize: number },
) {
  const f = { accountIds, ...filter };
  const total = await countEntries(ctx.db, f);
  const rows = await pageEntries(ctx.db, f, pageWindow(page));
  return { rows, total, pageNo: page.pageNo, pageSize: page.pageSize };
}

/**
 * Personal profit and loss over the member's cash and bonus accounts, bucketed by posting type
 * (the part before a dot). net = wins + bonuses - bets: the gaming result, not cash flow.
 */
export async function profitLoss(ctx: AppContext, memberId: number, q: DateRange) {
  const brand = await getBrand(ctx.db);
  const accounts = await memberLedgerAccounts(ctx.db, memberId, brand.currency);
  const ids = accounts.filter((a) => a.kind === 'cash' || a.kind === 'bonus').map((a) => a.id);
  const sums = await sumsByType(ctx.db, { accountIds: ids, ...resolveRange(ctx.now(), q, brand.timeZone) });
  const t = { deposits: 0, withdrawals: 0, transfersIn: 0, transfersOut: 0, bets: 0, wins: 0, bonuses: 0 };
  for (const row of sums) {
    const credit = Number(row.credit);
    const debit = Number(row.debit);
    switch (row.type.split('.')[0]) {
      case 'deposit':
        t.deposits += credit - debit;
        break;
      case 'withdrawal':
        t.withdrawals += debit - credit;
        break;
      case 'transfer':
        t.transfersIn += credit;
        t.transfersOut += debit;
        break;
      case 'bet':
        t.bets += debit - credit;
        break;
      case 'win':
        t.wins += credit - debit;
        break;
      case 'bonus':
        t.bonuses += credit - debit;
        break;
    }
  }
  return { ...t, net: t.wins + t.bonuses - t.bets, currency: brand.currency };
}

export async function bonusDetails(ctx: AppContext, memberId: number, page: { pageNo: number; pageSize: number }) {
  const brand = await getBrand(ctx.db);
  const account = await memberLedgerAccount(ctx.db, memberId, 'bonus', brand.currency);
  const entries = await pagedEntries(ctx, account ? [account.id] : [], {}, page);
  return { balance: account?.balance ?? 0, currency: brand.currency, entries };
}
