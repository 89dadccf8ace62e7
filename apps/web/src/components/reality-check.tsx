import type { RealityCheckValue } from '@gamehall/shared/api/responsible';
import { Button } from '@gamehall/ui/button';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../lib/api-client';
import { useSession } from '../lib/session';
import { useMoney } from './use-money';

function realityCheckQuery(token: string | null) {
  return queryOptions({
    queryKey: ['responsible', 'reality-check', token],
    queryFn: () => apiRequest<RealityCheckValue>('/wps/responsible/realityCheck'),
    enabled: Boolean(token),
    staleTime: 0,
  });
}

/**
 * Every N minutes (the member's choice) a notice over the game with the
 * time since login and the net result since then; continue hides it until the next one, stop
 * closes the game (features/responsible sets the interval). Shown by the platform over the game frame, so it covers the house studio's games
 * and outside vendors' pages alike. The interval runs on the page's timers from when the game opened.
 */
export function RealityCheck({ onStop }: { onStop: () => void }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const setting = useQuery(realityCheckQuery(token));
  const minutes = setting.data?.minutes ?? null;
  const [open, setOpen] = useState(false);
  const refetch = setting.refetch;
  useEffect(() => {
    if (!minutes || open) return;
    const timer = window.setTimeout(() => {
      void refetch();
      setOpen(true);
    }, minutes * 60_000);
    return () => window.clearTimeout(timer);
  }, [minutes, open, refetch]);
  if (!open || !setting.data) return null;
  const d = setting.data;
  return (
    <div className="absolute inset-0 z-20 flex items-center justify-center bg-black/70 p-4">
      <div
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="reality-check-title"
        className="w-full max-w-sm rounded-lg bg-(--surface-raised) p-5 text-(--text)"
        data-testid="reality-check"
      >
        <h2 id="reality-check-title" className="mb-3 text-lg font-bold">
          {t('responsible.realityCheckTitle')}
        </h2>
        <p className="text-sm" data-testid="reality-check-time">
          {t('responsible.realityCheckTime', { count: d.playedMinutes })}
        </p>
        <p className="mb-4 text-sm" data-testid="reality-check-net">
          {t('responsible.realityCheckNet', { net: money(d.net) })}
        </p>
        <div className="flex gap-2">
          <Button onClick={() => setOpen(false)} data-testid="reality-check-continue">
            {t('responsible.continue')}
          </Button>
          <Button variant="secondary" onClick={onStop} data-testid="reality-check-stop">
            {t('responsible.stop')}
          </Button>
        </div>
      </div>
    </div>
  );
}
