import type { SecurityCentre } from '@gamehall/shared/api/member';
import { Button } from '@gamehall/ui/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ChangePasswordForm } from '../../components/change-password-form';
import { useSession } from '../../lib/session';
import { securityQuery } from './api';
import { ContactSection } from './contact-sections';
import { PaymentPasswordSection } from './payment-password-section';
import { SecuritySection } from './security-section';
import { LoginHistoryPanel, SessionsPanel } from './sessions-panel';
import { TwoFactorPanel } from './two-factor-panel';

// spec §2 My account (securityCenter): one panel per safeguard, each with its own actions, the
// signed-in devices, then the login history.
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
          <ContactSection data={data} kind="mobile" />
          <ContactSection data={data} kind="email" />
          <TwoFactorPanel />
          <SessionsPanel />
        </div>
      )}
      <LoginHistoryPanel />
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
