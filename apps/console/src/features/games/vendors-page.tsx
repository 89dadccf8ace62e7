import { type AdminVendor, AdminVendorBody } from '@gamehall/shared/api/admin-games';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { FormFooter } from '../../components/form-footer';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { StatusBadge } from '../../components/status-badge';
import { errorMessage } from '../../lib/errors';
import { validate } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { useFormAction } from '../../lib/use-form-action';
import { changeVendor, generateOperatorKey, orderVendors, rotateSecret, vendorsKey, vendorsQuery } from './api';
import { percentOfPpm, ppmOfPercent } from './provider-fee';
import { SELECT, SelectField } from './select-field';
import { STATUS_TONES } from './status-tones';

const STATUSES = ['active', 'maintenance', 'hidden'] as const;

/** An ISO time as a datetime-local input's value (the browser's clock), or '' for none. */
function localInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function VendorDialog({ vendor, onClose }: { vendor: AdminVendor | null; onClose: () => void }) {
  const { t } = useTranslation('games');
  const ipsId = useId();
  const keyId = useId();
  const [form, setForm] = useState<{
    status: string;
    until: string;
    fee: string;
    sort: string;
    enabled: boolean;
    walletMode: string;
    ips: string;
    protocol: string;
    publicKey: string;
    gamesApiUrl: string;
    operatorId: string;
    subPartnerId: string;
  } | null>(null);
  const { errors, setErrors, error, busy, reset, run } = useFormAction(vendorsKey);
  const current = form ?? {
    status: vendor?.status ?? 'active',
    until: localInput(vendor?.maintenanceUntil),
    fee: percentOfPpm(vendor?.providerFeePpm ?? 0),
    sort: String(vendor?.sort ?? 0),
    enabled: vendor?.integration?.enabled ?? false,
    walletMode: vendor?.integration?.walletMode ?? 'seamless',
    ips: (vendor?.integration?.allowedIps ?? []).join('\n'),
    protocol: vendor?.integration?.protocol ?? 'gamehall',
    publicKey: vendor?.integration?.providerPublicKey ?? '',
    gamesApiUrl: vendor?.integration?.gamesApi?.url ?? '',
    operatorId: String(vendor?.integration?.gamesApi?.operatorId ?? ''),
    subPartnerId: vendor?.integration?.gamesApi?.subPartnerId ?? '',
  };
  const close = () => {
    setForm(null);
    reset();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!vendor) return;
    // The input reads the browser's clock; the server keeps the instant, players read it in the brand's zone.
    const until = current.until ? new Date(current.until) : null;
    const body = {
      status: current.status,
      ...(current.status === 'maintenance'
        ? { maintenanceUntil: until && !Number.isNaN(until.getTime()) ? until.toISOString() : null }
        : {}),
      sort: Number(current.sort || 0),
      ...(vendor.integration
        ? {
            integrationEnabled: current.enabled,
            walletMode: current.walletMode,
            allowedIps: current.ips
              .split(/[\s,]+/)
              .map((s) => s.trim())
              .filter(Boolean),
            protocol: current.protocol,
            // Only a provider that signs with its own key has one; another protocol drops it.
            providerPublicKey:
              current.protocol === 'caleta' && current.publicKey.trim() ? current.publicKey.trim() : null,
            // The Games API is Caleta's; no address means games launch by the integration's address.
            gamesApi:
              current.protocol === 'caleta' && current.gamesApiUrl.trim()
                ? {
                    url: current.gamesApiUrl.trim(),
                    operatorId: Number(current.operatorId.trim() || Number.NaN),
                    subPartnerId: current.subPartnerId.trim() || null,
                  }
                : null,
          }
        : {}),
    };
    const fee = ppmOfPercent(current.fee);
    if (fee === null) {
      setErrors({ providerFeePpm: t('vendors.feeInvalid') });
      return;
    }
    const checked = validate(AdminVendorBody, { ...body, providerFeePpm: fee });
    setErrors(checked.errors);
    const data = checked.data;
    if (!data) return;
    if (await run(() => changeVendor(vendor.code, data))) close();
  };
  const set = (patch: Partial<typeof current>) => setForm({ ...current, ...patch });
  return (
    <Modal open={vendor !== null} onClose={close} title={t('vendors.editTitle', { name: vendor?.name ?? '' })}>
      <form onSubmit={submit} noValidate>
        <SelectField
          label={t('fields.status')}
          value={current.status}
          onChange={(status) => set({ status })}
          options={STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          hint={t('hints.vendorStatus')}
        />
        {current.status === 'maintenance' && (
          <Field
            label={t('fields.maintenanceUntil')}
            type="datetime-local"
            value={current.until}
            error={errors.maintenanceUntil}
            hint={t('hints.maintenanceUntil')}
            onChange={(e) => set({ until: e.target.value })}
          />
        )}
        <Field
          label={t('fields.providerFee')}
          inputMode="decimal"
          value={current.fee}
          error={errors.providerFeePpm}
          hint={t('hints.providerFee')}
          onChange={(e) => set({ fee: e.target.value })}
        />
        <Field
          label={t('fields.sort')}
          type="number"
          value={current.sort}
          error={errors.sort}
          onChange={(e) => set({ sort: e.target.value })}
        />
        {vendor?.integration ? (
          <fieldset className="mb-3 rounded-md border border-(--border) p-3">
            <legend className="px-1 text-sm font-medium">{t('vendors.integration')}</legend>
            <label className="mb-3 flex items-center gap-2 text-sm">
              <input type="checkbox" checked={current.enabled} onChange={(e) => set({ enabled: e.target.checked })} />
              {t('fields.integrationEnabled')}
            </label>
            <SelectField
              label={t('fields.walletMode')}
              value={current.walletMode}
              onChange={(walletMode) => set({ walletMode })}
              options={[
                { value: 'seamless', label: t('walletModes.seamless') },
                { value: 'transfer', label: t('walletModes.transfer') },
              ]}
            />
            <SelectField
              label={t('fields.protocol')}
              value={current.protocol}
              onChange={(protocol) => set({ protocol })}
              options={[
                { value: 'gamehall', label: t('protocols.gamehall') },
                { value: 'caleta', label: t('protocols.caleta') },
                { value: 'evolution', label: t('protocols.evolution') },
              ]}
              hint={
                current.protocol === 'caleta'
                  ? t('hints.caletaAddress', { address: `${window.location.origin}/providers/caleta/${vendor.code}` })
                  : current.protocol === 'evolution'
                    ? t('hints.evolutionAddress', {
                        address: `${window.location.origin}/providers/evolution/${vendor.code}`,
                      })
                    : t('hints.gamehallAddress', { address: `${window.location.origin}/vendor/wallet` })
              }
            />
            {current.protocol === 'caleta' && (
              <>
                <label htmlFor={keyId} className="mb-1 block text-sm font-medium">
                  {t('fields.providerPublicKey')}
                </label>
                <textarea
                  id={keyId}
                  rows={6}
                  spellCheck={false}
                  value={current.publicKey}
                  aria-invalid={Boolean(errors.providerPublicKey)}
                  aria-describedby={`${keyId}-hint`}
                  onChange={(e) => set({ publicKey: e.target.value })}
                  className={`${SELECT} font-mono text-xs`}
                />
                <p
                  id={`${keyId}-hint`}
                  className={`mt-1 mb-3 text-xs ${errors.providerPublicKey ? 'text-(--danger)' : 'text-(--text-muted)'}`}
                >
                  {errors.providerPublicKey ?? t('hints.providerPublicKey')}
                </p>
              </>
            )}
            {current.protocol === 'caleta' && (
              <fieldset className="mb-3 rounded-md border border-(--border) p-3">
                <legend className="px-1 text-sm font-medium">{t('vendors.gamesApi')}</legend>
                <p className="mb-2 text-xs text-(--text-muted)">{t('hints.gamesApi')}</p>
                <Field
                  label={t('fields.gamesApiUrl')}
                  inputMode="url"
                  value={current.gamesApiUrl}
                  error={errors.gamesApi}
                  onChange={(e) => set({ gamesApiUrl: e.target.value })}
                />
                <Field
                  label={t('fields.operatorId')}
                  inputMode="numeric"
                  value={current.operatorId}
                  onChange={(e) => set({ operatorId: e.target.value })}
                />
                <Field
                  label={t('fields.subPartnerId')}
                  value={current.subPartnerId}
                  onChange={(e) => set({ subPartnerId: e.target.value })}
                />
                <p className="text-sm font-medium">{t('vendors.operatorPublicKey')}</p>
                {vendor.integration.operatorPublicKey ? (
                  <output className="mt-1 block rounded-md border border-(--border) bg-(--surface) p-2 font-mono text-xs break-all whitespace-pre-wrap select-all">
                    {vendor.integration.operatorPublicKey}
                  </output>
                ) : (
                  <p className="mt-1 text-xs text-(--text-muted)">{t('vendors.noOperatorKey')}</p>
                )}
              </fieldset>
            )}
            <label htmlFor={ipsId} className="mb-1 block text-sm font-medium">
              {t('fields.allowedIps')}
            </label>
            <textarea
              id={ipsId}
              rows={4}
              value={current.ips}
              aria-invalid={Boolean(errors.allowedIps)}
              aria-describedby={`${ipsId}-hint`}
              onChange={(e) => set({ ips: e.target.value })}
              className={SELECT}
            />
            <p
              id={`${ipsId}-hint`}
              className={`mt-1 text-xs ${errors.allowedIps ? 'text-(--danger)' : 'text-(--text-muted)'}`}
            >
              {errors.allowedIps ?? t('hints.allowedIps')}
            </p>
          </fieldset>
        ) : (
          <p className="mb-3 text-sm text-(--text-muted)">{t('vendors.noIntegration')}</p>
        )}
        <FormFooter error={error} busy={busy} onCancel={close} />
      </form>
    </Modal>
  );
}

