import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

// spec §8: a chunk that fails to load names itself; anything else is "Unknown error".
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunk = error instanceof Error && /dynamically imported module|Loading chunk/i.test(error.message);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-xl font-bold">
        {chunk ? t('errors.CHUNK_LOAD', { chunk: (error as Error).message }) : t('errors.INTERNAL_ERROR')}
      </h1>
      <a href="/" className="text-(--accent) underline">
        {t('nav.home')}
      </a>
    </main>
  );
}
