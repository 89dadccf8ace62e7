import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../components/responsive-table';
import { useSession } from '../../lib/session';
import { teamLossQuery } from './api';
import {
  AgentTitle,
  cell,
  Loaded,
  numCell,
  Pager,
  RangeLine,
  rowClass,
  SearchBox,
  tone,
  totalsRow,
  useMoney,
  useReportRange,
} from './components';

/** spec §2 user loss statements: each downline's own profit and loss over the range, with totals. */
export function UserLossPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const [pageNo, setPageNo] = useState(1);
  const { range, filter } = useReportRange(() => setPageNo(1));
  const [q, setQ] = useState('');
  const loss = useQuery({
    ...teamLossQuery(token, { ...range, q: q || undefined, pageNo }),
    enabled: Boolean(token) && range !== null,
  });
  const search = (value: string) => {
    setQ(value);
    setPageNo(1);
  };
  return (
    <div>
      <AgentTitle>{t('agent.menu.userLossStatements')}</AgentTitle>
      {filter}
      <SearchBox onSearch={search} />
      <Loaded query={loss}>
        {(v) => (
          <>
            <RangeLine from={v.from} to={v.to} />
            <ResponsiveTable
              caption={t('agent.menu.userLossStatements')}
              testId="user-loss"
              columns={[
                t('agent.common.username'),
                { label: t('agent.common.level'), align: 'end' },
                { label: t('agent.bets.validBets'), align: 'end' },
                { label: t('agent.bets.wins'), align: 'end' },
                { label: t('agent.bets.profitLoss'), align: 'end' },
                { label: t('agent.loss.deposits'), align: 'end' },
                { label: t('agent.loss.withdrawals'), align: 'end' },
              ]}
              empty={v.content.length === 0}
              emptyText={t('agent.common.noRecords')}
            >
              {v.content.map((row) => (
                <tr key={row.memberId} className={rowClass}>
                  <td className={cell}>{row.username}</td>
                  <td className={numCell}>{row.level}</td>
                  <td className={numCell}>{money(row.validBets)}</td>
                  <td className={numCell}>{money(row.wins)}</td>
                  <td className={`${numCell} ${tone(row.profitLoss)}`}>{money(row.profitLoss)}</td>
                  <td className={numCell}>{money(row.deposits)}</td>
                  <td className={numCell}>{money(row.withdrawals)}</td>
                </tr>
              ))}
              <tr className={totalsRow}>
                <td className={cell}>{t('agent.common.total')}</td>
                <td className={numCell} />
                <td className={numCell}>{money(v.totals.validBets)}</td>
                <td className={numCell}>{money(v.totals.wins)}</td>
                <td className={`${numCell} ${tone(v.totals.profitLoss)}`}>{money(v.totals.profitLoss)}</td>
                <td className={numCell}>{money(v.totals.deposits)}</td>
                <td className={numCell}>{money(v.totals.withdrawals)}</td>
              </tr>
            </ResponsiveTable>
            <Pager page={pageNo} totalPages={v.totalPages} onChange={setPageNo} />
          </>
        )}
      </Loaded>
    </div>
  );
}
