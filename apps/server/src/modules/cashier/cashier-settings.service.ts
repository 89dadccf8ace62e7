import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import { fieldErrors } from '../../http/errors';
import * as q from './cashier.queries';
import { amountOf } from './cashier.service';
import { cashierFail } from './cashier-errors';
import { MANUAL_DEPOSIT_METHOD } from './house-accounts.service';

// The cashier's settings and payment methods, for operators (cashier.admin.routes.ts calls these).

export async function cashierConfiguration(ctx: AppContext) {
  const [settings, methods] = await Promise.all([q.readSettings(ctx.db), q.listAllMethods(ctx.db)]);
  return {
    receiptConfirmMinutes: settings.receipt_confirm_minutes,
    turnoverPercent: settings.turnover_percent,
    gatewayExpiryMinutes: settings.gateway_expiry_minutes,
    methods: methods.filter((m) => m.code !== MANUAL_DEPOSIT_METHOD),
  };
}

export type CashierConfiguration = Awaited<ReturnType<typeof cashierConfiguration>>;

export async function changeCashierSettings(
  ctx: AppContext,
  patch: Partial<{ receiptConfirmMinutes: number; turnoverPercent: number; gatewayExpiryMinutes: number }>,
) {
  if (Object.values(patch).every((v) => v === undefined)) throw fieldErrors({ _: 'REQUIRED' });
  const before = await q.readSettings(ctx.db);
  await setCashierSettings(ctx.db, patch);
  return {
    old: {
      receiptConfirmMinutes: before.receipt_confirm_minutes,
      turnoverPercent: before.turnover_percent,
      gatewayExpiryMinutes: before.gateway_expiry_minutes,
    },
    config: await cashierConfiguration(ctx),
  };
}

/**
 * One method's limits (major units in, minor stored), on/off, for a bank transfer the account
 * members pay into, and for an e-wallet its provider. Min above max, or a receiving account or
 * provider on a method of another kind, changes nothing.
 */
export async function changePaymentMethod(
  ctx: AppContext,
  code: string,
  patch: {
    active?: boolean | undefined;
    min?: number | undefined;
    max?: number | undefined;
    receivingAccount?: { bankName: string; accountName: string; accountNumber: string } | undefined;
    provider?: { name: string; payUrl: string; deepLink: string | null; secret: string } | undefined;
  },
) {
  if (Object.values(patch).every((v) => v === undefined)) throw fieldErrors({ _: 'REQUIRED' });
  const result = await ctx.db.transaction().execute(async (trx) => {
    const method = await q.findMethodForUpdate(trx, code);
    // Manual deposits are recorded by balance adjustments only: never a method members may pick.
    if (!method || method.code === MANUAL_DEPOSIT_METHOD) cashierFail('CASHIER_METHOD_UNAVAILABLE');
    const min = patch.min !== undefined ? amountOf(patch.min) : method.min_amount;
    const max = patch.max !== undefined ? amountOf(patch.max) : method.max_amount;
    if (min > max) throw fieldErrors({ [patch.min !== undefined ? 'min' : 'max']: 'INVALID' });
    if (patch.receivingAccount && method.kind !== 'bank_transfer') throw fieldErrors({ receivingAccount: 'INVALID' });
    // A payment provider's method (GCash through Xendit) is connected on the providers screen instead.
    if (patch.provider && (method.kind !== 'ewallet' || method.psp !== null))
      throw fieldErrors({ provider: 'INVALID' });
    const account = patch.receivingAccount;
    const provider = patch.provider;
    await q.updateMethod(trx, code, {
      ...(patch.active !== undefined ? { active: patch.active } : {}),
      min_amount: min,
      max_amount: max,
      ...(account
        ? { bank_name: account.bankName, account_name: account.accountName, account_number: account.accountNumber }
        : {}),
      ...(provider
        ? {
            provider_name: provider.name,
            provider_pay_url: provider.payUrl,
            provider_deep_link: provider.deepLink,
            provider_secret: provider.secret,
          }
        : {}),
    });
    return method;
  });
  const config = await cashierConfiguration(ctx);
  const after = config.methods.find((m) => m.code === code);
  if (!after) throw new Error(`payment method ${code} vanished`);
  return { before: result, after };
}

export async function setCashierSettings(
  db: Conn,
  patch: Partial<{ receiptConfirmMinutes: number; turnoverPercent: number; gatewayExpiryMinutes: number }>,
) {
  await q.updateSettings(db, {
    ...(patch.receiptConfirmMinutes !== undefined ? { receipt_confirm_minutes: patch.receiptConfirmMinutes } : {}),
    ...(patch.turnoverPercent !== undefined ? { turnover_percent: patch.turnoverPercent } : {}),
    ...(patch.gatewayExpiryMinutes !== undefined ? { gateway_expiry_minutes: patch.gatewayExpiryMinutes } : {}),
  });
}
