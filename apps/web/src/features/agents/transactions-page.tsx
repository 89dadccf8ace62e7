import { TEAM_TRANSACTION_KINDS } from '@gamehall/shared/api/agents';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTimeIn } from '../../components/format-time';
import { useMoney } from '../../components/use-money';
import { useSession } from '../../lib/session';
import { teamTransactionsQuery } from './api';
import { cell, numCell, rowClass, SelectBox } from './components';
import { ReportFrame } from './report-frame';

type Kind = (typeof TEAM_TRANSACTION_KINDS)[number];

/**
 * spec §2 downline transaction details: the team's deposits, withdrawals and transfers, their times
 * in the brand's time zone (named under the range, like the range's days).
 */
export function TransactionsPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const [kind, setKind] = useState<Kind>('deposit');
  return (
    <ReportFrame
      title={t('agent.menu.downlineTransactions')}
      testId="team-transactions"
      query={(range, pageNo) => teamTransactionsQuery(token, { ...range, kind, pageNo })}
      filters={(restart) => (
        <div className="mb-4">
          <SelectBox
            label={t('agent.transactions.kind')}
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as Kind);
              restart();
            }}
          >
            {TEAM_TRANSACTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`agent.transactions.kinds.${k}`)}
              </option>
            ))}
          </SelectBox>
        </div>
      )}
      columns={[
        t('agent.common.time'),
        t('agent.common.username'),
        t('agent.transactions.reference'),
        { label: t('agent.common.amount'), align: 'end' },
        t('agent.common.status'),
        t('agent.transactions.detail'),
      ]}
      rows={(v) =>
        v.content.map((row) => (
          <tr key={row.reference} className={rowClass}>
            <td className={cell}>{formatTimeIn(row.createdAt, v.timeZone)}</td>
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
        ))
      }
      totals={(v) => (
        <>
          <td className={cell} colSpan={3}>
            {t('agent.transactions.totals', { count: v.totals.count, completed: v.totals.completedCount })}
          </td>
          <td className={numCell}>{money(v.totals.amount)}</td>
          <td className={cell} colSpan={2}>
            {t('agent.transactions.completedAmount', { amount: money(v.totals.completedAmount) })}
          </td>
        </>
      )}
    />
  );
}
