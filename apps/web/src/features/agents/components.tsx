import { addDays } from '@gamehall/shared/calendar-day';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../components/date-range-filter';
import { Pager as PageButtons, type PagerProps } from '../../components/pager';
import type { DateRange } from '../../lib/date-range';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { type AgentRange, overviewQuery } from './api';

// Pieces every agent centre page shares: title, tones, the date range, paging, states, filters.

export function AgentTitle({ children }: { children: ReactNode }) {
  return <h1 className="mb-4 text-xl font-bold">{children}</h1>;
}

/** Profit green, loss red. */
export function tone(n: number): string {
  return n < 0 ? 'text-(--danger)' : n > 0 ? 'text-(--success)' : '';
}

/**
 * spec §2 / §9 date shortcuts of every agent report: past 7 days (the server's default range), past
 * 30 days and a custom range. Days are the brand's: "today" is the one the server reports for the
 * default range (the team overview's `current.to`), never the browser's, so a viewer in another
 * time zone asks for the same 30 days. `range` is null while that day is still loading. `onChange`
 * runs when the viewer picks another range (a page goes back to its first page).
 */
export function useReportRange(onChange?: () => void): { range: AgentRange | null; filter: ReactNode } {
  const { token } = useSession();
  const [choice, setChoice] = useState<DateRange>({ range: 'past7' });
  const today = useQuery({
    ...overviewQuery(token, {}),
    enabled: Boolean(token) && choice.range === 'past30',
  }).data?.current.to;
  let range: AgentRange | null;
  if (choice.range === 'past7') range = {};
  else if (choice.range === 'past30') range = today ? { from: addDays(today, -29), to: today } : null;
  else range = { from: choice.startDate, to: choice.endDate };
  return {
    range,
    filter: (
      <div className="mb-4">
        <DateRangeFilter
          onChange={(next) => {
            setChoice(next);
            onChange?.();
          }}
        />
      </div>
    ),
  };
}

/** The range a report answered for, as a line under the filter. */
export function RangeLine({ from, to, timeZone }: { from: string; to: string; timeZone?: string | undefined }) {
  const { t } = useTranslation();
  return (
    <p className="mb-3 text-sm text-(--text-muted)" data-testid="range-line">
      {t('agent.common.rangeLine', { from, to })}
      {timeZone && <span className="ms-1">({t('agent.common.timeZone', { zone: timeZone })})</span>}
    </p>
  );
}

/** Previous / next with "page x of y" (spec: every report pages). */
export function Pager(props: PagerProps) {
  const { t } = useTranslation();
  const summary = t('agent.common.pageOf', { page: props.page, total: props.totalPages });
  return <PageButtons {...props} label={t('agent.common.paging')} summary={summary} />;
}

/** Loading and error states of a query; children render once data is there. */
export function Loaded<T>({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) return <ErrorLine error={query.error} />;
  if (query.isPending || query.data === undefined) return <p className="text-(--text-muted)">{t('common.loading')}</p>;
  return <>{children(query.data)}</>;
}

export function ErrorLine({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <p role="alert" className="mb-4 text-(--danger)">
      {errorMessage(t, error)}
    </p>
  );
}

export const cell = 'py-2 pr-3 whitespace-nowrap';
export const numCell = 'py-2 pr-3 text-right tabular-nums whitespace-nowrap rtl:text-left';
export const rowClass = 'border-t border-(--text-muted)/15';
export const totalsRow = 'border-t-2 border-(--text-muted)/30 font-bold';

/** A select with its visible label (filters). */
export function SelectBox({
  label,
  children,
  ...select
}: React.SelectHTMLAttributes<HTMLSelectElement> & { label: string }) {
  const id = useId();
  return (
    <label htmlFor={id} className="text-xs">
      {label}
      <select
        id={id}
        className="block rounded-md border border-(--text-muted)/30 bg-(--surface) px-2 py-1.5 text-sm text-(--text)"
        {...select}
      >
        {children}
      </select>
    </label>
  );
}

/** A search box applied on submit (username or nickname). */
export function SearchBox({ onSearch }: { onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const id = useId();
  return (
    <form
      aria-label={t('agent.common.search')}
      className="mb-4 flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className="text-xs">
        {t('agent.common.search')}
        <input
          id={id}
          type="search"
          value={text}
          maxLength={64}
          onChange={(e) => setText(e.target.value)}
          className="block rounded-md border border-(--text-muted)/30 bg-(--surface) px-2 py-1.5 text-sm"
        />
      </label>
      <button
        type="submit"
        className="rounded-md bg-(--accent) px-3 py-1.5 text-sm font-semibold text-(--accent-contrast)"
      >
        {t('agent.common.searchButton')}
      </button>
    </form>
  );
}
