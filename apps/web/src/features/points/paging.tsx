import { Button } from '@gamehall/ui/button';
import { useTranslation } from 'react-i18next';

/** Previous / next paging of the points lists (shown only when there is more than one page). */
export function Paging({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange: (p: number) => void;
}) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={t('points.paging')} className="mt-4 flex items-center justify-center gap-3 text-sm">
      <Button variant="ghost" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t('points.previous')}
      </Button>
      <span>{t('points.pageOf', { page, total: totalPages })}</span>
      <Button variant="ghost" disabled={page >= totalPages} onClick={() => onChange(page + 1)}>
        {t('points.next')}
      </Button>
    </nav>
  );
}
