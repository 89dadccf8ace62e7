import type { WageringValue } from '@gamehall/shared/api/rewards';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { apiRequest } from '../lib/api-client';
import { useSession } from '../lib/session';

/**
 * The warning before a withdrawal: while a bonus is being
 * wagered, requesting a withdrawal forfeits the bonus left. Shown on the withdraw page; the reward
 * centre shows the same words. Nothing while no wager is active.
 */
export function WageringWarning() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const language = i18n.language.toLowerCase();
  const wagering = useQuery({
    queryKey: ['rewards', 'wagering', token, language],
    queryFn: () =>
      apiRequest<z.infer<typeof WageringValue>>('/wps/relay/MCSFE_getBonusWagering', { query: { language } }),
    enabled: Boolean(token),
  });
  if (!wagering.data || wagering.data.activeCount === 0) return null;
  return (
    <p className="mb-4 rounded-md bg-(--accent)/10 p-3 text-sm" role="note" data-testid="withdraw-wagering-warning">
      {t('rewards.withdrawWarning')}
    </p>
  );
}
