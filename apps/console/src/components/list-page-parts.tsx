import { Button } from '@gamehall/ui/button';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/errors';

// The pieces the review and report list pages share around a PlainTable: the filter bar, the load
// error, the empty note, approve/reject buttons and previous/next paging.

/** A labelled status select with an "all" option first (the empty value). */
export function StatusFilter({
  id,
  label,
  value,
  allLabel,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="mb-3 flex items-center gap-2 text-sm">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-md border border-(--border) bg-(--surface) px-2 py-1"
      >
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled date input for a filter bar. */
export function DateFilter({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="rounded-md border border-(--border) bg-(--surface) px-2 py-1"
      />
    </>
  );
}

/** The list's load error, when there is one. */
export function QueryErrorAlert({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="mb-3 text-sm text-(--danger)">
      {errorMessage(error)}
    </p>
  );
}

/** The note under an empty list, once it has loaded. */
export function EmptyNote({ show, children }: { show: boolean; children: ReactNode }) {
  if (!show) return null;
  return <p className="mt-3 text-sm text-(--text-muted)">{children}</p>;
}

/** The approve and reject buttons of a row waiting for a decision. */
export function DecisionButtons({
  approveLabel,
  rejectLabel,
  onDecide,
}: {
  approveLabel: string;
  rejectLabel: string;
  onDecide: (decision: 'approve' | 'reject') => void;
}) {
  return (
    <div className="flex gap-1">
      <Button className="px-2 py-1 text-xs" onClick={() => onDecide('approve')}>
        {approveLabel}
      </Button>
      <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => onDecide('reject')}>
        {rejectLabel}
      </Button>
    </div>
  );
}

/** Previous / page of pages / next, shown only when there is more than one page. */
export function PageSteps({
  page,
  pages,
  previousLabel,
  nextLabel,
  onPage,
}: {
  page: number;
  pages: number;
  previousLabel: string;
  nextLabel: string;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <div className="mt-3 flex items-center gap-2 text-sm">
      <Button variant="ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previousLabel}
      </Button>
      <span>
        {page} / {pages}
      </span>
      <Button variant="ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {nextLabel}
      </Button>
    </div>
  );
}
