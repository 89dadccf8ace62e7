import { BankAccountBody } from '@gamehall/shared/api/cashier';
import { patternOf } from '@gamehall/shared/patterns';
import { Field } from '@gamehall/ui/field';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock, Trash2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FormFooter } from '../../components/form-footer';
import { showAlert } from '../../lib/alerts';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { withMessages } from '../../lib/form-messages';
import { useSession } from '../../lib/session';
import { addBankAccount, bankAccountsQuery, removeBankAccount } from './api';
import { Card, formatTime, PageTitle, SectionTitle, StatusBadge } from './components';

// The payee must be the member: the real-name pattern (17) here, the registered payee name on the server.
const REAL_NAME = patternOf(17);
const BankFields = BankAccountBody.refine((v) => REAL_NAME?.regex.test(v.accountName) ?? true, {
  path: ['accountName'],
});

// spec §4 account linking: list and bind; a confirmed account is locked, a pending one can be unlinked.
export function BankAccountPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const list = useQuery(bankAccountsQuery(token)).data?.list;
  const form = useForm({
    defaultValues: { bankName: '', accountName: '', accountNumber: '' },
    resolver: withMessages(zodResolver(BankFields, undefined, { raw: true }), t, {
      bankName: 'wallet.bank.bankNameInvalid',
      accountName: 'wallet.bank.realName',
      accountNumber: 'wallet.bank.accountNumberInvalid',
    }),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (body) => {
    try {
      await addBankAccount(body);
      toast.success(t('wallet.bank.bound'));
      form.reset();
      await queryClient.invalidateQueries({ queryKey: ['wallet', 'bankAccounts'] });
    } catch (err) {
      const fields = err instanceof ApiError ? (err.value?.fields as Record<string, string> | undefined) : undefined;
      if (fields?.accountName)
        form.setError('accountName', {
          message: t(fields.accountName === 'MISMATCH' ? 'wallet.bank.nameMismatch' : 'wallet.bank.realName'),
        });
      for (const name of ['bankName', 'accountNumber'] as const)
        if (fields?.[name]) form.setError(name, { message: t(`wallet.bank.${name}Invalid`) });
      if (!fields) form.setError('root', { message: errorMessage(t, err) });
    }
  });
  const unlink = async (id: number) => {
    if (!(await showAlert({ message: t('wallet.bank.unlinkConfirm'), cancellable: true }))) return;
    try {
      await removeBankAccount(id);
      await queryClient.invalidateQueries({ queryKey: ['wallet', 'bankAccounts'] });
    } catch (err) {
      toast.error(errorMessage(t, err));
    }
  };
  return (
    <div>
      <PageTitle>{t('wallet.menu.bankAccount')}</PageTitle>
      <ul className="grid gap-3 sm:grid-cols-2" aria-label={t('wallet.bank.list')}>
        {list?.length === 0 && <li className="text-sm text-(--text-muted)">{t('wallet.bank.none')}</li>}
        {list?.map((a) => (
          <li key={a.id}>
            <Card className="flex items-start justify-between gap-3">
              <div className="min-w-0 text-sm">
                <p className="font-semibold">{a.bankName}</p>
                <p>{a.accountName}</p>
                <p className="font-mono" data-testid="bank-account-number">
                  {a.accountNumber}
                </p>
                <p className="mt-1 flex items-center gap-2 text-xs text-(--text-muted)">
                  <StatusBadge status={a.status} />
                  {formatTime(a.confirmedAt ?? a.createdAt)}
                </p>
                {a.status === 'pending' && (
                  <p className="mt-1 text-xs text-(--text-muted)" data-testid="bank-account-review">
                    {t('wallet.bank.inReview')}
                  </p>
                )}
                {a.status === 'rejected' && (
                  <p className="mt-1 text-xs text-(--danger)" data-testid="bank-account-reject-reason">
                    {t('wallet.bank.rejectReason', { reason: a.rejectReason ?? '' })}
                  </p>
                )}
              </div>
              {a.status === 'confirmed' ? (
                <span title={t('wallet.bank.locked')} className="text-(--text-muted)">
                  <Lock size={18} aria-hidden />
                  <span className="sr-only">{t('wallet.bank.locked')}</span>
                </span>
              ) : (
                <button
                  type="button"
                  onClick={() => void unlink(a.id)}
                  className="rounded p-1 text-(--danger) hover:bg-(--surface-raised)"
                  aria-label={t('wallet.bank.unlink', { bank: a.bankName })}
                >
                  <Trash2 size={18} aria-hidden />
                </button>
              )}
            </Card>
          </li>
        ))}
      </ul>
      <SectionTitle>{t('wallet.bank.bind')}</SectionTitle>
      <form onSubmit={submit} noValidate className="max-w-md">
        <Field
          label={t('wallet.bankName')}
          required
          autoComplete="off"
          error={errors.bankName?.message}
          {...form.register('bankName')}
        />
        <Field
          label={t('wallet.accountName')}
          required
          autoComplete="name"
          hint={t('wallet.bank.realNameHint')}
          error={errors.accountName?.message}
          {...form.register('accountName')}
        />
        <Field
          label={t('wallet.accountNumber')}
          required
          inputMode="numeric"
          autoComplete="off"
          error={errors.accountNumber?.message}
          {...form.register('accountNumber')}
        />
        <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
          {t('wallet.bank.bind')}
        </FormFooter>
      </form>
    </div>
  );
}
