import { type AdminVendor, AdminVendorBody } from '@gamehall/shared/api/admin-games';
import { Field } from '@gamehall/ui/field';
import { Modal } from '@gamehall/ui/modal';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../components/form-footer';
import { validate } from '../../lib/form-errors';
import { useFormAction } from '../../lib/use-form-action';
import { changeVendor, vendorsKey } from './api';
import {
  lastSyncLine,
  SCHEDULES,
  scheduleLabel,
  scheduleOfValue,
  scheduleValue,
  type Translate,
} from './catalogue-sync';
import { caletaGamesApi, type GamesApiChange, type GamesApiForm, gamesApiChange, gamesApiForm } from './games-api';
import { CaletaGamesApiBox, EvolutionGamesApiBox } from './games-api-fields';
import { percentOfPpm, ppmOfPercent } from './provider-fee';
import { SELECT, SelectField } from './select-field';

const STATUSES = ['active', 'maintenance', 'hidden'] as const;
const PROTOCOLS = ['gamehall', 'caleta', 'evolution'] as const;

/** The wallet protocols a vendor can call in with, as both vendor dialogs offer them. */
export function protocolOptions(t: Translate) {
  return PROTOCOLS.map((p) => ({ value: p, label: t(`protocols.${p}`) }));
}

type VendorForm = {
  status: string;
  until: string;
  fee: string;
  sort: string;
  enabled: boolean;
  walletMode: string;
  ips: string;
  protocol: string;
  publicKey: string;
  syncHours: string;
} & GamesApiForm;

type FormProps = {
  vendor: AdminVendor;
  current: VendorForm;
  set: (patch: Partial<VendorForm>) => void;
  errors: Record<string, string>;
};

/** An ISO time as a datetime-local input's value (the browser's clock), or '' for none. */
function localInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function initialForm(vendor: AdminVendor | null): VendorForm {
  return {
    status: vendor?.status ?? 'active',
    until: localInput(vendor?.maintenanceUntil),
    fee: percentOfPpm(vendor?.providerFeePpm ?? 0),
    sort: String(vendor?.sort ?? 0),
    enabled: vendor?.integration?.enabled ?? false,
    walletMode: vendor?.integration?.walletMode ?? 'seamless',
    ips: (vendor?.integration?.allowedIps ?? []).join('\n'),
    protocol: vendor?.integration?.protocol ?? 'gamehall',
    publicKey: vendor?.integration?.providerPublicKey ?? '',
    ...gamesApiForm(vendor?.integration?.gamesApi),
    syncHours: scheduleValue(vendor?.integration?.catalogueSyncHours ?? null),
  };
}

/**
 * The schedule is offered only for Caleta, and only where its Games API is already saved (the sync
 * lists games through it); Evolution's tables are not listed by the platform.
 */
function offersSchedule(vendor: AdminVendor, current: VendorForm): boolean {
  return caletaGamesApi(vendor.integration?.gamesApi) !== null && current.protocol === 'caleta';
}

/** The schedule sent: only when changed, so that saving other fields never touches it. */
function scheduleChange(vendor: AdminVendor, current: VendorForm): { catalogueSyncHours?: number | null } {
  const saved = vendor.integration?.catalogueSyncHours ?? null;
  if (offersSchedule(vendor, current)) {
    const hours = scheduleOfValue(current.syncHours);
    return hours !== saved ? { catalogueSyncHours: hours } : {};
  }
  // Another protocol has no game list to sync, even with Games API settings of its own.
  return current.protocol !== 'caleta' && saved !== null ? { catalogueSyncHours: null } : {};
}

/**
 * The change the form asks for, before the shared schema checks it (the fee is added by the caller);
 * `api` is the Games API part, already checked with its protocol's schema.
 */
function vendorBody(vendor: AdminVendor, current: VendorForm, api: GamesApiChange) {
  const integration = vendor.integration;
  // The input reads the browser's clock; the server keeps the instant, players read it in the brand's zone.
  const until = current.until ? new Date(current.until) : null;
  return {
    status: current.status,
    ...(current.status === 'maintenance'
      ? { maintenanceUntil: until && !Number.isNaN(until.getTime()) ? until.toISOString() : null }
      : {}),
    sort: Number(current.sort || 0),
    ...(integration
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
          ...('gamesApi' in api ? { gamesApi: api.gamesApi } : {}),
          ...scheduleChange(vendor, current),
        }
      : {}),
  };
}

