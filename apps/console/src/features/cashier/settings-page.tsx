import { type AdminCashierMethod, AdminCashierMethodBody, AdminCashierSettingsBody } from '@gamehall/shared/api/admin';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormFooter } from '../../components/form-footer';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { serverFieldErrors, validate } from '../../lib/form-errors';
import { formatMoney } from '../../lib/format';
import { useFormAction } from '../../lib/use-form-action';
import { saveMethod, saveSettings, settingsQuery } from './api';
import { providerName } from './provider-payout';

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

function SettingsForm({
  initial,
}: {
  initial: { receiptConfirmMinutes: number; turnoverPercent: number; gatewayExpiryMinutes: number };
}) {
  const { t } = useTranslation('cashier');
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => ({
    receiptConfirmMinutes: String(initial.receiptConfirmMinutes),
    turnoverPercent: String(initial.turnoverPercent),
    gatewayExpiryMinutes: String(initial.gatewayExpiryMinutes),
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(AdminCashierSettingsBody, {
      receiptConfirmMinutes: num(values.receiptConfirmMinutes),
      turnoverPercent: num(values.turnoverPercent),
      gatewayExpiryMinutes: num(values.gatewayExpiryMinutes),
    });
    setErrors(checked.errors);
    setMessage(null);
    if (!checked.data) return;
    setBusy(true);
    try {
      await saveSettings(checked.data);
      await queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey });
      setMessage({ ok: true, text: t('common.saved', { ns: 'core' }) });
    } catch (err) {
      setErrors(serverFieldErrors(err));
      setMessage({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  const field = (name: keyof typeof values, hint: string) => (
    <Field
      label={t(`settings.${name}`)}
      required
      name={name}
      type="number"
      inputMode="numeric"
      hint={hint}
      value={values[name]}
      error={errors[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
    />
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      className="max-w-md rounded-lg border border-(--border) bg-(--surface-raised) p-4"
    >
      <h2 className="mb-3 font-semibold">{t('settings.general')}</h2>
      {field('receiptConfirmMinutes', t('settings.receiptHint'))}
      {field('turnoverPercent', t('settings.turnoverHint'))}
      {field('gatewayExpiryMinutes', t('settings.expiryHint'))}
      {message && (
        <p
          role={message.ok ? 'status' : 'alert'}
          className={`mb-3 text-sm ${message.ok ? 'text-(--success)' : 'text-(--danger)'}`}
        >
          {message.text}
        </p>
      )}
      <Button type="submit" disabled={busy}>
        {t('common.save', { ns: 'core' })}
      </Button>
    </form>
  );
}

/** A method a payment provider serves (GCash through Xendit): its provider and channel. */
type ServedBy = { name: string; channel: string };

function MethodDialog({
  method,
  servedBy,
  onClose,
}: {
  method: AdminCashierMethod | null;
  servedBy: ServedBy | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('cashier');
  const [values, setValues] = useState(() => ({
    active: method?.active ?? false,
    min: String(method?.min ?? ''),
    max: String(method?.max ?? ''),
    bankName: method?.receivingAccount?.bankName ?? '',
    accountName: method?.receivingAccount?.accountName ?? '',
    accountNumber: method?.receivingAccount?.accountNumber ?? '',
    providerName: method?.provider?.name ?? '',
    payUrl: method?.provider?.payUrl ?? '',
    deepLink: method?.provider?.deepLink ?? '',
    secret: '',
  }));
  const { errors, setErrors, error, busy, run } = useFormAction(settingsQuery.queryKey);
  if (!method) return null;
  const bank = method.kind === 'bank_transfer';
  // An e-wallet's provider changes only with its callback secret entered again (it is never shown);
  // one a payment provider serves is connected on the payment providers screen instead.
  const ewallet = method.kind === 'ewallet' && servedBy === null;
  const providerChanged = ewallet && values.secret !== '';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = {
      active: values.active,
      min: num(values.min),
      max: num(values.max),
      ...(bank
        ? {
            receivingAccount: {
              bankName: values.bankName,
              accountName: values.accountName,
              accountNumber: values.accountNumber,
            },
          }
        : {}),
      ...(providerChanged
        ? {
            provider: {
              name: values.providerName,
              payUrl: values.payUrl,
              deepLink: values.deepLink.trim() === '' ? null : values.deepLink,
              secret: values.secret,
            },
          }
        : {}),
    };
    const checked = validate(AdminCashierMethodBody, body);
    const nested = bank
      ? validate(AdminCashierMethodBody.shape.receivingAccount.unwrap(), body.receivingAccount).errors
      : providerChanged
        ? validate(AdminCashierMethodBody.shape.provider.unwrap(), body.provider).errors
        : {};
    setErrors({ ...checked.errors, ...nested });
    const data = checked.data;
    if (!data) return;
    if (await run(() => saveMethod(method.code, data))) onClose();
  };
  const text = (
    name:
      | 'min'
      | 'max'
      | 'bankName'
      | 'accountName'
      | 'accountNumber'
      | 'providerName'
      | 'payUrl'
      | 'deepLink'
      | 'secret',
    type = 'text',
    required = true,
  ) => (
    <Field
      label={t(`methods.${name}`)}
      required={required}
      name={name}
      type={type}
      value={values[name]}
      error={errors[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
    />
  );
  return (
    <Modal open onClose={onClose} title={t('methods.edit', { name: method.name })}>
      <form onSubmit={submit} noValidate>
        <label className="mb-3 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={values.active}
            onChange={(e) => setValues((v) => ({ ...v, active: e.target.checked }))}
          />
          {t('methods.active')}
        </label>
        {text('min', 'number')}
        {text('max', 'number')}
        {bank && (
          <fieldset className="mt-2">
            <legend className="mb-2 text-sm font-medium">{t('methods.receivingAccount')}</legend>
            {text('bankName')}
            {text('accountName')}
            {text('accountNumber')}
          </fieldset>
        )}
        {servedBy && (
          <p className="mb-3 text-sm text-(--text-muted)" data-testid="method-served-by">
            {t('providers.servedBy', servedBy)}{' '}
            <Link to="/cashier/payment-providers" className="text-(--accent) underline">
              {t('providers.title')}
            </Link>
          </p>
        )}
        {ewallet && (
          <fieldset className="mt-2">
            <legend className="mb-2 text-sm font-medium">{t('methods.provider')}</legend>
            <p className="mb-2 text-xs text-(--text-muted)">
              {method.provider?.hasSecret ? t('methods.providerSet') : t('methods.providerNone')}
            </p>
            {text('providerName', 'text', providerChanged)}
            {text('payUrl', 'url', providerChanged)}
            {text('deepLink', 'text', false)}
            {text('secret', 'password', providerChanged)}
          </fieldset>
        )}
        <FormFooter error={error} busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}

export function SettingsPage() {
  const { t } = useTranslation('cashier');
  const settings = useQuery(settingsQuery);
  const [editing, setEditing] = useState<AdminCashierMethod | null>(null);
  const servedBy = (m: AdminCashierMethod): ServedBy | null =>
    m.paymentProvider ? { name: providerName(t, m.paymentProvider.code), channel: m.paymentProvider.channel } : null;
  return (
    <div>
      <PageHeader title={t('settings.title')} description={t('settings.description')} />
      {settings.isError && (
        <p role="alert" className="text-(--danger)">
          {errorMessage(settings.error)}
        </p>
      )}
      {settings.data && (
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <SettingsForm key={settings.dataUpdatedAt} initial={settings.data} />
          <section>
            <h2 className="mb-2 font-semibold">{t('methods.title')}</h2>
            <PlainTable
              caption={t('methods.title')}
              columns={[
                { label: t('methods.name') },
                { label: t('methods.kind') },
                { label: t('statusLabel') },
                { label: t('methods.min'), numeric: true },
                { label: t('methods.max'), numeric: true },
                { label: t('methods.receivingAccount') },
                { label: t('common.actions', { ns: 'core' }) },
              ]}
            >
              {settings.data.methods.map((m) => (
                <tr key={m.code} className="border-b border-(--border) last:border-b-0">
                  <td className="px-3 py-2">
                    {m.name} <code className="text-xs text-(--text-muted)">{m.code}</code>
                  </td>
                  <td className="px-3 py-2">{t(`methodKind.${m.kind}`)}</td>
                  <td className="px-3 py-2">
                    <StatusBadge
                      label={m.active ? t('methods.on') : t('methods.off')}
                      tone={m.active ? 'success' : 'muted'}
                    />
                  </td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatMoney(m.min)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{formatMoney(m.max)}</td>
                  <td className="px-3 py-2 text-xs">
                    {m.receivingAccount
                      ? `${m.receivingAccount.bankName} · ${m.receivingAccount.accountName} · ${m.receivingAccount.accountNumber}`
                      : (servedBy(m)?.name ?? '-')}
                  </td>
                  <td className="px-3 py-2">
                    <Button variant="secondary" className="px-2 py-1 text-xs" onClick={() => setEditing(m)}>
                      {t('common.edit', { ns: 'core' })}
                    </Button>
                  </td>
                </tr>
              ))}
            </PlainTable>
          </section>
        </div>
      )}
      <MethodDialog
        key={editing?.code ?? 'none'}
        method={editing}
        servedBy={editing ? servedBy(editing) : null}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
