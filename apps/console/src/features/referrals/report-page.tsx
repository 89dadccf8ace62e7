import { useTranslation } from 'react-i18next';
import { DayReportPage } from '../../components/day-report';
import { formatMoney } from '../../lib/format';
import { reportQuery } from './api';

/** Referral rewards per brand day (the brand's time zone, named in the description) and stage: paid, how many, and the self-referrals refused. */
export function ReferralReportPage() {
  const { t } = useTranslation('referrals');
  return (
    <DayReportPage
      query={reportQuery}
      rows={(d) => d.rows}
      rowKey={(r) => `${r.day}-${r.stage}`}
      title={t('report.title')}
      description={(d) => t('report.description', { zone: d?.timeZone ?? '…' })}
      labels={{ from: t('report.from'), to: t('report.to'), empty: t('report.empty') }}
      emptyOnError={false}
      columns={[
        { label: t('report.day'), cell: (r) => r.day },
        { label: t('report.stage'), cell: (r) => t(`stageName.${r.stage}`) },
        { label: t('report.rewards'), numeric: true, cell: (r) => r.rewards },
        { label: t('report.paid'), numeric: true, cell: (r, d) => formatMoney(r.paid, d.currency) },
        { label: t('report.refused'), numeric: true, cell: (r) => r.refused },
      ]}
    />
  );
}
