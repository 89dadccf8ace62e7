import { TEAM_TRANSACTION_KINDS } from '@gamehall/shared/api/agents';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../components/responsive-table';
import { useSession } from '../../lib/session';
import { teamTransactionsQuery } from './api';
import {
  AgentTitle,
  cell,
  formatTime,
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

type Kind = (typeof TEAM_TRANSACTION_KINDS)[number];

/** spec §2 downline transaction details: the team's deposits, withdrawals and transfers. */
export function TransactionsPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const [pageNo, setPageNo] = useState(1);
  const { range, filter } = useReportRange(() => setPageNo(1));
  const [kind, setKind] = useState<Kind>('deposit');
  const list = useQuery({
    ...teamTransactionsQuery(token, { ...range, kind, pageNo }),
    enabled: Boolean(token) && range !== null,
  });
  return (
    <div>
      <AgentTitle>{t('agent.menu.downlineTransactions')}</AgentTitle>
      {filter}
      <div className="mb-4">
        <SelectBox
          label={t('agent.transactions.kind')}
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as Kind);
            setPageNo(1);
          }}
        >
          {TEAM_TRANSACTION_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`agent.transactions.kinds.${k}`)}
            </option>
          ))}
        </SelectBox>
      </div>
      <Loaded query={list}>
        {(v) => (
          <>
            <RangeLine from={v.from} to={v.to} />
            <ResponsiveTable
              caption={t('agent.menu.downlineTransactions')}
              testId="team-transactions"
              columns={[
                t('agent.common.time'),
                t('agent.common.username'),
                t('agent.transactions.reference'),
                { label: t('agent.common.amount'), align: 'end' },
                t('agent.common.status'),
                t('agent.transactions.detail'),
              ]}
              empty={v.content.length === 0}
              emptyText={t('agent.common.noRecords')}
            >
              {v.content.map((row) => (
                <tr key={row.reference} className={rowClass}>
                  <td className={cell}>{formatTime(row.createdAt)}</td>
                  <td className={cell}>{row.username}</td>
                  <td className={cell}>{row.reference}</td>
                  <td className={numCell}>{money(row.amount)}</td>
                  <td className={cell}>{t(`agent.transactions.status.${row.status}`, { defaultValue: row.status })}</td>
                  <td className={cell}>
                    {row.kind === 'transfer'
                      ? t(`agent.transactions.direction.${row.detail === 'in' ? 'in' : 'out'}`, {
                          counterparty: row.counterparty ?? '-',
                        })
                      : (row.detail ?? '-')}
                  </td>
                </tr>
              ))}
              <tr className={totalsRow}>
                <td className={cell} colSpan={3}>
                  {t('agent.transactions.totals', { count: v.totals.count, completed: v.totals.completedCount })}
                </td>
                <td className={numCell}>{money(v.totals.amount)}</td>
                <td className={cell} colSpan={2}>
                  {t('agent.transactions.completedAmount', { amount: money(v.totals.completedAmount) })}
                </td>
              </tr>
            </ResponsiveTable>
            <Pager page={pageNo} totalPages={v.totalPages} onChange={setPageNo} />
          </>
        )}
      </Loaded>
    </div>
  );
}
