import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LinkShare } from '../../components/link-qr';
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
          <LinkShare
            link={r.link}
            code={r.affiliateCode}
            texts={{
              link: t('agent.referral.link'),
              code: t('agent.referral.code'),
              hint: t('agent.referral.hint'),
              copy: (label) => t('agent.referral.copy', { label }),
              copied: t('agent.referral.copied'),
              qrAlt: t('agent.referral.qrAlt'),
              qrCaption: t('agent.referral.qrCaption'),
            }}
            testIds={{ link: 'referral-link', code: 'referral-code', qr: 'referral-qr' }}
          />
        )}
      </Loaded>
    </div>
  );
}
