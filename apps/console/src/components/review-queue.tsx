import { Button } from '@gamehall/ui/button';
import { Field } from '@gamehall/ui/field';
import { type QueryKey, type UseQueryOptions, useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyNote, PageSteps, QueryErrorAlert, StatusFilter } from './list-page-parts';
import { type PlainColumn, PlainTable } from './plain-table';

// A review queue (abuse flags, linked accounts, KYC documents): select filters and a member id
// lookup above one page of rows in a table, with the load error, the empty note and the paging.
// Changing a filter or looking a member up goes back to page 1, where the new list starts.

/** A member id typed in a lookup box, or undefined (then the list is not narrowed to a member). */
export function memberIdOf(text: string): number | undefined {
  const n = Number(text.trim());
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** The filters (each select's value, '' for its first option), the member looked up, the page and its rows. */
export type ReviewQueueState<F extends Record<string, string>, Row> = ReturnType<
  typeof useReviewQueue<F, { list: Row[]; total: number }, QueryKey>
>;

/**
 * A queue's filters, member and page from `initial` (page 1, no member), and the list `options`
 * asks the API for with them, in pages of `pageSize`.
 */
export function useReviewQueue<F extends Record<string, string>, List extends { total: number }, Key extends QueryKey>(
  initial: F,
  pageSize: number,
  options: (filters: F, memberId: number | undefined, page: number) => UseQueryOptions<List, Error, List, Key>,
) {
  const [filters, setFilters] = useState(initial);
  const [memberId, setMemberId] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const query = useQuery(options(filters, memberId, page));
  return {
    filters,
    page,
    pages: Math.ceil((query.data?.total ?? 0) / pageSize),
    query,
    setPage,
    /** Sets one filter to a value of its select (one of its options, or '' for the first). */
    setFilter: (key: keyof F, value: string) => {
      setFilters((current) => ({ ...current, [key]: value }));
      setPage(1);
    },
    setMember: (id: number | undefined) => {
      setMemberId(id);
      setPage(1);
    },
  };
}

/** One select of the filter bar: `key` names the filter it sets; its first option ('') reads `allLabel`. */
export type QueueSelect<F> = {
  key: keyof F;
  id: string;
  label: string;
  allLabel: string;
  options: readonly { value: string; label: string }[];
};

export function ReviewQueue<F extends Record<string, string>, Row>({
  queue,
  selects,
  texts,
  caption,
  empty,
  columns,
  row,
}: {
  queue: ReviewQueueState<F, Row>;
  selects: QueueSelect<F>[];
  /** The lookup's label and button, and the paging buttons. */
  texts: { memberId: string; find: string; previous: string; next: string };
  caption: string;
  /** The note under an empty list. */
  empty: string;
  columns: PlainColumn[];
  /** A row's `<tr>`, with its key. */
  row: (row: Row) => ReactNode;
}) {
  const { t } = useTranslation();
  const [lookup, setLookup] = useState('');
  const [lookupError, setLookupError] = useState('');
  const rows = queue.query.data?.list ?? [];
  // An empty lookup lists every member again; anything else must be a member id, or the list stays
  // as it is and the field says why.
  const find = (e: FormEvent) => {
    e.preventDefault();
    const id = memberIdOf(lookup);
    if (lookup.trim() !== '' && id === undefined) {
      setLookupError(t('common.memberIdInvalid'));
      return;
    }
    setLookupError('');
    queue.setMember(id);
  };
  return (
    <>
      <div className="flex flex-wrap items-end gap-4">
        {selects.map((s) => (
          <StatusFilter
            key={s.id}
            id={s.id}
            label={s.label}
            value={queue.filters[s.key] ?? ''}
            allLabel={s.allLabel}
            options={s.options}
            onChange={(value) => queue.setFilter(s.key, value)}
          />
        ))}
        <form onSubmit={find} className="mb-3 flex items-end gap-2" noValidate>
          <Field
            label={texts.memberId}
            value={lookup}
            inputMode="numeric"
            maxLength={16}
            error={lookupError || undefined}
            onChange={(e) => setLookup(e.target.value)}
          />
          <Button type="submit" variant="ghost">
            {texts.find}
          </Button>
        </form>
      </div>
      <QueryErrorAlert error={queue.query.error} />
      <PlainTable caption={caption} columns={columns}>
        {rows.map(row)}
      </PlainTable>
      <EmptyNote show={queue.query.isSuccess && rows.length === 0}>{empty}</EmptyNote>
      <PageSteps
        page={queue.page}
        pages={queue.pages}
        previousLabel={texts.previous}
        nextLabel={texts.next}
        onPage={queue.setPage}
      />
    </>
  );
}
