import type { OpenValue, RotateSeedValue, TicketView } from '@gamehall/shared/api/tickets';
import { Button } from '@gamehall/ui/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../components/format-time';
import { Pager } from '../../components/pager';
import { useMoney } from '../../components/use-money';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { openTicket, rotateSeed, ticketsQuery } from './api';

// spec §1 red envelope, prize wheel and golden egg tickets: the member's tickets, opening one
// (a short CSS animation while the server draws) and the fairness data of the draws.
const ICON: Record<TicketView['kind'], string> = { red_envelope: '🧧', prize_wheel: '🎡', golden_egg: '🥚' };
const MOTION: Record<TicketView['kind'], string> = {
  red_envelope: 'animate-bounce',
  prize_wheel: 'animate-spin',
  golden_egg: 'animate-pulse',
};

export function TicketsPage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const list = useQuery(ticketsQuery(token, page));
  const [opening, setOpening] = useState<TicketView | null>(null);
  const [result, setResult] = useState<OpenValue | null>(null);
  const [revealed, setRevealed] = useState<RotateSeedValue | null>(null);
  const open = useMutation({
    mutationFn: async (ticket: TicketView) => {
      setOpening(ticket);
      setResult(null);
      // The animation runs at least this long, so the reveal is never a flash.
      const [value] = await Promise.all([openTicket(ticket.id), new Promise((r) => setTimeout(r, 1200))]);
      return value;
    },
    onSuccess: setResult,
    onSettled: () => {
      setOpening(null);
      void client.invalidateQueries({ queryKey: ['tickets'] });
      void client.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
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
      {opening && (
        <div className="mb-6 flex flex-col items-center gap-2" role="status" data-testid="ticket-opening">
          <span className={`text-6xl ${MOTION[opening.kind]}`} aria-hidden="true">
            {ICON[opening.kind]}
          </span>
          <span>{t('tickets.opening')}</span>
        </div>
      )}
      {result && <Prize result={result} />}
      <p className="mb-4 text-sm" data-testid="tickets-unopened">
        {t('tickets.unopened', { count: data?.unopened ?? 0 })}
      </p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {data?.content.map((ticket) => (
          <li key={ticket.id} className="rounded-lg bg-(--surface) p-4" data-testid="ticket">
            <div className="flex items-center gap-3">
              <span className="text-3xl" aria-hidden="true">
                {ICON[ticket.kind]}
              </span>
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
              <Button className="mt-3 w-full" disabled={open.isPending} onClick={() => open.mutate(ticket)}>
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
    <div className="mb-6 rounded-lg bg-(--accent)/10 p-4 text-center" role="status" data-testid="ticket-prize">
      <p className="text-lg font-bold">
        <PrizeText prize={result.draw.prize} />
      </p>
      <p className="mt-1 text-xs text-(--text-muted)">
        {t('tickets.drawLine', { nonce: result.draw.nonce, roll: result.draw.roll })}
      </p>
    </div>
  );
}
