import type { Migration } from 'kysely/migration';
import { exec, type StudioMigrations } from '../kit/db/migrations';

// The card rooms' migrations (kit/db/migrations.ts applies them with the kit's and the other
// products', by name).

// The PVP card room (docs/pvp.md "The table service"): Hold'em tables with their settings and the
// engine's state (cardroom/engine/table.ts), one row per sitting (sit-down to leave: one platform round whose
// bets are the buy-in and top-ups and whose closing win is the cash-out), each wallet call of a
// sitting as a transfer row with its own transaction id, and every hand with its committed seed,
// the state after every action and the players' stacks before and after.
const m0011: Migration = {
  async up(db) {
    await exec(
      db,
      `
      CREATE TABLE studio_pvp_tables (
        id text PRIMARY KEY,
        name text NOT NULL,
        game text NOT NULL CHECK (game IN ('holdem')),
        betting text NOT NULL CHECK (betting IN ('no-limit', 'pot-limit')),
        seats integer NOT NULL CHECK (seats BETWEEN 2 AND 9),
        small_blind bigint NOT NULL CHECK (small_blind > 0),
        big_blind bigint NOT NULL CHECK (big_blind >= small_blind),
        min_buy_in bigint NOT NULL CHECK (min_buy_in >= big_blind),
        max_buy_in bigint NOT NULL CHECK (max_buy_in >= min_buy_in),
        rake_bp integer NOT NULL CHECK (rake_bp BETWEEN 0 AND 10000),
        rake_cap bigint NOT NULL CHECK (rake_cap >= 0),
        currency text NOT NULL,
        state jsonb NOT NULL,
        version bigint NOT NULL DEFAULT 0,
        hand_id bigint,
        turn_started_at timestamptz,
        next_hand_at timestamptz,
        next_server_seed text NOT NULL,
        next_server_seed_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE studio_pvp_seats (
        id bigserial PRIMARY KEY,
        table_id text NOT NULL REFERENCES studio_pvp_tables(id),
        seat integer NOT NULL,
        session_id bigint NOT NULL REFERENCES studio_sessions(id),
        vendor text NOT NULL,
        player text NOT NULL,
        game_code text NOT NULL,
        currency text NOT NULL,
        round_id text NOT NULL UNIQUE,
        address text,
        status text NOT NULL CHECK (status IN ('buying_in', 'seated', 'closing', 'closed')),
        stack bigint NOT NULL DEFAULT 0 CHECK (stack >= 0),
        pending_top_up bigint NOT NULL DEFAULT 0 CHECK (pending_top_up >= 0),
        leave_queued boolean NOT NULL DEFAULT false,
        away boolean NOT NULL DEFAULT false,
        client_seed text NOT NULL,
        last_seq bigint NOT NULL DEFAULT 0,
        time_bank_ms integer NOT NULL,
        seen_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz
      );
      CREATE UNIQUE INDEX studio_pvp_seats_one_per_seat ON studio_pvp_seats (table_id, seat) WHERE status <> 'closed';
      CREATE UNIQUE INDEX studio_pvp_seats_one_per_player ON studio_pvp_seats (table_id, vendor, player) WHERE status <> 'closed';
      CREATE INDEX studio_pvp_seats_owner ON studio_pvp_seats (vendor, player, id DESC);

      CREATE TABLE studio_pvp_transfers (
        id bigserial PRIMARY KEY,
        seat_id bigint NOT NULL REFERENCES studio_pvp_seats(id),
        kind text NOT NULL CHECK (kind IN ('buy_in', 'top_up', 'return', 'cash_out')),
        amount bigint NOT NULL CHECK (amount >= 0),
        tx text NOT NULL UNIQUE,
        status text NOT NULL CHECK (status IN ('pending', 'ok', 'refused', 'rolling_back', 'rolled_back')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        done_at timestamptz
      );
      CREATE INDEX studio_pvp_transfers_owed ON studio_pvp_transfers (next_attempt_at) WHERE status IN ('pending', 'rolling_back');
      CREATE INDEX studio_pvp_transfers_seat ON studio_pvp_transfers (seat_id);

      CREATE TABLE studio_pvp_hands (
        id bigserial PRIMARY KEY,
        table_id text NOT NULL REFERENCES studio_pvp_tables(id),
        number integer NOT NULL,
        status text NOT NULL CHECK (status IN ('live', 'over')),
        server_seed text NOT NULL,
        server_seed_hash text NOT NULL,
        client_seeds jsonb NOT NULL,
        nonce integer NOT NULL,
        state_before jsonb NOT NULL,
        state jsonb NOT NULL,
        actions integer NOT NULL DEFAULT 0,
        pot bigint NOT NULL DEFAULT 0,
        rake bigint NOT NULL DEFAULT 0 CHECK (rake >= 0),
        started_at timestamptz NOT NULL,
        ended_at timestamptz,
        UNIQUE (table_id, number)
      );
      CREATE INDEX studio_pvp_hands_rake ON studio_pvp_hands (ended_at, table_id) WHERE status = 'over';

      CREATE TABLE studio_pvp_hand_players (
        hand_id bigint NOT NULL REFERENCES studio_pvp_hands(id),
        seat integer NOT NULL,
        seat_id bigint NOT NULL REFERENCES studio_pvp_seats(id),
        vendor text NOT NULL,
        player text NOT NULL,
        stack_before bigint NOT NULL,
        stack_after bigint,
        PRIMARY KEY (hand_id, seat)
      );
      CREATE INDEX studio_pvp_hand_players_owner ON studio_pvp_hand_players (vendor, player, hand_id DESC)
      `,
    );
  },
};

