import type {
  PvpHandEvent,
  PvpHandRecord,
  PvpHandSearchAnswer,
  PvpHandSearchQuery,
  PvpIntegrityAnswer,
  PvpIntegrityQuery,
  PvpRoundHands,
} from '@gamehall/shared/api/pvp-records';
import { sql } from 'kysely';
import { maskPlayer } from '../crash';
import type { StudioDb } from '../db/database';
import { StudioError } from '../errors';
import { cardText } from '../pvp/cards';
import type { Hand, TableState } from '../pvp/types';
import { integrityFlags, type RecordedHand } from './integrity';
import { eventView } from './view';

// The card room's records for the platform (docs/pvp.md "Hand histories and integrity"): a member's
// hands of one sitting and one hand as that member may see it, the operator's search and full hand
// record, and the integrity report. Read from studio_pvp_hands and studio_pvp_hand_players, which
// the table loop writes with every action; served on the signed trader API (operator-routes.ts).

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The hands of one sitting (the platform round `roundId`) of `player`, oldest first. */
export async function roundHands(db: StudioDb, roundId: string, player: string): Promise<PvpRoundHands> {
  const sitting = await db
    .selectFrom('studio_pvp_seats as s')
    .innerJoin('studio_pvp_tables as t', 't.id', 's.table_id')
    .select(['s.id', 's.table_id', 't.name', 't.currency', 't.small_blind', 't.big_blind'])
    .where('s.round_id', '=', roundId)
    .where('s.player', '=', player)
    .executeTakeFirst();
  if (!sitting) throw new StudioError('STUDIO_NOT_FOUND');
  const rows = await db
    .selectFrom('studio_pvp_hand_players as p')
    .innerJoin('studio_pvp_hands as h', 'h.id', 'p.hand_id')
    .select([
      'h.id',
      'h.number',
      'h.status',
      'h.started_at',
      'h.ended_at',
      'h.pot',
      'h.rake',
      'p.stack_before',
      'p.stack_after',
    ])
    .where('p.seat_id', '=', sitting.id)
    .orderBy('h.id')
    .limit(1000)
    .execute();
  return {
    roundId,
    tableId: sitting.table_id,
    tableName: sitting.name,
    currency: sitting.currency,
    smallBlind: Number(sitting.small_blind),
    bigBlind: Number(sitting.big_blind),
    hands: rows.map((r) => ({
      handId: r.id,
      tableId: sitting.table_id,
      number: r.number,
      status: r.status,
      startedAt: new Date(r.started_at).toISOString(),
      endedAt: iso(r.ended_at),
      pot: Number(r.pot),
      rake: Number(r.rake),
      net: r.stack_after === null ? null : Number(r.stack_after) - Number(r.stack_before),
    })),
  };
}

/**
 * A hand's record. For a member (`viewer.player`): only a hand they were dealt in, with their own
 * hole cards and those shown at the table, the others masked; the server seed once the hand is over.
 * For the operator: every hole card and every player's id.
 */
export async function handRecord(
  db: StudioDb,
  handId: number,
  viewer: { player: string } | 'operator',
): Promise<PvpHandRecord> {
  const h = await db
    .selectFrom('studio_pvp_hands as h')
    .innerJoin('studio_pvp_tables as t', 't.id', 'h.table_id')
    .select([
      'h.id',
      'h.table_id',
      'h.number',
      'h.status',
      'h.started_at',
      'h.ended_at',
      'h.pot',
      'h.rake',
      'h.state',
      'h.server_seed',
      'h.server_seed_hash',
      'h.client_seeds',
      'h.nonce',
      't.name',
      't.currency',
      't.small_blind',
      't.big_blind',
    ])
    .where('h.id', '=', handId)
    .executeTakeFirst();
  if (!h) throw new StudioError('STUDIO_NOT_FOUND');
  const players = await db
    .selectFrom('studio_pvp_hand_players')
    .selectAll()
    .where('hand_id', '=', handId)
    .orderBy('seat')
    .execute();
  const operator = viewer === 'operator';
  const mine = new Set(operator ? [] : players.filter((p) => p.player === viewer.player).map((p) => p.seat));
  // A member reads only hands they played: another member's hand id says nothing to them.
  if (!operator && mine.size === 0) throw new StudioError('STUDIO_NOT_FOUND');
  const hand = (h.state as TableState).hand;
  const over = h.status === 'over';
  return {
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
    pot: Number(h.pot),
    rake: Number(h.rake),
    board: hand ? hand.board.map(cardText) : [],
    players: players.map((p) => {
      const hp = hand?.players.find((x) => x.seat === p.seat);
      const visible = hp && (operator || hp.shown || mine.has(p.seat));
      return {
        seat: p.seat,
        name: operator ? p.player : maskPlayer(p.player),
        player: operator ? p.player : null,
        you: mine.has(p.seat),
        stackBefore: Number(p.stack_before),
        stackAfter: p.stack_after === null ? null : Number(p.stack_after),
        cards: visible ? hp.hole.map(cardText) : null,
        shown: hp?.shown ?? false,
        folded: hp?.folded ?? false,
      };
    }),
    events: hand ? hand.events.map((e) => eventView(e) as PvpHandEvent) : [],
    fairness: {
      serverSeedHash: h.server_seed_hash,
      serverSeed: over ? h.server_seed : null,
      clientSeeds: h.client_seeds as string[],
      nonce: h.nonce,
    },
  };
}

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const dayAfter = (day: string) => {
  const d = dayStart(day);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
};

