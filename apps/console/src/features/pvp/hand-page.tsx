import type { PvpHandEventView, PvpHandView } from '@gamehall/shared/api/pvp-history';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { QueryErrorAlert } from '../../components/list-page-parts';
import { PageHeader } from '../../components/page-header';
import { PlainTable } from '../../components/plain-table';
import { formatDateTime, formatMoney } from '../../lib/format';
import { handQuery } from './api';

// A hand's full record for the operator: every player's hole cards (shown or not: reading them is
// audited), the board, every action street by street, the pots with their rake and winners, and the
// seeds that let anyone recompute the deck. A Tongits deal shows its stake, every hand with the
// points left in it, the melds on the table and who won how with each loser's bill instead.

export function HandPage() {
  const { t } = useTranslation('pvp');
  const { handId = '' } = useParams();
  const result = useQuery(handQuery(handId));
  const hand = result.data;
  return (
    <div>
      <PageHeader
        title={t('hand.title', { id: handId })}
        description={hand ? t('hand.description', { table: hand.tableName, number: hand.number }) : undefined}
      />
      <p className="mb-4 text-sm">
        <Link className="text-(--accent) hover:underline" to="/pvp/hands">
          {t('hand.back')}
        </Link>
      </p>
      <QueryErrorAlert error={result.error} />
      {result.isPending && <p>{t('common.loading', { ns: 'core' })}</p>}
      {hand && <HandRecord hand={hand} />}
    </div>
  );
}

const TONGITS_ENDS = { tongits: 'tongits', 'stock-out': 'stockOut', draw: 'draw' } as const;

