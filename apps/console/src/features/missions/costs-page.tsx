import type { MissionCostRow } from '@gamehall/shared/api/missions';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { countColumn, DayReportPage, moneyColumn } from '../../components/day-report';
import { missionCostsQuery } from './api';

type Row = z.infer<typeof MissionCostRow>;

/** Per mission and brand day: missions completed, rewards claimed, cash and points paid. */
export function MissionCostsPage() {
  const { t } = useTranslation('missions');
  return (
    <DayReportPage
      query={missionCostsQuery}
      rows={(d) => d.rows}
      rowKey={(r) => `${r.day}-${r.missionId}`}
      title={t('costs.title')}
      description={() => t('costs.description')}
      labels={{ from: t('costs.from'), to: t('costs.to'), empty: t('costs.none'), total: t('costs.total') }}
      columns={[
        { label: t('costs.day'), cell: (r) => r.day },
        { label: t('fields.title'), cell: (r) => r.title },
        countColumn(t('costs.completed'), (r: Row) => r.completed),
        countColumn(t('costs.claims'), (r: Row) => r.claims),
        moneyColumn(t('costs.cash'), (r: Row) => r.cashPaid),
        moneyColumn(t('costs.bonus'), (r: Row) => r.bonusPaid),
        countColumn(t('costs.points'), (r: Row) => r.pointsPaid),
        countColumn(t('costs.tickets'), (r: Row) => r.ticketsIssued),
      ]}
    />
  );
}
