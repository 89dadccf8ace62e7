import { NGR_DEDUCTIONS } from '@gamehall/shared/api/agents';
import type { StatementBase as BaseFigures, StatementBreakdown, StatementDetail } from '@gamehall/shared/api/contracts';
import { Button } from '@gamehall/ui/button';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PlainTable } from '../../components/plain-table';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { formatMoney } from '../../lib/format';
import { statementsKey } from './api';

// A statement's base broken down (docs/agents.md "Figures"): per direct downline branch and per
// member, bets, wins, GGR, each deduction and NGR, so an operator can explain a dividend. The
// drill-down of the commission cost report ends here: a line of the statement (the page's `line`
// parameter) or a branch keeps the members to its own, and each member leads to its rounds of the
// statement's period in the member page's betting records.

const PAGE_SIZE = 50;

/** A line of the statement: a direct downline's id (its branch), or `own` for the holder's own members. */
type Line = number | 'own';

const statementBaseQuery = (id: number, pageNo: number, line: Line | null) =>
  queryOptions({
    queryKey: [...statementsKey, 'base', id, pageNo, line],
    queryFn: () =>
      api<StatementBreakdown>(`/admin/agents/statements/${id}/base`, {
        query: { pageNo, pageSize: PAGE_SIZE, ...(line === null ? {} : { line }) },
      }),
    // Another page of the same line keeps its rows on screen while it loads; another line (or
    // statement) shows nothing of the last one's members under its own name until its rows come.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey.at(-3) === id && previousQuery.queryKey.at(-1) === line ? previous : undefined,
  });

function lineOf(param: string | null): Line | null {
  if (param === 'own') return 'own';
  const n = Number(param);
  return param !== null && Number.isSafeInteger(n) && n > 0 ? n : null;
}

const num = 'px-3 py-2 text-right tabular-nums';

export function StatementBase({ statement: s }: { statement: StatementDetail }) {
  const { t } = useTranslation('agents');
  const [params] = useSearchParams();
  const line = lineOf(params.get('line'));
  const [page, setPage] = useState({ line, pageNo: 1 });
  // Another line starts at its first page.
  const pageNo = page.line === line ? page.pageNo : 1;
  const base = useQuery(statementBaseQuery(s.id, pageNo, line));
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const b = base.data;
  useEffect(() => {
    if (hash === '#statement-base' && b) section.current?.scrollIntoView({ block: 'start' });
  }, [hash, b]);
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
  const lineName =
    line === 'own'
      ? t('statements.ownMembers')
      : line === null
        ? null
        : (s.lines.find((l) => l.downline?.id === line)?.downline?.username ??
          b.branches.find((x) => x.downline.id === line)?.downline.username ??
          `#${line}`);
  const roundsOf = (memberId: number) =>
    `/members/${memberId}?${new URLSearchParams({ tab: 'rounds', from: s.periodStart, to: s.periodEnd })}`;
  const row = 'border-b border-(--border) last:border-b-0';
  return (
    <section
      ref={section}
      id="statement-base"
      aria-labelledby={`statement-base-${s.id}`}
      className="mt-6 scroll-mt-4"
      data-testid="statement-base"
    >
      <h2 id={`statement-base-${s.id}`} className="mb-1 font-semibold">
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
            <td className="px-3 py-2">
              <Link
                to={{ search: `?line=${x.downline.id}`, hash: '#statement-base' }}
                className="text-(--accent) underline"
                title={t('base.membersOfBranch', { name: x.downline.username })}
              >
                {x.downline.username}
              </Link>
            </td>
            <td className={num}>{x.members}</td>
            {figures(x)}
          </tr>
        ))}
        <tr className="border-t-2 border-(--border) font-semibold">
          <td className="px-3 py-2">{t('base.total')}</td>
          <td className={num}>{b.branches.reduce((n, x) => n + x.members, 0)}</td>
          {figures(b.totals)}
        </tr>
      </PlainTable>
      <div className="mt-4 mb-2 flex flex-wrap items-baseline gap-3">
        <h3 className="text-sm font-semibold">
          {lineName === null ? t('base.byMember') : t('base.membersOf', { name: lineName })}
        </h3>
        {lineName !== null && (
          <Link to={{ search: '', hash: '#statement-base' }} className="text-sm text-(--accent) underline">
            {t('base.allMembers')}
          </Link>
        )}
      </div>
      <p className="mb-2 text-xs text-(--text-muted)">{t('base.roundsHint')}</p>
      <PlainTable
        caption={lineName === null ? t('base.byMember') : t('base.membersOf', { name: lineName })}
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
            <td className="px-3 py-2">
              <Link
                to={roundsOf(m.member.id)}
                className="text-(--accent) underline"
                title={t('statements.roundsOf', { name: m.member.username })}
              >
                {m.member.username}
              </Link>
            </td>
            <td className={num}>{m.level}</td>
            <td className="px-3 py-2">{m.branch.username}</td>
            {figures(m)}
          </tr>
        ))}
      </PlainTable>
      {b.members.totalPages > 1 && (
        <div className="mt-2 flex items-center gap-2 text-sm">
          <Button variant="ghost" disabled={pageNo <= 1} onClick={() => setPage({ line, pageNo: pageNo - 1 })}>
            {t('base.previous')}
          </Button>
          <span>{t('base.page', { page: pageNo, total: b.members.totalPages })}</span>
          <Button
            variant="ghost"
            disabled={pageNo >= b.members.totalPages}
            onClick={() => setPage({ line, pageNo: pageNo + 1 })}
          >
            {t('base.next')}
          </Button>
        </div>
      )}
    </section>
  );
}
