import type { BettingRecord } from '@gamehall/shared/api/games';
import type {
  PvpHandEventView,
  PvpHandView,
  PvpRoundHandsView,
  PvpTongitsDealView,
} from '@gamehall/shared/api/pvp-history';
import { Modal } from '@gamehall/ui/modal';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiRequest } from '../../lib/api-client';
import { displayAmount } from '../../lib/money';
import { checkHandDeck } from './pvp-deck';

// A card-room round in the betting record (a sitting at a table, buy-in to cash-out): the hands
// played in it, and each hand as the member may see it: their own cards, the board, every action
// street by street, the pots with the rake, their result, and the fair shuffle's seeds, which the
// member's browser can check against the cards (pvp-deck.ts). Others' hole cards appear only where
// they were shown at the table; the platform never receives the rest.

/** A round of the card room (the house studio's tables), whose hands the member centre can open. */
export function isPvpRound(r: BettingRecord): boolean {
  return r.gameType === 'PVP' && r.roundId.startsWith('pvp:');
}

const tone = (n: number | null) => (n === null ? '' : n < 0 ? 'text-(--danger)' : n > 0 ? 'text-(--success)' : '');

function ErrorLine({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <p role="alert" className="text-(--danger)">
      {error instanceof ApiError
        ? t(`errors.${error.code}`, { defaultValue: error.message })
        : t('errors.INTERNAL_ERROR')}
    </p>
  );
}

