import { CONTRACT_KINDS } from '@gamehall/shared/api/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../components/responsive-table';
import { useSession } from '../../lib/session';
import {
  AgentTitle,
  cell,
  Loaded,
  numCell,
  Pager,
  RangeLine,
  rowClass,
  SelectBox,
  totalsRow,
  useMoney,
  useReportRange,
} from './components';
import { type RevenueGroupBy, revenueQuery } from './contracts-api';

/** spec §2 revenue report: the agent's income by source (contract kind) and period (day, week, month). */
export function RevenuePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const [pageNo, setPageNo] = useState(1);
  const { range, filter } = useReportRange(() => setPageNo(1));
  const [groupBy, setGroupBy] = useState<RevenueGroupBy>('day');
  const revenue = useQuery({
    ...revenueQuery(token, range ?? {}, groupBy, pageNo),
    enabled: Boolean(token) && range !== null,
  });
  return (
    <div>
      <AgentTitle>{t('agent.menu.revenueReport')}</AgentTitle>
      {filter}
      <div className="mb-4">
        <SelectBox
          label={t('agent.revenue.groupBy')}
          value={groupBy}
          onChange={(e) => {
            setGroupBy(e.target.value as RevenueGroupBy);
            setPageNo(1);
          }}
        >
          {(['day', 'week', 'month'] as const).map((g) => (
            <option key={g} value={g}>
              {t(`agent.revenue.groups.${g}`)}
            </option>
          ))}
        </SelectBox>
      </div>
      <Loaded query={revenue}>
        {(v) => (
          <>
            <RangeLine from={v.from} to={v.to} />
            <ResponsiveTable
              caption={t('agent.menu.revenueReport')}
              testId="revenue"
              columns={[
                t('agent.revenue.period'),
                t('agent.revenue.source'),
                { label: t('agent.revenue.statements'), align: 'end' },
                { label: t('contracts.validBets'), align: 'end' },
                { label: t('contracts.amount'), align: 'end' },
              ]}
              empty={v.content.length === 0}
              emptyText={t('agent.common.noRecords')}
            >
              {v.content.map((row) => (
                <tr key={`${row.period}-${row.kind}`} className={rowClass}>
                  <td className={cell}>{row.period}</td>
                  <td className={cell}>{t(`contracts.kinds.${row.kind}`)}</td>
                  <td className={numCell}>{row.statements}</td>
                  <td className={numCell}>{money(row.validBets)}</td>
                  <td className={numCell}>{money(row.amount)}</td>
                </tr>
              ))}
              <tr className={totalsRow}>
                <td className={cell} colSpan={4}>
                  {t('agent.common.total')}
                  <span className="block text-xs font-normal text-(--text-muted)">
                    {CONTRACT_KINDS.map((k) => `${t(`contracts.kinds.${k}`)}: ${money(v.totals[k])}`).join(' · ')}
                  </span>
                </td>
                <td className={numCell}>{money(v.totals.total)}</td>
              </tr>
            </ResponsiveTable>
            <Pager page={pageNo} totalPages={v.totalPages} onChange={setPageNo} />
          </>
        )}
      </Loaded>
    </div>
  );
}
