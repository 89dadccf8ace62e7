import type { MissionCostRow } from '@gamehall/shared/api/missions';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { DayReportPage, moneyColumn, sumOf } from '../../components/day-report';
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
        {
          label: t('costs.completed'),
          numeric: true,
          cell: (r) => r.completed,
          total: (rows) => sumOf(rows, (r) => r.completed),
        },
        {
          label: t('costs.claims'),
          numeric: true,
          cell: (r) => r.claims,
          total: (rows) => sumOf(rows, (r) => r.claims),
        },
        moneyColumn(t('costs.cash'), (r: Row) => r.cashPaid),
        moneyColumn(t('costs.bonus'), (r: Row) => r.bonusPaid),
        {
          label: t('costs.points'),
          numeric: true,
          cell: (r) => r.pointsPaid,
          total: (rows) => sumOf(rows, (r) => r.pointsPaid),
        },
        {
          label: t('costs.tickets'),
          numeric: true,
          cell: (r) => r.ticketsIssued,
          total: (rows) => sumOf(rows, (r) => r.ticketsIssued),
        },
      ]}
    />
  );
}
