import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/status-badge';
import { useOperatorEvents, useOperatorLive } from '../../lib/operator-realtime';
import { cashierKey } from './api';

/** How often a cashier screen reads again while the operators' socket is down (the fallback). */
export const FALLBACK_POLL_MS = 60_000;

/**
 * Keeps a cashier screen live: a queue change pushed by the
 * server refreshes that queue's lists and orders (['cashier', queue]), a resync refreshes every
 * cashier query. Returns the grid's poll interval: none while the socket is up, the slow fallback
 * while it is down.
 */
export function useLiveCashier(): number | undefined {
  const queryClient = useQueryClient();
  useOperatorEvents((events) => {
    if (events.some((e) => e.type === 'resync')) {
      void queryClient.invalidateQueries({ queryKey: cashierKey });
      return;
    }
    const queues = new Set(events.flatMap((e) => (e.type === 'cashier' ? [e.data.queue] : [])));
    for (const queue of queues) void queryClient.invalidateQueries({ queryKey: [...cashierKey, queue] });
  });
  return useOperatorLive() ? undefined : FALLBACK_POLL_MS;
}

/** "Live" beside a queue's title while changes are pushed; nothing while the screen polls instead. */
export function LiveBadge({ poll }: { poll: number | undefined }) {
  const { t } = useTranslation('cashier');
  if (poll !== undefined) return null;
  return (
    <span title={t('live.hint')} data-testid="cashier-live">
      <StatusBadge label={t('live.label')} tone="success" />
    </span>
  );
}
