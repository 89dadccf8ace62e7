import type { Migration } from 'kysely/migration';
import { exec, type StudioMigrations } from '../kit/db/migrations';

// The casino' migrations (kit/db/migrations.ts applies them with the kit's and the other
// products', by name).

// Lottery draws (one per game and numero, the server seed committed before the draw) and tickets.
const m0002: Migration = {
  async up(db) {
    await exec(
      db,
      `
      CREATE TABLE studio_lottery_draws (
        id bigserial PRIMARY KEY,
        vendor text NOT NULL,
        game_code text NOT NULL,
        numero text NOT NULL,
        region text NOT NULL,
        server_seed text NOT NULL,
        server_seed_hash text NOT NULL,
        closes_at timestamptz NOT NULL,
        draws_at timestamptz NOT NULL,
        result jsonb,
        drawn_at timestamptz,
        UNIQUE (vendor, game_code, numero)
      );
      CREATE INDEX studio_lottery_draws_game ON studio_lottery_draws (vendor, game_code, draws_at DESC);

      CREATE TABLE studio_lottery_tickets (
        id bigserial PRIMARY KEY,
        ticket_id text NOT NULL UNIQUE,
        session_id bigint NOT NULL REFERENCES studio_sessions(id),
        draw_id bigint NOT NULL REFERENCES studio_lottery_draws(id),
        mode text NOT NULL,
        vendor text NOT NULL,
        player text NOT NULL,
        game_code text NOT NULL,
        currency text NOT NULL,
        bet jsonb NOT NULL,
        stake bigint NOT NULL CHECK (stake > 0),
        win bigint NOT NULL DEFAULT 0,
        hits integer NOT NULL DEFAULT 0,
        status text NOT NULL CHECK (status IN ('betting', 'open', 'settling', 'closed', 'rolling_back', 'rolled_back')),
        bet_tx text NOT NULL,
        win_tx text NOT NULL,
        rollback_tx text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz
      );
      CREATE INDEX studio_lottery_tickets_owner ON studio_lottery_tickets (vendor, player, id DESC);
      CREATE INDEX studio_lottery_tickets_unfinished ON studio_lottery_tickets (next_attempt_at) WHERE status IN ('betting', 'open', 'settling', 'rolling_back');
      `,
    );
  },
};

// Crash: the pre-committed hash chains (the seed stays secret until the chain is used up), the
// shared rounds (one loop per database, held by a lease in studio_crash_leader) and the players' bets.
const m0003: Migration = {
  async up(db) {
    await exec(
      db,
      `
      CREATE TABLE studio_crash_chains (
        id bigserial PRIMARY KEY,
        seed text NOT NULL,
        terminating_hash text NOT NULL,
        length integer NOT NULL CHECK (length > 0),
        used integer NOT NULL DEFAULT 0,
        salt text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        revealed_at timestamptz
      );

      CREATE TABLE studio_crash_rounds (
        id bigserial PRIMARY KEY,
        chain_id bigint NOT NULL REFERENCES studio_crash_chains(id),
        chain_index integer NOT NULL,
        round_hash text NOT NULL,
        previous_hash text NOT NULL,
        crash_point integer NOT NULL CHECK (crash_point >= 100),
        phase text NOT NULL CHECK (phase IN ('betting', 'running', 'crashed')),
        betting_ends_at timestamptz NOT NULL,
        started_at timestamptz,
        crash_at timestamptz,
        crashed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (chain_id, chain_index)
      );

      CREATE TABLE studio_crash_bets (
        id bigserial PRIMARY KEY,
        bet_id text NOT NULL UNIQUE,
        crash_round_id bigint NOT NULL REFERENCES studio_crash_rounds(id),
        session_id bigint NOT NULL REFERENCES studio_sessions(id),
        mode text NOT NULL,
        vendor text NOT NULL,
        player text NOT NULL,
        game_code text NOT NULL,
        currency text NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        auto_cashout integer,
        cashout integer,
        cashed_out_at timestamptz,
        win bigint NOT NULL DEFAULT 0 CHECK (win >= 0),
        status text NOT NULL CHECK (status IN ('betting', 'open', 'settling', 'closed', 'rolling_back', 'rolled_back')),
        bet_tx text NOT NULL,
        win_tx text NOT NULL,
        rollback_tx text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz,
        UNIQUE (crash_round_id, vendor, player, mode)
      );
      CREATE INDEX studio_crash_bets_owner ON studio_crash_bets (vendor, player, id DESC);
      CREATE INDEX studio_crash_bets_unfinished ON studio_crash_bets (next_attempt_at) WHERE status IN ('betting', 'open', 'settling', 'rolling_back');

      CREATE TABLE studio_crash_leader (
        name text PRIMARY KEY,
        holder text NOT NULL,
        lease_until timestamptz NOT NULL
      );
      `,
    );
  },
};

