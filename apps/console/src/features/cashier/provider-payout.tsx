import type { AdminWithdrawal } from '@gamehall/shared/api/admin';
import {
  type AdminProviderPayout,
  PayoutBody,
  PayoutResolveBody,
  type PspMode,
} from '@gamehall/shared/api/admin-payment-providers';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { providersQuery, resolvePayout, sendPayout } from './api';
import { DialogForm } from './desk-dialogs';

// An approved withdrawal paid through a payment provider instead of by hand (docs/cashier.md
// "Payouts through a provider"): the desk's button and dialog, where the payout stands, and settling
// by hand one the provider has left unanswered.

/** `mode`: the mode in use, when the operator may read the providers screen; null when not known. */
export type PayoutProvider = { code: string; name: string; mode: PspMode | null };

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
  if (!settings) return PAYOUT_PROVIDERS.map((code) => ({ code, name: providerName(t, code), mode: null }));
  return (providers.data ?? [])
    .filter((p) => p.offersPayouts && p.enabled && p.payoutsEnabled)
    .map((p) => ({ code: p.code, name: p.name, mode: p.mode }));
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
      {provider?.mode === 'test' && (
        <p role="note" className="mb-3 rounded-md border border-(--border) p-2 text-sm font-medium">
          {t('payout.testMode')}
        </p>
      )}
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

/** A payout may be settled by hand once the provider has had this long to answer (as the server holds). */
export const SETTLE_AFTER_MS = 15 * 60_000;

/** When a payout sent at `requestedAt` may be settled by hand; null when it was never asked. */
export function settleableFrom(requestedAt: string | null): number | null {
  const asked = requestedAt ? new Date(requestedAt).getTime() : Number.NaN;
  return Number.isNaN(asked) ? null : asked + SETTLE_AFTER_MS;
}

/**
 * A payout still `sending`: once the provider has had 15 minutes, the approver may settle it by hand
 * from the provider's dashboard; before that, when it becomes possible. The button appears by itself
 * at that moment.
 */
export function SettlePayout({
  order,
  payout,
  onDone,
}: {
  order: AdminWithdrawal;
  payout: AdminProviderPayout;
  onDone: () => Promise<unknown>;
}) {
  const { t } = useTranslation('cashier');
  const from = settleableFrom(payout.requestedAt);
  const [now, setNow] = useState(() => Date.now());
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (from === null || from <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), from - now + 500);
    return () => clearTimeout(timer);
  }, [from, now]);
  if (from === null) return null;
  const name = providerName(t, payout.provider);
  if (from > now)
    return (
      <p className="mt-2 text-xs text-(--text-muted)" data-testid="settle-later">
        {t('payout.settleFrom', { name, time: formatDateTime(new Date(from).toISOString()) })}
      </p>
    );
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <span className="text-xs text-(--text-muted)">{t('payout.settleNow', { name })}</span>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('payout.settle')}
      </Button>
      {open && <SettlePayoutDialog order={order} name={name} onDone={onDone} onClose={() => setOpen(false)} />}
    </div>
  );
}

const ResolveNote = PayoutResolveBody.shape.note;

/** Settle by hand: paid, or returned to the member, as the provider's dashboard shows; a note required. */
function SettlePayoutDialog({
  order,
  name,
  onDone,
  onClose,
}: {
  order: AdminWithdrawal;
  name: string;
  onDone: () => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('cashier');
  const [outcome, setOutcome] = useState<PayoutResolveBody['outcome'] | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ outcome?: string; note?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const amount = formatMoney(order.amount, order.currency);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = ResolveNote.safeParse(note);
    const found = {
      ...(outcome ? {} : { outcome: t('payout.settleOutcomeRequired') }),
      ...(checked.success ? {} : { note: t('payout.settleNoteInvalid') }),
    };
    setErrors(found);
    if (!outcome || !checked.success) return;
    setBusy(true);
    try {
      await resolvePayout(order.reference, { outcome, note: checked.data });
      await onDone();
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'CASHIER_STATE_CONFLICT')
        setErrors({ form: t('payout.settleConflict', { name }) });
      else if (err instanceof ApiError && err.fields.note) setErrors({ note: t('payout.settleNoteInvalid') });
      else setErrors({ form: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  const radio = (value: PayoutResolveBody['outcome']) => (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="radio"
        name="outcome"
        value={value}
        checked={outcome === value}
        aria-invalid={Boolean(errors.outcome)}
        onChange={() => setOutcome(value)}
      />
      {t(`payout.settleAs.${value}`, { amount })}
    </label>
  );
  return (
    <DialogForm
      title={t('payout.settleTitle')}
      open
      busy={busy}
      error={errors.form ?? ''}
      submitLabel={t('payout.settle')}
      onSubmit={submit}
      onClose={onClose}
    >
      <p className="mb-4 text-sm">{t('payout.settleExplain', { name, reference: order.reference })}</p>
      <fieldset className="mb-3">
        <legend className="mb-1 text-sm font-medium">{t('payout.settleOutcome', { name })}</legend>
        <div className="grid gap-1">
          {radio('paid')}
          {radio('returned')}
        </div>
        {errors.outcome && (
          <p role="alert" className="mt-1 text-xs text-(--danger)">
            {errors.outcome}
          </p>
        )}
      </fieldset>
      <Field
        label={t('payout.settleNote')}
        required
        name="note"
        maxLength={200}
        hint={t('payout.settleNoteHint', { name })}
        value={note}
        error={errors.note}
        onChange={(e) => setNote(e.target.value)}
      />
    </DialogForm>
  );
}
