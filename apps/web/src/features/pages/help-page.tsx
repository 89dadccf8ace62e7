import { CHAT_PATH } from '@gamehall/shared/api/chat';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api-client';

type HelpCategory = { category: string; items: { id: number; title: string; content: string }[] };
const helpQuery = queryOptions({
  queryKey: ['system', 'helpCenter'],
  queryFn: () => apiRequest<HelpCategory[]>('/wps/system/helpCenter'),
  staleTime: 5 * 60_000,
});

export function HelpPage() {
  const { t } = useTranslation();
  const categories = useQuery(helpQuery).data ?? [];
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="mb-6 text-2xl font-bold">{t('footer.helpCentre')}</h1>
      <a
        href={CHAT_PATH}
        data-testid="help-chat"
        className="mb-6 inline-flex rounded-md bg-(--accent) px-4 py-2 font-semibold text-(--accent-contrast)"
      >
        {t('site.customerService')}
      </a>
      {categories.map((c) => (
        <section key={c.category} className="mb-8" id={c.category.toLowerCase()}>
          <h2 className="mb-3 text-lg font-bold text-(--accent)">{c.category}</h2>
          {c.items.map((item) => (
            <details key={item.id} className="mb-2 rounded-xl bg-(--surface-raised) p-4">
              <summary className="cursor-pointer font-semibold">{item.title}</summary>
              <p className="mt-2 text-sm text-(--text-muted)">{item.content}</p>
            </details>
          ))}
        </section>
      ))}
    </div>
  );
}