/** How often the catalogue syncs by itself, and what its last sync did. */
function CatalogueScheduleField({ vendor, current, set, errors }: FormProps) {
  const { t } = useTranslation('games');
  return (
    <div data-testid="vendor-catalogue-schedule">
      <SelectField
        label={t('fields.catalogueSync')}
        value={current.syncHours}
        onChange={(syncHours) => set({ syncHours })}
        options={SCHEDULES.map((h) => ({ value: scheduleValue(h), label: scheduleLabel(t, h) }))}
        hint={t('hints.catalogueSync')}
        error={errors.catalogueSyncHours}
      />
      <p className="mb-3 text-xs text-(--text-muted)" data-testid="vendor-last-sync">
        {lastSyncLine(t, vendor.integration?.lastCatalogueSync ?? null)}
      </p>
    </div>
  );
}

/** Caleta's own settings: the provider's signing key and its Games API. */
function CaletaFields(props: FormProps) {
  const { vendor, current, set, errors } = props;
  const { t } = useTranslation('games');
  const keyId = useId();
  return (
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
      <CaletaGamesApiBox form={current} set={set} errors={errors}>
        {offersSchedule(vendor, current) && <CatalogueScheduleField {...props} />}
        <p className="text-sm font-medium">{t('vendors.operatorPublicKey')}</p>
        {vendor.integration?.operatorPublicKey ? (
          <output className="mt-1 block rounded-md border border-(--border) bg-(--surface) p-2 font-mono text-xs break-all whitespace-pre-wrap select-all">
            {vendor.integration.operatorPublicKey}
          </output>
        ) : (
          <p className="mt-1 text-xs text-(--text-muted)">{t('vendors.noOperatorKey')}</p>
        )}
      </CaletaGamesApiBox>
    </>
  );
}

/** While another protocol than the saved one is picked: what saving does to the saved Games API settings. */
function ProtocolChangeNote({ vendor, protocol }: { vendor: AdminVendor; protocol: string }) {
  const { t } = useTranslation('games');
  const saved = vendor.integration;
  if (!saved?.gamesApi || protocol === saved.protocol) return null;
  return (
    <p className="mb-3 text-xs text-(--text-muted)" data-testid="vendor-protocol-change">
      {t('hints.protocolChange', { protocol: t(`protocols.${saved.protocol}`) })}
    </p>
  );
}

/** The wallet integration: switch, mode, protocol (with its settings) and the addresses allowed to call. */
function IntegrationFields(props: FormProps) {
  const { vendor, current, set, errors } = props;
  const { t } = useTranslation('games');
  const ipsId = useId();
  const origin = window.location.origin;
  return (
    <fieldset className="mb-3 min-w-0 rounded-md border border-(--border) p-3">
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
        options={protocolOptions(t)}
        hint={
          current.protocol === 'caleta'
            ? t('hints.caletaAddress', { address: `${origin}/providers/caleta/${vendor.code}` })
            : current.protocol === 'evolution'
              ? t('hints.evolutionAddress', { address: `${origin}/providers/evolution/${vendor.code}` })
              : t('hints.gamehallAddress', { address: `${origin}/vendor/wallet` })
        }
      />
      <ProtocolChangeNote vendor={vendor} protocol={current.protocol} />
      {current.protocol === 'caleta' && <CaletaFields {...props} />}
      {current.protocol === 'evolution' && (
        <EvolutionGamesApiBox form={current} set={set} errors={errors} saved={vendor.integration?.gamesApi ?? null} />
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
  );
}

export function VendorDialog({ vendor, onClose }: { vendor: AdminVendor | null; onClose: () => void }) {
  const { t } = useTranslation('games');
  const [form, setForm] = useState<VendorForm | null>(null);
  const { errors, setErrors, error, busy, reset, run } = useFormAction(vendorsKey);
  const current = form ?? initialForm(vendor);
  const close = () => {
    setForm(null);
    reset();
    onClose();
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!vendor) return;
    const fee = ppmOfPercent(current.fee);
    if (fee === null) {
      setErrors({ providerFeePpm: t('vendors.feeInvalid') });
      return;
    }
    const api: GamesApiChange = vendor.integration
      ? gamesApiChange(current.protocol, current, vendor.integration.gamesApi)
      : { errors: {} };
    const checked = validate(AdminVendorBody, { ...vendorBody(vendor, current, api), providerFeePpm: fee });
    setErrors({ ...checked.errors, ...api.errors });
    const data = checked.data;
    if (!data || Object.keys(api.errors).length > 0) return;
    if (await run(() => changeVendor(vendor.code, data))) close();
  };
  const set = (patch: Partial<VendorForm>) => setForm({ ...current, ...patch });
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
          <IntegrationFields vendor={vendor} current={current} set={set} errors={errors} />
        ) : (
          <p className="mb-3 text-sm text-(--text-muted)">{t('vendors.noIntegration')}</p>
        )}
        <FormFooter error={error} busy={busy} onCancel={close} />
      </form>
    </Modal>
  );
}
