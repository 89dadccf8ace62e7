import { useTranslation } from 'react-i18next';
import { DayReportPage } from '../../components/day-report';
import { formatMoney } from '../../lib/format';
import { reportQuery } from './api';

/** Tickets issued and opened per brand day (the brand's time zone, named in the description) and kind, and the prizes they paid. */
export function TicketReportPage() {
  const { t } = useTranslation('tickets');
  return (
    <DayReportPage
      query={reportQuery}
      rows={(d) => d.rows}
      rowKey={(r) => `${r.day}-${r.kindId}`}
      title={t('report.title')}
      description={(d) => t('report.description', { zone: d?.timeZone ?? '…' })}
      labels={{ from: t('report.from'), to: t('report.to'), empty: t('report.empty') }}
      emptyOnError={false}
      columns={[
        { label: t('report.day'), cell: (r) => r.day },
        { label: t('report.kind'), cell: (r) => r.name },
        { label: t('report.issued'), numeric: true, cell: (r) => r.issued },
        { label: t('report.opened'), numeric: true, cell: (r) => r.opened },
        { label: t('report.cash'), numeric: true, cell: (r, d) => formatMoney(r.cash, d.currency) },
        { label: t('report.bonus'), numeric: true, cell: (r, d) => formatMoney(r.bonus, d.currency) },
        { label: t('report.points'), numeric: true, cell: (r) => r.points },
      ]}
    />
  );
}
