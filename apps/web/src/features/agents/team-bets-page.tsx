import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/use-money';
import { useSession } from '../../lib/session';
import { teamBetsQuery } from './api';
import { cell, numCell, rowClass, SelectBox, tone } from './components';
import { ReportFrame } from './report-frame';

/** spec §2 team betting: the team's rounds by game type or by vendor, with totals. */
export function TeamBetsPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const [groupBy, setGroupBy] = useState<'gameType' | 'vendor'>('gameType');
  return (
    <ReportFrame
      title={t('agent.menu.teamBetting')}
      testId="team-bets"
      query={(range, pageNo) => teamBetsQuery(token, { ...range, groupBy, pageNo })}
      filters={(restart) => (
        <div className="mb-4">
          <SelectBox
            label={t('agent.bets.groupBy')}
            value={groupBy}
            onChange={(e) => {
              setGroupBy(e.target.value as 'gameType' | 'vendor');
              restart();
            }}
          >
            <option value="gameType">{t('agent.bets.byGameType')}</option>
            <option value="vendor">{t('agent.bets.byVendor')}</option>
          </SelectBox>
        </div>
      )}
      columns={[
        groupBy === 'vendor' ? t('agent.bets.vendor') : t('agent.bets.gameType'),
        { label: t('agent.bets.rounds'), align: 'end' },
        { label: t('agent.bets.validBets'), align: 'end' },
        { label: t('agent.bets.wins'), align: 'end' },
        { label: t('agent.bets.profitLoss'), align: 'end' },
      ]}
      rows={(v) =>
        v.content.map((row) => (
          <tr key={row.key} className={rowClass}>
            <td className={cell}>
              {groupBy === 'gameType'
                ? t(`categories.${row.key}`, { defaultValue: row.name ?? row.key })
                : (row.name ?? row.key)}
            </td>
            <td className={numCell}>{row.rounds}</td>
            <td className={numCell}>{money(row.validBets)}</td>
            <td className={numCell}>{money(row.wins)}</td>
            <td className={`${numCell} ${tone(row.profitLoss)}`}>{money(row.profitLoss)}</td>
          </tr>
        ))
      }
      totals={(v) => (
        <>
          <td className={cell}>{t('agent.common.total')}</td>
          <td className={numCell}>{v.totals.rounds}</td>
          <td className={numCell}>{money(v.totals.validBets)}</td>
          <td className={numCell}>{money(v.totals.wins)}</td>
          <td className={`${numCell} ${tone(v.totals.profitLoss)}`}>{money(v.totals.profitLoss)}</td>
        </>
      )}
    />
  );
}
