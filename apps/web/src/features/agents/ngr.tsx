import { NGR_DEDUCTIONS, type NgrFigures } from '@gamehall/shared/api/agents';
import type { StatementBase as BaseFigures, StatementWithBreakdown } from '@gamehall/shared/api/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../components/responsive-table';
import { useMoney } from '../../components/use-money';
import { apiRequest } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { cell, Loaded, numCell, Pager, rowClass, tone, totalsRow } from './components';

// The dividend base broken down (docs/agents.md "Figures"): valid bets minus wins (GGR), what the
// house paid the members by category and the fees, and what is left (NGR).

const MEMBER_PAGE_SIZE = 20;

export function statementDetailQuery(token: string | null, id: number, pageNo: number) {
  return queryOptions({
    queryKey: ['agent', 'statement', token, id, pageNo],
    queryFn: () =>
      apiRequest<StatementWithBreakdown>(`/wps/agent/statements/${id}?pageNo=${pageNo}&pageSize=${MEMBER_PAGE_SIZE}`),
    enabled: Boolean(token),
    placeholderData: keepPreviousData,
  });
}

function deductionTotal(f: NgrFigures): number {
  // Summed in minor units so the cell agrees with GGR minus NGR to the cent.
  return NGR_DEDUCTIONS.reduce((n, k) => n + Math.round(f.deductions[k] * 100), 0) / 100;
}

/**
 * The deductions of a row: their sum and, under it, each category that is not zero (a user loss
 * row has room for one column only).
 */
export function DeductionsCell({ figures }: { figures: NgrFigures }) {
  const { t } = useTranslation();
  const money = useMoney();
  const parts = NGR_DEDUCTIONS.filter((k) => figures.deductions[k] !== 0);
  return (
    <td className={numCell}>
      {money(deductionTotal(figures))}
      {parts.length > 0 && (
        <ul className="text-xs font-normal text-(--text-muted)">
          {parts.map((k) => (
            <li key={k}>
              {t(`agent.ngr.kinds.${k}`)} {money(figures.deductions[k])}
            </li>
          ))}
        </ul>
      )}
    </td>
  );
}

/** A statement's base per branch and per member (a page of members at a time). */
export function StatementBase({ id }: { id: number }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const [pageNo, setPageNo] = useState(1);
  const detail = useQuery(statementDetailQuery(token, id, pageNo));
  return (
    <Loaded query={detail}>
      {({ breakdown }) => {
        // Only the categories the period has: a column of zeros explains nothing.
        const kinds = NGR_DEDUCTIONS.filter(
          (k) =>
            breakdown.totals.deductions[k] !== 0 ||
            breakdown.branches.some((b) => b.deductions[k] !== 0) ||
            breakdown.members.content.some((m) => m.deductions[k] !== 0),
        );
        const figureColumns = [
          { label: t('agent.bets.validBets'), align: 'end' as const },
          { label: t('agent.bets.wins'), align: 'end' as const },
          { label: t('agent.ngr.ggr'), align: 'end' as const },
          ...kinds.map((k) => ({ label: t(`agent.ngr.kinds.${k}`), align: 'end' as const })),
          { label: t('agent.ngr.ngr'), align: 'end' as const },
        ];
        const figures = (f: BaseFigures) => (
          <>
            <td className={numCell}>{money(f.validBets)}</td>
            <td className={numCell}>{money(f.wins)}</td>
            <td className={`${numCell} ${tone(f.ggr)}`}>{money(f.ggr)}</td>
            {kinds.map((k) => (
              <td key={k} className={numCell}>
                {money(f.deductions[k])}
              </td>
            ))}
            <td className={`${numCell} font-semibold ${tone(f.ngr)}`}>{money(f.ngr)}</td>
          </>
        );
        return (
          <div className="mt-3" data-testid={`statement-base-${id}`}>
            <p className="mb-2 text-xs text-(--text-muted)">{t('agent.ngr.note')}</p>
            <h4 className="mb-1 text-sm font-semibold">{t('agent.ngr.byBranch')}</h4>
            <ResponsiveTable
              caption={t('agent.ngr.byBranch')}
              columns={[t('contracts.branch'), { label: t('agent.ngr.members'), align: 'end' }, ...figureColumns]}
              empty={breakdown.branches.length === 0}
              emptyText={t('agent.common.noRecords')}
            >
              {breakdown.branches.map((b) => (
                <tr key={b.downline.id} className={rowClass}>
                  <td className={cell}>{b.downline.username}</td>
                  <td className={numCell}>{b.members}</td>
                  {figures(b)}
                </tr>
              ))}
              <tr className={totalsRow}>
                <td className={cell}>{t('agent.common.total')}</td>
                <td className={numCell}>{breakdown.members.totalElements}</td>
                {figures(breakdown.totals)}
              </tr>
            </ResponsiveTable>
            <h4 className="mt-3 mb-1 text-sm font-semibold">{t('agent.ngr.byMember')}</h4>
            <ResponsiveTable
              caption={t('agent.ngr.byMember')}
              columns={[
                t('agent.common.username'),
                { label: t('agent.common.level'), align: 'end' },
                t('contracts.branch'),
                ...figureColumns,
              ]}
              empty={breakdown.members.content.length === 0}
              emptyText={t('agent.common.noRecords')}
            >
              {breakdown.members.content.map((m) => (
                <tr key={m.member.id} className={rowClass}>
                  <td className={cell}>{m.member.username}</td>
                  <td className={numCell}>{m.level}</td>
                  <td className={cell}>{m.branch.username}</td>
                  {figures(m)}
                </tr>
              ))}
            </ResponsiveTable>
            <Pager page={pageNo} totalPages={breakdown.members.totalPages} onChange={setPageNo} />
          </div>
        );
      }}
    </Loaded>
  );
}