export function PvpHandsModal({ record, onClose }: { record: BettingRecord; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [handId, setHandId] = useState<number | null>(null);
  const round = useQuery({
    queryKey: ['games', 'pvpRound', record.roundId],
    queryFn: () => apiRequest<PvpRoundHandsView>(`/wps/member/pvp/rounds/${encodeURIComponent(record.roundId)}/hands`),
  });
  const title = round.data ? t('games.pvp.title', { table: round.data.tableName }) : record.gameName;
  return (
    <Modal open onClose={onClose} title={title} wide>
      {handId !== null ? (
        <HandDetail handId={handId} onBack={() => setHandId(null)} />
      ) : round.isPending ? (
        <p className="text-(--text-muted)">{t('common.loading')}</p>
      ) : round.isError ? (
        <ErrorLine error={round.error} />
      ) : (
        <>
          <p className="mb-3 text-sm text-(--text-muted)">
            {round.data.game === 'tongits'
              ? t('games.pvp.stake', { amount: displayAmount(round.data.bigBlind) })
              : t('games.pvp.blinds', {
                  small: displayAmount(round.data.smallBlind),
                  big: displayAmount(round.data.bigBlind),
                })}
          </p>
          {round.data.hands.length === 0 ? (
            <p className="text-(--text-muted)">{t('games.pvp.none')}</p>
          ) : (
            <ul className="divide-y divide-(--text-muted)/15 text-sm" data-testid="pvp-hands">
              {round.data.hands.map((h) => (
                <li key={h.handId}>
                  <button
                    type="button"
                    onClick={() => setHandId(h.handId)}
                    className="flex w-full items-center justify-between gap-3 py-2 text-left hover:bg-(--surface)"
                  >
                    <span>
                      <span className="font-semibold">{t('games.pvp.hand', { number: h.number })}</span>{' '}
                      <span className="text-(--text-muted)">{new Date(h.startedAt).toLocaleString(i18n.language)}</span>
                      {h.status === 'live' && <span className="ml-2 text-xs">{t('games.pvp.inPlay')}</span>}
                    </span>
                    <span className="flex gap-4 tabular-nums">
                      <span>
                        {t('games.pvp.pot')} {displayAmount(h.pot)}
                      </span>
                      <span className={tone(h.net)}>{h.net === null ? '…' : displayAmount(h.net)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Modal>
  );
}

function HandDetail({ handId, onBack }: { handId: number; onBack: () => void }) {
  const { t } = useTranslation();
  const hand = useQuery({
    queryKey: ['games', 'pvpHand', handId],
    queryFn: () => apiRequest<PvpHandView>(`/wps/member/pvp/hands/${handId}`),
  });
  return (
    <div data-testid="pvp-hand">
      <button type="button" onClick={onBack} className="mb-3 text-sm text-(--accent) hover:underline">
        ← {t('games.pvp.back')}
      </button>
      {hand.isPending ? (
        <p className="text-(--text-muted)">{t('common.loading')}</p>
      ) : hand.isError ? (
        <ErrorLine error={hand.error} />
      ) : hand.data.tongits ? (
        <TongitsBody hand={hand.data} deal={hand.data.tongits} />
      ) : (
        <HandBody hand={hand.data} />
      )}
    </div>
  );
}

/** A seat's name as the member reads it: "You" for their own seat. */
function useSeatName(hand: PvpHandView) {
  const { t } = useTranslation();
  return (seat: number) => {
    const p = hand.players.find((x) => x.seat === seat);
    return p?.you ? t('games.pvp.you') : (p?.name ?? String(seat + 1));
  };
}

/** The hand's heading and figures: `first` (the board, or a Tongits deal's stake), pot, rake and the member's result. */
function HandFacts({ hand, first }: { hand: PvpHandView; first: ReactNode }) {
  const { t } = useTranslation();
  const me = hand.players.find((p) => p.you);
  return (
    <>
      <h3 className="mb-2 font-semibold">{t('games.pvp.hand', { number: hand.number })}</h3>
      <dl className="mb-4 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        {first}
        <Fact label={t('games.pvp.pot')} value={displayAmount(hand.pot)} />
        <Fact label={t('games.pvp.rake')} value={displayAmount(hand.rake)} />
        <Fact
          label={t('games.pvp.result')}
          value={me?.net === null || me?.net === undefined ? '…' : displayAmount(me.net)}
          className={tone(me?.net ?? null)}
        />
      </dl>
    </>
  );
}

/** Every player of the hand with their cards (hidden where not shown), `points` if given, and their result. */
function PlayerList({ hand, pointsOf }: { hand: PvpHandView; pointsOf?: (seat: number) => number | null }) {
  const { t } = useTranslation();
  return (
    <ul className="mb-4 text-sm" data-testid="pvp-players">
      {hand.players.map((p) => {
        const points = pointsOf?.(p.seat) ?? null;
        return (
          <li key={p.seat} className="flex justify-between gap-3 py-0.5">
            <span>
              {p.you ? t('games.pvp.you') : p.name}{' '}
              <span className="font-mono">{p.cards ? p.cards.join(' ') : t('games.pvp.hidden')}</span>
              {points !== null && <span className="ml-2 text-(--text-muted)">{t('games.pvp.points', { points })}</span>}
            </span>
            <span className={`tabular-nums ${tone(p.net)}`}>{p.net === null ? '…' : displayAmount(p.net)}</span>
          </li>
        );
      })}
    </ul>
  );
}

function HandBody({ hand }: { hand: PvpHandView }) {
  const { t } = useTranslation();
  const nameOf = useSeatName(hand);
  return (
    <>
      <HandFacts hand={hand} first={<Fact label={t('games.pvp.board')} value={hand.board.join(' ') || '—'} mono />} />
      <PlayerList hand={hand} />
      <ol className="mb-4 space-y-0.5 text-sm" data-testid="pvp-actions">
        {hand.events.map((e, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a hand's events never reorder
          <li key={i} className={e.type === 'street' ? 'mt-2 font-semibold' : ''}>
            {eventWords(e, nameOf, t)}
          </li>
        ))}
      </ol>
      <Fairness hand={hand} />
    </>
  );
}

const TONGITS_ENDS = { tongits: 'tongits', 'stock-out': 'stockOut', draw: 'draw' } as const;

/** A Tongits deal: every hand with its points, the melds on the table, who won how and each bill. */
function TongitsBody({ hand, deal }: { hand: PvpHandView; deal: PvpTongitsDealView }) {
  const { t } = useTranslation();
  const nameOf = useSeatName(hand);
  const pointsOf = (seat: number) => deal.points.find((p) => p.seat === seat)?.points ?? null;
  return (
    <>
      <HandFacts hand={hand} first={<Fact label={t('games.pvp.stakeLabel')} value={displayAmount(deal.stake)} />} />
      <PlayerList hand={hand} pointsOf={pointsOf} />
      {deal.melds.length > 0 && (
        <>
          <h4 className="mb-1 text-sm font-semibold">{t('games.pvp.melds')}</h4>
          <ul className="mb-4 text-sm" data-testid="pvp-melds">
            {deal.melds.map((m) => (
              <li key={`${m.owner}:${m.cards.join()}`}>
                {nameOf(m.owner)} <span className="font-mono">{m.cards.join(' ')}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {deal.result && (
        <ul className="mb-4 space-y-0.5 text-sm" data-testid="pvp-tongits-result">
          <li className="font-semibold">
            {t(`games.pvp.won.${TONGITS_ENDS[deal.result.end]}`, { name: nameOf(deal.result.winner) })}
          </li>
          {deal.result.bills.map((b) => (
            <li key={b.seat}>{t('games.pvp.paid', { name: nameOf(b.seat), amount: displayAmount(b.paid) })}</li>
          ))}
        </ul>
      )}
      <Fairness hand={hand} />
    </>
  );
}

function Fact({
  label,
  value,
  mono,
  className = '',
}: {
  label: string;
  value: string;
  mono?: boolean;
  className?: string;
}) {
  return (
    <div>
      <dt className="text-(--text-muted)">{label}</dt>
      <dd className={`${mono ? 'font-mono' : 'tabular-nums'} ${className}`}>{value}</dd>
    </div>
  );
}

function Fairness({ hand }: { hand: PvpHandView }) {
  const { t, i18n } = useTranslation();
  const [check, setCheck] = useState<'idle' | 'ok' | 'bad'>('idle');
  const f = hand.fairness;
  const serverSeed = f.serverSeed;
  const verifier = serverSeed ? verifierUrl(hand, serverSeed, i18n.language) : null;
  const run = async () => {
    if (!serverSeed || hand.game !== 'holdem') return;
    const ok = await checkHandDeck({
      serverSeed,
      serverSeedHash: f.serverSeedHash,
      clientSeeds: f.clientSeeds,
      nonce: f.nonce,
      button: hand.button,
      players: hand.players.map((p) => ({ seat: p.seat, cards: p.cards })),
      board: hand.board,
    }).catch(() => false);
    setCheck(ok ? 'ok' : 'bad');
  };
  return (
    <section className="rounded-lg bg-(--surface) p-3 text-xs break-all" aria-labelledby={`fair-${hand.id}`}>
      <h4 id={`fair-${hand.id}`} className="mb-1 text-sm font-semibold">
        {t('games.pvp.fairness')}
      </h4>
      <dl className="space-y-1">
        <Fact label={t('games.pvp.seedHash')} value={f.serverSeedHash} mono />
        <Fact
          label={t('games.pvp.serverSeed')}
          // A Hold'em seed deals the folded hands too: it waits until the hand's players have all left.
          value={serverSeed ?? t(hand.game === 'holdem' ? 'games.pvp.seedAfterTable' : 'games.pvp.seedSecret')}
          mono
        />
        <Fact label={t('games.pvp.clientSeeds')} value={f.clientSeeds.join(', ')} mono />
        <Fact label={t('games.pvp.nonce')} value={String(f.nonce)} />
      </dl>
      {verifier && (
        <div className="mt-2 flex flex-wrap items-center gap-2">
          {hand.game === 'holdem' && (
            <button
              type="button"
              onClick={run}
              className="flex items-center gap-1 rounded-md border border-(--accent) px-2 py-1 text-(--accent)"
            >
              <ShieldCheck size={14} aria-hidden />
              {t('games.pvp.verify')}
            </button>
          )}
          <a
            href={verifier}
            target="_blank"
            rel="noopener"
            className="text-(--accent) hover:underline"
            data-testid="pvp-verifier-link"
          >
            {t('games.pvp.openVerifier')}
          </a>
          {check !== 'idle' && (
            <span role="status" className={check === 'ok' ? 'text-(--success)' : 'text-(--danger)'}>
              {t(check === 'ok' ? 'games.pvp.verified' : 'games.pvp.notVerified')}
            </span>
          )}
        </div>
      )}
    </section>
  );
}

/**
 * The house studio's public verifier (mounted under /studio of the platform), filled in with the
 * hand's seeds: it recomputes the deck with the function the tables deal with and checks the hash.
 */
function verifierUrl(hand: PvpHandView, serverSeed: string, language: string): string {
  const q = new URLSearchParams({
    pvp: hand.game,
    pseed: serverSeed,
    pclients: hand.fairness.clientSeeds.join(','),
    pnonce: String(hand.fairness.nonce),
    phash: hand.fairness.serverSeedHash,
  });
  const dealer = hand.tongits ? hand.tongits.dealer : hand.button;
  if (dealer !== null) q.set('pdealer', String(dealer));
  if (hand.game === 'holdem') q.set('pseats', hand.players.map((p) => p.seat).join(','));
  // The verifier speaks English and Filipino.
  if (language === 'ty') q.set('lang', 'TY');
  return `/studio/fair?${q}`;
}

type T = (key: string, options?: Record<string, unknown>) => string;

function eventWords(e: PvpHandEventView, nameOf: (seat: number) => string, t: T): string {
  switch (e.type) {
    case 'blind':
      return t(`games.pvp.events.${e.blind}Blind`, { name: nameOf(e.seat), amount: displayAmount(e.amount) });
    case 'action': {
      const words = t(`games.pvp.events.${e.action}`, { name: nameOf(e.seat), amount: displayAmount(e.to) });
      return [words, e.allIn ? t('games.pvp.events.allIn') : '', e.timeout ? t('games.pvp.events.timeout') : '']
        .filter(Boolean)
        .join(' ');
    }
    case 'street':
      return e.street === 'preflop'
        ? t('games.pvp.streets.preflop')
        : `${t(`games.pvp.streets.${e.street}`)}: ${e.cards.join(' ')}`;
    case 'return':
      return t('games.pvp.events.return', { name: nameOf(e.seat), amount: displayAmount(e.amount) });
    case 'show':
      return t('games.pvp.events.show', { name: nameOf(e.seat), cards: e.cards.join(' ') });
    case 'muck':
      return t('games.pvp.events.muck', { name: nameOf(e.seat) });
    case 'pot':
      return t('games.pvp.events.pot', {
        pot: displayAmount(e.amount),
        rake: displayAmount(e.rake),
        winners: e.winners.map((w) => `${nameOf(w.seat)} ${displayAmount(w.amount)}`).join(', '),
      });
  }
}
