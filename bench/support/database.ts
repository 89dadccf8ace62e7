// Database set-up shared by the benches: a throwaway database on a PostgreSQL server, and funded
// member wallets to post between.
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { AppContext } from '../../apps/server/src/context';
import type { Db } from '../../apps/server/src/db/database';
import { issueSession } from '../../apps/server/src/modules/accounts/sessions.service';
import { post } from '../../apps/server/src/modules/ledger/ledger.service';
import { createMember } from '../../apps/server/src/test/factories';

/**
 * Creates a database of a random name on the server of `adminUrl`; its URL, and `drop` that
 * removes it again (with FORCE: pools the bench did not close must not keep it alive).
 */
export async function createBenchDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `gh_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await c.end();
    }
  };
  return { url: url.toString(), drop };
}

/**
 * The bench's database: a throwaway one on the server of DATABASE_URL when that is set (`drop`
 * removes it), else none, and the platform runs on its own PGlite in memory.
 */
export async function benchDatabaseFromEnv(): Promise<{ url: string | undefined; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  return adminUrl ? createBenchDatabase(adminUrl) : { url: undefined, drop: async () => {} };
}

/** A new member signed in to the player site from loopback: their session token. */
export async function signedInMember(ctx: AppContext): Promise<string> {
  const member = await createMember(ctx);
  return issueSession(ctx, ctx.db, { memberId: member.id, area: 'member', ip: '127.0.0.1', userAgent: null });
}

/** `count` new members (names carry `tag`), each funded by a deposit posting of 100,000,000 (ledger units) in PHP. */
export async function fundedMembers(db: Db, count: number, tag: string): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 250) {
    const rows = await db
      .insertInto('members')
      .values(
        Array.from({ length: Math.min(250, count - i) }, (_, j) => ({
          username: `bench${tag}${i + j}`,
          password_hash: 'x',
          referral_code: `B${tag}${i + j}`,
          password_changed_at: new Date(),
          permissions: '[]',
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  for (const id of ids)
    await db.transaction().execute((trx) =>
      post(trx, {
        idempotencyKey: `bench-fund-${tag}-${id}`,
        type: 'deposit',
        reference: 'bench',
        entries: [
          { account: { house: 'deposits-in-transit', currency: 'PHP' }, amount: -100_000_000 },
          { account: { member: id, currency: 'PHP' }, amount: 100_000_000 },
        ],
      }),
    );
  return ids;
}

/** A catalogue game with what a game session at it names: its vendor, code, node and the vendor's currency. */
export type SessionGame = { vendor_code: string; game_code: string; node_id: number; currency: string };

/** The catalogue's first game (by node) of any vendor with an integration. */
export function firstVendorGame(db: Db): Promise<SessionGame> {
  return db
    .selectFrom('games')
    .innerJoin('vendor_integrations as i', 'i.vendor_code', 'games.vendor_code')
    .select(['games.vendor_code', 'games.game_code', 'games.node_id', 'i.currency'])
    .orderBy('games.node_id')
    .executeTakeFirstOrThrow();
}

/** A live game session of `memberId` at `game` for `validMs`, as a launch opens one (a vendor's wallet calls need it); its token. */
export async function openGameSession(db: Db, memberId: number, game: SessionGame, validMs: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .insertInto('game_sessions')
    .values({
      token_hash: createHash('sha256').update(token).digest('hex'),
      member_id: memberId,
      vendor_code: game.vendor_code,
      node_id: game.node_id,
      game_code: game.game_code,
      currency: game.currency,
      expires_at: new Date(Date.now() + validMs),
    })
    .execute();
  return token;
}

/**
 * Drops the secondary indexes of `tables` (not those behind constraints) before a bulk load; returns
 * their definitions, to build them again after the load.
 */
export async function dropSecondaryIndexes(db: Db, tables: string[]): Promise<string[]> {
  const r = await sql<{ name: string; def: string }>`
    SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
    WHERE i.schemaname = 'public' AND i.tablename IN (${sql.join(tables)})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`.execute(db);
  for (const row of r.rows) await sql.raw(`DROP INDEX ${row.name}`).execute(db);
  return r.rows.map((row) => row.def);
}
