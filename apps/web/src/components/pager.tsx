import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** Where a list is and how to move: what a page passes to its pager. */
export type PagerProps = { page: number; totalPages: number; onChange: (page: number) => void };

/**
 * Previous / next around either page-number buttons (`pages`, the member centre's history tables)
 * or a line such as "Page 2 of 5" (`summary`, the agent centre's reports). Nothing for one page.
 */
export function Pager({
  page,
  totalPages,
  onChange,
  label,
  pages,
  summary,
}: PagerProps & {
  /** Names the navigation for assistive technology. */
  label: string;
  pages?: readonly number[];
  summary?: string;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  const button = 'min-w-9 rounded px-2 py-1 text-sm disabled:opacity-40';
  const arrow = `${button} hover:bg-(--surface)`;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-center gap-1 text-sm">
      <button
        type="button"
        className={arrow}
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label={t('common.previous')}
      >
        <ChevronLeft size={16} aria-hidden className="rtl:rotate-180" />
      </button>
      {pages ? (
        pages.map((n) => (
          <button
            key={n}
            type="button"
            className={`${button} ${n === page ? 'bg-(--accent) text-(--accent-contrast)' : 'hover:bg-(--surface)'}`}
            aria-current={n === page ? 'page' : undefined}
            onClick={() => onChange(n)}
          >
            {n}
          </button>
        ))
      ) : (
        <span aria-live="polite" className="px-2">
          {summary}
        </span>
      )}
      <button
        type="button"
        className={arrow}
        disabled={page >= totalPages}
        onClick={() => onChange(page + 1)}
        aria-label={t('common.next')}
      >
        <ChevronRight size={16} aria-hidden className="rtl:rotate-180" />
      </button>
    </nav>
  );
}
