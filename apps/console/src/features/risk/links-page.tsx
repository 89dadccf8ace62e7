import { RISK_LINK_KINDS, RiskLinkStatus } from '@gamehall/shared/api/risk';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { linksQuery } from './api';
import { BackfillPanel } from './backfill-panel';
import { MemberName } from './risk-parts';
import { RiskQueue } from './risk-queue';

const QUEUE = { item: 'link', statuses: RiskLinkStatus.options, kinds: RISK_LINK_KINDS, query: linksQuery } as const;

// The linked-accounts queue: new links (pending) first by default, newest first, with filters by
// status, kind and member; each pending link is confirmed or dismissed with a note.
export function LinksPage() {
  const { t } = useTranslation('risk');
  return (
    <div className="max-w-6xl">
      <PageHeader title={t('links.title')} description={t('links.description')} />
      <BackfillPanel />
      <RiskQueue
        of={QUEUE}
        columns={[t('fields.other'), t('fields.shares')]}
        cells={(l) => (
          <>
            <td className="px-3 py-2">
              <MemberName member={l.other} />
            </td>
            <td className="px-3 py-2">
              {t(`linkKinds.${l.kind}`)}: <code className="break-all">{l.value}</code>
            </td>
          </>
        )}
      />
    </div>
  );
}
