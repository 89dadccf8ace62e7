import { CHAT_PATH } from '@gamehall/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { Headset, ShieldAlert, Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { statusQuery } from '../lib/site-queries';

// spec §2 whole-site states: maintenance (1) wins over region restriction (2) over normal (0);
// the server already resolves the order, so the page follows systemStatus.
export function SiteStateGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { data: status, isPending } = useQuery(statusQuery);
  // The live chat is what these pages' customer-service button opens: it stays reachable.
  if (window.location.pathname === CHAT_PATH) return <>{children}</>;
  if (isPending) return <div className="min-h-screen bg-(--surface)" aria-busy="true" />;
  if (status?.systemStatus === 1) {
    return (
      <StatePage
        icon={<Wrench size={56} aria-hidden />}
        title={status.title || t('site.maintenanceTitle')}
        serviceUrl={CHAT_PATH}
      >
        <p className="whitespace-pre-line">{status.info || t('site.maintenanceInfo')}</p>
      </StatePage>
    );
  }
  if (status?.systemStatus === 2) {
    return (
      <StatePage icon={<ShieldAlert size={56} aria-hidden />} title={t('site.regionTitle')} serviceUrl={CHAT_PATH}>
        <p>{t('site.regionInfo')}</p>
        <p className="mt-2 font-mono text-(--accent)" data-testid="visitor-ip">
          {t('site.yourIp', { ip: status.ip })}
        </p>
      </StatePage>
    );
  }
  return <>{children}</>;
}

function StatePage({
  icon,
  title,
  serviceUrl,
  children,
}: {
  icon: ReactNode;
  title: string;
  serviceUrl: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-(--surface) p-6 text-center text-(--text)">
      <div className="text-(--accent)">{icon}</div>
      <h1 className="text-2xl font-bold">{title}</h1>
      <div className="max-w-lg text-(--text-muted)">{children}</div>
      <a
        href={serviceUrl || '#'}
        className="mt-4 inline-flex items-center gap-2 rounded-md bg-(--accent) px-5 py-2 font-semibold text-(--accent-contrast)"
      >
        <Headset size={18} aria-hidden />
        {t('site.customerService')}
      </a>
    </main>
  );
}
