import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '../../components/copy-value';
import { LinkQr } from '../../components/link-qr';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { referralQuery } from './api';
import { AgentTitle, Loaded } from './components';

/**
 * spec §2 referral link: the agent's registration link (a visitor opening it registers under the
 * agent), a copy button and its QR code, drawn in the browser with the site's qrcode library.
 */
export function ReferralPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const referral = useQuery(referralQuery(token));
  return (
    <div>
      <AgentTitle>{t('agent.menu.referralLink')}</AgentTitle>
      <Loaded query={referral}>
        {(r) => (
          <div className="flex flex-col gap-6 md:flex-row md:items-start">
            <dl className="min-w-0 flex-1 space-y-3">
              <CopyLine label={t('agent.referral.link')} value={r.link} testId="referral-link" />
              <CopyLine label={t('agent.referral.code')} value={r.affiliateCode} testId="referral-code" />
              <p className="text-sm text-(--text-muted)">{t('agent.referral.hint')}</p>
            </dl>
            <ReferralQr link={r.link} />
          </div>
        )}
      </Loaded>
    </div>
  );
}

function CopyLine({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <CopyValue
      layout="card"
      label={label}
      value={value}
      testId={testId}
      copyLabel={t('agent.referral.copy', { label })}
      copiedText={t('agent.referral.copied')}
    />
  );
}

function ReferralQr({ link }: { link: string }) {
  const { t } = useTranslation();
  return (
    <LinkQr
      link={link}
      alt={t('agent.referral.qrAlt')}
      caption={t('agent.referral.qrCaption')}
      failedText={errorMessage(t, null)}
      testId="referral-qr"
    />
  );
}
