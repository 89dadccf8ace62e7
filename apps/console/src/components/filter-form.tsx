import type { FormEvent, ReactNode } from 'react';

// A report's filter bar whose fields are read when it is submitted (the page keeps the filters in
// the URL; give the form `key={params.toString()}` so that it shows them again after a change).

/** The look of a filter bar's inputs and selects. */
export const FILTER_INPUT =
  'mt-1 rounded-md border border-(--border) bg-(--surface) px-2 py-1.5 text-sm text-(--text) focus:border-(--accent) focus:outline-none';

export function FilterForm({
  id,
  label,
  onSubmit,
  children,
}: {
  id: string;
  label: string;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form
      id={id}
      onSubmit={onSubmit}
      aria-label={label}
      className="mb-3 flex flex-wrap items-end gap-3 rounded-lg border border-(--border) bg-(--surface-raised) p-3"
    >
      {children}
    </form>
  );
}

/** One labelled field of a filter bar; `children` is the control, whose id is `htmlFor`. */
export function FilterField({ htmlFor, label, children }: { htmlFor: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col text-xs text-(--text-muted)">
      <label htmlFor={htmlFor}>{label}</label>
      {children}
    </div>
  );
}

/** A filter bar's two required dates, named `from` and `to` (ids `<formId>-from` and `<formId>-to`). */
export function DateRangeFields({
  formId,
  from,
  to,
  labels,
}: {
  formId: string;
  from: string;
  to: string;
  labels: { from: string; to: string };
}) {
  return (
    <>
      <FilterField htmlFor={`${formId}-from`} label={labels.from}>
        <input id={`${formId}-from`} name="from" type="date" required defaultValue={from} className={FILTER_INPUT} />
      </FilterField>
      <FilterField htmlFor={`${formId}-to`} label={labels.to}>
        <input id={`${formId}-to`} name="to" type="date" required defaultValue={to} className={FILTER_INPUT} />
      </FilterField>
    </>
  );
}
