import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable, type TableColumn } from '../../components/responsive-table';
import { useSession } from '../../lib/session';
import type { AgentRange } from './api';
import { AgentTitle, Loaded, Pager, RangeLine, totalsRow, useReportRange } from './components';

/** What every agent report answers: a page of rows, the page count and, for dated ones, the range. */
type ReportValue = { from?: string; to?: string; timeZone?: string; content: readonly unknown[]; totalPages: number };

/**
 * The frame of the agent centre's reports (spec §2 "Agent centre menu": each with date shortcuts,
 * paging and totals): the title, the range shortcuts (past 7 days, past 30 days, custom; `dated`
 * false for a list of the team as it is now), the page's own `filters`, the range the server
 * answered for, the table of `rows` closed by a `totals` row, and the pager. Picking another range,
 * or a filter calling `restart`, goes back to the first page.
 */
export function ReportFrame<V extends ReportValue, K extends QueryKey>({
  title,
  testId,
  dated = true,
  query,
  filters,
  summary,
  columns,
  rows,
  totals,
  children,
}: {
  title: string;
  testId: string;
  dated?: boolean;
  /** The report's call for a range (empty: the server's default, the last 7 days) and a page. */
  query: (range: AgentRange, pageNo: number) => UseQueryOptions<V, Error, V, K>;
  filters?: (restart: () => void) => ReactNode;
  /** Shown between the range line and the table (a headline figure); `restart` as for filters. */
  summary?: (value: V, restart: () => void) => ReactNode;
  columns: TableColumn[];
  rows: (value: V) => ReactNode;
  /** The cells of the totals row. */
  totals: (value: V) => ReactNode;
  /** Beside the report (its dialogs). */
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { token } = useSession();
  const [pageNo, setPageNo] = useState(1);
  const restart = () => setPageNo(1);
  const { range, filter } = useReportRange(restart);
  const asked = dated ? range : {};
  const report = useQuery({ ...query(asked ?? {}, pageNo), enabled: Boolean(token) && asked !== null });
  return (
    <div>
      <AgentTitle>{title}</AgentTitle>
      {dated && filter}
      {filters?.(restart)}
      <Loaded query={report}>
        {(v) => (
          <>
            {dated && v.from && v.to && <RangeLine from={v.from} to={v.to} timeZone={v.timeZone} />}
            {summary?.(v, restart)}
            <ResponsiveTable
              caption={title}
              testId={testId}
              columns={columns}
              empty={v.content.length === 0}
              emptyText={t('agent.common.noRecords')}
            >
              {rows(v)}
              <tr className={totalsRow}>{totals(v)}</tr>
            </ResponsiveTable>
            <Pager page={pageNo} totalPages={v.totalPages} onChange={setPageNo} />
          </>
        )}
      </Loaded>
      {children}
    </div>
  );
}
