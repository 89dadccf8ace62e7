import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { CATEGORY_ROUTES } from '../../app/paths';
import { NotFoundPage } from './not-found-page';

/** spec §2: /{gameType} lists one category's games (vassalage query picks a vendor). */
export function CategoryPage() {
  const { t } = useTranslation();
  const { gameType = '' } = useParams();
  const [search] = useSearchParams();
  const type = CATEGORY_ROUTES[gameType.toLowerCase()];
  if (!type) return <NotFoundPage />;
  const vendor = search.get('vassalage');
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-2 text-2xl font-bold">{t(`categories.${type}`, { defaultValue: type })}</h1>
      {vendor && <p className="mb-4 text-sm text-(--text-muted)">{t('pages.category.vendor', { vendor })}</p>}
      <p
        className="rounded-xl border border-dashed border-(--text-muted)/40 p-12 text-center text-(--text-muted)"
        data-game-type={type}
      >
        {t('pages.category.empty')}
      </p>
    </div>
  );
}
