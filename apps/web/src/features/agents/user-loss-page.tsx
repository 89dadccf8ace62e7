import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/use-money';
import { useSession } from '../../lib/session';
import { teamLossQuery } from './api';
import { cell, numCell, rowClass, SearchBox, tone } from './components';
import { DeductionsCell } from './ngr';
import { ReportFrame } from './report-frame';

/**
 * spec §2 user loss statements: each downline's own profit and loss over the range, with totals, and
 * its part of the dividend base (docs/agents.md "Figures"): GGR, the deductions, NGR.
 */
export function UserLossPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const [q, setQ] = useState('');
  return (
    <ReportFrame
      title={t('agent.menu.userLossStatements')}
      testId="user-loss"
      query={(range, pageNo) => teamLossQuery(token, { ...range, q: q || undefined, pageNo })}
      filters={(restart) => (
        <SearchBox
          onSearch={(value) => {
            setQ(value);
            restart();
          }}
        />
      )}
      columns={[
        t('agent.common.username'),
        { label: t('agent.common.level'), align: 'end' },
        { label: t('agent.bets.validBets'), align: 'end' },
        { label: t('agent.bets.wins'), align: 'end' },
        { label: t('agent.bets.profitLoss'), align: 'end' },
        { label: t('agent.loss.deposits'), align: 'end' },
        { label: t('agent.loss.withdrawals'), align: 'end' },
        { label: t('agent.ngr.ggr'), align: 'end' },
        { label: t('agent.ngr.deductions'), align: 'end' },
        { label: t('agent.ngr.ngr'), align: 'end' },
      ]}
      rows={(v) =>
        v.content.map((row) => (
          <tr key={row.memberId} className={rowClass}>
            <td className={cell}>{row.username}</td>
            <td className={numCell}>{row.level}</td>
            <td className={numCell}>{money(row.validBets)}</td>
            <td className={numCell}>{money(row.wins)}</td>
            <td className={`${numCell} ${tone(row.profitLoss)}`}>{money(row.profitLoss)}</td>
            <td className={numCell}>{money(row.deposits)}</td>
            <td className={numCell}>{money(row.withdrawals)}</td>
            <td className={`${numCell} ${tone(row.ggr)}`}>{money(row.ggr)}</td>
            <DeductionsCell figures={row} />
            <td className={`${numCell} font-semibold ${tone(row.ngr)}`}>{money(row.ngr)}</td>
          </tr>
        ))
      }
      totals={(v) => (
        <>
          <td className={cell}>{t('agent.common.total')}</td>
          <td className={numCell} />
          <td className={numCell}>{money(v.totals.validBets)}</td>
          <td className={numCell}>{money(v.totals.wins)}</td>
          <td className={`${numCell} ${tone(v.totals.profitLoss)}`}>{money(v.totals.profitLoss)}</td>
          <td className={numCell}>{money(v.totals.deposits)}</td>
          <td className={numCell}>{money(v.totals.withdrawals)}</td>
          <td className={`${numCell} ${tone(v.totals.ggr)}`}>{money(v.totals.ggr)}</td>
          <DeductionsCell figures={v.totals} />
          <td className={`${numCell} ${tone(v.totals.ngr)}`}>{money(v.totals.ngr)}</td>
        </>
      )}
    />
  );
}
