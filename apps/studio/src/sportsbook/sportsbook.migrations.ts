import { sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { exec, type StudioMigrations } from '../kit/db/migrations';

// The sportsbook' migrations (kit/db/migrations.ts applies them with the kit's and the other
// products', by name).

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

// Auto cash-out: the value at which the book cashes out the whole open stake for the player; the
// loop reads only open bets that have one.
const m0022: Migration = {
  async up(db) {
    await exec(
      db,
      `
      ALTER TABLE studio_sb_bets ADD COLUMN auto_cashout bigint CHECK (auto_cashout > 0);
      CREATE INDEX studio_sb_bets_auto_cashout ON studio_sb_bets (id) WHERE status = 'open' AND auto_cashout IS NOT NULL;
      `,
    );
  },
};

/** The sportsbook's tables: leagues, events, markets, bets, legs, moves, exposure and the traders' settings. */
export const sportsbookMigrations: StudioMigrations = {
  '0007-studio-sportsbook': m0007,
  '0008-studio-sb-staker': m0008,
  '0009-studio-sb-accept': m0009,
  '0016-studio-sb-risk-factor': m0016,
  '0020-studio-sb-feed-rejects': m0020,
  '0022-studio-sb-auto-cashout': m0022,
};
