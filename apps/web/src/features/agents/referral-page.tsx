import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '../../components/copy-value';
import { normaliseQrOptions } from '../../lib/qr-options';
import { useSession } from '../../lib/session';
import { referralQuery } from './api';
import { AgentTitle, ErrorLine, Loaded } from './components';

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

/** spec §9 QR defaults (correction M) at 200 px; qrcode's margin counts modules. */
function ReferralQr({ link }: { link: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState('');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const o = normaliseQrOptions({ size: 200, margin: 20 });
    setFailed(false);
    import('qrcode')
      .then(({ toDataURL }) =>
        toDataURL(link, { width: o.size, margin: Math.round(o.margin / 5), errorCorrectionLevel: o.correctLevel }),
      )
      .then(setSrc)
      .catch(() => {
        setSrc('');
        setFailed(true);
      });
  }, [link]);
  if (failed) return <ErrorLine error={null} />;
  return (
    <figure className="shrink-0 rounded-xl bg-white p-3 text-center text-sm text-black">
      {src ? (
        <img src={src} alt={t('agent.referral.qrAlt')} width={200} height={200} data-testid="referral-qr" />
      ) : (
        <div className="size-[200px]" />
      )}
      <figcaption className="mt-1">{t('agent.referral.qrCaption')}</figcaption>
    </figure>
  );
}
