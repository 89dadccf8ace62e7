import type { SecurityCentre } from '@gamehall/shared/api/member';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ChangePasswordForm } from '../../components/change-password-form';
import { ResponsiveTable } from '../../components/responsive-table';
import { Button } from '../../components/ui/button';
import { useSession } from '../../lib/session';
import { securityQuery } from './api';
import { EmailSection, MobileSection } from './contact-sections';
import { PaymentPasswordSection } from './payment-password-section';
import { SecuritySection } from './security-section';

// spec §2 My account (securityCenter): one panel per safeguard, each with its own actions, then
// the login history.
export function SecurityPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const data = useQuery(securityQuery(token)).data;
  return (
    <div>
      <h1 className="mb-6 text-xl font-bold">{t('member.menu.securityCenter')}</h1>
      {data && (
        <div className="mb-8 grid gap-3">
          <PasswordSection data={data} />
          <PaymentPasswordSection data={data} />
          <MobileSection data={data} />
          <EmailSection data={data} />
          <SecuritySection
            title={t('member.security.totp')}
            ok={data.totpEnabled}
            state={data.totpEnabled ? t('member.bound') : t('member.notBound')}
          />
        </div>
      )}
      <LoginHistory data={data} />
    </div>
  );
}

function PasswordSection({ data }: { data: SecurityCentre }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [changing, setChanging] = useState(false);
  return (
    <SecuritySection
      title={t('auth.password')}
      ok
      state={t('member.passwordChangedAt', { time: new Date(data.passwordChangedAt).toLocaleString() })}
      actions={
        <Button variant="secondary" onClick={() => setChanging((c) => !c)}>
          {t('auth.changePassword')}
        </Button>
      }
    >
      {changing && (
        <div className="mt-4 max-w-md">
          <ChangePasswordForm
            onDone={() => {
              setChanging(false);
              toast.success(t('member.passwordChanged'));
              void queryClient.invalidateQueries({ queryKey: ['member'] });
            }}
          />
        </div>
      )}
    </SecuritySection>
  );
}

function LoginHistory({ data }: { data: SecurityCentre | undefined }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('member.loginHistory')}>
      <h2 className="mb-3 font-semibold">{t('member.loginHistory')}</h2>
      <ResponsiveTable
        caption={t('member.loginHistory')}
        columns={[t('member.time'), t('member.ip'), t('member.result'), t('member.device')]}
      >
        {(data?.loginHistory ?? []).map((h) => (
          <tr key={`${h.time}-${h.ip}`} className="border-t border-(--text-muted)/20">
            <td className="py-2 pr-4 whitespace-nowrap">{new Date(h.time).toLocaleString()}</td>
            <td className="py-2 pr-4">{h.ip ?? '-'}</td>
            <td className={`py-2 pr-4 ${h.success ? 'text-(--success)' : 'text-(--danger)'}`}>
              {h.success ? t('member.success') : t('member.failure')}
            </td>
            <td className="max-w-xs truncate py-2">{h.userAgent ?? '-'}</td>
          </tr>
        ))}
      </ResponsiveTable>
    </section>
  );
}
