import { type Kysely, sql } from 'kysely';
import { type Migration, Migrator } from 'kysely/migration';

// The studio's migrations, in their own bookkeeping tables (studio_migrations, studio_migrations_lock)
// so they never mix with the platform's when both share one PostgreSQL database. The kit's are here:
// the sessions and the seeds (with, from the studio's first schema, the casino's instant rounds), the
// leases, the sessions' ends. Each product keeps its tables' in its own <product>.migrations.ts, and
// the studio's root passes them all (plugin.ts studioMigrations). A name is the studio's, never
// reused by another part: the migrator applies, in name order, what a database has not had.

/** A part's migrations by name ('0007-studio-sportsbook'). */
export type StudioMigrations = Readonly<Record<string, Migration>>;

/** Runs `statements` one by one (each ends with a semicolon at a line's end). */
export async function exec(db: Kysely<unknown>, statements: string): Promise<void> {
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

// The platform tells the studio of game sessions it ended (a revoked member session): the end is
// kept on the session, so every studio node refuses its token, and each node finds the ends it has
// not seen yet by time (sessions.ts "Ended sessions").
const m0021: Migration = {
  async up(db) {
    await exec(db, `ALTER TABLE studio_sessions ADD COLUMN ended_at timestamptz`);
    await exec(db, `CREATE INDEX studio_sessions_ended ON studio_sessions (ended_at) WHERE ended_at IS NOT NULL`);
  },
};

/** The kit's migrations (sessions, seeds, leases). */
export const kitMigrations: StudioMigrations = {
  '0001-studio': m0001,
  '0005-studio-leases': m0005,
  '0021-studio-session-ends': m0021,
};

/** The kit's migrations and every product's, by name; a name two parts list is a mistake caught here. */
export function studioMigrationList(products: readonly StudioMigrations[]): Record<string, Migration> {
  const all: Record<string, Migration> = { ...kitMigrations };
  for (const part of products) {
    for (const [name, migration] of Object.entries(part)) {
      if (Object.hasOwn(all, name)) throw new Error(`Studio migration ${name} is listed by two parts`);
      all[name] = migration;
    }
  }
  return all;
}

/**
 * Applies the kit's and the products' migrations that the database has not had. As the platform's
 * (apps/server/src/db/migrate.ts), a database may be ahead of this code during a rolling upgrade:
 * one that ran every migration known here serves it whatever newer ones it ran (Kysely's migrator
 * would refuse it: "previously executed migration ... is missing"), and one that is ahead and
 * misses a known migration is refused.
 */
// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
export async function migrateStudio(db: Kysely<any>, products: readonly StudioMigrations[]): Promise<void> {
  const migrations = studioMigrationList(products);
  const look = async () => {
    const done = new Set(await executedStudioMigrations(db));
    return {
      pending: Object.keys(migrations).filter((name) => !done.has(name)),
      unknown: [...done].filter((name) => !Object.hasOwn(migrations, name)).sort(),
    };
  };
  const before = await look();
  if (before.pending.length === 0) return;
  if (before.unknown.length > 0) throw aheadAndBehind(before);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'studio_migrations',
    migrationLockTableName: 'studio_migrations_lock',
    // As the platform's: a migration numbered below one already applied (work merged in another
    // order) still runs, since each stands on its own.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    // A newer node may have migrated between the look above and the migrator's lock.
    const after = failed ? undefined : await look();
    if (after && after.unknown.length > 0) {
      if (after.pending.length === 0) return;
      throw aheadAndBehind(after);
    }
    throw new Error(`Studio migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the migrator works on any schema
async function executedStudioMigrations(db: Kysely<any>): Promise<string[]> {
  const table = await sql<{ found: string | null }>`SELECT to_regclass('studio_migrations')::text AS found`.execute(db);
  if (!table.rows[0]?.found) return [];
  const rows = await sql<{ name: string }>`SELECT name FROM studio_migrations`.execute(db);
  return rows.rows.map((r) => r.name);
}

function aheadAndBehind({ pending, unknown }: { pending: string[]; unknown: string[] }): Error {
  return new Error(
    `The studio's database ran migrations this version does not know (${unknown.join(', ')}) but not ` +
      `${pending.join(', ')}, which it does know: start the newest version first, so that it migrates`,
  );
}
