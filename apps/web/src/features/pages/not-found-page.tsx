import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="mb-4 text-2xl font-bold">{t('errors.NOT_FOUND')}</h1>
      <Link to="/" className="text-(--accent) underline">
        {t('nav.home')}
      </Link>
    </div>
  );
}
