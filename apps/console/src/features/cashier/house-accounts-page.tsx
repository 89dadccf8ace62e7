import { type AdminHouseAccount, AdminHouseAccountBody } from '@gamehall/shared/api/admin-cashier';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../components/form-footer';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useCan } from '../../lib/session';
import { useFormAction } from '../../lib/use-form-action';
import { houseAccountsQuery, saveHouseAccount, settingsQuery } from './api';
import { parseMoney } from './desk-dialogs';

// The brand's own bank accounts (docs/cashier.md "Receiving and paying accounts"): the receiving
// pool of bank transfers (rotation, daily caps, VIP levels) and the accounts payouts leave from.

type Editing = AdminHouseAccount | 'new' | null;

/** "0, 1, 2" -> [0, 1, 2]; empty -> null (every level); undefined when it is not a list of levels. */
function parseLevels(text: string): number[] | null | undefined {
  if (!text.trim()) return null;
  const parts = text.split(',').map((p) => p.trim());
  if (!parts.every((p) => /^\d{1,3}$/.test(p))) return undefined;
  return parts.map(Number);
}

function AccountDialog({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation('cashier');
  const methods = useQuery(settingsQuery);
  const bankMethods = (methods.data?.methods ?? []).filter((m) => m.kind === 'bank_transfer');
  const current = editing === 'new' ? null : editing;
  const [values, setValues] = useState(() => ({
    label: current?.label ?? '',
    bankName: current?.bankName ?? '',
    accountName: current?.accountName ?? '',
    accountNumber: current?.accountNumber ?? '',
    methodCode: current?.methodCode ?? '',
    pays: current?.pays ?? false,
    dailyCap: current?.dailyCap === null || current === null ? '' : String(current.dailyCap),
    vipLevels: current?.vipLevels?.join(', ') ?? '',
    active: current?.active ?? true,
    sort: String(current?.sort ?? 0),
  }));
  const { errors, setErrors, error, busy, run } = useFormAction(houseAccountsQuery.queryKey);
  const methodId = useId();
  if (editing === null) return null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const cap = values.dailyCap.trim() === '' ? null : parseMoney(values.dailyCap);
    const levels = parseLevels(values.vipLevels);
    const checked = validate(AdminHouseAccountBody, {
      label: values.label,
      bankName: values.bankName,
      accountName: values.accountName,
      accountNumber: values.accountNumber,
      methodCode: values.methodCode || null,
      pays: values.pays,
      dailyCap: cap ?? (values.dailyCap.trim() === '' ? null : -1),
      vipLevels: levels === undefined ? [] : levels,
      active: values.active,
      sort: Number(values.sort) || 0,
    });
    const own: Record<string, string> = {};
    if (levels === undefined) own.vipLevels = t('houseAccounts.vipInvalid');
    if (!values.methodCode && !values.pays) own.methodCode = t('houseAccounts.receivesOrPays');
    setErrors({ ...checked.errors, ...own });
    const data = checked.data;
    if (!data || Object.keys(own).length > 0) return;
    if (await run(() => saveHouseAccount(current?.id ?? null, data))) onClose();
  };
  const text = (
    name: 'label' | 'bankName' | 'accountName' | 'accountNumber' | 'dailyCap' | 'vipLevels' | 'sort',
    label: string,
    options: { required?: boolean; hint?: string; inputMode?: 'decimal' | 'numeric' } = {},
  ) => (
    <Field
      label={label}
      required={options.required ?? false}
      name={name}
      inputMode={options.inputMode}
      hint={options.hint}
      value={values[name]}
      error={errors[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
    />
  );
  return (
    <Modal
      open
      onClose={onClose}
      title={current ? t('houseAccounts.edit', { label: current.label }) : t('houseAccounts.add')}
    >
      <form onSubmit={submit} noValidate>
        {text('label', t('houseAccounts.label'), { required: true })}
        {text('bankName', t('bankName'), { required: true })}
        {text('accountName', t('accountName'), { required: true })}
        {text('accountNumber', t('accountNumber'), { required: true })}
        <div className="mb-3">
          <label htmlFor={methodId} className="mb-1 block text-sm font-medium">
            {t('houseAccounts.receives')}
          </label>
          <select
            id={methodId}
            name="methodCode"
            value={values.methodCode}
            aria-invalid={Boolean(errors.methodCode)}
            onChange={(e) => setValues((v) => ({ ...v, methodCode: e.target.value }))}
            className="w-full rounded-md border border-(--text-muted)/40 bg-(--surface) px-3 py-2 text-sm"
          >
            <option value="">{t('houseAccounts.receivesNone')}</option>
            {bankMethods.map((m) => (
              <option key={m.code} value={m.code}>
                {m.name}
              </option>
            ))}
          </select>
          {errors.methodCode && (
            <p role="alert" className="mt-1 text-xs text-(--danger)">
              {errors.methodCode}
            </p>
          )}
        </div>
        {text('dailyCap', t('houseAccounts.dailyCap'), { hint: t('houseAccounts.dailyCapHint'), inputMode: 'decimal' })}
        {text('vipLevels', t('houseAccounts.vipLevels'), { hint: t('houseAccounts.vipLevelsHint') })}
        {text('sort', t('houseAccounts.sort'), { inputMode: 'numeric' })}
        <label className="mb-2 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={values.pays}
            onChange={(e) => setValues((v) => ({ ...v, pays: e.target.checked }))}
          />
          {t('houseAccounts.pays')}
        </label>
        <label className="mb-3 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={values.active}
            onChange={(e) => setValues((v) => ({ ...v, active: e.target.checked }))}
          />
          {t('houseAccounts.active')}
        </label>
        <FormFooter error={error} busy={busy} onCancel={onClose} />
      </form>
    </Modal>
  );
}

export function HouseAccountsPage() {
  const { t } = useTranslation('cashier');
  const can = useCan();
  const accounts = useQuery(houseAccountsQuery);
  const [editing, setEditing] = useState<Editing>(null);
  const editor = can('cashier.settings');
  return (
    <div>
      <PageHeader
        title={t('houseAccounts.title')}
        description={t('houseAccounts.description')}
        actions={editor && <Button onClick={() => setEditing('new')}>{t('houseAccounts.add')}</Button>}
      />
      {accounts.isError && (
        <p role="alert" className="text-(--danger)">
          {errorMessage(accounts.error)}
        </p>
      )}
      <PlainTable
        caption={t('houseAccounts.title')}
        columns={[
          { label: t('houseAccounts.label') },
          { label: t('bankAccount') },
          { label: t('houseAccounts.receives') },
          { label: t('houseAccounts.vipLevels') },
          { label: t('houseAccounts.dailyCap'), numeric: true },
          { label: t('houseAccounts.routedToday'), numeric: true },
          { label: t('houseAccounts.pays') },
          { label: t('statusLabel') },
          editor && { label: t('common.actions', { ns: 'core' }) },
        ]}
        empty={
          accounts.data && accounts.data.length === 0 ? (
            <p className="p-3 text-sm text-(--text-muted)">{t('houseAccounts.empty')}</p>
          ) : undefined
        }
      >
        {accounts.data?.map((a) => (
          <tr key={a.id} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2">{a.label}</td>
            <td className="px-3 py-2 text-xs">
              {a.bankName} · {a.accountName} · <span className="font-mono">{a.accountNumber}</span>
            </td>
            <td className="px-3 py-2">{a.methodCode ?? t('houseAccounts.receivesNone')}</td>
            <td className="px-3 py-2">{a.vipLevels ? a.vipLevels.join(', ') : t('houseAccounts.allLevels')}</td>
            <td className="px-3 py-2 text-right tabular-nums">
              {a.dailyCap === null ? t('houseAccounts.noCap') : formatMoney(a.dailyCap)}
            </td>
            <td className="px-3 py-2 text-right tabular-nums" title={formatDateTime(a.lastAssignedAt)}>
              {formatMoney(a.routedToday)}
            </td>
            <td className="px-3 py-2">{a.pays ? t('yes') : t('no')}</td>
            <td className="px-3 py-2">
              <StatusBadge
                label={a.active ? t('houseAccounts.active') : t('houseAccounts.inactive')}
                tone={a.active ? 'success' : 'muted'}
              />
            </td>
            {editor && (
              <td className="px-3 py-2">
                <Button
                  variant="secondary"
                  className="px-2 py-1 text-xs"
                  aria-label={t('houseAccounts.edit', { label: a.label })}
                  onClick={() => setEditing(a)}
                >
                  {t('common.edit', { ns: 'core' })}
                </Button>
              </td>
            )}
          </tr>
        ))}
      </PlainTable>
      <AccountDialog
        key={editing === null ? 'none' : editing === 'new' ? 'new' : editing.id}
        editing={editing}
        onClose={() => setEditing(null)}
      />
    </div>
  );
}
