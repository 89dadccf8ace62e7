import type { CostRow } from '@gamehall/shared/api/rewards';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { countColumn, DayReportPage, moneyColumn } from '../../components/day-report';
import { costsQuery } from './api';

type Row = z.infer<typeof CostRow>;

/** Cost per programme and brand day (the brand's time zone, named in the description): bonus paid at claim, converted to cash, forfeited. */
export function CostsPage() {
  const { t } = useTranslation('rewards');
  return (
    <DayReportPage
      query={costsQuery}
      rows={(d) => d.rows}
      rowKey={(r) => `${r.day}-${r.promotionId}`}
      title={t('costs.title')}
      description={(d) => t('costs.description', { zone: d?.timeZone ?? '…' })}
      labels={{ from: t('costs.from'), to: t('costs.to'), empty: t('costs.none'), total: t('costs.total') }}
      columns={[
        { label: t('costs.day'), cell: (r) => r.day },
        { label: t('fields.title'), cell: (r) => r.title },
        countColumn(t('costs.claims'), (r: Row) => r.claims),
        moneyColumn(t('costs.paid'), (r: Row) => r.paid),
        moneyColumn(t('costs.ranking'), (r: Row) => r.ranking),
        moneyColumn(t('costs.converted'), (r: Row) => r.converted),
        moneyColumn(t('costs.forfeited'), (r: Row) => r.forfeited),
      ]}
    />
  );
}