// The platform's balance answer may carry the hash of the device that launched a session: kept on
// the studio session, and on a seat as it sits down, so a card table refuses two members of one
// device (docs/pvp.md "Who may sit"). Null: the platform sent none.
const m0012: Migration = {
  async up(db) {
    await exec(
      db,
      `
      ALTER TABLE studio_sessions ADD COLUMN device text;
      ALTER TABLE studio_pvp_seats ADD COLUMN device text
      `,
    );
  },
};

// The card room's waiting lists (docs/pvp.md "The lobby"): who waits for a seat at a table, in the
// order they joined, and the seat offer the first of them holds until it expires.
const m0013: Migration = {
  async up(db) {
    await exec(
      db,
      `
      CREATE TABLE studio_pvp_waiting (
        id bigserial PRIMARY KEY,
        table_id text NOT NULL REFERENCES studio_pvp_tables (id),
        vendor text NOT NULL,
        player text NOT NULL,
        joined_at timestamptz NOT NULL,
        offer_expires_at timestamptz,
        UNIQUE (table_id, vendor, player)
      );
      CREATE INDEX studio_pvp_waiting_table ON studio_pvp_waiting (table_id, id)
      `,
    );
  },
};

// Tongits tables share the card room's tables (docs/pvp.md "The Tongits table service"): a row of
// game 'tongits' keeps its base stake in small_blind and big_blind, has no betting structure
// ('none') and three seats; its state is the Tongits table's (cardroom/engine/tongits/table.ts).
const m0014: Migration = {
  async up(db) {
    await exec(
      db,
      `
      ALTER TABLE studio_pvp_tables DROP CONSTRAINT studio_pvp_tables_game_check;
      ALTER TABLE studio_pvp_tables ADD CONSTRAINT studio_pvp_tables_game_check CHECK (game IN ('holdem', 'tongits'));
      ALTER TABLE studio_pvp_tables DROP CONSTRAINT studio_pvp_tables_betting_check;
      ALTER TABLE studio_pvp_tables ADD CONSTRAINT studio_pvp_tables_betting_check CHECK (
        (game = 'holdem' AND betting IN ('no-limit', 'pot-limit')) OR (game = 'tongits' AND betting = 'none' AND seats = 3)
      )
      `,
    );
  },
};

// A hand's client seed of each seat is what the player's page sent after the hand's server seed was
// committed (its hash shown): the value and the hash it was sent for, kept on the sitting.
const m0019: Migration = {
  async up(db) {
    await exec(db, `ALTER TABLE studio_pvp_seats ADD COLUMN entropy text, ADD COLUMN entropy_for text`);
  },
};

// Hold'em sit-and-go tournaments (docs/pvp.md "Sit-and-go tournaments"): the operator's definitions,
// and each run of one as a table of kind 'sng' (its row of studio_pvp_sngs names the definition and
// when it started and finished). A registration is a sitting at the run's table: its buy-in bet is the
// buy-in and the fee, its closing win the prize (or the refund of an unregistering player), and the
// place it finished in is kept on it. One run of a definition takes registrations at a time.
const m0023: Migration = {
  async up(db) {
    await exec(
      db,
      `
      ALTER TABLE studio_pvp_tables ADD COLUMN kind text NOT NULL DEFAULT 'cash' CHECK (kind IN ('cash', 'sng'));
      ALTER TABLE studio_pvp_seats ADD COLUMN place integer CHECK (place >= 1), ADD COLUMN prize bigint CHECK (prize >= 0);

      CREATE TABLE studio_pvp_tournaments (
        id text PRIMARY KEY,
        name text NOT NULL,
        seats integer NOT NULL CHECK (seats BETWEEN 2 AND 9),
        buy_in bigint NOT NULL CHECK (buy_in > 0),
        fee bigint NOT NULL CHECK (fee >= 0),
        starting_chips bigint NOT NULL CHECK (starting_chips > 0),
        levels jsonb NOT NULL,
        shares jsonb NOT NULL,
        currency text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE studio_pvp_sngs (
        id text PRIMARY KEY REFERENCES studio_pvp_tables (id),
        tournament_id text NOT NULL REFERENCES studio_pvp_tournaments (id),
        number integer NOT NULL,
        status text NOT NULL CHECK (status IN ('registering', 'running', 'finished')),
        started_at timestamptz,
        finished_at timestamptz,
        UNIQUE (tournament_id, number)
      );
      CREATE UNIQUE INDEX studio_pvp_sngs_one_registering ON studio_pvp_sngs (tournament_id) WHERE status = 'registering'
      `,
    );
  },
};

/** The card rooms' tables: tables, seats, hands, transfers and waiting lists. */
export const cardroomMigrations: StudioMigrations = {
  '0011-studio-pvp': m0011,
  '0012-studio-pvp-device': m0012,
  '0013-studio-pvp-waiting': m0013,
  '0014-studio-pvp-tongits': m0014,
  '0019-studio-pvp-entropy': m0019,
  '0023-studio-pvp-sng': m0023,
};
