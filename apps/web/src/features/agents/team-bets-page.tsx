import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../components/responsive-table';
import { useSession } from '../../lib/session';
import { teamBetsQuery } from './api';
import {
  AgentTitle,
  cell,
  Loaded,
  numCell,
  Pager,
  RangeLine,
  rowClass,
  SelectBox,
  tone,
  totalsRow,
  useMoney,
  useReportRange,
} from './components';

/** spec §2 team betting: the team's rounds by game type or by vendor, with totals. */
export function TeamBetsPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const [pageNo, setPageNo] = useState(1);
  const { range, filter } = useReportRange(() => setPageNo(1));
  const [groupBy, setGroupBy] = useState<'gameType' | 'vendor'>('gameType');
  const bets = useQuery({
    ...teamBetsQuery(token, { ...range, groupBy, pageNo }),
    enabled: Boolean(token) && range !== null,
  });
  return (
    <div>
      <AgentTitle>{t('agent.menu.teamBetting')}</AgentTitle>
      {filter}
      <div className="mb-4">
        <SelectBox
          label={t('agent.bets.groupBy')}
          value={groupBy}
          onChange={(e) => {
            setGroupBy(e.target.value as 'gameType' | 'vendor');
            setPageNo(1);
          }}
        >
          <option value="gameType">{t('agent.bets.byGameType')}</option>
          <option value="vendor">{t('agent.bets.byVendor')}</option>
        </SelectBox>
      </div>
      <Loaded query={bets}>
        {(v) => (
          <>
            <RangeLine from={v.from} to={v.to} />
            <ResponsiveTable
              caption={t('agent.menu.teamBetting')}
              testId="team-bets"
              columns={[
                groupBy === 'vendor' ? t('agent.bets.vendor') : t('agent.bets.gameType'),
                { label: t('agent.bets.rounds'), align: 'end' },
                { label: t('agent.bets.validBets'), align: 'end' },
                { label: t('agent.bets.wins'), align: 'end' },
                { label: t('agent.bets.profitLoss'), align: 'end' },
              ]}
              empty={v.content.length === 0}
              emptyText={t('agent.common.noRecords')}
            >
              {v.content.map((row) => (
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
              ))}
              <tr className={totalsRow}>
                <td className={cell}>{t('agent.common.total')}</td>
                <td className={numCell}>{v.totals.rounds}</td>
                <td className={numCell}>{money(v.totals.validBets)}</td>
                <td className={numCell}>{money(v.totals.wins)}</td>
                <td className={`${numCell} ${tone(v.totals.profitLoss)}`}>{money(v.totals.profitLoss)}</td>
              </tr>
            </ResponsiveTable>
            <Pager page={pageNo} totalPages={v.totalPages} onChange={setPageNo} />
          </>
        )}
      </Loaded>
    </div>
  );
}
