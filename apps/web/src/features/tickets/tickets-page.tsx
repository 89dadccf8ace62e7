import type { OpenValue, RotateSeedValue, TicketView } from '@gamehall/shared/api/tickets';
import { Button } from '@gamehall/ui/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/format-time';
import { Pager } from '../../components/pager';
import { useMoney } from '../../components/use-money';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { openTicket, rotateSeed, ticketsQuery } from './api';
import { KindIcon, TicketReveal } from './ticket-art';

// spec §1 red envelope, prize wheel and golden egg tickets: the member's tickets, opening one (the
// kind's own animation, ending on the prize the server drew: ticket-art.tsx) and the fairness data
// of the draws.

/** One opening: the ticket, the server's answer once it is there, and whether the animation ended. */
type Stage = { ticket: TicketView; result: OpenValue | null; done: boolean };

export function TicketsPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery(ticketsQuery(token, page));
  const [stage, setStage] = useState<Stage | null>(null);
  const [revealed, setRevealed] = useState<RotateSeedValue | null>(null);
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: ['tickets'] });
    void client.invalidateQueries({ queryKey: ['wallet'] });
  }, [client]);
  const open = useMutation({
    mutationFn: (ticket: TicketView) => openTicket(ticket.id),
    onMutate: (ticket) => setStage({ ticket, result: null, done: false }),
    onSuccess: (result) => setStage((s) => s && { ...s, result }),
    onError: () => {
      setStage(null);
      refresh();
    },
  });
  // The list and the balance refresh when the animation ends, so neither tells the prize first.
  const finished = useCallback(() => {
    setStage((s) => s && { ...s, done: true });
    refresh();
  }, [refresh]);
  const busy = open.isPending || (stage !== null && !stage.done);
  const rotate = useMutation({
    mutationFn: rotateSeed,
    onSuccess: setRevealed,
    onSettled: () => void client.invalidateQueries({ queryKey: ['tickets'] }),
  });
  const data = list.data;
  return (
    <div>
      <h1 className="mb-6 text-xl font-bold">{t('tickets.title')}</h1>
      {(list.isError || open.isError) && (
        <p role="alert" className="mb-4 text-(--danger)">
          {errorMessage(t, list.error ?? open.error)}
        </p>
      )}
      {stage && (
        <div
          className="mb-6 flex flex-col items-center gap-3"
          data-testid="ticket-opening"
          data-kind={stage.ticket.kind}
          data-state={stage.done ? 'done' : stage.result ? 'playing' : 'drawing'}
        >
          <TicketReveal key={stage.ticket.id} kind={stage.ticket.kind} result={stage.result} onDone={finished} />
          {stage.done && stage.result ? <Prize result={stage.result} /> : <p role="status">{t('tickets.opening')}</p>}
        </div>
      )}
      <p className="mb-4 text-sm" data-testid="tickets-unopened">
        {t('tickets.unopened', { count: data?.unopened ?? 0 })}
      </p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {data?.content.map((ticket) => (
          <li key={ticket.id} className="rounded-lg bg-(--surface) p-4" data-testid="ticket">
            <div className="flex items-center gap-3">
              <KindIcon kind={ticket.kind} />
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{ticket.name}</p>
                <p className="text-xs text-(--text-muted)">
                  {t(`tickets.kind.${ticket.kind}`)} ·{' '}
                  {t(`tickets.source.${ticket.source}`, { defaultValue: ticket.source })} ·{' '}
                  {formatTime(ticket.createdAt)}
                </p>
              </div>
            </div>
            {ticket.state === 'unopened' ? (
              <Button className="mt-3 w-full" disabled={busy} onClick={() => open.mutate(ticket)}>
                {t('tickets.open')}
              </Button>
            ) : (
              <p className="mt-3 text-sm">{ticket.prize ? <PrizeText prize={ticket.prize} /> : null}</p>
            )}
          </li>
        ))}
      </ul>
      {data && data.content.length === 0 && <p className="text-(--text-muted)">{t('tickets.none')}</p>}
      {data && data.totalPages > 1 && (
        <Pager
          page={page}
          totalPages={data.totalPages}
          onChange={setPage}
          label={t('wallet.paging')}
          summary={`${page} / ${data.totalPages}`}
        />
      )}
      <h2 className="mb-3 mt-8 font-semibold">{t('tickets.fairness')}</h2>
      <p className="mb-2 text-sm text-(--text-muted)">{t('tickets.fairnessHint')}</p>
      {data && (
        <dl className="space-y-1 break-all font-mono text-xs">
          <dt className="font-sans text-(--text-muted)">{t('tickets.seedHash')}</dt>
          <dd data-testid="ticket-seed-hash">{data.seedHash}</dd>
          <dt className="font-sans text-(--text-muted)">{t('tickets.clientSeed')}</dt>
          <dd>{data.clientSeed}</dd>
          <dt className="font-sans text-(--text-muted)">{t('tickets.nextNonce')}</dt>
          <dd>{data.nextNonce}</dd>
        </dl>
      )}
      <Button className="mt-3" variant="secondary" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
        {t('tickets.rotate')}
      </Button>
      {revealed?.revealed && (
        <dl className="mt-3 space-y-1 break-all font-mono text-xs" data-testid="ticket-revealed">
          <dt className="font-sans text-(--text-muted)">{t('tickets.revealedSeed')}</dt>
          <dd>{revealed.revealed.serverSeed}</dd>
        </dl>
      )}
    </div>
  );
}

function PrizeText({ prize }: { prize: NonNullable<TicketView['prize']> }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (prize.type === 'cash' || prize.type === 'bonus')
    return <>{t(`tickets.prize.${prize.type}`, { label: prize.label, amount: money(prize.amount) })}</>;
  if (prize.type === 'points') return <>{t('tickets.prize.points', { label: prize.label, points: prize.points })}</>;
  return <>{t(`tickets.prize.${prize.type}`, { label: prize.label })}</>;
}

function Prize({ result }: { result: OpenValue }) {
  const { t } = useTranslation();
  return (
    <div className="w-full rounded-lg bg-(--accent)/10 p-4 text-center" role="status" data-testid="ticket-prize">
      <p className="text-lg font-bold">
        <PrizeText prize={result.draw.prize} />
      </p>
      <p className="mt-1 text-xs text-(--text-muted)">
        {t('tickets.drawLine', { nonce: result.draw.nonce, roll: result.draw.roll })}
      </p>
    </div>
  );
}
