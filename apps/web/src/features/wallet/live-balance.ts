import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Keeps the header balance live while logged in (one socket per token). The socket client loads
 * as its own chunk after the first render, so the home page's initial JavaScript does not carry it.
 */
export function useRealtimeBalance(token: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!token || typeof WebSocket === 'undefined') return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../../lib/realtime').then(({ applyBalance, applyBonus, connectRealtime }) => {
      if (cancelled) return;
      stop = connectRealtime(token, {
        onBalance: (data) => applyBalance(queryClient, token, data),
        // The bonus beside the balance moves with the bets that spend it, not at the 30 s refetch.
        onBonus: (data) => applyBonus(queryClient, token, data),
        // A new message moves the inbox badge and refreshes the inbox.
        onEvent: (type) => {
          if (type !== 'message') return;
          void queryClient.invalidateQueries({ queryKey: ['member', 'publicState'] });
          void queryClient.invalidateQueries({ queryKey: ['messages'] });
        },
        // A refused token: refetching the member state lets the API client end the session.
        onUnauthorised: () => void queryClient.invalidateQueries({ queryKey: ['member'] }),
      });
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [token, queryClient]);
}
