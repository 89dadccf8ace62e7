import { randomBytes } from 'node:crypto';
import { addDays, dayStart } from '@gamehall/shared/calendar-day';
import { toMinor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import type { Principal } from '../../http/auth';
import { fieldErrors } from '../../http/errors';
import { getBrand } from '../brand/brand.service';
import * as q from './cashier.queries';
import { cashierFail } from './cashier-errors';
import { MANUAL_DEPOSIT_METHOD, offersTo } from './house-accounts.service';
import { pspMethodReady } from './psp/registry';

// What the cashier's services share: order references, amounts and limits, which payment methods
// are offered, and the operators' queue filters. Deposits, callbacks, withdrawals, bank accounts,
// settings and files each have their own cashier-*.service.ts.

export type { DepositRow, Page, WithdrawalRow } from './cashier.queries';

// House accounts the cashier moves money through (ledger.service names them; may go negative).
export const HOUSE_BANK = 'bank';
export const HOUSE_PAYABLE = 'withdrawals-payable';
// The banks' fees for sending payouts: an expense of the house (docs/cashier.md "Mark paid").
export const HOUSE_PAYMENT_FEES = 'payment-fees';

// Public references are unguessable (architecture: Identifiers): 80 random bits.
export function newReference(prefix: 'D' | 'W'): string {
  return `${prefix}${randomBytes(10).toString('hex').toUpperCase()}`;
}

export function amountOf(major: number): number {
  try {
    return toMinor(major);
  } catch {
    throw fieldErrors({ amount: 'INVALID' });
  }
}

export function assertWithinLimits(amount: number, method: { min_amount: number; max_amount: number }) {
  if (amount < method.min_amount || amount > method.max_amount)
    cashierFail('CASHIER_AMOUNT_OUT_OF_RANGE', { min: method.min_amount / 100, max: method.max_amount / 100 });
}

// ---- payment methods (min and max per method)

/** The sandbox gateway's method (seeded by migration 0004). */
export const SANDBOX_METHOD = 'SANDBOX_PAY';

/**
 * The sandbox gateway lets whoever opens its page credit a deposit without paying, so it exists
 * only in demo mode (config.demo, DEMO; see docs/operations.md "Sandbox payment gateway"): outside
 * it the method is neither offered nor accepted, and its pages and callback are not registered.
 */
export function sandboxGatewayEnabled(ctx: AppContext): boolean {
  return ctx.config.demo;
}

type OfferedMethod = {
  code: string;
  kind: string;
  provider_pay_url: string | null;
  provider_secret: string | null;
  psp: string | null;
};

/**
 * An e-wallet whose provider the operator configured (its pay page and callback secret) takes
 * payment through that provider; without one it stands on the sandbox gateway, in demo mode only.
 */
export function ewalletProvider(method: { provider_pay_url: string | null; provider_secret: string | null }) {
  return method.provider_pay_url !== null && method.provider_secret !== null
    ? { payUrl: method.provider_pay_url, secret: method.provider_secret }
    : null;
}

/**
 * Whether a deposit method may be offered at all: manual deposits never; the sandbox method, and an
 * e-wallet without a provider, only where the sandbox exists; a payment provider's method while the
 * provider is connected. Whether a bank transfer has an account
 * for this member is decided per member (offeredToMember, routeDeposit).
 */
export function methodOffered(ctx: AppContext, method: OfferedMethod): boolean {
  if (method.code === MANUAL_DEPOSIT_METHOD) return false;
  // A provider's method is offered while the provider is connected (pspMethodReady), never on the sandbox.
  if (method.psp !== null) return true;
  if (method.kind === 'ewallet') return ewalletProvider(method) !== null || sandboxGatewayEnabled(ctx);
  return method.code !== SANDBOX_METHOD || sandboxGatewayEnabled(ctx);
}

type MethodRow = NonNullable<Awaited<ReturnType<typeof q.findMethod>>>;

/**
 * A bank transfer needs an account to pay into: one of the method's receiving accounts serving the
 * member's VIP level with room under its daily cap, or, for a method without receiving accounts,
 * the method's own account (docs/cashier.md "Receiving and paying accounts").
 */
async function offeredToMember(ctx: AppContext, method: MethodRow, vipLevel: number): Promise<boolean> {
  if (!methodOffered(ctx, method) || !(await pspMethodReady(ctx.db, method, ctx.config.demo))) return false;
  return method.kind !== 'bank_transfer' || offersTo(ctx.db, method, vipLevel, ctx.now());
}

export async function paymentMethods(ctx: AppContext, principal: Principal) {
  const [methods, settings, brand, last, member] = await Promise.all([
    q.listActiveMethods(ctx.db),
    q.readSettings(ctx.db),
    getBrand(ctx.db),
    q.lastDeposit(ctx.db, principal.memberId),
    q.findMemberForCashier(ctx.db, principal.memberId),
  ]);
  const withdrawal = methods.find((m) => m.kind === 'withdrawal');
  const deposit: MethodRow[] = [];
  for (const m of methods)
    if (m.kind !== 'withdrawal' && (await offeredToMember(ctx, m, member?.vip_level ?? 0))) deposit.push(m);
  // The last order's method and amount, while that method is still offered: derived from the orders
  // themselves, so it follows the member to any device and leaves nothing behind on a shared phone.
  const lastMethod = last ? deposit.find((m) => m.code === last.method_code) : undefined;
  return {
    currency: brand.currency,
    deposit,
    withdrawal: withdrawal ?? null,
    receiptConfirmMinutes: settings.receipt_confirm_minutes,
    last: last && lastMethod ? { methodCode: last.method_code, amount: last.amount } : null,
  };
}

// ---- the operators' order queues (deposits and withdrawals)

/** The queue filters as the console sends them (AdminOrderQueueQuery): major units, inclusive brand days. */
export type OperatorQueueFilter = {
  memberId?: number | undefined;
  member?: string | undefined;
  reference?: string | undefined;
  minAmount?: number | undefined;
  maxAmount?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
};

export async function orderFilter(ctx: AppContext, f: OperatorQueueFilter): Promise<q.OrderFilter> {
  // Days of the brand's time zone, as every report and the console's date filters are.
  const zone = f.from || f.to ? (await getBrand(ctx.db)).timeZone : 'UTC';
  return {
    memberId: f.memberId,
    username: f.member,
    reference: f.reference,
    minAmount: f.minAmount === undefined ? undefined : toMinor(f.minAmount),
    maxAmount: f.maxAmount === undefined ? undefined : toMinor(f.maxAmount),
    from: f.from ? dayStart(f.from, zone) : undefined,
    // `to` names the last day shown: orders before the next midnight.
    to: f.to ? dayStart(addDays(f.to, 1), zone) : undefined,
  };
}
