import { type TransferValue, UplineTransferBody } from '@gamehall/shared/api/wallet';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormFooter } from '../../components/form-footer';
import { Field } from '../../components/ui/field';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { withMessages } from '../../lib/form-messages';
import { useSession } from '../../lib/session';
import { balanceQuery, transferToUpline } from './api';
import { Card, PageTitle, useMoney } from './components';
import { newRequestId } from './wallet-logic';

const UplineFields = UplineTransferBody.omit({ requestId: true });

// spec §2 transferUpline: an amount and the payment password move money to the member's agent.
export function TransferUplinePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const queryClient = useQueryClient();
  const balance = useQuery(balanceQuery(token)).data;
  const [done, setDone] = useState<z.infer<typeof TransferValue> | null>(null);
  const form = useForm({
    defaultValues: { amount: Number.NaN, paymentPassword: '' },
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
      await queryClient.invalidateQueries({ queryKey: ['wallet'] });
      await queryClient.invalidateQueries({ queryKey: ['member', 'publicState'] });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'PAYMENT_PASSWORD_INVALID')
        form.setError('paymentPassword', { message: errorMessage(t, err) });
      else form.setError('root', { message: errorMessage(t, err) });
    }
  });
  return (
    <div>
      <PageTitle>{t('member.menu.transferUpline')}</PageTitle>
      <Card className="mb-6 max-w-md">
        <p className="text-sm text-(--text-muted)">{t('wallet.available')}</p>
        <p className="text-xl font-bold" data-testid="upline-available">
          {balance ? money(balance.available) : '…'}
        </p>
      </Card>
      <form onSubmit={submit} noValidate className="max-w-md">
        <Field
          label={t('wallet.amount')}
          required
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          error={errors.amount?.message}
          {...form.register('amount', { valueAsNumber: true })}
        />
        <Field
          label={t('member.security.paymentPassword')}
          required
          type="password"
          autoComplete="off"
          error={errors.paymentPassword?.message}
          {...form.register('paymentPassword')}
        />
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
