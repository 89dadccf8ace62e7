import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session';
import { leaderboardQuery } from './api';
import { cell, DataTable, row, useMoney } from './ui';

/**
 * A ranking promotion's live leaderboard: top members by valid-bet turnover in the
 * period, usernames masked by the server, the prize per rank, and the member's own place. Refreshed
 * every 10 seconds while the page is open.
 */
export function Leaderboard({ promotionId }: { promotionId: number }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const query = useQuery(leaderboardQuery(token, promotionId));
  const data = query.data;
  if (!data) return null;
  return (
    <section className="mt-6" data-testid="leaderboard">
      <h2 className="mb-2 text-lg font-semibold">{t('rewards.leaderboard.title')}</h2>
      <p className="mb-2 text-sm text-(--text-muted)">
        {data.settled ? t('rewards.leaderboard.settled') : t('rewards.leaderboard.live')}
      </p>
      <DataTable
        caption={t('rewards.leaderboard.title')}
        empty={data.list.length === 0}
        headers={[
          t('rewards.leaderboard.rank'),
          t('rewards.leaderboard.player'),
          t('rewards.leaderboard.turnover'),
          t('rewards.leaderboard.prize'),
        ]}
      >
        {data.list.map((e) => (
          <tr key={e.rank} className={row}>
            <td className={cell}>{e.rank}</td>
            <td className={cell}>{e.username}</td>
            <td className={cell}>{money(e.turnover)}</td>
            <td className={cell}>{e.prize === null ? '-' : money(e.prize)}</td>
          </tr>
        ))}
      </DataTable>
      {data.mine && (
        <p className="mt-2 text-sm" data-testid="leaderboard-mine">
          {t('rewards.leaderboard.mine', { rank: data.mine.rank, turnover: money(data.mine.turnover) })}
        </p>
      )}
    </section>
  );
}
