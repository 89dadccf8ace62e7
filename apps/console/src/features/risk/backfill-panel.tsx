import { Button } from '@gamehall/ui/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { formatDateTime } from '../../lib/format';
import { useCan } from '../../lib/session';
import { backfillQuery, riskKey, startBackfill } from './api';

const count = new Intl.NumberFormat('en');

// The links backfill (docs/risk.md "Backfill"): members who existed before the risk module have no
// links until a run walks them. The server's job does the work in batches; this shows its progress
// and, for risk.write, starts a run (pressing again while one runs answers that run).
export function BackfillPanel() {
  const { t } = useTranslation('risk');
  const can = useCan();
  const client = useQueryClient();
  const state = useQuery(backfillQuery);
  const start = useMutation({
    mutationFn: startBackfill,
    onSuccess: (value) => {
      client.setQueryData(backfillQuery.queryKey, value);
      void client.invalidateQueries({ queryKey: riskKey });
    },
  });
  const run = state.data?.run ?? null;
  const running = run?.status === 'running';
  const percent = run && run.membersTotal > 0 ? Math.floor((run.membersDone * 100) / run.membersTotal) : 100;
  return (
    <section className="mb-6 rounded-lg border border-(--border) p-4" aria-labelledby="risk-backfill-title">
      <h2 id="risk-backfill-title" className="font-semibold">
        {t('backfill.title')}
      </h2>
      <p className="mb-3 text-sm text-(--text-muted)">{t('backfill.description')}</p>
      <QueryErrorAlert error={state.error ?? start.error} />
      {run && (
        <div className="mb-3 text-sm" role="status" data-testid="risk-backfill">
          <div className="flex items-center gap-3">
            <progress className="h-2 w-48" max={100} value={percent} aria-label={t('backfill.progress')} />
            <span>
              {t(running ? 'backfill.running' : 'backfill.done', {
                done: count.format(run.membersDone),
                total: count.format(run.membersTotal),
              })}
            </span>
          </div>
          <p className="mt-1 text-(--text-muted)">
            {t('backfill.found', { keys: count.format(run.keysAdded), links: count.format(run.linksAdded) })}{' '}
            {t('backfill.when', {
              started: formatDateTime(run.startedAt),
              finished: run.finishedAt ? formatDateTime(run.finishedAt) : '-',
            })}
          </p>
        </div>
      )}
      {can('risk.write') && (
        <Button variant="secondary" disabled={running || start.isPending} onClick={() => start.mutate()}>
          {t(run ? 'backfill.again' : 'backfill.start')}
        </Button>
      )}
    </section>
  );
}
