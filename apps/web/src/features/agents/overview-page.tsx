import type { TeamPeriodFigures } from '@gamehall/shared/api/agents';
import { useQuery } from '@tanstack/react-query';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatTimeIn } from '../../components/format-time';
import { useMoney } from '../../components/use-money';
import { useSession } from '../../lib/session';
import { overviewQuery } from './api';
import { AgentTitle, Loaded, useReportRange } from './components';

/** The period figures the overview compares, in order; `money` ones are amounts. */
const FIGURES: { key: keyof TeamPeriodFigures; money?: boolean }[] = [
  { key: 'newMembers' },
  { key: 'activeMembers' },
  { key: 'firstDepositors' },
  { key: 'deposits', money: true },
  { key: 'withdrawals', money: true },
  { key: 'validBets', money: true },
  { key: 'profitLoss', money: true },
];

/**
 * spec §2 team overview (agentTeamOverview, the default page): the team now, and the period's
 * figures beside the previous period of the same length, up or down.
 */
export function OverviewPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const money = useMoney();
  const { range, filter } = useReportRange();
  const overview = useQuery({ ...overviewQuery(token, range ?? {}), enabled: Boolean(token) && range !== null });
  return (
    <div>
      <AgentTitle>{t('agent.menu.agentTeamOverview')}</AgentTitle>
      {filter}
      <Loaded query={overview}>
        {(o) => (
          <>
            <dl className="mb-6 grid grid-cols-3 gap-3 text-sm" data-testid="team-now">
              {(['teamSize', 'directDownlines', 'subAgents'] as const).map((k) => (
                <div key={k} className="rounded-lg bg-(--surface) p-3">
                  <dt className="text-(--text-muted)">{t(`agent.overview.${k}`)}</dt>
                  <dd className="text-xl font-bold tabular-nums" data-testid={`overview-${k}`}>
                    {o[k]}
                  </dd>
                </div>
              ))}
            </dl>
            <p className="mb-3 text-sm text-(--text-muted)">
              {t('agent.overview.periods', {
                from: o.current.from,
                to: o.current.to,
                previousFrom: o.previous.from,
                previousTo: o.previous.to,
              })}
              <span className="ms-1">({t('agent.common.timeZone', { zone: o.timeZone })})</span>
            </p>
            <dl className="grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4" data-testid="team-figures">
              {FIGURES.map(({ key, money: isMoney }) => {
                const now = o.current[key] as number;
                const before = o.previous[key] as number;
                const show = (n: number) => (isMoney ? money(n) : String(n));
                return (
                  <div key={key} className="rounded-lg bg-(--surface) p-3" data-testid={`figure-${key}`}>
                    <dt className="text-(--text-muted)">{t(`agent.overview.${key}`)}</dt>
                    <dd className="text-lg font-bold tabular-nums">{show(now)}</dd>
                    <dd className="flex items-center gap-1 text-xs text-(--text-muted)">
                      <Trend now={now} before={before} />
                      {t('agent.overview.previous', { value: show(before) })}
                    </dd>
                  </div>
                );
              })}
            </dl>
            {o.asOf && (
              <p className="mt-4 text-xs text-(--text-muted)">
                {t('agent.overview.asOf', { time: formatTimeIn(o.asOf, o.timeZone) })}
              </p>
            )}
          </>
        )}
      </Loaded>
    </div>
  );
}

/** Up, down or level against the previous period, with words for screen readers. */
function Trend({ now, before }: { now: number; before: number }) {
  const { t } = useTranslation();
  if (now > before)
    return <ArrowUpRight size={14} className="text-(--success)" role="img" aria-label={t('agent.overview.up')} />;
  if (now < before)
    return <ArrowDownRight size={14} className="text-(--danger)" role="img" aria-label={t('agent.overview.down')} />;
  return <Minus size={14} role="img" aria-label={t('agent.overview.same')} />;
}