export function HandRecord({ hand }: { hand: PvpHandView }) {
  const { t } = useTranslation('pvp');
  const nameOf = (seat: number) =>
    hand.players.find((p) => p.seat === seat)?.name ?? t('hand.seat', { seat: seat + 1 });
  const deal = hand.tongits;
  const pointsOf = (seat: number) => deal?.points.find((p) => p.seat === seat)?.points ?? null;
  const marker = deal ? deal.dealer : hand.button;
  return (
    <>
      <dl className="mb-4 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Fact label={t('hand.game')} value={t(`hand.games.${hand.game}`)} />
        {deal ? (
          <Fact label={t('hand.stake')} value={formatMoney(deal.stake)} />
        ) : (
          <Fact label={t('hand.blinds')} value={`${formatMoney(hand.smallBlind)} / ${formatMoney(hand.bigBlind)}`} />
        )}
        <Fact label={t('hands.started')} value={formatDateTime(hand.startedAt)} />
        <Fact label={t('fields.pot')} value={formatMoney(hand.pot)} />
        <Fact label={t('fields.rake')} value={formatMoney(hand.rake)} />
        {!deal && <Fact label={t('hand.board')} value={hand.board.join(' ') || '—'} testId="pvp-board" />}
        <Fact label={t('hand.status')} value={t(`hand.statuses.${hand.status}`)} />
      </dl>
      <PlainTable
        caption={t('hand.players')}
        columns={[
          { label: t('hand.seatColumn') },
          { label: t('hands.member') },
          { label: deal ? t('hand.tongitsCards') : t('hand.cards') },
          ...(deal ? [{ label: t('hand.points'), numeric: true }] : []),
          { label: t('hand.before'), numeric: true },
          { label: t('hand.after'), numeric: true },
          { label: t('hand.net'), numeric: true },
        ]}
      >
        {hand.players.map((p) => (
          <tr key={p.seat} className="border-b border-(--border) last:border-b-0" data-testid={`pvp-player-${p.seat}`}>
            <td className="px-3 py-2">
              {p.seat + 1}
              {marker === p.seat && (
                <span className="ml-1 text-xs text-(--text-muted)">{deal ? t('hand.dealer') : t('hand.button')}</span>
              )}
            </td>
            <td className="px-3 py-2">
              {p.memberId !== null ? (
                <Link className="text-(--accent) hover:underline" to={`/members/${p.memberId}`}>
                  {p.name}
                </Link>
              ) : (
                p.name
              )}
            </td>
            <td className="px-3 py-2 font-mono">
              {p.cards?.join(' ') ?? '—'}{' '}
              {!deal && (
                <span className="font-sans text-xs text-(--text-muted)">
                  {p.shown ? t('hand.shown') : p.folded ? t('hand.folded') : t('hand.notShown')}
                </span>
              )}
            </td>
            {deal && <td className="px-3 py-2 text-right tabular-nums">{pointsOf(p.seat) ?? '—'}</td>}
            <td className="px-3 py-2 text-right tabular-nums">{formatMoney(p.stackBefore)}</td>
            <td className="px-3 py-2 text-right tabular-nums">
              {p.stackAfter === null ? '…' : formatMoney(p.stackAfter)}
            </td>
            <td className={`px-3 py-2 text-right tabular-nums ${(p.net ?? 0) < 0 ? 'text-(--danger)' : ''}`}>
              {p.net === null ? '…' : formatMoney(p.net)}
            </td>
          </tr>
        ))}
      </PlainTable>
      {deal ? (
        <>
          <h2 className="mt-6 mb-2 font-semibold">{t('hand.melds')}</h2>
          <ul className="space-y-1 text-sm" data-testid="pvp-melds">
            {deal.melds.length === 0 && <li className="text-(--text-muted)">{t('hand.noMelds')}</li>}
            {deal.melds.map((m) => (
              <li key={`${m.owner}:${m.cards.join()}`}>
                {t(`hand.meldKinds.${m.kind}`, { name: nameOf(m.owner) })}{' '}
                <span className="font-mono">{m.cards.join(' ')}</span>
              </li>
            ))}
          </ul>
          <h2 className="mt-6 mb-2 font-semibold">{t('hand.outcome')}</h2>
          <ul className="space-y-1 text-sm" data-testid="pvp-tongits-result">
            {deal.result ? (
              <>
                <li className="font-semibold">
                  {t(`hand.won.${TONGITS_ENDS[deal.result.end]}`, { name: nameOf(deal.result.winner) })}
                </li>
                {deal.result.bills.map((b) => (
                  <li key={b.seat}>
                    {t('hand.bill', {
                      name: nameOf(b.seat),
                      stakes: b.stakes,
                      amount: formatMoney(b.amount),
                      paid: formatMoney(b.paid),
                    })}
                  </li>
                ))}
              </>
            ) : (
              <li className="text-(--text-muted)">{t('hand.statuses.live')}</li>
            )}
          </ul>
        </>
      ) : (
        <>
          <h2 className="mt-6 mb-2 font-semibold">{t('hand.actions')}</h2>
          <ol className="space-y-1 text-sm" data-testid="pvp-events">
            {hand.events.map((e, i) => (
              // Events have no id of their own; their order is the hand's.
              // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
              <li key={i} className={e.type === 'street' ? 'mt-2 font-semibold' : ''}>
                {eventText(e, nameOf, t)}
              </li>
            ))}
          </ol>
        </>
      )}
      <h2 className="mt-6 mb-2 font-semibold">{t('hand.fairness')}</h2>
      <dl className="space-y-1 text-sm break-all">
        <Fact label={t('hand.seedHash')} value={hand.fairness.serverSeedHash} />
        <Fact label={t('hand.serverSeed')} value={hand.fairness.serverSeed ?? t('hand.seedSecret')} />
        <Fact label={t('hand.clientSeeds')} value={hand.fairness.clientSeeds.join(', ')} />
        <Fact label={t('hand.nonce')} value={String(hand.fairness.nonce)} />
      </dl>
    </>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-xs text-(--text-muted)">{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** One event of the hand in words. */
export function eventText(e: PvpHandEventView, nameOf: (seat: number) => string, t: T): string {
  switch (e.type) {
    case 'blind':
      return t(`events.${e.blind}Blind`, { name: nameOf(e.seat), amount: formatMoney(e.amount) });
    case 'action':
      return (
        t(`events.${e.action}`, { name: nameOf(e.seat), amount: formatMoney(e.to) }) +
        (e.allIn ? ` ${t('events.allIn')}` : '') +
        (e.timeout ? ` ${t('events.timeout')}` : '')
      );
    case 'street':
      return t(`events.street.${e.street}`, { cards: e.cards.join(' ') });
    case 'return':
      return t('events.return', { name: nameOf(e.seat), amount: formatMoney(e.amount) });
    case 'show':
      return t('events.show', { name: nameOf(e.seat), cards: e.cards.join(' ') });
    case 'muck':
      return t('events.muck', { name: nameOf(e.seat) });
    case 'pot':
      return t('events.pot', {
        pot: formatMoney(e.amount),
        rake: formatMoney(e.rake),
        winners: e.winners.map((w) => `${nameOf(w.seat)} ${formatMoney(w.amount)}`).join(', '),
      });
  }
}
