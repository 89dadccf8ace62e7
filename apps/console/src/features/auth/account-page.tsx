import { OperatorDisplayNameBody } from '@gamehall/shared/api/operators';
import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { serverFieldErrors, validate } from '../../lib/form-errors';
import { meQuery, useMe } from '../../lib/session';
import { setDisplayName, signOutEverywhere } from './api';
import { EnrolmentPanel } from './enrolment-panel';
import { PasswordChangePanel } from './password-change-panel';
import { RecoveryCodesPanel } from './recovery-codes-panel';

/** The name players read in the support chat, which the operator chooses. */
function DisplayNameForm({ current }: { current: string }) {
  const { t } = useTranslation('auth');
  const queryClient = useQueryClient();
  const [value, setValue] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState('');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const shown = value ?? current;
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    setError('');
    const checked = validate(OperatorDisplayNameBody, { displayName: shown });
    setFieldError(checked.errors.displayName ?? '');
    if (!checked.data) return;
    const { displayName } = checked.data;
    setBusy(true);
    try {
      await setDisplayName(displayName);
      await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
      setValue(null);
      setSaved(true);
    } catch (err) {
      setFieldError(serverFieldErrors(err).displayName ?? '');
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={save} noValidate className="mb-6 max-w-lg">
      <Field
        label={t('account.displayName')}
        required
        name="displayName"
        hint={t('account.displayNameHint')}
        value={shown}
        error={fieldError}
        onChange={(e) => {
          setValue(e.target.value);
          setSaved(false);
        }}
      />
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      {saved && (
        <p role="status" className="mb-3 text-sm">
          {t('account.saved')}
        </p>
      )}
      <Button type="submit" variant="secondary" disabled={busy}>
        {t('account.save')}
      </Button>
    </form>
  );
}

/** The operator's own account: display name, password, roles, two-factor state and enrolment, sign out everywhere. */
export function AccountPage() {
  const { t } = useTranslation('auth');
  const me = useMe();
  const [enrolling, setEnrolling] = useState(false);
  const [error, setError] = useState('');
  if (!me) return null;
  return (
    <div className="max-w-2xl">
      <h1 className="mb-4 text-xl font-bold">{t('account.title')}</h1>
      <dl className="mb-6 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-2 text-sm">
        <dt className="text-(--text-muted)">{t('username')}</dt>
        <dd>{me.username}</dd>
        <dt className="text-(--text-muted)">{t('account.roles')}</dt>
        <dd>{me.roles.map((r) => r.name).join(', ') || '-'}</dd>
        <dt className="text-(--text-muted)">{t('account.twoFactor')}</dt>
        <dd>
          {me.twoFactor.enabled
            ? t('account.twoFactorOn', { count: me.twoFactor.recoveryCodesLeft })
            : t('account.twoFactorOff')}
        </dd>
        <dt className="text-(--text-muted)">{t('account.idle')}</dt>
        <dd>{t('account.idleMinutes', { count: me.idleMinutes })}</dd>
      </dl>
      <DisplayNameForm current={me.displayName} />
      {me.twoFactor.enabled && <RecoveryCodesPanel />}
      {!me.twoFactor.enabled &&
        (enrolling ? (
          <EnrolmentPanel onDone={() => setEnrolling(false)} />
        ) : (
          <Button className="mb-6" onClick={() => setEnrolling(true)}>
            {t('enrol.title')}
          </Button>
        ))}
      <div className="mt-6 border-t border-(--border) pt-4">
        <PasswordChangePanel />
      </div>
      <section className="mt-6 border-t border-(--border) pt-4">
        <h2 className="mb-2 font-semibold">{t('account.everywhereTitle')}</h2>
        <p className="mb-3 text-sm text-(--text-muted)">{t('account.everywhereHint')}</p>
        <Button
          variant="danger"
          onClick={() => signOutEverywhere().catch((err: unknown) => setError(errorMessage(err)))}
        >
          {t('account.everywhere')}
        </Button>
        {error && (
          <p role="alert" className="mt-2 text-sm text-(--danger)">
            {error}
          </p>
        )}
      </section>
    </div>
  );
}