// Live tables (LIVE baccarat and roulette): one shared timeline per table (a catalogue tile), each
// round's server seed committed (its hash shown) before betting opens and revealed at the result;
// studio_tables says which tables someone watches (the loop runs only those, and unfinished rounds);
// the loop's lease per table is a row in studio_crash_leader (name 'table:<key>').
const m0004: Migration = {
  async up(db) {
    await exec(
      db,
      `
      CREATE TABLE studio_tables (
        table_key text PRIMARY KEY,
        vendor text NOT NULL,
        game_code text NOT NULL,
        engine text NOT NULL CHECK (engine IN ('baccarat', 'roulette')),
        watched_until timestamptz NOT NULL
      );
      CREATE INDEX studio_tables_watched ON studio_tables (watched_until);

      CREATE TABLE studio_table_rounds (
        id bigserial PRIMARY KEY,
        table_key text NOT NULL REFERENCES studio_tables(table_key),
        round_no integer NOT NULL CHECK (round_no >= 0),
        server_seed text NOT NULL,
        server_seed_hash text NOT NULL,
        client_seed text NOT NULL,
        outcome jsonb NOT NULL,
        phase text NOT NULL CHECK (phase IN ('betting', 'dealing', 'result', 'done')),
        betting_ends_at timestamptz NOT NULL,
        reveal_at timestamptz NOT NULL,
        ends_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (table_key, round_no)
      );
      CREATE INDEX studio_table_rounds_table ON studio_table_rounds (table_key, id DESC);
      CREATE INDEX studio_table_rounds_unfinished ON studio_table_rounds (table_key) WHERE phase <> 'done';

      CREATE TABLE studio_table_bets (
        id bigserial PRIMARY KEY,
        bet_id text NOT NULL UNIQUE,
        table_round_id bigint NOT NULL REFERENCES studio_table_rounds(id),
        session_id bigint NOT NULL REFERENCES studio_sessions(id),
        mode text NOT NULL,
        vendor text NOT NULL,
        player text NOT NULL,
        game_code text NOT NULL,
        currency text NOT NULL,
        bet jsonb NOT NULL,
        stake bigint NOT NULL CHECK (stake > 0),
        win bigint NOT NULL DEFAULT 0 CHECK (win >= 0),
        status text NOT NULL CHECK (status IN ('betting', 'open', 'settling', 'closed', 'rolling_back', 'rolled_back')),
        bet_tx text NOT NULL,
        win_tx text NOT NULL,
        rollback_tx text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz
      );
      CREATE INDEX studio_table_bets_round ON studio_table_bets (table_round_id, id);
      CREATE INDEX studio_table_bets_owner ON studio_table_bets (vendor, player, mode, id DESC);
      CREATE INDEX studio_table_bets_unfinished ON studio_table_bets (next_attempt_at) WHERE status IN ('betting', 'open', 'settling', 'rolling_back');
      `,
    );
  },
};

// A round's owner is found by the round's own vendor, player and mode (rounds.ts
// ownerRounds), through studio_rounds_owner; the index by session then served no query and only cost
// every round's three writes. The open round (free spins owed) is looked up on every spin: a partial
// index holds only those few rows.
const m0006: Migration = {
  async up(db) {
    await exec(
      db,
      `
      CREATE INDEX studio_rounds_open ON studio_rounds (vendor, player, game_code) WHERE status = 'open';
      DROP INDEX studio_rounds_session;
      `,
    );
  },
};

// A table bet's stake at risk when a push handed part of it back (a baccarat tie), declared to the
// wallet as the closing win's validBet (docs/sportsbook.md "Casino pushes").
const m0017: Migration = {
  async up(db) {
    await exec(
      db,
      `ALTER TABLE studio_table_bets ADD COLUMN valid_bet bigint CHECK (valid_bet >= 0 AND valid_bet <= stake)`,
    );
  },
};

/** The casino's tables: the lottery's draws and tickets, crash, the live tables, and its rounds' indexes. */
export const casinoMigrations: StudioMigrations = {
  '0002-studio-lottery': m0002,
  '0003-studio-crash': m0003,
  '0004-studio-tables': m0004,
  '0006-studio-round-indexes': m0006,
  '0017-studio-table-valid-bet': m0017,
};
