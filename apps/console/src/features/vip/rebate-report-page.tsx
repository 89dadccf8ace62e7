import { useTranslation } from 'react-i18next';
import { DayReportPage, sumOf } from '../../components/day-report';
import { formatMoney } from '../../lib/format';
import { rebateReportQuery } from './api';

/** Rebate per brand day: accrued by the rounds settled that day, and paid that day (docs/vip.md). */
export function RebateReportPage() {
  const { t } = useTranslation('vip');
  return (
    <DayReportPage
      query={rebateReportQuery}
      rows={(d) => d.days}
      rowKey={(d) => d.day}
      rowTestId="rebate-report-row"
      days={13}
      title={t('report.title')}
      description={(data) => t('report.description', { zone: data?.timeZone ?? '' })}
      labels={{ from: t('report.from'), to: t('report.to'), empty: t('report.none'), total: t('report.total') }}
      columns={[
        { label: t('report.day'), cell: (d) => d.day },
        {
          label: t('report.validBet'),
          numeric: true,
          cell: (d) => formatMoney(d.validBet),
          total: (days) => formatMoney(sumOf(days, (d) => d.validBet)),
        },
        {
          label: t('report.accrued'),
          numeric: true,
          cell: (d) => formatMoney(d.accrued),
          total: (days) => formatMoney(sumOf(days, (d) => d.accrued)),
        },
        {
          label: t('report.paid'),
          numeric: true,
          cell: (d) => formatMoney(d.paid),
          total: (days) => formatMoney(sumOf(days, (d) => d.paid)),
        },
        {
          label: t('report.payouts'),
          numeric: true,
          cell: (d) => d.payouts,
          total: (days) => sumOf(days, (d) => d.payouts),
        },
      ]}
    />
  );
}
