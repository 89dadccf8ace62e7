import {
  type AdminPaymentProvider,
  AdminPaymentProviderBody,
  type PspMode,
} from '@gamehall/shared/api/admin-payment-providers';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { StatusBadge } from '../../components/status-badge';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { fieldMessage, validate } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { providersKey, providersQuery, saveProvider, testProvider } from './api';
import { DetailList } from './order-parts';

// The cashier's payment providers (docs/cashier.md "Payment providers"): per provider the switches
// that act at once (enabled, mode, payouts: going live asks first, real money moves), the webhook
// address to paste in its dashboard, each mode's keys (never read back: only the secret key's end),
// a connection test, the API address, the methods it serves and the webhooks it sent. The server's
// field errors are said in words beside the control they concern.

const MODES: readonly PspMode[] = ['test', 'live'];
const ModeKeys = AdminPaymentProviderBody.shape.keys.unwrap().shape.test.unwrap();
const ApiBaseUrl = AdminPaymentProviderBody.shape.apiBaseUrl.unwrap().unwrap();

type Notice = { ok: boolean; text: string } | null;

/** The server's field errors on a provider change, in words, by the field they concern. */
function useProviderErrors(provider: AdminPaymentProvider) {
  const { t } = useTranslation('cashier');
  const modeName = (mode: string) => t(`providers.modes.${mode}`, { defaultValue: mode });
  return (err: unknown, modeInUse: PspMode): Record<string, string> => {
    if (!(err instanceof ApiError)) return {};
    const out: Record<string, string> = {};
    for (const [field, reason] of Object.entries(err.fields)) {
      const keyField = /^keys\.(test|live)\.secretKey$/.exec(field);
      if (keyField && reason === 'INVALID') {
        const mode = keyField[1] ?? '';
        out[field] = t(`providers.keyInvalid.${provider.code}.${mode}`, {
          defaultValue: t('providers.keyNotOfMode', { mode: modeName(mode).toLowerCase() }),
        });
      } else if (reason === 'KEYS_REQUIRED') out[field] = t('providers.keysRequired', { mode: modeName(modeInUse) });
      else if (reason === 'TEST_ON_DEMO_ONLY') out[field] = t('providers.testOnDemoOnly');
      else if (reason === 'SAME_AS_OTHER_MODE') out[field] = t('providers.webhookTokenSameAsOther');
      else if (field === 'payoutsEnabled' && reason === 'INVALID') out[field] = t('providers.noPayouts');
      else if (field === 'apiBaseUrl') out[field] = t('providers.apiBaseUrlInvalid');
      else out[field] = fieldMessage(reason);
    }
    return out;
  };
}

/** A saved change's outcome beside its control: green when done, red (an alert) when refused. */
function NoticeText({ notice }: { notice: Notice }) {
  if (!notice) return null;
  return (
    <p
      role={notice.ok ? 'status' : 'alert'}
      className={`text-sm ${notice.ok ? 'text-(--success)' : 'text-(--danger)'}`}
    >
      {notice.text}
    </p>
  );
}

