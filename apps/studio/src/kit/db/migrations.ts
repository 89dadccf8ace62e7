import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';

// The studio's migrations, in their own bookkeeping tables (studio_migrations, studio_migrations_lock)
// so they never mix with the platform's when both share one PostgreSQL database.

async function exec(db: Kysely<unknown>, statements: string): Promise<void> {
  for (const statement of statements.split(/;\s*\n/)) {
    const text = statement.trim();
    if (text) await sql.raw(text).execute(db);
  }
}

const m0001: Migration = {
  async up(db) {
    await exec(
      db,
      `
      CREATE TABLE studio_sessions (
        id bigserial PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        mode text NOT NULL CHECK (mode IN ('real', 'trial')),
        vendor text NOT NULL,
        game_code text NOT NULL,
        player text NOT NULL,
        currency text NOT NULL,
        language text NOT NULL,
        lobby_url text,
        demo_balance bigint NOT NULL DEFAULT 0 CHECK (demo_balance >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE studio_seeds (
        id bigserial PRIMARY KEY,
        owner text NOT NULL,
        server_seed text NOT NULL,
        server_seed_hash text NOT NULL,
        client_seed text NOT NULL,
        nonce bigint NOT NULL DEFAULT 0,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        revealed_at timestamptz
      );
      CREATE UNIQUE INDEX studio_seeds_one_active ON studio_seeds (owner) WHERE active;

      CREATE TABLE studio_rounds (
        id bigserial PRIMARY KEY,
        round_id text NOT NULL UNIQUE,
        session_id bigint NOT NULL REFERENCES studio_sessions(id),
        mode text NOT NULL,
        vendor text NOT NULL,
        player text NOT NULL,
        game_code text NOT NULL,
        engine text NOT NULL,
        currency text NOT NULL,
        bet jsonb NOT NULL,
        stake bigint NOT NULL CHECK (stake >= 0),
        win bigint NOT NULL DEFAULT 0 CHECK (win >= 0),
        steps jsonb NOT NULL DEFAULT '[]',
        state jsonb,
        pending_steps integer NOT NULL DEFAULT 0,
        seed_id bigint NOT NULL REFERENCES studio_seeds(id),
        nonce bigint NOT NULL,
        server_seed_hash text NOT NULL,
        client_seed text NOT NULL,
        status text NOT NULL CHECK (status IN ('betting', 'open', 'settling', 'closed', 'rolling_back', 'rolled_back')),
        bet_tx text NOT NULL,
        win_tx text NOT NULL,
        rollback_tx text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        closed_at timestamptz
      );
      CREATE INDEX studio_rounds_session ON studio_rounds (session_id, id DESC);
      CREATE INDEX studio_rounds_owner ON studio_rounds (vendor, player, id DESC);
      CREATE INDEX studio_rounds_unfinished ON studio_rounds (next_attempt_at) WHERE status IN ('betting', 'open', 'settling', 'rolling_back');
      `,
    );
  },
};

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

