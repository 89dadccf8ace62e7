import { CONTRACT_KINDS } from '@gamehall/shared/api/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/use-money';
import { useSession } from '../../lib/session';
import { cell, numCell, rowClass, SelectBox } from './components';
import { type RevenueGroupBy, revenueQuery } from './contracts-api';
import { ReportFrame } from './report-frame';

/** spec §2 revenue report: the agent's income by source (contract kind) and period (day, week, month). */
export function RevenuePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const [groupBy, setGroupBy] = useState<RevenueGroupBy>('day');
  return (
    <ReportFrame
      title={t('agent.menu.revenueReport')}
      testId="revenue"
      query={(range, pageNo) => revenueQuery(token, range, groupBy, pageNo)}
      filters={(restart) => (
        <div className="mb-4">
          <SelectBox
            label={t('agent.revenue.groupBy')}
            value={groupBy}
            onChange={(e) => {
              setGroupBy(e.target.value as RevenueGroupBy);
              restart();
            }}
          >
            {(['day', 'week', 'month'] as const).map((g) => (
              <option key={g} value={g}>
                {t(`agent.revenue.groups.${g}`)}
              </option>
            ))}
          </SelectBox>
        </div>
      )}
      columns={[
        t('agent.revenue.period'),
        t('agent.revenue.source'),
        { label: t('agent.revenue.statements'), align: 'end' },
        { label: t('contracts.validBets'), align: 'end' },
        { label: t('contracts.amount'), align: 'end' },
      ]}
      rows={(v) =>
        v.content.map((row) => (
          <tr key={`${row.period}-${row.kind}`} className={rowClass}>
            <td className={cell}>{row.period}</td>
            <td className={cell}>{t(`contracts.kinds.${row.kind}`)}</td>
            <td className={numCell}>{row.statements}</td>
            <td className={numCell}>{money(row.validBets)}</td>
            <td className={numCell}>{money(row.amount)}</td>
          </tr>
        ))
      }
      totals={(v) => (
        <>
          <td className={cell} colSpan={4}>
            {t('agent.common.total')}
            <span className="block text-xs font-normal text-(--text-muted)">
              {CONTRACT_KINDS.map((k) => `${t(`contracts.kinds.${k}`)}: ${money(v.totals[k])}`).join(' · ')}
            </span>
          </td>
          <td className={numCell}>{money(v.totals.total)}</td>
        </>
      )}
    />
  );
}