function Box({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-lg border border-(--border) bg-(--surface-raised) p-4">
      <h3 className="mb-3 font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** An on/off control that saves at once: a checkbox with role switch, named by its label. */
function Toggle({
  label,
  hint,
  checked,
  disabled,
  error,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  error: string | undefined;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="mb-3">
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          role="switch"
          aria-checked={checked}
          checked={checked}
          disabled={disabled}
          aria-invalid={Boolean(error)}
          aria-describedby={`${id}-hint`}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </label>
      {error ? (
        <p role="alert" className="mt-1 text-xs text-(--danger)">
          {error}
        </p>
      ) : null}
      <p id={`${id}-hint`} className="mt-1 text-xs text-(--text-muted)">
        {hint}
      </p>
    </div>
  );
}

/**
 * The test mode's API address (advanced): empty for the provider's own, shown as the placeholder.
 * The live keys always go to the provider's own API, whatever is saved here.
 */
function ApiAddressForm({
  provider,
  busy,
  error,
  notice,
  onSave,
  onInvalid,
}: {
  provider: AdminPaymentProvider;
  busy: boolean;
  error: string | undefined;
  notice: ReactNode;
  onSave: (apiBaseUrl: string | null) => void;
  onInvalid: () => void;
}) {
  const { t } = useTranslation('cashier');
  const [value, setValue] = useState(provider.apiBaseUrl ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = value.trim();
    if (typed !== '' && !ApiBaseUrl.safeParse(typed).success) onInvalid();
    else onSave(typed === '' ? null : typed);
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3" aria-label={t('providers.apiBaseUrl')}>
      <Field
        label={t('providers.apiBaseUrl')}
        name="apiBaseUrl"
        type="url"
        placeholder={provider.defaultApiBaseUrl}
        hint={t('providers.apiBaseUrlHint', { name: provider.name, api: provider.defaultApiBaseUrl })}
        value={value}
        error={error}
        onChange={(e) => setValue(e.target.value)}
      />
      <div className="mb-2">{notice}</div>
      <Button type="submit" disabled={busy}>
        {t('common.save', { ns: 'core' })}
      </Button>
    </form>
  );
}

/** Enabled, mode in use, payouts, the webhook address and the API address. */
function ConnectionBox({ provider }: { provider: AdminPaymentProvider }) {
  const { t } = useTranslation('cashier');
  const queryClient = useQueryClient();
  const errorsOf = useProviderErrors(provider);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<(NonNullable<Notice> & { field: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmLive, setConfirmLive] = useState(false);
  const [copied, setCopied] = useState(false);
  const name = provider.name;
  const modeName = (mode: PspMode) => t(`providers.modes.${mode}`);
  const noticeAt = (field: string) => <NoticeText notice={notice?.field === field ? notice : null} />;

  /** Saves one change; its outcome, or the field error, goes beside `field` (the control used). */
  const change = async (body: AdminPaymentProviderBody, field: string, done: string): Promise<void> => {
    setBusy(true);
    setErrors({});
    setNotice(null);
    try {
      await saveProvider(provider.code, body);
      await queryClient.invalidateQueries({ queryKey: providersKey });
      setNotice({ field, ok: true, text: done });
    } catch (err) {
      const texts = Object.values(errorsOf(err, body.mode ?? provider.mode));
      if (texts.length > 0) setErrors({ [field]: texts.join('; ') });
      else setNotice({ field, ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(provider.webhookUrl);
      setCopied(true);
    } catch {
      // No clipboard (an insecure origin): the address stays selectable in its field.
      setCopied(false);
    }
  };

  return (
    <Box title={t('providers.connection')}>
      <Toggle
        label={t('providers.enabledLabel')}
        hint={t('providers.enabledHint')}
        checked={provider.enabled}
        disabled={busy}
        error={errors.enabled}
        onChange={(enabled) =>
          void change({ enabled }, 'enabled', t(enabled ? 'providers.turnedOn' : 'providers.turnedOff', { name }))
        }
      />
      <div className="-mt-2 mb-3">{noticeAt('enabled')}</div>
      <fieldset className="mb-3" aria-describedby={`${provider.code}-mode-hint`}>
        <legend className="mb-1 text-sm font-medium">{t('providers.modeLabel')}</legend>
        <div className="flex gap-4">
          {MODES.map((mode) => (
            <label key={mode} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={`${provider.code}-mode`}
                value={mode}
                checked={provider.mode === mode}
                disabled={busy}
                onChange={() => {
                  if (mode === 'live') setConfirmLive(true);
                  else
                    void change({ mode }, 'mode', t('providers.modeSet', { name, mode: modeName(mode).toLowerCase() }));
                }}
              />
              {modeName(mode)}
            </label>
          ))}
        </div>
        {errors.mode && (
          <p role="alert" className="mt-1 text-xs text-(--danger)">
            {errors.mode}
          </p>
        )}
        <p id={`${provider.code}-mode-hint`} className="mt-1 text-xs text-(--text-muted)">
          {t('providers.modeHint')}
        </p>
        {noticeAt('mode')}
      </fieldset>
      {provider.offersPayouts && (
        <>
          <Toggle
            label={t('providers.payoutsLabel')}
            hint={t('providers.payoutsHint')}
            checked={provider.payoutsEnabled}
            disabled={busy}
            error={errors.payoutsEnabled}
            onChange={(payoutsEnabled) =>
              void change(
                { payoutsEnabled },
                'payoutsEnabled',
                t(payoutsEnabled ? 'providers.payoutsOn' : 'providers.payoutsOff', { name }),
              )
            }
          />
          <div className="-mt-2 mb-3">{noticeAt('payoutsEnabled')}</div>
        </>
      )}
      <Field
        label={t('providers.webhookUrl')}
        name="webhookUrl"
        readOnly
        value={provider.webhookUrl}
        hint={t('providers.webhookHint')}
        onFocus={(e) => e.target.select()}
        suffix={
          <Button variant="secondary" onClick={() => void copy()}>
            {copied ? t('providers.copied') : t('providers.copy')}
          </Button>
        }
      />
      <details>
        <summary className="cursor-pointer text-sm font-medium">{t('providers.advanced')}</summary>
        {/* Keyed by the saved address: once saved, the field shows what the server keeps. */}
        <ApiAddressForm
          key={provider.apiBaseUrl ?? ''}
          provider={provider}
          busy={busy}
          error={errors.apiBaseUrl}
          notice={noticeAt('apiBaseUrl')}
          onInvalid={() => setErrors({ apiBaseUrl: t('providers.apiBaseUrlInvalid') })}
          onSave={(apiBaseUrl) => void change({ apiBaseUrl }, 'apiBaseUrl', t('providers.apiBaseUrlSaved'))}
        />
      </details>
      <ConfirmDialog
        open={confirmLive}
        title={t('providers.goLive')}
        message={t('providers.goLiveConfirm', { name })}
        confirmLabel={t('providers.goLive')}
        danger
        onConfirm={() =>
          change({ mode: 'live' }, 'mode', t('providers.modeSet', { name, mode: modeName('live').toLowerCase() }))
        }
        onClose={() => setConfirmLive(false)}
      />
    </Box>
  );
}

/** One mode's keys: what is saved (the secret key's end only), replacing them, and testing them. */
function KeysBox({ provider, mode }: { provider: AdminPaymentProvider; mode: PspMode }) {
  const { t } = useTranslation('cashier');
  const queryClient = useQueryClient();
  const errorsOf = useProviderErrors(provider);
  const [values, setValues] = useState({ secretKey: '', webhookToken: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [tested, setTested] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState(false);
  const saved = provider.keys[mode];
  const modeWord = t(`providers.modes.${mode}`).toLowerCase();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setNotice(null);
    const checked = validate(ModeKeys, values);
    setErrors(checked.errors);
    if (!checked.data) return;
    setBusy(true);
    try {
      await saveProvider(provider.code, { keys: { [mode]: checked.data } });
      setValues({ secretKey: '', webhookToken: '' });
      await queryClient.invalidateQueries({ queryKey: providersKey });
      setNotice({ ok: true, text: t('providers.keysSaved', { mode: modeWord }) });
    } catch (err) {
      const fields = errorsOf(err, provider.mode);
      const prefix = `keys.${mode}.`;
      const mine = Object.fromEntries(
        Object.entries(fields).flatMap(([k, v]) => (k.startsWith(prefix) ? [[k.slice(prefix.length), v]] : [])),
      );
      setErrors(mine);
      if (Object.keys(mine).length === 0) setNotice({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  const test = async () => {
    setTesting(true);
    setTested(null);
    try {
      const answer = await testProvider(provider.code, mode);
      setTested({ ok: answer.ok, text: answer.message });
    } catch (err) {
      setTested({ ok: false, text: errorMessage(err) });
    } finally {
      setTesting(false);
    }
  };

  const field = (name: 'secretKey' | 'webhookToken') => (
    <Field
      label={t(`providers.${name}`)}
      required
      name={name}
      type="password"
      autoComplete="new-password"
      value={values[name]}
      error={errors[name]}
      onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
    />
  );

  return (
    <Box title={t(`providers.keysTitle.${mode}`)}>
      <DetailList
        items={[
          [
            t('providers.secretKeySaved'),
            saved.secretKeyEnd ? (
              <code key="end">{t('providers.keyEnd', { end: saved.secretKeyEnd })}</code>
            ) : (
              t('providers.notSaved')
            ),
          ],
          [t('providers.webhookTokenSaved'), saved.hasWebhookToken ? t('providers.saved') : t('providers.notSaved')],
        ]}
      />
      <form onSubmit={submit} noValidate className="mt-4" aria-label={t('providers.replaceKeys', { mode: modeWord })}>
        <p className="mb-2 text-sm font-medium">{t('providers.replaceKeys', { mode: modeWord })}</p>
        <p className="mb-3 text-xs text-(--text-muted)">{t('providers.replaceHint')}</p>
        {field('secretKey')}
        {field('webhookToken')}
        <div className="mb-3">
          <NoticeText notice={notice} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {t('providers.saveKeys', { mode: modeWord })}
          </Button>
          <Button variant="secondary" disabled={testing} onClick={() => void test()}>
            {testing ? t('providers.testing') : t('providers.test')}
          </Button>
        </div>
      </form>
      <div className="mt-3" data-testid={`provider-test-${mode}`}>
        <NoticeText notice={tested} />
      </div>
    </Box>
  );
}

function MethodsBox({ provider }: { provider: AdminPaymentProvider }) {
  const { t } = useTranslation('cashier');
  return (
    <Box title={t('providers.methods')}>
      <p className="mb-2 text-sm text-(--text-muted)">
        {t('providers.methodsHint')}{' '}
        <Link to="/cashier/settings" className="text-(--accent) underline">
          {t('providers.methodsLink')}
        </Link>
      </p>
      <PlainTable
        caption={t('providers.methods')}
        columns={[{ label: t('methods.name') }, { label: t('providers.channel') }, { label: t('statusLabel') }]}
        empty={provider.methods.length === 0 ? t('providers.noMethods') : undefined}
      >
        {provider.methods.map((m) => (
          <tr key={m.code} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2">
              {m.name} <code className="text-xs text-(--text-muted)">{m.code}</code>
            </td>
            <td className="px-3 py-2">
              <code className="text-xs">{m.channel}</code>
            </td>
            <td className="px-3 py-2">
              <StatusBadge
                label={m.active ? t('methods.on') : t('methods.off')}
                tone={m.active ? 'success' : 'muted'}
              />
            </td>
          </tr>
        ))}
      </PlainTable>
    </Box>
  );
}

function WebhooksBox({ provider }: { provider: AdminPaymentProvider }) {
  const { t } = useTranslation('cashier');
  return (
    <Box title={t('providers.webhooks')}>
      <PlainTable
        caption={t('providers.webhooks')}
        columns={[
          { label: t('providers.received') },
          { label: t('providers.mode') },
          { label: t('providers.event') },
          { label: t('reference') },
          { label: t('providers.outcome') },
        ]}
        empty={provider.webhooks.length === 0 ? t('providers.noWebhooks') : undefined}
      >
        {provider.webhooks.map((w) => (
          <tr key={w.eventId} className="border-b border-(--border) last:border-b-0">
            <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(w.receivedAt)}</td>
            <td className="px-3 py-2">{t(`providers.modes.${w.mode}`)}</td>
            <td className="px-3 py-2">
              <code className="text-xs">{w.event}</code>
            </td>
            <td className="px-3 py-2 font-mono text-xs">{w.reference ?? '-'}</td>
            <td className="px-3 py-2">{w.outcome}</td>
          </tr>
        ))}
      </PlainTable>
    </Box>
  );
}

function ProviderSection({ provider }: { provider: AdminPaymentProvider }) {
  const { t } = useTranslation('cashier');
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="mb-8" data-testid={`provider-${provider.code}`}>
      <h2 id={headingId} className="mb-3 flex flex-wrap items-center gap-2 text-lg font-semibold">
        {provider.name}
        <StatusBadge
          label={provider.enabled ? t('providers.enabled') : t('providers.disabled')}
          tone={provider.enabled ? 'success' : 'muted'}
        />
        <StatusBadge
          label={t(`providers.modes.${provider.mode}`)}
          tone={provider.mode === 'live' ? 'warning' : 'muted'}
        />
      </h2>
      <div className="grid min-w-0 grid-cols-1 gap-4">
        <ConnectionBox provider={provider} />
        <div className="grid gap-4 lg:grid-cols-2">
          {MODES.map((mode) => (
            <KeysBox key={mode} provider={provider} mode={mode} />
          ))}
        </div>
        <MethodsBox provider={provider} />
        <WebhooksBox provider={provider} />
      </div>
    </section>
  );
}

export function PaymentProvidersPage() {
  const { t } = useTranslation('cashier');
  const providers = useQuery(providersQuery);
  return (
    <div className="max-w-5xl">
      <PageHeader title={t('providers.title')} description={t('providers.description')} />
      {providers.isError && (
        <p role="alert" className="text-(--danger)">
          {errorMessage(providers.error)}
        </p>
      )}
      {providers.isPending && <p className="text-sm text-(--text-muted)">{t('common.loading', { ns: 'core' })}</p>}
      {providers.data?.length === 0 && <p className="text-sm text-(--text-muted)">{t('providers.none')}</p>}
      {providers.data?.map((p) => (
        <ProviderSection key={p.code} provider={p} />
      ))}
    </div>
  );
}
