import { type TransferValue, UplineTransferBody } from '@gamehall/shared/api/wallet';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormFooter } from '../../components/form-footer';
import { errorMessage } from '../../lib/errors';
import { withMessages } from '../../lib/form-messages';
import { useSession } from '../../lib/session';
import { balanceQuery, transferToUpline } from './api';
import { BalanceCard, PageTitle, useMoney } from './components';
import {
  AmountField,
  amountValue,
  PaymentPasswordField,
  paymentErrorField,
  useRefreshBalances,
} from './payment-fields';
import { newRequestId } from './wallet-logic';

const UplineFields = UplineTransferBody.omit({ requestId: true });

// spec §2 transferUpline: an amount and the payment password move money to the member's agent.
export function TransferUplinePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const refreshBalances = useRefreshBalances();
  const balance = useQuery(balanceQuery(token)).data;
  const [done, setDone] = useState<z.infer<typeof TransferValue> | null>(null);
  const form = useForm<z.input<typeof UplineFields>, unknown, z.output<typeof UplineFields>>({
    // No amount until the member types one: a NaN default is written into the number box, which
    // the browser refuses with a console warning.
    defaultValues: { paymentPassword: '' },
    resolver: withMessages(zodResolver(UplineFields, undefined, { raw: true }), t, {
      amount: 'wallet.amountInvalid',
      paymentPassword: 'validation.required',
    }),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    if (balance && values.amount > balance.available) {
      form.setError('amount', { message: t('errors.WALLET_INSUFFICIENT_FUNDS') });
      return;
    }
    try {
      const result = await transferToUpline({ ...values, requestId: newRequestId() });
      setDone(result);
      toast.success(t('wallet.transferDone'));
      form.reset();
      await refreshBalances();
    } catch (err) {
      form.setError(paymentErrorField(err), { message: errorMessage(t, err) });
    }
  });
  return (
    <div>
      <PageTitle>{t('member.menu.transferUpline')}</PageTitle>
      <BalanceCard
        className="mb-6 max-w-md"
        label={t('wallet.available')}
        amount={balance && money(balance.available)}
        testId="upline-available"
      />
      <form onSubmit={submit} noValidate className="max-w-md">
        <AmountField error={errors.amount?.message} {...form.register('amount', { setValueAs: amountValue })} />
        <PaymentPasswordField error={errors.paymentPassword?.message} {...form.register('paymentPassword')} />
        <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
          {t('wallet.transfer')}
        </FormFooter>
      </form>
      {done && (
        <p role="status" className="mt-4 text-sm" data-testid="upline-result">
          {t('wallet.uplineDone', { amount: money(done.amount), reference: done.reference })}
        </p>
      )}
    </div>
  );
}