// The lease table holds every shared loop's lease ('crash', one 'table:<key>' per live table), not
// only the crash game's: renamed to say so. A process of an older version still on this database
// then fails to take any lease (its loop logs and leaves the phases to the new one) rather than
// leading beside it.
const m0005: Migration = {
  async up(db) {
    await exec(
      db,
      `
      ALTER TABLE studio_crash_leader RENAME TO studio_leases;
      ALTER INDEX studio_crash_leader_pkey RENAME TO studio_leases_pkey;
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

// The sportsbook (sportsbook/book/): leagues, events and markets as the feed and the traders leave
// them; one bet per placed single, multiple or system bet (one wallet round each), its legs, and
// every wallet move after the stake (settlement win, cash-outs, corrections, rollbacks) as its own
// row with a stable transaction id, delivered in order per bet and retried until it is answered.
// Exposure keeps each selection's running stake and payout, so liability is one row read per
// market; settings, margins and stake factors are the traders'.
const m0007: Migration = {
  async up(db) {
    await exec(
      db,
      `
      CREATE TABLE studio_sb_leagues (
        id text PRIMARY KEY,
        sport text NOT NULL,
        name text NOT NULL,
        region text,
        title text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE studio_sb_events (
        id text PRIMARY KEY,
        source text NOT NULL,
        sport text NOT NULL,
        league_id text NOT NULL REFERENCES studio_sb_leagues(id),
        home text NOT NULL,
        away text NOT NULL,
        venue text,
        starts_at timestamptz NOT NULL,
        best_of integer,
        fixture jsonb NOT NULL,
        status text NOT NULL CHECK (status IN ('scheduled', 'live', 'break', 'ended', 'abandoned')),
        state jsonb,
        result jsonb,
        trader_suspended boolean NOT NULL DEFAULT false,
        seed_hash text,
        seed text,
        corrections integer NOT NULL DEFAULT 0,
        settling boolean NOT NULL DEFAULT false,
        settle_reason text,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX studio_sb_events_sport ON studio_sb_events (sport, starts_at);
      CREATE INDEX studio_sb_events_league ON studio_sb_events (league_id, starts_at);
      CREATE INDEX studio_sb_events_live ON studio_sb_events (starts_at) WHERE status IN ('live', 'break');
      CREATE INDEX studio_sb_events_settling ON studio_sb_events (id) WHERE settling;

      CREATE TABLE studio_sb_markets (
        id bigserial PRIMARY KEY,
        event_id text NOT NULL REFERENCES studio_sb_events(id),
        key text NOT NULL,
        type text NOT NULL,
        period text NOT NULL,
        line4 integer,
        status text NOT NULL CHECK (status IN ('open', 'suspended', 'closed', 'settled')),
        feed_suspended boolean NOT NULL DEFAULT false,
        trader_suspended boolean NOT NULL DEFAULT false,
        odds jsonb NOT NULL DEFAULT '{}',
        outcomes jsonb,
        version integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (event_id, key)
      );

      CREATE TABLE studio_sb_bets (
        id bigserial PRIMARY KEY,
        bet_id text NOT NULL UNIQUE,
        request_id text NOT NULL,
        slip_index integer NOT NULL,
        session_id bigint NOT NULL REFERENCES studio_sessions(id),
        mode text NOT NULL,
        vendor text NOT NULL,
        player text NOT NULL,
        game_code text NOT NULL,
        currency text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('single', 'multiple', 'system')),
        size integer,
        combinations integer NOT NULL CHECK (combinations > 0),
        stake bigint NOT NULL CHECK (stake > 0),
        open_stake bigint NOT NULL CHECK (open_stake >= 0),
        odds1000 bigint NOT NULL,
        potential_payout bigint NOT NULL,
        odds_change text NOT NULL,
        in_play boolean NOT NULL DEFAULT false,
        accept_at timestamptz,
        status text NOT NULL CHECK (status IN ('betting', 'pending', 'open', 'settled', 'cashed_out', 'refused')),
        refusal text,
        payout bigint NOT NULL DEFAULT 0 CHECK (payout >= 0),
        cashed_out bigint NOT NULL DEFAULT 0 CHECK (cashed_out >= 0),
        cash_count integer NOT NULL DEFAULT 0,
        fix_count integer NOT NULL DEFAULT 0,
        bet_tx text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz,
        UNIQUE (vendor, player, mode, request_id, slip_index)
      );
      CREATE INDEX studio_sb_bets_owner ON studio_sb_bets (vendor, player, mode, game_code, id DESC);
      CREATE INDEX studio_sb_bets_unanswered ON studio_sb_bets (next_attempt_at) WHERE status = 'betting';
      CREATE INDEX studio_sb_bets_pending ON studio_sb_bets (accept_at) WHERE status = 'pending';
      CREATE INDEX studio_sb_bets_settled ON studio_sb_bets (settled_at) WHERE status IN ('settled', 'cashed_out');

      CREATE TABLE studio_sb_legs (
        id bigserial PRIMARY KEY,
        bet_id bigint NOT NULL REFERENCES studio_sb_bets(id),
        leg_no integer NOT NULL,
        owner text NOT NULL,
        event_id text NOT NULL REFERENCES studio_sb_events(id),
        market_id bigint NOT NULL REFERENCES studio_sb_markets(id),
        selection text NOT NULL,
        odds1000 integer NOT NULL,
        outcome text CHECK (outcome IN ('win', 'half_win', 'push', 'void', 'half_lose', 'lose')),
        UNIQUE (bet_id, leg_no)
      );
      CREATE INDEX studio_sb_legs_market ON studio_sb_legs (market_id);
      CREATE INDEX studio_sb_legs_event ON studio_sb_legs (event_id);
      CREATE INDEX studio_sb_legs_owner ON studio_sb_legs (owner, event_id, market_id);

      CREATE TABLE studio_sb_moves (
        id bigserial PRIMARY KEY,
        bet_id bigint NOT NULL REFERENCES studio_sb_bets(id),
        kind text NOT NULL CHECK (kind IN ('rollback', 'win', 'cash', 'fix')),
        transaction_id text NOT NULL UNIQUE,
        amount bigint NOT NULL,
        target bigint,
        priced boolean NOT NULL DEFAULT true,
        round_closed boolean NOT NULL,
        reason text,
        status text NOT NULL CHECK (status IN ('due', 'done')),
        taken bigint,
        uncollected bigint NOT NULL DEFAULT 0,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        done_at timestamptz
      );
      CREATE INDEX studio_sb_moves_bet ON studio_sb_moves (bet_id, id);
      CREATE INDEX studio_sb_moves_due ON studio_sb_moves (next_attempt_at) WHERE status = 'due';

      CREATE TABLE studio_sb_exposure (
        market_id bigint NOT NULL REFERENCES studio_sb_markets(id),
        selection text NOT NULL,
        stake bigint NOT NULL DEFAULT 0,
        payout bigint NOT NULL DEFAULT 0,
        bets integer NOT NULL DEFAULT 0,
        PRIMARY KEY (market_id, selection)
      );

      CREATE TABLE studio_sb_settings (
        id integer PRIMARY KEY CHECK (id = 1),
        settings jsonb NOT NULL
      );
      CREATE TABLE studio_sb_margins (
        scope text NOT NULL CHECK (scope IN ('sport', 'league')),
        key text NOT NULL,
        margin_ppm integer NOT NULL,
        PRIMARY KEY (scope, key)
      );
      CREATE TABLE studio_sb_players (
        player text PRIMARY KEY,
        factor_ppm integer NOT NULL
      );
      CREATE TABLE studio_sb_prefs (
        owner text PRIMARY KEY,
        odds_format text NOT NULL,
        odds_change text NOT NULL
      );
      CREATE TABLE studio_sb_sources (
        source text PRIMARY KEY,
        last_seq bigint NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      `,
    );
  },
};

// A sportsbook leg's owner is whose stakes count together against the player limits: the player in a
// mode (book/moves.ts stakerOf), no longer also the vendor code, so a member betting through two of
// the platform's house sportsbook vendors is held to one set of limits. Vendor codes hold no ':'.
const m0008: Migration = {
  async up(db) {
    await exec(db, `UPDATE studio_sb_legs SET owner = substr(owner, strpos(owner, ':') + 1)`);
  },
};

// A placed bet's acceptance in one round trip (docs/benchmarks.md "Bet placement in fewer round
// trips"): once the wallet took the stake, the bet counts unless recovery decided it already or a
// market of it closed. The events are locked first, in id order as every path that decides money on
// an event locks them, and the update that follows is a statement of its own: a volatile function
// takes a new snapshot for each statement, so it sees a result committed while it waited for the
// lock. Answers whether it took the bet.
const m0009: Migration = {
  async up(db) {
    await sql
      .raw(
        `CREATE FUNCTION studio_sb_accept(p_bet bigint, p_status text, p_events text[]) RETURNS boolean
         LANGUAGE plpgsql AS $$
         BEGIN
           PERFORM 1 FROM studio_sb_events WHERE id = ANY(p_events) ORDER BY id FOR UPDATE;
           UPDATE studio_sb_bets SET status = p_status
            WHERE id = p_bet AND status = 'betting'
              AND NOT EXISTS (SELECT 1 FROM studio_sb_legs l JOIN studio_sb_markets m ON m.id = l.market_id
                               WHERE l.bet_id = p_bet AND m.status IN ('closed', 'settled'));
           RETURN FOUND;
         END
         $$`,
      )
      .execute(db);
  },
};

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

// The stake factor a player's risk level maps to, pushed by the platform (docs/sportsbook.md "Risk
// level") beside the trader's own factor: a player may now have a row for either, so the trader's
// factor gets the full factor as its default. risk_version is the platform's version of the push
// the row holds; only a higher one replaces it.
const m0016: Migration = {
  async up(db) {
    await exec(
      db,
      `
      ALTER TABLE studio_sb_players ALTER COLUMN factor_ppm SET DEFAULT 1000000;
      ALTER TABLE studio_sb_players ADD COLUMN risk_level text;
      ALTER TABLE studio_sb_players ADD COLUMN risk_factor_ppm integer NOT NULL DEFAULT 1000000;
      ALTER TABLE studio_sb_players ADD COLUMN risk_version bigint NOT NULL DEFAULT 0
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

// A hand's client seed of each seat is what the player's page sent after the hand's server seed was
// committed (its hash shown): the value and the hash it was sent for, kept on the sitting.
const m0019: Migration = {
  async up(db) {
    await exec(db, `ALTER TABLE studio_pvp_seats ADD COLUMN entropy text, ADD COLUMN entropy_for text`);
  },
};

// What the sportsbook's feed sources could not bring in (docs/sportsbook.md "Rejected feed
// messages"): the newest rows, and per source how many there have been in all.
const m0020: Migration = {
  async up(db) {
    await exec(
      db,
      `
      CREATE TABLE studio_sb_feed_rejects (
        id bigserial PRIMARY KEY,
        source text NOT NULL,
        seq bigint,
        kind text NOT NULL CHECK (kind IN ('invalid', 'error')),
        reason text NOT NULL,
        at timestamptz NOT NULL
      );
      CREATE TABLE studio_sb_feed_reject_counts (
        source text PRIMARY KEY,
        invalid bigint NOT NULL DEFAULT 0,
        errors bigint NOT NULL DEFAULT 0,
        last_at timestamptz NOT NULL
      );
      `,
    );
  },
};

// The platform tells the studio of game sessions it ended (a revoked member session): the end is
// kept on the session, so every studio node refuses its token, and each node finds the ends it has
// not seen yet by time (sessions.ts "Ended sessions").
const m0021: Migration = {
  async up(db) {
    await exec(db, `ALTER TABLE studio_sessions ADD COLUMN ended_at timestamptz`);
    await exec(db, `CREATE INDEX studio_sessions_ended ON studio_sessions (ended_at) WHERE ended_at IS NOT NULL`);
  },
};

const migrations: Record<string, Migration> = {
  '0001-studio': m0001,
  '0002-studio-lottery': m0002,
  '0003-studio-crash': m0003,
  '0004-studio-tables': m0004,
  '0005-studio-leases': m0005,
  '0006-studio-round-indexes': m0006,
  '0007-studio-sportsbook': m0007,
  '0008-studio-sb-staker': m0008,
  '0009-studio-sb-accept': m0009,
  '0011-studio-pvp': m0011,
  '0012-studio-pvp-device': m0012,
  '0013-studio-pvp-waiting': m0013,
  '0014-studio-pvp-tongits': m0014,
  '0016-studio-sb-risk-factor': m0016,
  '0017-studio-table-valid-bet': m0017,
  '0019-studio-pvp-entropy': m0019,
  '0020-studio-sb-feed-rejects': m0020,
  '0021-studio-session-ends': m0021,
};

class ListedMigrations implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateStudio(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new ListedMigrations(),
    migrationTableName: 'studio_migrations',
    migrationLockTableName: 'studio_migrations_lock',
    // As the platform's: a migration numbered below one already applied (work merged in another
    // order) still runs, since each stands on its own.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Studio migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
}
