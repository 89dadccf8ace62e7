import type {
  PvpGame,
  PvpHandEvent,
  PvpHandRecord,
  PvpHandSearchAnswer,
  PvpHandSearchQuery,
  PvpIntegrityAnswer,
  PvpIntegrityQuery,
  PvpRoundHands,
  PvpTongitsDeal,
} from '@gamehall/shared/api/pvp-records';
import { addDays, dayStart } from '@gamehall/shared/calendar-day';
import type { StudioDb } from '../../kit/db/database';
import { StudioError } from '../../kit/errors';
import { maskPlayer } from '../../kit/players';
import { cardText } from '../engine/cards';
import { handPoints } from '../engine/tongits/rules';
import type { TongitsTableState } from '../engine/tongits/table';
import type { Hand, TableState } from '../engine/types';
import {
  anyPlayerStillSeated,
  countHandsEnded,
  handPlayers,
  handsEnded,
  handsOfSitting,
  handWithTable,
  playersOfHands,
  searchHandRows,
  stacksOfHands,
} from './hands.queries';
import { integrityFlags, type RecordedHand } from './integrity';
import { sittingOfRound } from './seats.queries';
import { eventView } from './view';

// The card room's records for the platform (docs/pvp.md "Hand histories and integrity"): a member's
// hands of one sitting and one hand as that member may see it, the operator's search and full hand
// record, and the integrity report. Read from studio_pvp_hands and studio_pvp_hand_players, which
// the table loop writes with every action; served on the signed trader API (operator-routes.ts).

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function summaryOf(r: {
  id: number;
  number: number;
  status: 'live' | 'over';
  started_at: Date | string;
  ended_at: Date | string | null;
  pot: number | string;
  rake: number | string;
}) {
  return {
    handId: r.id,
    number: r.number,
    status: r.status,
    startedAt: new Date(r.started_at).toISOString(),
    endedAt: iso(r.ended_at),
    pot: Number(r.pot),
    rake: Number(r.rake),
  };
}

const netOf = (p: { stack_before: number | string; stack_after: number | string | null }) =>
  p.stack_after === null ? null : Number(p.stack_after) - Number(p.stack_before);

/** The hands of one sitting (the platform round `roundId`) of `player`, oldest first. */
export async function roundHands(db: StudioDb, roundId: string, player: string): Promise<PvpRoundHands> {
  const sitting = await sittingOfRound(db, roundId, player);
  if (!sitting) throw new StudioError('STUDIO_NOT_FOUND');
  const rows = await handsOfSitting(db, sitting.id);
  return {
    roundId,
    game: gameOf(sitting.game),
    tableId: sitting.table_id,
    tableName: sitting.name,
    currency: sitting.currency,
    smallBlind: Number(sitting.small_blind),
    bigBlind: Number(sitting.big_blind),
    hands: rows.map((r) => ({ ...summaryOf(r), tableId: sitting.table_id, net: netOf(r) })),
  };
}

/**
 * Whether a finished hand's server seed may go to its players. A Hold'em seed deals the whole deck,
 * folded and mucked hands included, so it waits until none of the hand's players is seated at its
 * table any more (the table session that dealt it is over for all of them): until then it would tell
 * the table what was folded. A Tongits deal ends with every hand face up, so its seed tells only the
 * stock left undrawn and is revealed with the deal over.
 */
export async function seedRevealed(
  db: StudioDb,
  hand: { id: number; table_id: string; status: string },
  game: PvpGame,
) {
  if (hand.status !== 'over') return false;
  if (game === 'tongits') return true;
  return !(await anyPlayerStillSeated(db, hand.id, hand.table_id));
}

const gameOf = (game: string): PvpGame => (game === 'tongits' ? 'tongits' : 'holdem');

/**
 * A hand's record. For a member (`viewer.player`): only a hand they were dealt in, with their own
 * cards and those shown at the table (a Tongits deal: every hand once it is over, as the table shows
 * them), the others masked; the server seed as `seedRevealed` allows. For the operator: every card,
 * every player's id and the server seed once the hand is over.
 */
