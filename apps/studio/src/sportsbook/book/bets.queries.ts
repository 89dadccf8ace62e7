import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import type { StudioDatabase } from '../../kit/db/schema';

// The statements several of the book's money paths run on a bet: the exposure it adds or releases,
// a slip's bets written with their legs and exposure, a bet locked before its money is decided and
// its legs with their markets as they are now.

/** The exposure's rows merged per market and selection, one array a column (moves.ts exposureParams). */
export type ExposureColumns = [number[], string[], number[], number[], number[]];

/** The exposure entries ($1-$5, ExposureColumns) added in one multi-row upsert. */
const EXPOSURE_SQL = `INSERT INTO studio_sb_exposure (market_id, selection, stake, payout, bets)
SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::bigint[], $5::int[])
ON CONFLICT (market_id, selection) DO UPDATE
   SET stake = studio_sb_exposure.stake + EXCLUDED.stake,
       payout = studio_sb_exposure.payout + EXCLUDED.payout,
       bets = studio_sb_exposure.bets + EXCLUDED.bets`;

/** Adds the entries to the exposure of their markets' selections. */
export async function upsertExposure(db: Kysely<StudioDatabase>, exposure: ExposureColumns): Promise<void> {
  await db.executeQuery(CompiledQuery.raw(EXPOSURE_SQL, exposure));
}

/**
 * A slip's writes in one statement, one round trip (docs/benchmarks.md, "Sportsbook"): the exposure
 * its bets add ($1-$5, EXPOSURE_SQL), the bets (what they share $6-$16, one array a column $17-$26)
 * and their legs ($27 the owner, one array a column $28-$33, each leg naming its bet by slip index).
 * Answers the bets' rows.
 */
const SLIP_WRITE_SQL = `WITH exposure AS (${EXPOSURE_SQL}),
bets AS (
  INSERT INTO studio_sb_bets (request_id, session_id, mode, vendor, player, game_code, currency, odds_change,
         in_play, accept_at, status, bet_id, slip_index, kind, size, combinations, stake, open_stake, odds1000,
         potential_payout, bet_tx, next_attempt_at)
  SELECT $6::text, $7::bigint, $8::text, $9::text, $10::text, $11::text, $12::text, $13::text, $14::boolean,
         $15::timestamptz, $16::text, x.bet_id, x.slip_index, x.kind, x.size, x.combinations, x.stake, x.stake,
         x.odds1000, x.potential, x.bet_tx, x.next_at
    FROM unnest($17::text[], $18::int[], $19::text[], $20::int[], $21::int[], $22::bigint[], $23::bigint[],
                $24::bigint[], $25::text[], $26::timestamptz[])
         AS x(bet_id, slip_index, kind, size, combinations, stake, odds1000, potential, bet_tx, next_at)
  RETURNING id, slip_index, created_at),
legs AS (
  INSERT INTO studio_sb_legs (bet_id, leg_no, owner, event_id, market_id, selection, odds1000)
  SELECT bets.id, y.leg_no, $27::text, y.event_id, y.market_id, y.selection, y.odds1000
    FROM unnest($28::int[], $29::int[], $30::text[], $31::bigint[], $32::text[], $33::int[])
         AS y(slip_index, leg_no, event_id, market_id, selection, odds1000)
    JOIN bets ON bets.slip_index = y.slip_index)
SELECT id, slip_index, created_at FROM bets`;

/** What a slip's bets share. */
type SlipShared = {
  requestId: string;
  sessionId: number;
  mode: string;
  vendor: string;
  player: string;
  gameCode: string;
  currency: string;
  oddsChange: string;
  inPlay: boolean;
  /** ISO time an in-play bet is decided at, null when not in play. */
  acceptAt: string | null;
  status: string;
};

/** A slip's bets, one array a column in slip order. */
type SlipBetColumns = {
  betId: string[];
  slipIndex: number[];
  kind: string[];
  size: (number | null)[];
  combinations: number[];
  stake: number[];
  odds1000: number[];
  potential: number[];
  betTx: string[];
  /** ISO times: each stake's wallet call holds its bet until then. */
  nextAttemptAt: string[];
};

