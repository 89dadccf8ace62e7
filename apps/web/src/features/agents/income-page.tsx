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
  totalsRow,
  useMoney,
  useReportRange,
} from './components';
import { incomeQuery } from './contracts-api';

/** spec §2 my income: the commissions paid to the agent, by day and contract kind, with totals. */
export function MyIncomePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const [pageNo, setPageNo] = useState(1);
  const { range, filter } = useReportRange(() => setPageNo(1));
  const income = useQuery({ ...incomeQuery(token, range ?? {}, pageNo), enabled: Boolean(token) && range !== null });
  return (
    <div>
      <AgentTitle>{t('agent.menu.myIncome')}</AgentTitle>
      {filter}
      <Loaded query={income}>
        {(v) => (
          <>
            <RangeLine from={v.from} to={v.to} />
            <p className="mb-4 text-lg font-bold" data-testid="income-total">
              {t('agent.income.total', { amount: money(v.totals.total) })}
            </p>
            <ResponsiveTable
              caption={t('agent.menu.myIncome')}
              testId="income"
              columns={[
                t('agent.income.day'),
                ...CONTRACT_KINDS.map((k) => ({ label: t(`contracts.kinds.${k}`), align: 'end' as const })),
                { label: t('agent.common.total'), align: 'end' },
              ]}
              empty={v.content.length === 0}
              emptyText={t('agent.common.noRecords')}
            >
              {v.content.map((row) => (
                <tr key={row.day} className={rowClass}>
                  <td className={cell}>{row.day}</td>
                  {CONTRACT_KINDS.map((k) => (
                    <td key={k} className={numCell}>
                      {money(row[k])}
                    </td>
                  ))}
                  <td className={`${numCell} font-semibold`}>{money(row.total)}</td>
                </tr>
              ))}
              <tr className={totalsRow}>
                <td className={cell}>{t('agent.common.total')}</td>
                {CONTRACT_KINDS.map((k) => (
                  <td key={k} className={numCell}>
                    {money(v.totals[k])}
                  </td>
                ))}
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
