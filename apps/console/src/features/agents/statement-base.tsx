import { NGR_DEDUCTIONS } from '@gamehall/shared/api/agents';
import type { StatementBase as BaseFigures, StatementBreakdown } from '@gamehall/shared/api/contracts';
import { Button } from '@gamehall/ui/button';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainTable } from '../../components/plain-table';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { statementsKey } from './api';

// A statement's base broken down (docs/agents.md "Figures"): per direct downline branch and per
// member, bets, wins, GGR, each deduction and NGR, so an operator can explain a dividend.

const PAGE_SIZE = 50;

const statementBaseQuery = (id: number, pageNo: number) =>
  queryOptions({
    queryKey: [...statementsKey, 'base', id, pageNo],
    queryFn: () =>
      api<StatementBreakdown>(`/admin/agents/statements/${id}/base`, { query: { pageNo, pageSize: PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });

const num = 'px-3 py-2 text-right tabular-nums';

export function StatementBase({ id }: { id: number }) {
  const { t } = useTranslation('agents');
  const [pageNo, setPageNo] = useState(1);
  const base = useQuery(statementBaseQuery(id, pageNo));
  const b = base.data;
  if (!b)
    return base.error ? (
      <p role="alert" className="text-(--danger)">
        {errorMessage(base.error)}
      </p>
    ) : (
      <p className="text-sm text-(--text-muted)">{t('common.loading', { ns: 'core' })}</p>
    );
  // The categories the period has (a column of zeros explains nothing).
  const kinds = NGR_DEDUCTIONS.filter(
    (k) => b.branches.some((x) => x.deductions[k] !== 0) || b.members.content.some((x) => x.deductions[k] !== 0),
  );
  const figureColumns = [
    { label: t('fields.validBets'), numeric: true },
    { label: t('base.wins'), numeric: true },
    { label: t('base.ggr'), numeric: true },
    ...kinds.map((k) => ({ label: t(`base.kinds.${k}`), numeric: true })),
    { label: t('base.ngr'), numeric: true },
  ];
  const figures = (f: BaseFigures) => (
    <>
      <td className={num}>{formatMoney(f.validBets)}</td>
      <td className={num}>{formatMoney(f.wins)}</td>
      <td className={num}>{formatMoney(f.ggr)}</td>
      {kinds.map((k) => (
        <td key={k} className={num}>
          {formatMoney(f.deductions[k])}
        </td>
      ))}
      <td className={`${num} font-semibold`}>{formatMoney(f.ngr)}</td>
    </>
  );
  const row = 'border-b border-(--border) last:border-b-0';
  return (
    <section aria-labelledby={`statement-base-${id}`} className="mt-6" data-testid="statement-base">
      <h2 id={`statement-base-${id}`} className="mb-1 font-semibold">
        {t('base.title')}
      </h2>
      <p className="mb-3 text-xs text-(--text-muted)">{t('base.note')}</p>
      <PlainTable
        caption={t('base.byBranch')}
        collapse
        columns={[{ label: t('base.branch') }, { label: t('base.members'), numeric: true }, ...figureColumns]}
        empty={b.branches.length === 0 ? t('base.none') : undefined}
      >
        {b.branches.map((x) => (
          <tr key={x.downline.id} className={row}>
            <td className="px-3 py-2">{x.downline.username}</td>
            <td className={num}>{x.members}</td>
            {figures(x)}
          </tr>
        ))}
        <tr className="border-t-2 border-(--border) font-semibold">
          <td className="px-3 py-2">{t('base.total')}</td>
          <td className={num}>{b.members.totalElements}</td>
          {figures(b.totals)}
        </tr>
      </PlainTable>
      <h3 className="mt-4 mb-2 text-sm font-semibold">{t('base.byMember')}</h3>
      <PlainTable
        caption={t('base.byMember')}
        collapse
        columns={[
          { label: t('base.member') },
          { label: t('base.level'), numeric: true },
          { label: t('base.branch') },
          ...figureColumns,
        ]}
        empty={b.members.content.length === 0 ? t('base.none') : undefined}
      >
        {b.members.content.map((m) => (
          <tr key={m.member.id} className={row}>
            <td className="px-3 py-2">{m.member.username}</td>
            <td className={num}>{m.level}</td>
            <td className="px-3 py-2">{m.branch.username}</td>
            {figures(m)}
          </tr>
        ))}
      </PlainTable>
      {b.members.totalPages > 1 && (
        <div className="mt-2 flex items-center gap-2 text-sm">
          <Button variant="ghost" disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
            {t('base.previous')}
          </Button>
          <span>{t('base.page', { page: pageNo, total: b.members.totalPages })}</span>
          <Button variant="ghost" disabled={pageNo >= b.members.totalPages} onClick={() => setPageNo(pageNo + 1)}>
            {t('base.next')}
          </Button>
        </div>
      )}
    </section>
  );
}