/** The operator's hand search: by player, table and days (UTC, both included), newest first. */
export async function searchHands(db: StudioDb, q: PvpHandSearchQuery): Promise<PvpHandSearchAnswer> {
  let query = db
    .selectFrom('studio_pvp_hands as h')
    .innerJoin('studio_pvp_tables as t', 't.id', 'h.table_id')
    .select([
      'h.id',
      'h.table_id',
      'h.number',
      'h.status',
      'h.started_at',
      'h.ended_at',
      'h.pot',
      'h.rake',
      't.name',
      't.currency',
    ]);
  if (q.player !== undefined) {
    const player = q.player;
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('studio_pvp_hand_players as p')
          .select(sql`1`.as('one'))
          .whereRef('p.hand_id', '=', 'h.id')
          .where('p.player', '=', player),
      ),
    );
  }
  if (q.table !== undefined) query = query.where('h.table_id', '=', q.table);
  if (q.from !== undefined) query = query.where('h.started_at', '>=', dayStart(q.from));
  if (q.to !== undefined) query = query.where('h.started_at', '<', dayAfter(q.to));
  if (q.before !== undefined) query = query.where('h.id', '<', q.before);
  const rows = await query.orderBy('h.id', 'desc').limit(q.limit).execute();
  const ids = rows.map((r) => r.id);
  const players =
    ids.length === 0
      ? []
      : await db
          .selectFrom('studio_pvp_hand_players')
          .select(['hand_id', 'seat', 'player', 'stack_before', 'stack_after'])
          .where('hand_id', 'in', ids)
          .orderBy('seat')
          .execute();
  return {
    hands: rows.map((r) => ({
      handId: r.id,
      tableId: r.table_id,
      tableName: r.name,
      currency: r.currency,
      number: r.number,
      status: r.status,
      startedAt: new Date(r.started_at).toISOString(),
      endedAt: iso(r.ended_at),
      pot: Number(r.pot),
      rake: Number(r.rake),
      players: players
        .filter((p) => p.hand_id === r.id)
        .map((p) => ({
          seat: p.seat,
          player: p.player,
          net: p.stack_after === null ? null : Number(p.stack_after) - Number(p.stack_before),
        })),
    })),
  };
}

/** Most hands one report reads: a window beyond it is refused, not cut short silently. */
export const INTEGRITY_MAX_HANDS = 20_000;

/** The integrity report over the hands ended in the days from..to (UTC, both included). */
export async function integrityReport(db: StudioDb, q: PvpIntegrityQuery): Promise<PvpIntegrityAnswer> {
  const from = dayStart(q.from);
  const to = dayAfter(q.to);
  const count = await db
    .selectFrom('studio_pvp_hands')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('status', '=', 'over')
    .where('ended_at', '>=', from)
    .where('ended_at', '<', to)
    .executeTakeFirstOrThrow();
  if (Number(count.n) > INTEGRITY_MAX_HANDS) {
    throw new StudioError('STUDIO_BAD_REQUEST', { reason: 'window', hands: Number(count.n), max: INTEGRITY_MAX_HANDS });
  }
  const rows = await db
    .selectFrom('studio_pvp_hands as h')
    .innerJoin('studio_pvp_tables as t', 't.id', 'h.table_id')
    .select(['h.id', 'h.table_id', sql<Hand | null>`h.state -> 'hand'`.as('hand'), 't.currency', 't.big_blind'])
    .where('h.status', '=', 'over')
    .where('h.ended_at', '>=', from)
    .where('h.ended_at', '<', to)
    .orderBy('h.id')
    .execute();
  const players =
    rows.length === 0
      ? []
      : await db
          .selectFrom('studio_pvp_hand_players')
          .select(['hand_id', 'seat', 'player', 'stack_before', 'stack_after'])
          .where(
            'hand_id',
            'in',
            rows.map((r) => r.id),
          )
          .execute();
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
