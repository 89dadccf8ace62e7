import { Button } from '@gamehall/ui/button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { useMe } from '../../lib/session';
import { signOutEverywhere } from './api';
import { EnrolmentPanel } from './enrolment-panel';

/** The operator's own account: roles, two-factor state and enrolment, sign out everywhere. */
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
      {!me.twoFactor.enabled &&
        (enrolling ? (
          <EnrolmentPanel onDone={() => setEnrolling(false)} />
        ) : (
          <Button className="mb-6" onClick={() => setEnrolling(true)}>
            {t('enrol.title')}
          </Button>
        ))}
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
