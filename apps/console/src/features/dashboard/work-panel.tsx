import type { WorkItem, WorkQueue } from '@gamehall/shared/api/work-queue';
import { WORK_SOURCES, type WorkSourceName } from '@gamehall/shared/api/work-sources';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useOperatorEvents, useOperatorLive } from '../../lib/operator-realtime';

export const workKey = ['work'] as const;

/** The fallback poll while the operators' socket is down; while it is up, its events drive reads. */
const FALLBACK_POLL_MS = 15_000;
/** How often the ages shown move on between reads. */
const AGE_TICK_MS = 30_000;

const SCREENS = new Map<WorkSourceName, string>(WORK_SOURCES.map((s) => [s.name, s.screen]));

const workQuery = (refetchInterval: number | false) =>
  queryOptions({
    queryKey: workKey,
    queryFn: () => api<WorkQueue>('/admin/work'),
    refetchInterval,
  });

/** How long ago `iso` was, in the largest whole unit: "45 s", "12 min", "3 h", "2 d". */
export function ageOf(iso: string, now: number): { value: number; unit: 'seconds' | 'minutes' | 'hours' | 'days' } {
  const seconds = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 1000));
  if (seconds < 60) return { value: seconds, unit: 'seconds' };
  if (seconds < 3600) return { value: Math.floor(seconds / 60), unit: 'minutes' };
  if (seconds < 86_400) return { value: Math.floor(seconds / 3600), unit: 'hours' };
  return { value: Math.floor(seconds / 86_400), unit: 'days' };
}

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), AGE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const count = new Intl.NumberFormat('en');

function Item({ item, now }: { item: WorkItem; now: number }) {
  const { t } = useTranslation('dashboard');
  const screen = SCREENS.get(item.source);
  const age = item.oldestAt ? ageOf(item.oldestAt, now) : null;
  return (
    <li
      className={`rounded-lg border bg-(--surface-raised) p-4 ${item.count > 0 ? 'border-(--accent)' : 'border-(--border)'}`}
      data-source={item.source}
    >
      <span className="text-sm text-(--text-muted)">{t(`work.sources.${item.source}`)}</span>
      <span className="mt-1 block text-2xl font-bold tabular-nums">
        {screen ? (
          <Link to={screen} className="underline-offset-4 hover:underline">
            {count.format(item.count)}
          </Link>
        ) : (
          count.format(item.count)
        )}
      </span>
      <span className="mt-1 block text-xs text-(--text-muted)">
        {item.count > 0 && age && item.oldestAt ? (
          <time dateTime={item.oldestAt} title={formatDateTime(item.oldestAt)}>
            {t(`work.oldest.${age.unit}`, { count: age.value })}
          </time>
        ) : (
          t('work.none')
        )}
      </span>
    </li>
  );
}

/**
 * The work to do: each waiting queue the operator may work, with its count and the age of its
 * oldest item, linking to its screen. The server lists only the sources the operator can act on
 * and whose screen they may open; each change the operators' socket announces reads it again.
 */
export function WorkPanel() {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const live = useOperatorLive();
  useOperatorEvents(() => void queryClient.invalidateQueries({ queryKey: workKey }));
  const work = useQuery(workQuery(live ? false : FALLBACK_POLL_MS));
  const now = useNow();
  const items = work.data?.items ?? [];
  return (
    <section aria-labelledby="work-title" className="mb-6">
      <h2 id="work-title" className="mb-2 text-base font-semibold">
        {t('work.title')}
      </h2>
      {work.isError && (
        <p role="alert" className="mb-2 text-(--danger)">
          {errorMessage(work.error)}
        </p>
      )}
      {work.data && items.length === 0 && <p className="text-sm text-(--text-muted)">{t('work.nothingToSee')}</p>}
      {items.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-live="polite" data-testid="work-panel">
          {items.map((item) => (
            <Item key={item.source} item={item} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}
