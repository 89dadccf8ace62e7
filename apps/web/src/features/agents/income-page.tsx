import { CONTRACT_KINDS } from '@gamehall/shared/api/contracts';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/use-money';
import { useSession } from '../../lib/session';
import { cell, numCell, rowClass } from './components';
import { incomeQuery } from './contracts-api';
import { ReportFrame } from './report-frame';

/** spec §2 my income: the commissions paid to the agent, by day and contract kind, with totals. */
export function MyIncomePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  return (
    <ReportFrame
      title={t('agent.menu.myIncome')}
      testId="income"
      query={(range, pageNo) => incomeQuery(token, range, pageNo)}
      summary={(v) => (
        <p className="mb-4 text-lg font-bold" data-testid="income-total">
          {t('agent.income.total', { amount: money(v.totals.total) })}
        </p>
      )}
      columns={[
        t('agent.income.day'),
        ...CONTRACT_KINDS.map((k) => ({ label: t(`contracts.kinds.${k}`), align: 'end' as const })),
        { label: t('agent.common.total'), align: 'end' },
      ]}
      rows={(v) =>
        v.content.map((row) => (
          <tr key={row.day} className={rowClass}>
            <td className={cell}>{row.day}</td>
            {CONTRACT_KINDS.map((k) => (
              <td key={k} className={numCell}>
                {money(row[k])}
              </td>
            ))}
            <td className={`${numCell} font-semibold`}>{money(row.total)}</td>
          </tr>
        ))
      }
      totals={(v) => (
        <>
          <td className={cell}>{t('agent.common.total')}</td>
          {CONTRACT_KINDS.map((k) => (
            <td key={k} className={numCell}>
              {money(v.totals[k])}
            </td>
          ))}
          <td className={numCell}>{money(v.totals.total)}</td>
        </>
      )}
    />
  );
}
