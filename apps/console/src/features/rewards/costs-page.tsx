import { useTranslation } from 'react-i18next';
import { DayReportPage, sumOf } from '../../components/day-report';
import { formatMoney } from '../../lib/format';
import { costsQuery } from './api';

/** Cost per programme and UTC day: bonus paid at claim, converted to cash, forfeited. */
export function CostsPage() {
  const { t } = useTranslation('rewards');
  return (
    <DayReportPage
      query={costsQuery}
      rows={(d) => d.rows}
      rowKey={(r) => `${r.day}-${r.promotionId}`}
      title={t('costs.title')}
      description={() => t('costs.description')}
      labels={{ from: t('costs.from'), to: t('costs.to'), empty: t('costs.none'), total: t('costs.total') }}
      columns={[
        { label: t('costs.day'), cell: (r) => r.day },
        { label: t('fields.title'), cell: (r) => r.title },
        {
          label: t('costs.claims'),
          numeric: true,
          cell: (r) => r.claims,
          total: (rows) => sumOf(rows, (r) => r.claims),
        },
        {
          label: t('costs.paid'),
          numeric: true,
          cell: (r, d) => formatMoney(r.paid, d.currency),
          total: (rows, d) =>
            formatMoney(
              sumOf(rows, (r) => r.paid),
              d.currency,
            ),
        },
        {
          label: t('costs.ranking'),
          numeric: true,
          cell: (r, d) => formatMoney(r.ranking, d.currency),
          total: (rows, d) =>
            formatMoney(
              sumOf(rows, (r) => r.ranking),
              d.currency,
            ),
        },
        {
          label: t('costs.converted'),
          numeric: true,
          cell: (r, d) => formatMoney(r.converted, d.currency),
          total: (rows, d) =>
            formatMoney(
              sumOf(rows, (r) => r.converted),
              d.currency,
            ),
        },
        {
          label: t('costs.forfeited'),
          numeric: true,
          cell: (r, d) => formatMoney(r.forfeited, d.currency),
          total: (rows, d) =>
            formatMoney(
              sumOf(rows, (r) => r.forfeited),
              d.currency,
            ),
        },
      ]}
    />
  );
}
