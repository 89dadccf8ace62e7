import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PlainTable } from '../../components/plain-table';
import { formatDateTime } from '../../lib/format';
import { feedRejectsQuery } from './api';

// What the sportsbook's feed sources could not bring in: each source's count of invalid messages
// and failures, and the newest of them with their reasons, so a trader sees a provider sending bad
// data (its markets silently stale otherwise) and can take it up with the provider.

export function FeedRejects() {
  const { t } = useTranslation('sportsbook');
  const result = useQuery(feedRejectsQuery);
  const data = result.data;
  return (
    <section aria-labelledby="sb-feed-rejects" className="mt-6 max-w-4xl">
      <h2 id="sb-feed-rejects" className="mb-1 text-base font-bold">
        {t('feedRejects.title')}
      </h2>
      <p className="mb-3 text-sm text-(--text-muted)">{t('feedRejects.description')}</p>
      <QueryErrorAlert error={result.error} />
      {data && data.sources.length === 0 && <p className="text-sm">{t('feedRejects.none')}</p>}
      {data && data.sources.length > 0 && (
        <>
          <ul className="mb-3 text-sm" data-testid="sb-feed-reject-counts">
            {data.sources.map((s) => (
              <li key={s.source}>
                {t('feedRejects.count', { source: s.source, invalid: s.invalid, errors: s.errors })} ·{' '}
                {t('feedRejects.last', { at: formatDateTime(s.lastAt) })}
              </li>
            ))}
          </ul>
          <PlainTable
            caption={t('feedRejects.recent')}
            columns={[
              { label: t('feedRejects.at') },
              { label: t('feedRejects.source') },
              { label: t('feedRejects.seq'), numeric: true },
              { label: t('feedRejects.kind') },
              { label: t('feedRejects.reason') },
            ]}
          >
            {data.rejects.map((r) => (
              <tr
                key={r.id}
                data-testid="sb-feed-reject"
                className="border-b border-(--border) align-top last:border-b-0"
              >
                <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(r.at)}</td>
                <td className="px-3 py-2">{r.source}</td>
                <td className="px-3 py-2 text-right tabular-nums">{r.seq ?? '—'}</td>
                <td className="px-3 py-2">{t(`feedRejects.kinds.${r.kind}`)}</td>
                <td className="px-3 py-2 break-all">{r.reason}</td>
              </tr>
            ))}
          </PlainTable>
        </>
      )}
    </section>
  );
}
