import { Button } from '@gamehall/ui/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMoney } from '../../components/use-money';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { claimMission, leaderboardQuery, type Mission, missionsQuery } from './api';

// spec §2 member centre "mission leaderboard": the member's missions with progress bars, claim
// buttons and the time left before each resets, then the leaderboard (docs/missions.md).
export function MissionsPage() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const client = useQueryClient();
  const language = i18n.language.toLowerCase();
  const missions = useQuery(missionsQuery(token, language));
  const [period, setPeriod] = useState<'daily' | 'weekly'>('weekly');
  const board = useQuery(leaderboardQuery(token, period));
  const [error, setError] = useState<string | null>(null);
  const claim = useMutation({
    mutationFn: claimMission,
    onMutate: () => setError(null),
    onError: (err) =>
      setError(err instanceof ApiError ? t(`errors.${err.code}`, { defaultValue: err.message }) : String(err)),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['missions'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
      void client.invalidateQueries({ queryKey: ['member', 'publicState'] });
    },
  });
  // The server's clock, so the countdown is right on a device whose clock is off.
  const skew = missions.data ? new Date(missions.data.serverTime).getTime() - Date.now() : 0;
  const now = useTicker() + skew;
  const list = missions.data?.list ?? [];
  return (
    <div>
      <h1 className="mb-6 text-xl font-bold">{t('member.menu.missionLeaderboard')}</h1>
      {error && (
        <p role="alert" className="mb-3 text-sm text-(--danger)">
          {error}
        </p>
      )}
      {missions.isError && <p role="alert">{t('missions.loadError')}</p>}
      {!missions.isPending && list.length === 0 && <p className="text-(--text-muted)">{t('missions.none')}</p>}
      <ul className="grid gap-3" aria-label={t('missions.title')}>
        {list.map((m) => (
          <MissionCard
            key={`${m.id}:${m.progressId ?? 'new'}`}
            mission={m}
            now={now}
            claiming={claim.isPending && claim.variables === m.progressId}
            onClaim={(id) => claim.mutate(id)}
          />
        ))}
      </ul>
      <div className="mt-8 mb-3 flex items-center gap-3">
        <h2 className="font-semibold">{t('missions.leaderboard')}</h2>
        <div role="tablist" className="flex gap-1">
          {(['daily', 'weekly'] as const).map((p) => (
            <button
              key={p}
              type="button"
              role="tab"
              aria-selected={period === p}
              onClick={() => setPeriod(p)}
              className={`rounded px-3 py-1 text-sm ${period === p ? 'bg-(--accent) text-(--accent-contrast)' : 'bg-(--surface)'}`}
            >
              {t(`missions.period.${p}`)}
            </button>
          ))}
        </div>
      </div>
      {board.data && board.data.list.length === 0 && <p className="text-(--text-muted)">{t('missions.noRanking')}</p>}
      {board.data && board.data.list.length > 0 && (
        <table className="w-full max-w-lg text-sm" data-testid="mission-leaderboard">
          <caption className="sr-only">{t('missions.leaderboard')}</caption>
          <thead>
            <tr className="text-left text-(--text-muted)">
              <th className="py-2 pr-4">{t('missions.rank')}</th>
              <th className="py-2 pr-4">{t('missions.player')}</th>
              <th className="py-2 pr-4">{t('missions.completed')}</th>
            </tr>
          </thead>
          <tbody>
            {[...board.data.list, ...(board.data.mine ? [board.data.mine] : [])].map((r) => (
              <tr
                key={`${r.rank}:${r.username}`}
                className={`border-t border-(--text-muted)/20 ${r.me ? 'font-bold' : ''}`}
              >
                <td className="py-2 pr-4">{r.rank}</td>
                <td className="py-2 pr-4">
                  {r.username}
                  {r.me ? ` (${t('missions.you')})` : ''}
                </td>
                <td className="py-2 pr-4">{r.completed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function useTicker(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return now;
}

function left(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  const hh = String(Math.floor((s % 86_400) / 3600)).padStart(2, '0');
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return d > 0 ? `${d}d ${hh}:${mm}:${ss}` : `${hh}:${mm}:${ss}`;
}

function MissionCard({
  mission: m,
  now,
  claiming,
  onClaim,
}: {
  mission: Mission;
  now: number;
  claiming: boolean;
  onClaim: (progressId: number) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const amount = (n: number) => (m.task === 'bet' ? money(n) : String(n));
  const reward = m.rewardKind === 'cash' ? money(m.rewardAmount) : t('missions.points', { count: m.rewardAmount });
  const resets = m.resetsAt ? new Date(m.resetsAt).getTime() : null;
  return (
    <li className="rounded-lg bg-(--surface) p-4" data-testid="mission-card" data-task={m.task} data-status={m.status}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs uppercase text-(--text-muted)">{t(`missions.period.${m.period}`)}</p>
          <h3 className="font-semibold">{m.title}</h3>
          {m.description && <p className="text-sm text-(--text-muted)">{m.description}</p>}
          <p className="mt-1 text-sm">{t('missions.reward', { reward })}</p>
        </div>
        <div className="text-right">
          {m.status === 'claimable' && m.progressId !== null && (
            <Button onClick={() => onClaim(m.progressId as number)} disabled={claiming} data-testid="mission-claim">
              {t('missions.claim')}
            </Button>
          )}
          {m.status !== 'claimable' && (
            <span className="text-sm font-semibold" data-testid="mission-status">
              {t(`missions.status.${m.status}`)}
            </span>
          )}
        </div>
      </div>
      <div className="mt-3 flex items-center gap-3">
        <progress
          className="h-2 flex-1"
          max={m.target}
          value={m.progress}
          aria-label={t('missions.progress', { title: m.title })}
        />
        <span className="whitespace-nowrap text-sm" data-testid="mission-progress">
          {amount(m.progress)} / {amount(m.target)}
        </span>
      </div>
      {resets !== null && m.status === 'open' && (
        <p className="mt-2 text-xs text-(--text-muted)">
          {t(m.period === 'newbie' ? 'missions.closesIn' : 'missions.resetsIn', { time: left(resets - now) })}
        </p>
      )}
    </li>
  );
}
