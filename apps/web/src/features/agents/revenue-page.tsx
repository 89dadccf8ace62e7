import { CONTRACT_KINDS } from '@gamehall/shared/api/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/use-money';
import { useSession } from '../../lib/session';
import { cell, numCell, rowClass, SelectBox } from './components';
import { type RevenueGroupBy, revenueQuery } from './contracts-api';
import { ReportFrame } from './report-frame';

/**
 * spec §2 revenue report: the agent's income by period (day, week, month) beside the team's own
 * turnover of the period; every statement counts (paid, held, settled at zero), by source (kind).
 */
export function RevenuePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const [groupBy, setGroupBy] = useState<RevenueGroupBy>('day');
  const counts = (c: { paid: number; held: number; zero: number }) =>
    t('agent.revenue.counts', { paid: c.paid, held: c.held, zero: c.zero });
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
        { label: t('agent.revenue.turnover'), align: 'end' },
        t('agent.revenue.source'),
        { label: t('agent.revenue.statements'), align: 'end' },
        { label: t('agent.revenue.heldAmount'), align: 'end' },
        { label: t('contracts.amount'), align: 'end' },
      ]}
      rows={(v) =>
        v.content.map((row) => (
          <tr key={row.period} className={rowClass}>
            <td className={cell}>{row.period}</td>
            <td className={numCell}>{money(row.validBets)}</td>
            <td className={cell}>
              {row.kinds.length === 0
                ? '-'
                : row.kinds.map((k) => (
                    <span key={k.kind} className="block">
                      {t(`contracts.kinds.${k.kind}`)}: {money(k.amount)}
                      <span className="ms-1 text-xs text-(--text-muted)">
                        ({k.statements} · {counts(k)})
                      </span>
                    </span>
                  ))}
            </td>
            <td className={numCell}>
              {row.statements}
              <span className="block text-xs text-(--text-muted)">{counts(row)}</span>
            </td>
            <td className={numCell}>{money(row.heldAmount)}</td>
            <td className={numCell}>{money(row.amount)}</td>
          </tr>
        ))
      }
      totals={(v) => (
        <>
          <td className={cell}>{t('agent.common.total')}</td>
          <td className={numCell}>{money(v.totals.validBets)}</td>
          <td className={cell}>
            <span className="block text-xs font-normal text-(--text-muted)">
              {CONTRACT_KINDS.map((k) => `${t(`contracts.kinds.${k}`)}: ${money(v.totals[k])}`).join(' · ')}
            </span>
          </td>
          <td className={numCell}>
            {v.totals.statements}
            <span className="block text-xs font-normal text-(--text-muted)">{counts(v.totals)}</span>
          </td>
          <td className={numCell}>{money(v.totals.heldAmount)}</td>
          <td className={numCell}>{money(v.totals.total)}</td>
        </>
      )}
    />
  );
}