/** A value to hand over (a secret shown once, a public key to send), with its copy button. */
function CopyModal(props: { value: string | undefined; title: string; message: string; onClose: () => void }) {
  const { t } = useTranslation('games');
  return (
    <Modal open={props.value !== undefined} onClose={props.onClose} title={props.title}>
      <p className="mb-2 text-sm">{props.message}</p>
      <output className="mb-3 block rounded-md border border-(--border) bg-(--surface) p-2 font-mono text-xs break-all whitespace-pre-wrap select-all">
        {props.value}
      </output>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => void navigator.clipboard?.writeText(props.value ?? '')}>
          {t('vendors.copy')}
        </Button>
        <Button onClick={props.onClose}>{t('common.close', { ns: 'core' })}</Button>
      </div>
    </Modal>
  );
}

export function VendorsPage() {
  const { t } = useTranslation('games');
  const can = useCan();
  const writable = can('games.write');
  const queryClient = useQueryClient();
  const vendors = useQuery(vendorsQuery);
  const [editing, setEditing] = useState<AdminVendor | null>(null);
  const [rotating, setRotating] = useState<AdminVendor | null>(null);
  const [secret, setSecret] = useState<{ code: string; secret: string } | null>(null);
  const [keying, setKeying] = useState<AdminVendor | null>(null);
  const [publicKey, setPublicKey] = useState<{ code: string; publicKey: string } | null>(null);
  const [error, setError] = useState('');
  const list = vendors.data ?? [];

  const move = async (index: number, by: -1 | 1) => {
    const codes = list.map((v) => v.code);
    const j = index + by;
    if (j < 0 || j >= codes.length) return;
    [codes[index], codes[j]] = [codes[j] as string, codes[index] as string];
    setError('');
    try {
      await orderVendors(codes);
      await queryClient.invalidateQueries({ queryKey: vendorsKey });
    } catch (err) {
      setError(errorMessage(err));
    }
  };

  return (
    <div>
      <PageHeader title={t('vendors.title')} description={t('vendors.description')} />
      {(error || vendors.error) && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error || errorMessage(vendors.error)}
        </p>
      )}
      <PlainTable
        caption={t('vendors.title')}
        collapse
        columns={[
          { label: t('fields.vendor') },
          { label: t('fields.status') },
          { label: t('fields.games'), numeric: true },
          { label: t('fields.providerFee'), numeric: true },
          { label: t('vendors.integration') },
          { label: t('fields.allowedIps') },
          writable && { label: t('common.actions', { ns: 'core' }) },
        ]}
      >
        {list.map((v, i) => (
          <tr key={v.code} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2">
              <span className="font-semibold">{v.name}</span>
              <span className="block text-xs text-(--text-muted)">{v.code}</span>
            </td>
            <td className="px-3 py-2">
              <StatusBadge label={t(`statuses.${v.status}`)} tone={STATUS_TONES[v.status] ?? 'muted'} />
              {v.status === 'maintenance' && (
                <span className="block text-xs text-(--text-muted)">
                  {v.maintenanceUntil
                    ? t('vendors.until', { time: formatDateTime(v.maintenanceUntil) })
                    : t('vendors.untilFurtherNotice')}
                </span>
              )}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">
              {v.activeGameCount} / {v.listedGameCount} / {v.gameCount}
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{percentOfPpm(v.providerFeePpm)} %</td>
            <td className="px-3 py-2">
              {v.integration ? (
                <>
                  <StatusBadge
                    label={v.integration.enabled ? t('integration.on') : t('integration.off')}
                    tone={v.integration.enabled ? 'success' : 'danger'}
                  />
                  <span className="ml-2 text-xs text-(--text-muted)">
                    {t(`walletModes.${v.integration.walletMode}`)} · {v.integration.currency}
                  </span>
                </>
              ) : (
                <span className="text-xs text-(--text-muted)">{t('vendors.noIntegration')}</span>
              )}
            </td>
            <td className="px-3 py-2 text-xs">
              {v.integration && v.integration.allowedIps.length > 0 ? v.integration.allowedIps.join(', ') : t('anyIp')}
            </td>
            {writable && (
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-1">
                  <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setEditing(v)}>
                    {t('common.edit', { ns: 'core' })}
                  </Button>
                  {v.integration && (
                    <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setRotating(v)}>
                      {t('vendors.rotate')}
                    </Button>
                  )}
                  {v.integration?.protocol === 'caleta' && (
                    <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setKeying(v)}>
                      {t('vendors.operatorKey')}
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-xs"
                    aria-label={t('vendors.up', { name: v.name })}
                    onClick={() => void move(i, -1)}
                  >
                    <ArrowUp size={14} aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    className="px-2 py-1 text-xs"
                    aria-label={t('vendors.down', { name: v.name })}
                    onClick={() => void move(i, 1)}
                  >
                    <ArrowDown size={14} aria-hidden />
                  </Button>
                </div>
              </td>
            )}
          </tr>
        ))}
      </PlainTable>
      <VendorDialog vendor={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={rotating !== null}
        title={t('vendors.rotate')}
        message={t('vendors.rotateConfirm', { name: rotating?.name ?? '' })}
        confirmLabel={t('vendors.rotate')}
        danger
        onConfirm={async () => {
          if (!rotating) return;
          setSecret(await rotateSecret(rotating.code));
          await queryClient.invalidateQueries({ queryKey: vendorsKey });
        }}
        onClose={() => setRotating(null)}
      />
      <ConfirmDialog
        open={keying !== null}
        title={t('vendors.operatorKey')}
        message={t('vendors.operatorKeyConfirm', { name: keying?.name ?? '' })}
        confirmLabel={t('vendors.operatorKey')}
        danger
        onConfirm={async () => {
          if (!keying) return;
          setPublicKey(await generateOperatorKey(keying.code));
          await queryClient.invalidateQueries({ queryKey: vendorsKey });
        }}
        onClose={() => setKeying(null)}
      />
      <CopyModal
        value={publicKey?.publicKey}
        title={t('vendors.operatorPublicKey')}
        message={t('vendors.operatorKeySend', { code: publicKey?.code ?? '' })}
        onClose={() => setPublicKey(null)}
      />
      <CopyModal
        value={secret?.secret}
        title={t('vendors.newSecret')}
        message={t('vendors.secretOnce', { code: secret?.code ?? '' })}
        onClose={() => setSecret(null)}
      />
    </div>
  );
}
