import type { ColumnType, Generated } from 'kysely';

// The studio's own tables (prefixed studio_ so they can live in the platform's PostgreSQL without
// clashing). The studio never reads or writes a platform table: money moves only through the
// signed vendor wallet API.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json = ColumnType<unknown, string, string>;

export interface StudioSessionsTable {
  id: Generated<number>;
  /** SHA-256 of the platform's game session token (the token itself is never stored). */
  token_hash: string;
  mode: 'real' | 'trial';
  vendor: string;
  game_code: string;
  /** The platform's player id (member id as a string) in real mode; 'trial:<id>' in trial mode. */
  player: string;
  currency: string;
  language: string;
  lobby_url: string | null;
  /** Trial mode only: the demo balance, minor units. Real balances live in the platform wallet. */
  demo_balance: number;
  created_at: Generated<Date>;
  last_seen_at: Timestamp;
  /** The platform's hash of the launching device (balance answer's `device`); null: none sent. */
  device: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the platform ended the game session (its member session revoked); null: live. */
  ended_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface StudioSeedsTable {
  id: Generated<number>;
  /** Whose seed pair: 'vendor:player' in real mode, 'trial:<session id>' in trial mode. */
  owner: string;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  /** The next nonce to use. */
  nonce: number;
  active: boolean;
  created_at: Generated<Date>;
  revealed_at: Date | null;
}

export type RoundStatus =
  /** The bet is being sent: if the studio stops here the bet is rolled back on recovery. */
  | 'betting'
  /** Bet accepted, steps (free spins) still owed to the player. */
  | 'open'
  /** All steps played, the win is being delivered (or waits for a retry). */
  | 'settling'
  | 'closed'
  /** The bet's answer was lost or the studio stopped mid-bet: a rollback is being delivered. */
  | 'rolling_back'
  | 'rolled_back';

export interface StudioRoundsTable {
  id: Generated<number>;
  /** The round id sent to the wallet (public, shown in history and accepted by the verifier). */
  round_id: string;
  session_id: number;
  mode: 'real' | 'trial';
  vendor: string;
  player: string;
  game_code: string;
  engine: string;
  currency: string;
  bet: Json;
  stake: number;
  /** Sum of every step's win so far. */
  win: number;
  /** One entry per step: { nonce, outcome, win }. */
  steps: Json;
  /** Engine state between steps (free spins); null when none. */
  state: Json | null;
  pending_steps: number;
  seed_id: number;
  /** The seed pair's nonce of this round; step k of the round draws from the fair stream's step k. */
  nonce: number;
  server_seed_hash: string;
  client_seed: string;
  status: RoundStatus;
  bet_tx: string;
  win_tx: string;
  rollback_tx: string;
  /** Delivery retries of the win or rollback: attempt count, next try, last error. */
  attempts: number;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Generated<Date>;
  updated_at: Timestamp;
  closed_at: Date | null;
}

export interface StudioLotteryDrawsTable {
  id: Generated<number>;
  vendor: string;
  game_code: string;
  numero: string;
  region: 'VN' | 'SEA';
  server_seed: string;
  server_seed_hash: string;
  closes_at: Date;
  draws_at: Date;
  /** The draw (prizes) once drawn; the server seed is public from then on. */
  result: Json | null;
  drawn_at: Date | null;
}

/**
 * The columns of a player bet that is its own wallet round, shared by crash bets, table bets and
 * lottery tickets: the session's wallet identity, the win, and the retried delivery's state
 * (bet-delivery.ts works on these alone).
 */
export interface PlayerBetColumns {
  id: Generated<number>;
  session_id: number;
  mode: 'real' | 'trial';
  vendor: string;
  player: string;
  game_code: string;
  currency: string;
  win: number;
  status: RoundStatus;
  bet_tx: string;
  win_tx: string;
  rollback_tx: string;
  attempts: number;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Generated<Date>;
  closed_at: Date | null;
}

export interface StudioLotteryTicketsTable extends PlayerBetColumns {
  ticket_id: string;
  draw_id: number;
  bet: Json;
  stake: number;
  hits: number;
}

export interface StudioCrashChainsTable {
  id: Generated<number>;
  /** chain[0]: secret until the chain is used up (revealed_at), then public. */
  seed: string;
  terminating_hash: string;
  length: number;
  /** Rounds taken from the chain so far. */
  used: number;
  salt: string;
  created_at: Generated<Date>;
  revealed_at: Date | null;
}

export type CrashPhase = 'betting' | 'running' | 'crashed';

export interface StudioCrashRoundsTable {
  id: Generated<number>;
  chain_id: number;
  chain_index: number;
  /** Secret until the round crashed (it decides the crash point). */
  round_hash: string;
  /** The previous round's hash (or the terminating hash): SHA-256(round_hash) must equal it. */
  previous_hash: string;
  /** Hundredths (100 = 1.00x). */
  crash_point: number;
  phase: CrashPhase;
  betting_ends_at: Date;
  started_at: Date | null;
  /** started_at + the time the multiplier takes to reach the crash point: the authoritative crash time. */
  crash_at: Date | null;
  crashed_at: Date | null;
  created_at: Generated<Date>;
}

export interface StudioCrashBetsTable extends PlayerBetColumns {
  /** The round id sent to the wallet (one wallet round per player bet). */
  bet_id: string;
  crash_round_id: number;
  amount: number;
  auto_cashout: number | null;
  /** The multiplier the player got out at (hundredths); null while in, or when lost. */
  cashout: number | null;
  cashed_out_at: Date | null;
}

/** One row per shared loop's lease (lease.ts): 'crash', and 'table:<key>' per live table. */
export interface StudioLeasesTable {
  name: string;
  holder: string;
  lease_until: Date;
}

export type TableEngine = 'baccarat' | 'roulette';
export type TablePhase = 'betting' | 'dealing' | 'result' | 'done';

export interface StudioTablesTable {
  /** '<vendor>:<game code>': one live table per catalogue tile. */
  table_key: string;
  vendor: string;
  game_code: string;
  engine: TableEngine;
  /** Someone had the table open until then: the loop runs the table's phases only while watched (or a round is unfinished). */
  watched_until: Date;
}

export interface StudioTableRoundsTable {
  id: Generated<number>;
  table_key: string;
  /** The fair nonce of the round (0, 1, 2, ... per table). */
  round_no: number;
  /** Secret until the result: its SHA-256 is shown from the start of betting. */
  server_seed: string;
  server_seed_hash: string;
  /** Public and fixed per table: the table key. */
  client_seed: string;
  /** The engine's outcome drawn from the seed when the round was created; shown from the result on. */
  outcome: Json;
  phase: TablePhase;
  betting_ends_at: Date;
  /** End of dealing/spinning: the result is shown and bets are settled. */
  reveal_at: Date;
  /** End of the result display and pause: the next round may start. */
  ends_at: Date;
  created_at: Generated<Date>;
}

export interface StudioTableBetsTable extends PlayerBetColumns {
  /** The round id sent to the wallet: one wallet round per placed bet. */
  bet_id: string;
  table_round_id: number;
  /** The engine's parsed bet (baccarat spots or roulette bet items). */
  bet: Json;
  stake: number;
  /**
   * Set at the result when part of the stake was pushed back (a baccarat tie's player and banker
   * bets): the stake that was at risk, declared to the wallet as the closing win's `validBet`.
   */
  valid_bet: number | null;
}

// ---- the sportsbook (sportsbook/book/) ----

export interface StudioSbLeaguesTable {
  id: string;
  sport: string;
  name: string;
  region: string | null;
  title: string | null;
  updated_at: Timestamp;
}

export type SbEventStatus = 'scheduled' | 'live' | 'break' | 'ended' | 'abandoned';

export interface StudioSbEventsTable {
  id: string;
  /** The feed source that brought the fixture (the simulator, an importer). */
  source: string;
  sport: string;
  league_id: string;
  home: string;
  away: string;
  venue: string | null;
  starts_at: Timestamp;
  best_of: number | null;
  /** The fixture as the feed gave it (the verifier replays the match from it and the seed). */
  fixture: Json;
  status: SbEventStatus;
  state: Json | null;
  /** The result the bets are settled on (EventResult); a correction replaces it. */
  result: Json | null;
  /** A trader suspended the whole event: the feed's resume does not lift it. */
  trader_suspended: boolean;
  seed_hash: string | null;
  /** Revealed after the match: SHA-256(seed) = seed_hash. */
  seed: string | null;
  corrections: number;
  /** A result, correction or abandon is being applied to the event's bets (recovery finishes it). */
  settling: boolean;
  /** Why (the corrections a player's record shows it): the trader's reason, or the feed's. */
  settle_reason: string | null;
  updated_at: Timestamp;
}

export type SbMarketStatus = 'open' | 'suspended' | 'closed' | 'settled';

export interface StudioSbMarketsTable {
  id: Generated<number>;
  event_id: string;
  /** types.ts marketKey(): type:period:line. */
  key: string;
  type: string;
  period: string;
  line4: number | null;
  /** Settled or closed, else suspended while the feed or a trader suspends it, else open. */
  status: SbMarketStatus;
  feed_suspended: boolean;
  trader_suspended: boolean;
  /** Selection key -> odds1000; a selection not offered is absent. */
  odds: Json;
  /** Selection key -> Outcome once settled (a correction rewrites it). */
  outcomes: Json | null;
  /** Counts price and status changes (the page's socket shows the latest). */
  version: number;
  updated_at: Timestamp;
}

/**
 * A placed bet's life: 'betting' while its stake's wallet call is unanswered, 'pending' while an
 * in-play bet waits its delay, 'open' once it counts, then 'settled' or 'cashed_out'; 'refused' when
 * the wallet refused it or its delay found the prices moved (a stake taken goes back by a rollback).
 */
export type SbBetStatus = 'betting' | 'pending' | 'open' | 'settled' | 'cashed_out' | 'refused';

export interface StudioSbBetsTable {
  id: Generated<number>;
  /** The wallet round id: `sb:<bet_id>:bet` is its stake's transaction. */
  bet_id: string;
  /** The slip's requestId and the bet's place in it: a retried slip finds its bets again. */
  request_id: string;
  slip_index: number;
  session_id: number;
  mode: 'real' | 'trial';
  vendor: string;
  player: string;
  game_code: string;
  currency: string;
  kind: 'single' | 'multiple' | 'system';
  size: number | null;
  combinations: number;
  /** The whole stake (a system bet's stake per combination times its combinations). */
  stake: number;
  /** The stake still running after partial cash-outs. */
  open_stake: number;
  /** The combined odds (a system bet: its best combination's). */
  odds1000: number;
  potential_payout: number;
  odds_change: 'any' | 'higher' | 'none';
  in_play: boolean;
  /** An in-play bet is decided at this instant (its delay). */
  accept_at: Date | null;
  status: SbBetStatus;
  /** Why a bet was refused (an error code). */
  refusal: string | null;
  /** The settlement of the open stake, corrections included; 0 until settled. */
  payout: number;
  cashed_out: number;
  cash_count: number;
  /** Auto cash-out: the book cashes out the whole open stake once its value reaches this. */
  auto_cashout: number | null;
  fix_count: number;
  bet_tx: string;
  /** The stake's wallet call: its lease (a bet left 'betting' past it is rolled back). */
  attempts: number;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Generated<Date>;
  settled_at: Date | null;
}

export interface StudioSbLegsTable {
  id: Generated<number>;
  bet_id: number;
  leg_no: number;
  /** vendor:player:mode of the bet (per-player limits read the legs alone). */
  owner: string;
  event_id: string;
  market_id: number;
  selection: string;
  odds1000: number;
  outcome: 'win' | 'half_win' | 'push' | 'void' | 'half_lose' | 'lose' | null;
}

/** One wallet move after a bet's stake, delivered in id order per bet and retried until answered. */
export interface StudioSbMovesTable {
  id: Generated<number>;
  bet_id: number;
  kind: 'rollback' | 'win' | 'cash' | 'fix';
  /** sb:<betId>:rollback, :win, :cash:<n>, :fix:<n>. */
  transaction_id: string;
  /** Minor units; a correction's is signed (a debit < 0), and final only once priced. */
  amount: number;
  /**
   * A correction: the settlement payout it brings the bet to. A settlement's win: the valid bet it
   * declares to the wallet (`validBet`), when less than the stake (a void, push or half leg).
   */
  target: number | null;
  /**
   * A correction's amount is fixed when it is first sent, from what the bet's earlier moves really
   * moved (a debit the cash could not cover is netted), never changed after.
   */
  priced: boolean;
  round_closed: boolean;
  reason: string | null;
  status: 'due' | 'done';
  /** A correction's debit: what the player's cash gave. */
  taken: number | null;
  /** A correction's debit that the player's cash could not cover (the house's loss). */
  uncollected: number;
  attempts: number;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Generated<Date>;
  done_at: Date | null;
}

/** Per selection of a market: the stakes on it and what the bets pay if it wins (liability). */
export interface StudioSbExposureTable {
  market_id: number;
  selection: string;
  stake: number;
  payout: number;
  bets: number;
}

export interface StudioSbSettingsTable {
  id: number;
  settings: Json;
}
export interface StudioSbMarginsTable {
  scope: 'sport' | 'league';
  key: string;
  margin_ppm: number;
}
export interface StudioSbPlayersTable {
  /** The platform's player id: a trader's stake factor for them, and the one their risk level maps to. */
  player: string;
  factor_ppm: Generated<number>;
  risk_level: string | null;
  risk_factor_ppm: Generated<number>;
  /** The platform's version of the risk factor held (0: none pushed); only a higher one replaces it. */
  risk_version: Generated<string | number>;
}
export interface StudioSbPrefsTable {
  /** The session owner (sessions.ts). */
  owner: string;
  odds_format: string;
  odds_change: string;
}
export interface StudioSbSourcesTable {
  source: string;
  last_seq: number;
  updated_at: Timestamp;
}

// What the feed sources could not bring into the book (migration 0020).
export interface StudioSbFeedRejectsTable {
  id: Generated<number>;
  source: string;
  seq: number | null;
  kind: 'invalid' | 'error';
  reason: string;
  at: Timestamp;
}

export interface StudioSbFeedRejectCountsTable {
  source: string;
  invalid: Generated<number>;
  errors: Generated<number>;
  last_at: Timestamp;
}

// The PVP card room (migration 0011, docs/pvp.md "The table service").
export interface StudioPvpTablesTable {
  id: string;
  name: string;
  game: 'holdem' | 'tongits';
  /** 'none' for Tongits (migration 0014), whose base stake is kept in both blinds. */
  betting: 'no-limit' | 'pot-limit' | 'none';
  seats: number;
  small_blind: number;
  big_blind: number;
  min_buy_in: number;
  max_buy_in: number;
  /** Rake in basis points of each pot, at most rake_cap minor units a hand. */
  rake_bp: number;
  rake_cap: number;
  currency: string;
  /** The engine's TableState (cardroom/engine/types.ts), or for Tongits the TongitsTableState (cardroom/engine/tongits/table.ts). */
  state: Json;
  version: number;
  hand_id: number | null;
  /** When the player to act got the turn (the turn clock). */
  turn_started_at: Timestamp | null;
  next_hand_at: Timestamp | null;
  /** The next hand's server seed; only its hash is shown until that hand is over. */
  next_server_seed: string;
  next_server_seed_hash: string;
  /** 'cash', or 'sng' for a sit-and-go's table (migration 0023), whose chips are no money. */
  kind: Generated<'cash' | 'sng'>;
  created_at: Generated<Date>;
}

/** A sit-and-go the operator defined (migration 0023, docs/pvp.md "Sit-and-go tournaments"). */
export interface StudioPvpTournamentsTable {
  id: string;
  name: string;
  seats: number;
  /** Minor units: the buy-in goes to the prize pool, the fee to the house. */
  buy_in: number;
  fee: number;
  starting_chips: number;
  /** The blind levels: [{ smallBlind, bigBlind, minutes }]. */
  levels: Json;
  /** Each place's share of the prize pool in basis points, first place first. */
  shares: Json;
  currency: string;
  created_at: Generated<Date>;
}

/** One run of a sit-and-go: its table (same id), registering, running or finished. */
export interface StudioPvpSngsTable {
  id: string;
  tournament_id: string;
  number: number;
  status: 'registering' | 'running' | 'finished';
  started_at: Timestamp | null;
  finished_at: Timestamp | null;
}

export type PvpSeatStatus = 'buying_in' | 'seated' | 'closing' | 'closed';

export interface StudioPvpSeatsTable {
  id: Generated<number>;
  table_id: string;
  seat: number;
  session_id: number;
  vendor: string;
  player: string;
  game_code: string;
  currency: string;
  /** The platform round of this sitting: buy-in and top-ups are its bets, the cash-out its closing win. */
  round_id: string;
  /** The network address the player sat down from (one address per table). */
  address: string | null;
  /** The platform's hash of the device the player launched from (one device per table); null: unknown. */
  device: ColumnType<string | null, string | null | undefined, string | null>;
  status: PvpSeatStatus;
  /** The stack as of the last change between hands (the engine state holds it during a hand). */
  stack: number;
  /** A top-up taken from the wallet during a hand, added to the stack when the hand ends. */
  pending_top_up: number;
  leave_queued: boolean;
  /** Sat out by the table because the player was away when a hand was dealt. */
  away: boolean;
  /** The player's own client seed; '' when they set none (the server never makes one). */
  client_seed: string;
  /** The page's contribution to the next hand's deck, sent after that hand's seed was committed. */
  entropy: Generated<string | null>;
  /** The committed server seed hash `entropy` was sent for. */
  entropy_for: Generated<string | null>;
  /** The highest client sequence number of an action applied for this sitting. */
  last_seq: number;
  time_bank_ms: number;
  /** The last time a page of the player's was seen (an open socket or a poll). */
  seen_at: Timestamp;
  created_at: Generated<Date>;
  closed_at: Date | null;
  /** A sit-and-go entry's finishing place and prize (minor units), once out or won (migration 0023). */
  place: Generated<number | null>;
  prize: Generated<number | null>;
}

export type PvpTransferStatus = 'pending' | 'ok' | 'refused' | 'rolling_back' | 'rolled_back';

export interface StudioPvpTransfersTable {
  id: Generated<number>;
  seat_id: number;
  /** buy_in and top_up are wallet bets; return (a top-up that did not fit) and cash_out are wins. */
  kind: 'buy_in' | 'top_up' | 'return' | 'cash_out';
  amount: number;
  tx: string;
  status: PvpTransferStatus;
  attempts: number;
  next_attempt_at: Timestamp;
  last_error: string | null;
  created_at: Generated<Date>;
  done_at: Date | null;
}

export interface StudioPvpHandsTable {
  id: Generated<number>;
  table_id: string;
  number: number;
  status: 'live' | 'over';
  server_seed: string;
  server_seed_hash: string;
  /** The dealt-in players' client seeds, in seat order. */
  client_seeds: Json;
  nonce: number;
  /** The table's engine state before the deal (stacks before the blinds). */
  state_before: Json;
  /** The engine state after the latest action of the hand. */
  state: Json;
  actions: number;
  pot: number;
  rake: number;
  started_at: Timestamp;
  ended_at: Timestamp | null;
}

/** A member waiting for a seat at a table (migration 0013); the first ones hold an offer until it expires. */
export interface StudioPvpWaitingTable {
  id: Generated<number>;
  table_id: string;
  vendor: string;
  player: string;
  joined_at: Timestamp;
  /** Set while the member is offered a freed seat: theirs to take until then. */
  offer_expires_at: Timestamp | null;
}

export interface StudioPvpHandPlayersTable {
  hand_id: number;
  seat: number;
  seat_id: number;
  vendor: string;
  player: string;
  stack_before: number;
  stack_after: number | null;
}

export interface StudioDatabase {
  studio_pvp_tables: StudioPvpTablesTable;
  studio_pvp_seats: StudioPvpSeatsTable;
  studio_pvp_transfers: StudioPvpTransfersTable;
  studio_pvp_hands: StudioPvpHandsTable;
  studio_pvp_hand_players: StudioPvpHandPlayersTable;
  studio_pvp_waiting: StudioPvpWaitingTable;
  studio_pvp_tournaments: StudioPvpTournamentsTable;
  studio_pvp_sngs: StudioPvpSngsTable;
  studio_sb_leagues: StudioSbLeaguesTable;
  studio_sb_events: StudioSbEventsTable;
  studio_sb_markets: StudioSbMarketsTable;
  studio_sb_bets: StudioSbBetsTable;
  studio_sb_legs: StudioSbLegsTable;
  studio_sb_moves: StudioSbMovesTable;
  studio_sb_exposure: StudioSbExposureTable;
  studio_sb_settings: StudioSbSettingsTable;
  studio_sb_margins: StudioSbMarginsTable;
  studio_sb_players: StudioSbPlayersTable;
  studio_sb_prefs: StudioSbPrefsTable;
  studio_sb_sources: StudioSbSourcesTable;
  studio_sb_feed_rejects: StudioSbFeedRejectsTable;
  studio_sb_feed_reject_counts: StudioSbFeedRejectCountsTable;
  studio_tables: StudioTablesTable;
  studio_table_rounds: StudioTableRoundsTable;
  studio_table_bets: StudioTableBetsTable;
  studio_crash_bets: StudioCrashBetsTable;
  studio_crash_chains: StudioCrashChainsTable;
  studio_leases: StudioLeasesTable;
  studio_crash_rounds: StudioCrashRoundsTable;
  studio_lottery_draws: StudioLotteryDrawsTable;
  studio_lottery_tickets: StudioLotteryTicketsTable;
  studio_sessions: StudioSessionsTable;
  studio_seeds: StudioSeedsTable;
  studio_rounds: StudioRoundsTable;
}
