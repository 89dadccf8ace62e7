import { parseMoneyText } from '@gamehall/shared/money';
import { Field } from '@gamehall/ui/field';
import { useQueryClient } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useMoney } from './components';

// The pieces the money-moving forms (deposit, withdraw, transfer to upline, vendor transfer) share.

type FieldProps = Omit<ComponentProps<typeof Field>, 'label' | 'required' | 'type'>;

/**
 * The amount of a money form, in major units with two decimals (the schema rejects what is not
 * positive). A text box, not a number box: a number box takes '1e3' as 1,000; register
 * it with `{ setValueAs: amountValue }`.
 */
export function AmountField(field: FieldProps) {
  const { t } = useTranslation();
  return <Field label={t('wallet.amount')} required type="text" inputMode="decimal" autoComplete="off" {...field} />;
}

/** The typed amount as the form's number: NaN (refused by the schema) unless it is a plain amount. */
export function amountValue(text: unknown): number {
  if (typeof text === 'number') return text;
  return parseMoneyText(String(text ?? '')) ?? Number.NaN;
}

/**
 * The payment password (spec §2, set in the security centre), which is not the login password:
 * autoComplete off, so a password manager does not offer the login one (the shared PasswordField
 * only knows current-password and new-password, so it does not fit here).
 */
export function PaymentPasswordField(field: Omit<FieldProps, 'autoComplete'>) {
  const { t } = useTranslation();
  return <Field label={t('security.paymentPassword')} required type="password" autoComplete="off" {...field} />;
}

/** Where a failed payment's error shows: a wrong payment password under its field, anything else under the form. */
export function paymentErrorField(err: unknown): 'paymentPassword' | 'root' {
  return err instanceof ApiError && err.code === 'PAYMENT_PASSWORD_INVALID' ? 'paymentPassword' : 'root';
}

/** After money moved: refetch the wallet pages and the header's balance. */
export function useRefreshBalances(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: ['wallet'] });
    await queryClient.invalidateQueries({ queryKey: ['member', 'publicState'] });
  };
}

/** "Limits: min – max" of a payment method or of withdrawals, in the brand's currency. */
export function useLimitsText(): (limits: { min: number; max: number }) => string {
  const { t } = useTranslation();
  const money = useMoney();
  return (limits) => t('wallet.limits', { min: money(limits.min), max: money(limits.max) });
}