/** A slip's legs, one array a column; each names its bet by slip index. */
type SlipLegColumns = {
  owner: string;
  slipIndex: number[];
  legNo: number[];
  eventId: string[];
  marketId: number[];
  selection: string[];
  odds1000: number[];
};

/** Writes a slip's exposure, bets and legs (one statement); answers the bets' rows. */
export async function insertSlip(
  trx: Transaction<StudioDatabase>,
  exposure: ExposureColumns,
  shared: SlipShared,
  bets: SlipBetColumns,
  legs: SlipLegColumns,
): Promise<{ id: number; slip_index: number; created_at: Date }[]> {
  const params = [
    ...exposure,
    shared.requestId,
    shared.sessionId,
    shared.mode,
    shared.vendor,
    shared.player,
    shared.gameCode,
    shared.currency,
    shared.oddsChange,
    shared.inPlay,
    shared.acceptAt,
    shared.status,
    bets.betId,
    bets.slipIndex,
    bets.kind,
    bets.size,
    bets.combinations,
    bets.stake,
    bets.odds1000,
    bets.potential,
    bets.betTx,
    bets.nextAttemptAt,
    legs.owner,
    legs.slipIndex,
    legs.legNo,
    legs.eventId,
    legs.marketId,
    legs.selection,
    legs.odds1000,
  ];
  const written = await trx.executeQuery<{ id: number; slip_index: number; created_at: Date }>(
    CompiledQuery.raw(SLIP_WRITE_SQL, params),
  );
  return written.rows;
}

/** What deciding on a bet's money reads of it (its stake, what it may pay, and whom the moves name). */
const BET_MONEY_COLUMNS = [
  'id',
  'bet_id',
  'kind',
  'size',
  'combinations',
  'open_stake',
  'potential_payout',
  'status',
  'mode',
] as const;

/** An in-play bet still waiting its delay, locked (none when it was decided already). */
export function lockPendingBet(trx: Transaction<StudioDatabase>, betRowId: number) {
  return trx
    .selectFrom('studio_sb_bets')
    .select([...BET_MONEY_COLUMNS, 'odds1000', 'odds_change'])
    .where('id', '=', betRowId)
    .where('status', '=', 'pending')
    .forUpdate()
    .executeTakeFirst();
}

/** One market of an event by its key, with its status and prices (a builder's 1X2). */
export function marketOfEvent(trx: Transaction<StudioDatabase>, eventId: string, key: string) {
  return trx
    .selectFrom('studio_sb_markets')
    .select(['odds', 'status'])
    .where('event_id', '=', eventId)
    .where('key', '=', key)
    .executeTakeFirst();
}

/** A bet locked for a cash-out, with what it has cashed out so far. */
export function lockBetForCashOut(trx: Transaction<StudioDatabase>, betRowId: number) {
  return trx
    .selectFrom('studio_sb_bets')
    .select([...BET_MONEY_COLUMNS, 'cashed_out', 'cash_count'])
    .where('id', '=', betRowId)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

/** A bet's legs in order, each with its market's status and prices as they are now, its sport and league. */
export function legsWithMarkets(trx: Transaction<StudioDatabase>, betRowId: number) {
  return trx
    .selectFrom('studio_sb_legs')
    .innerJoin('studio_sb_markets', 'studio_sb_markets.id', 'studio_sb_legs.market_id')
    .innerJoin('studio_sb_events', 'studio_sb_events.id', 'studio_sb_legs.event_id')
    .select([
      'studio_sb_legs.id',
      'studio_sb_legs.event_id',
      'studio_sb_legs.market_id',
      'studio_sb_legs.selection',
      'studio_sb_legs.odds1000',
      'studio_sb_legs.outcome',
      'studio_sb_markets.status',
      'studio_sb_markets.odds',
      'studio_sb_markets.type',
      'studio_sb_markets.period',
      'studio_sb_markets.line4',
      'studio_sb_events.sport',
      'studio_sb_events.league_id',
      'studio_sb_events.status as event_status',
      'studio_sb_events.state',
    ])
    .where('studio_sb_legs.bet_id', '=', betRowId)
    .orderBy('studio_sb_legs.leg_no')
    .execute();
}
