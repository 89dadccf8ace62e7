import { RISK_FLAG_KINDS, RiskFlagStatus } from '@gamehall/shared/api/risk';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { flagsQuery } from './api';
import { FlagSentence } from './risk-parts';
import { RiskQueue } from './risk-queue';

const QUEUE = { item: 'flag', statuses: RiskFlagStatus.options, kinds: RISK_FLAG_KINDS, query: flagsQuery } as const;

// The abuse flags: open ones by default, newest first, each explained in a sentence, with filters by
// status, kind and member; each open flag is confirmed or dismissed with a note.
export function FlagsPage() {
  const { t } = useTranslation('risk');
  return (
    <div className="max-w-6xl">
      <PageHeader title={t('flags.title')} description={t('flags.description')} />
      <RiskQueue
        of={QUEUE}
        columns={[t('fields.kind'), t('fields.why')]}
        cells={(f) => (
          <>
            <td className="px-3 py-2">{t(`flagKinds.${f.kind}`)}</td>
            <td className="max-w-md px-3 py-2">
              <FlagSentence evidence={f.evidence} />
            </td>
          </>
        )}
      />
    </div>
  );
}