export async function handRecord(
  db: StudioDb,
  handId: number,
  viewer: { player: string } | 'operator',
): Promise<PvpHandRecord> {
  const h = await handWithTable(db, handId);
  if (!h) throw new StudioError('STUDIO_NOT_FOUND');
  const players = await handPlayers(db, handId);
  const operator = viewer === 'operator';
  const mine = new Set(operator ? [] : players.filter((p) => p.player === viewer.player).map((p) => p.seat));
  // A member reads only hands they played: another member's hand id says nothing to them.
  if (!operator && mine.size === 0) throw new StudioError('STUDIO_NOT_FOUND');
  const over = h.status === 'over';
  const game = gameOf(h.game);
  const hand = game === 'holdem' ? (h.state as TableState).hand : null;
  const deal = game === 'tongits' ? (h.state as unknown as TongitsTableState) : null;
  const cardsOf = (seat: number): string[] | null => {
    if (deal) {
      const cards = deal.deal?.hands[seat];
      return cards && (operator || over || mine.has(seat)) ? cards.map(cardText) : null;
    }
    const hp = hand?.players.find((x) => x.seat === seat);
    return hp && (operator || hp.shown || mine.has(seat)) ? hp.hole.map(cardText) : null;
  };
  return {
    game,
    id: h.id,
    tableId: h.table_id,
    tableName: h.name,
    currency: h.currency,
    smallBlind: Number(h.small_blind),
    bigBlind: Number(h.big_blind),
    number: h.number,
    status: h.status,
    startedAt: new Date(h.started_at).toISOString(),
    endedAt: iso(h.ended_at),
    button: hand ? hand.button : null,
    seats: (h.state as TableState | TongitsTableState).seats.length,
    pot: Number(h.pot),
    rake: Number(h.rake),
    board: hand ? hand.board.map(cardText) : [],
    players: players.map((p) => {
      const hp = hand?.players.find((x) => x.seat === p.seat);
      return {
        seat: p.seat,
        name: operator ? p.player : maskPlayer(p.player),
        player: operator ? p.player : null,
        you: mine.has(p.seat),
        stackBefore: Number(p.stack_before),
        stackAfter: p.stack_after === null ? null : Number(p.stack_after),
        cards: cardsOf(p.seat),
        shown: hp?.shown ?? false,
        folded: hp?.folded ?? false,
      };
    }),
    events: hand ? hand.events.map((e) => eventView(e) as PvpHandEvent) : [],
    tongits: deal ? tongitsRecord(deal, (seat) => operator || over || mine.has(seat)) : null,
    fairness: {
      serverSeedHash: h.server_seed_hash,
      serverSeed: (operator ? over : await seedRevealed(db, h, game)) ? h.server_seed : null,
      clientSeeds: h.client_seeds as string[],
      nonce: h.nonce,
    },
  };
}

/** A Tongits deal's melds, points and result from its stored table state. */
function tongitsRecord(state: TongitsTableState, seen: (seat: number) => boolean): PvpTongitsDeal | null {
  const d = state.deal;
  if (!d) return null;
  const paid = state.settlement?.paid;
  return {
    dealer: d.dealer,
    stake: state.config.stake,
    melds: d.melds.map((m) => ({ owner: m.owner, kind: m.kind, cards: m.cards.map(cardText) })),
    points: d.hands.map((cards, seat) => ({ seat, points: seen(seat) ? handPoints(cards) : null })),
    result: d.result && {
      end: d.result.end,
      winner: d.result.winner,
      bills: d.result.bills.map((b) => ({
        seat: b.seat,
        stakes: b.stakes,
        amount: b.amount,
        paid: paid ? paid[b.seat] : b.amount,
      })),
    },
  };
}

/** The instant a day begins in the report's zone (the brand's, sent as `tz`; UTC without one). */
const startOf = (day: string, tz: string | undefined) => dayStart(day, tz ?? 'UTC');
/** The instant after a day ends there. */
const endOf = (day: string, tz: string | undefined) => dayStart(addDays(day, 1), tz ?? 'UTC');

/** The operator's hand search: by player, table and days (the brand's, both included), newest first. */
export async function searchHands(db: StudioDb, q: PvpHandSearchQuery): Promise<PvpHandSearchAnswer> {
  const rows = await searchHandRows(db, {
    player: q.player,
    table: q.table,
    from: q.from === undefined ? undefined : startOf(q.from, q.tz),
    to: q.to === undefined ? undefined : endOf(q.to, q.tz),
    before: q.before,
    limit: q.limit,
  });
  const ids = rows.map((r) => r.id);
  const players = ids.length === 0 ? [] : await playersOfHands(db, ids);
  return {
    hands: rows.map((r) => ({
      ...summaryOf(r),
      game: gameOf(r.game),
      tableId: r.table_id,
      tableName: r.name,
      currency: r.currency,
      players: players
        .filter((p) => p.hand_id === r.id)
        .map((p) => ({ seat: p.seat, player: p.player, net: netOf(p) })),
    })),
  };
}

/** Most hands one report reads: a window beyond it is refused, not cut short silently. */
export const INTEGRITY_MAX_HANDS = 20_000;

/** The integrity report over the hands ended in the days from..to (the brand's, both included). */
export async function integrityReport(db: StudioDb, q: PvpIntegrityQuery): Promise<PvpIntegrityAnswer> {
  const from = startOf(q.from, q.tz);
  const to = endOf(q.to, q.tz);
  const count = await countHandsEnded(db, from, to);
  if (Number(count.n) > INTEGRITY_MAX_HANDS) {
    throw new StudioError('STUDIO_BAD_REQUEST', { reason: 'window', hands: Number(count.n), max: INTEGRITY_MAX_HANDS });
  }
  const rows = await handsEnded(db, from, to);
  const players =
    rows.length === 0
      ? []
      : await stacksOfHands(
          db,
          rows.map((r) => r.id),
        );
  const byHand = new Map<number, RecordedHand['players']>();
  for (const p of players) {
    const list = byHand.get(p.hand_id) ?? [];
    list.push({
      seat: p.seat,
      player: p.player,
      before: Number(p.stack_before),
      after: Number(p.stack_after ?? p.stack_before),
    });
    byHand.set(p.hand_id, list);
  }
  const hands: RecordedHand[] = [];
  for (const r of rows) {
    // Only the hand of the stored state is read: the seats and the table's settings are not needed.
    const hand = typeof r.hand === 'string' ? (JSON.parse(r.hand) as Hand) : r.hand;
    if (!hand) continue;
    hands.push({
      handId: r.id,
      tableId: r.table_id,
      currency: r.currency,
      bigBlind: Number(r.big_blind),
      players: byHand.get(r.id) ?? [],
      hand,
    });
  }
  return { hands: hands.length, ...integrityFlags(hands, q) };
}
