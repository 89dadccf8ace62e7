import { WalletTransferBody } from '@gamehall/shared/api/wallet';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { paths } from '../../app/paths';
import { FormFooter } from '../../components/form-footer';
import { errorMessage } from '../../lib/errors';
import { showServerFieldErrors, withMessages } from '../../lib/form-messages';
import { vendorNames as menuVendorNames } from '../../lib/game-menus';
import { useSession } from '../../lib/session';
import { gameMenusQuery } from '../../lib/site-queries';
import { balanceQuery, consolidatedQuery, merchantWalletQuery, walletTransfer } from './api';
import { Card, PageTitle, SectionTitle, SelectField, useMoney } from './components';
import { AmountField, amountValue, useRefreshBalances } from './payment-fields';
import { newRequestId } from './wallet-logic';

// spec §2 transferFund: balances; transfer-wallet mode (isSingle 0) moves money between the main
// wallet and a vendor wallet; consolidated funds when AGENTPOLICY3 is on.
export function MyWalletPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const balance = useQuery(balanceQuery(token)).data;
  const mode = useQuery(merchantWalletQuery(token)).data;
  const consolidated = useQuery(consolidatedQuery(token)).data;
  const vendorNames = useVendorNames();
  const figures: [string, number | undefined, string][] = [
    ['wallet.balance', balance?.balance, 'wallet-balance'],
    ['wallet.available', balance?.available, 'wallet-available'],
    ['wallet.held', balance?.held, 'wallet-held'],
  ];
  return (
    <div>
      <PageTitle>{t('member.menu.transferFund')}</PageTitle>
      <dl className="grid gap-3 sm:grid-cols-3">
        {figures.map(([key, value, testId]) => (
          <Card key={key}>
            <dt className="text-sm text-(--text-muted)">{t(key)}</dt>
            <dd className="mt-1 text-xl font-bold" data-testid={testId}>
              {value === undefined ? '…' : money(value)}
            </dd>
          </Card>
        ))}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          to={paths.memberEntry('depositv2')}
          className="rounded-md bg-(--accent) px-4 py-2 text-sm font-semibold text-(--accent-contrast)"
        >
          {t('member.menu.depositv2')}
        </Link>
        <Link
          to={paths.memberEntry('withdraw')}
          className="rounded-md border border-(--accent) px-4 py-2 text-sm font-semibold text-(--accent)"
        >
          {t('member.menu.withdraw')}
        </Link>
      </div>
      {consolidated && (
        <>
          <SectionTitle>{t('wallet.consolidated')}</SectionTitle>
          <dl className="grid gap-2 sm:grid-cols-2">
            <Card className="flex justify-between gap-2">
              <dt>{t('wallet.bonusWallet')}</dt>
              <dd className="font-semibold">{money(consolidated.bonus)}</dd>
            </Card>
            {consolidated.vendorWallets.map((w) => (
              <Card key={w.vendor} className="flex justify-between gap-2">
                <dt>{vendorNames.get(w.vendor) ?? w.vendor}</dt>
                <dd className="font-semibold">{money(w.balance)}</dd>
              </Card>
            ))}
          </dl>
        </>
      )}
      {mode?.isSingle === 0 && <VendorTransferForm />}
    </div>
  );
}

const TransferFields = WalletTransferBody.omit({ requestId: true });

/** Vendor code -> display name (a TY-blanked vendor by its neutral label), from the game menus. */
function useVendorNames(): Map<string, string> {
  const { t, i18n } = useTranslation();
  const menus = useQuery(gameMenusQuery(i18n.language.toUpperCase())).data;
  return useMemo(() => menuVendorNames(menus, t), [menus, t]);
}

function VendorTransferForm() {
  const { t } = useTranslation();
  const money = useMoney();
  const refreshBalances = useRefreshBalances();
  const vendorNames = useVendorNames();
  const vendors = [...vendorNames.entries()].map(([code, name]) => ({ code, name }));
  const [last, setLast] = useState<{ vendor: string; vendorBalance: number } | null>(null);
  const form = useForm<z.input<typeof TransferFields>, unknown, z.output<typeof TransferFields>>({
    // No amount until the member types one: a NaN default is written into the number box, which
    // the browser refuses with a console warning.
    defaultValues: { vendor: '', direction: 'IN' },
    resolver: withMessages(zodResolver(TransferFields, undefined, { raw: true }), t, {
      vendor: 'wallet.chooseVendor',
      amount: 'wallet.amountInvalid',
    }),
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    try {
      const result = await walletTransfer({ ...values, requestId: newRequestId() });
      setLast({ vendor: result.vendor, vendorBalance: result.vendorBalance });
      toast.success(t('wallet.transferDone'));
      form.resetField('amount');
      form.reset({ vendor: values.vendor, direction: values.direction });
      await refreshBalances();
    } catch (err) {
      showServerFieldErrors(form.setError, t, err);
      form.setError('root', { message: errorMessage(t, err) });
    }
  });
  return (
    <section aria-labelledby="vendor-transfer">
      <SectionTitle>
        <span id="vendor-transfer">{t('wallet.vendorTransfer')}</span>
      </SectionTitle>
      <form onSubmit={submit} noValidate className="max-w-md">
        <SelectField label={t('wallet.vendor')} {...form.register('vendor')}>
          <option value="">{t('wallet.chooseVendor')}</option>
          {vendors.map((v) => (
            <option key={v.code} value={v.code}>
              {v.name}
            </option>
          ))}
        </SelectField>
        {errors.vendor && (
          <p role="alert" className="-mt-2 mb-3 text-xs text-(--danger)">
            {errors.vendor.message}
          </p>
        )}
        <fieldset className="mb-3">
          <legend className="mb-1 text-sm font-medium">{t('wallet.direction')}</legend>
          <div className="flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-2">
              <input type="radio" value="IN" {...form.register('direction')} />
              {t('wallet.toVendor')}
            </label>
            <label className="flex items-center gap-2">
              <input type="radio" value="OUT" {...form.register('direction')} />
              {t('wallet.fromVendor')}
            </label>
          </div>
        </fieldset>
        <AmountField error={errors.amount?.message} {...form.register('amount', { setValueAs: amountValue })} />
        <FormFooter error={errors.root?.message ?? ''} busy={isSubmitting}>
          {t('wallet.transfer')}
        </FormFooter>
      </form>
      {last && (
        <p className="mt-3 text-sm" role="status">
          {t('wallet.vendorBalance', {
            vendor: vendorNames.get(last.vendor) ?? last.vendor,
            amount: money(last.vendorBalance),
          })}
        </p>
      )}
    </section>
  );
}
