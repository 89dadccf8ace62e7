import type { AdminWithdrawal } from '@gamehall/shared/api/admin';
import { type AdminProviderPayout, PayoutBody } from '@gamehall/shared/api/admin-payment-providers';
import { Field } from '@gamehall/ui/field';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { providersQuery, sendPayout } from './api';
import { DialogForm } from './desk-dialogs';

// An approved withdrawal paid through a payment provider instead of by hand (docs/cashier.md
// "Payouts through a provider"): the desk's button and dialog, and where the payout stands.

export type PayoutProvider = { code: string; name: string };

/**
 * Channels a desk picks by hand when the bank's name does not say which (an e-wallet account), per
 * provider; any other bank code can be typed.
 */
const CHANNELS: Record<string, { code: string; label: string }[]> = {
  xendit: [
    { code: 'PH_GCASH', label: 'GCash' },
    { code: 'PH_PAYMAYA', label: 'Maya' },
  ],
};

/**
 * The providers that send payouts, offered to an operator who cannot read the providers screen
 * (cashier.settings): the server answers CASHIER_METHOD_UNAVAILABLE while their payouts are off.
 */
const PAYOUT_PROVIDERS = ['xendit'];

const ChannelCode = PayoutBody.shape.channel.unwrap();

export function providerName(t: TFunction<'cashier'>, code: string): string {
  return t(`providers.names.${code}`, { defaultValue: code });
}

/**
 * The providers a withdrawal can be sent through: those connected with payouts on, as the providers
 * screen says, for an operator who may read it; otherwise every provider that sends payouts.
 */
export function usePayoutProviders(): PayoutProvider[] {
  const { t } = useTranslation('cashier');
  const can = useCan();
  const settings = can('cashier.settings');
  const providers = useQuery({ ...providersQuery, enabled: settings });
  if (!settings) return PAYOUT_PROVIDERS.map((code) => ({ code, name: providerName(t, code) }));
  return (providers.data ?? [])
    .filter((p) => p.offersPayouts && p.enabled && p.payoutsEnabled)
    .map((p) => ({ code: p.code, name: p.name }));
}

/** Where a payout through a provider stands, in words: sending, paid with its id, or failed and returned. */
export function ProviderPayoutText({ payout }: { payout: AdminProviderPayout }) {
  const { t } = useTranslation('cashier');
  const name = providerName(t, payout.provider);
  const text =
    payout.state === 'sending'
      ? t('payout.sending', { name, mode: t(`providers.modes.${payout.mode}`).toLowerCase() })
      : payout.state === 'paid'
        ? t('payout.paid', { name, id: payout.payoutId ?? '-' })
        : t('payout.failed', { failure: payout.failure ?? '-' });
  const tone = payout.state === 'paid' ? 'text-(--success)' : payout.state === 'failed' ? 'text-(--danger)' : '';
  return (
    <span data-testid="provider-payout" className={tone}>
      {text}
    </span>
  );
}

/**
 * Send an approved withdrawal through a provider: the channel chosen from the bank's name, or picked
 * (an e-wallet), or a bank code typed. The provider's answer shows on the order.
 */
export function SendPayoutDialog({
  provider,
  order,
  onDone,
  onClose,
}: {
  provider: PayoutProvider | null;
  order: AdminWithdrawal;
  onDone: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('cashier');
  const [choice, setChoice] = useState('auto');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ channel?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const name = provider?.name ?? '';
  const channels = (provider && CHANNELS[provider.code]) ?? [];
  const close = () => {
    setChoice('auto');
    setCode('');
    setErrors({});
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!provider) return;
    const channel = choice === 'auto' ? undefined : choice === 'other' ? code.trim().toUpperCase() : choice;
    if (channel !== undefined && !ChannelCode.safeParse(channel).success)
      return setErrors({ channel: t('payout.codeInvalid') });
    setBusy(true);
    setErrors({});
    try {
      await sendPayout(order.reference, { provider: provider.code, ...(channel ? { channel } : {}) });
      await onDone();
      close();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'CASHIER_METHOD_UNAVAILABLE')
        setErrors({ form: t('payout.unavailable', { name }) });
      else if (err instanceof ApiError && err.fields.channel)
        setErrors({
          channel: err.fields.channel === 'REQUIRED' ? t('payout.channelRequired', { name }) : t('payout.codeInvalid'),
        });
      else setErrors({ form: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  const radio = (value: string, label: string) => (
    <label key={value} className="flex items-center gap-2 text-sm">
      <input type="radio" name="channel" value={value} checked={choice === value} onChange={() => setChoice(value)} />
      {label}
    </label>
  );
  return (
    <DialogForm
      title={t('payout.send', { name })}
      open={provider !== null}
      busy={busy}
      error={errors.form ?? ''}
      submitLabel={t('payout.send', { name })}
      onSubmit={submit}
      onClose={close}
    >
      <p className="mb-4 text-sm">
        {t('payout.confirm', {
          amount: formatMoney(order.amount, order.currency),
          account: order.bankAccount.accountNumber,
          bank: order.bankAccount.bankName,
          name,
        })}
      </p>
      <fieldset className="mb-3">
        <legend className="mb-1 text-sm font-medium">{t('payout.channel')}</legend>
        <div className="grid gap-1">
          {radio('auto', t('payout.auto', { bank: order.bankAccount.bankName }))}
          {channels.map((c) => radio(c.code, `${c.label} (${c.code})`))}
          {radio('other', t('payout.other'))}
        </div>
        {errors.channel && choice !== 'other' && (
          <p role="alert" className="mt-1 text-xs text-(--danger)">
            {errors.channel}
          </p>
        )}
      </fieldset>
      {choice === 'other' && (
        <Field
          label={t('payout.code')}
          required
          name="channelCode"
          placeholder="PH_BDO"
          hint={t('payout.codeHint')}
          value={code}
          error={errors.channel}
          onChange={(e) => setCode(e.target.value)}
        />
      )}
    </DialogForm>
  );
}
