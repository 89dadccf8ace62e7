import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ChangePasswordForm } from '../../components/change-password-form';
import { ResponsiveTable } from '../../components/responsive-table';
import { Button } from '../../components/ui/button';
import { useSession } from '../../lib/session';
import { securityQuery } from './api';

// spec §2 My account (securityCenter): password change, verification status, login history.
export function SecurityPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const queryClient = useQueryClient();
  const data = useQuery(securityQuery(token)).data;
  const [changing, setChanging] = useState(false);
  const statuses = data
    ? [
        { key: 'mobile', ok: data.mobileBound },
        { key: 'email', ok: data.emailBound },
        { key: 'paymentPassword', ok: data.paymentPasswordSet },
        { key: 'totp', ok: data.totpEnabled },
      ]
    : [];
  return (
    <div>
      <h1 className="mb-6 text-xl font-bold">{t('member.menu.securityCenter')}</h1>
      <div className="mb-8 rounded-lg bg-(--surface) p-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 className="font-semibold">{t('auth.password')}</h2>
            {data && (
              <p className="text-sm text-(--text-muted)">
                {t('member.passwordChangedAt', { time: new Date(data.passwordChangedAt).toLocaleString() })}
              </p>
            )}
          </div>
          <Button variant="secondary" onClick={() => setChanging((c) => !c)}>
            {t('auth.changePassword')}
          </Button>
        </div>
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
      </div>
      <h2 className="mb-3 font-semibold">{t('member.verification')}</h2>
      <ul className="mb-8 grid gap-2 sm:grid-cols-2">
        {statuses.map((s) => (
          <li key={s.key} className="flex items-center gap-2 rounded-lg bg-(--surface) p-3 text-sm">
            {s.ok ? (
              <CheckCircle2 className="text-(--success)" size={18} aria-hidden />
            ) : (
              <XCircle className="text-(--danger)" size={18} aria-hidden />
            )}
            {t(`member.security.${s.key}`)}: {s.ok ? t('member.bound') : t('member.notBound')}
          </li>
        ))}
      </ul>
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
    </div>
  );
}
