// An agent team at scale for the agent-centre benches: on PostgreSQL, one top agent
// (type 1) over `members` members on `levels` levels (a share of each level but the last, a tenth
// by default, are sub-agents, type 2, each with its share of the next level), and `rounds` closed rounds of those
// members spread over the last `days` days, plus approved deposits and withdrawals. Everything is
// generated in SQL (generate_series) on one connection with triggers and foreign keys off
// (session_replication_role = replica), so agent_tree is filled here, level by level, exactly as
// its triggers would (migration 0026); secondary indexes are dropped for the load and built after,
// then the tables are vacuumed and analysed.
import { sql } from 'kysely';
import type { Db } from '../apps/server/src/db/database';
import { dropSecondaryIndexes } from './support/database';

export type AgentTeamSize = {
  /** Members under the top agent, all levels (default 100,000). */
  members?: number;
  /** Levels under the top agent (default 10). */
  levels?: number;
  /** Closed rounds of the team (default 5,000,000). */
  rounds?: number;
  /** The rounds, deposits, withdrawals and registrations spread over this many days back (default 60). */
  days?: number;
  /** Usernames are `<prefix><n>`, n from 0 (default 'team'); another team in the same database needs another. */
  prefix?: string;
  /** Sub-agents per level but the last, as a share of the level (default 0.1). */
  agentShare?: number;
  /** Log progress to the console (default true). */
  log?: boolean;
};

const BATCH = 1_000_000;

/** The members of each level (1..levels): equal shares, the remainder on the last level. */
export function levelSizes(members: number, levels: number): number[] {
  const base = Math.floor(members / levels);
  return Array.from({ length: levels }, (_, i) => (i === levels - 1 ? members - base * (levels - 1) : base));
}

/** Sub-agents of a level: its share (a tenth by default; at least one), none on the last level. */
export function agentsOfLevel(size: number, level: number, levels: number, share = 0.1): number {
  return level === levels ? 0 : Math.max(1, Math.floor(size * share));
}

/** Builds the team; returns the top agent's member id. */
export async function generateAgentTeam(db: Db, size: AgentTeamSize = {}): Promise<number> {
  const members = size.members ?? 100_000;
  const levels = size.levels ?? 10;
  const rounds = size.rounds ?? 5_000_000;
  const days = size.days ?? 60;
  const prefix = size.prefix ?? 'team';
  const agentShare = size.agentShare ?? 0.1;
  const log = size.log === false ? () => {} : (s: string) => console.log(s);
  if (members < levels || levels < 1) throw new Error('members must be at least levels, levels at least 1');
  if (!(agentShare > 0 && agentShare <= 1)) throw new Error('agentShare must be above 0 and at most 1');
  return db.connection().execute(async (conn) => {
    await sql`SET session_replication_role = replica`.execute(conn);
    try {
      return await load(conn, { members, levels, rounds, days, prefix, agentShare, log });
    } finally {
      await sql`SET session_replication_role = origin`.execute(conn);
    }
  });
}

async function load(
  db: Db,
  o: {
    members: number;
    levels: number;
    rounds: number;
    days: number;
    prefix: string;
    agentShare: number;
    log: (s: string) => void;
  },
): Promise<number> {
  const t = performance.now();
  const secs = () => ((performance.now() - t) / 1000).toFixed(1);
  const base = await sql<{ id: string }>`SELECT coalesce(max(id), 0)::bigint AS id FROM members`.execute(db);
  const top = Number(base.rows[0]?.id ?? 0) + 1;
  const defs = await dropSecondaryIndexes(db, ['members', 'vendor_rounds', 'deposit_orders', 'withdrawal_orders']);

  await sql`
    INSERT INTO members (id, username, password_hash, referral_code, password_changed_at, permissions, type, created_at,
      updated_at)
    VALUES (${top}, ${`${o.prefix}top`}, 'x', ${`T${top}`}, now(), '[]', 1, now() - ${o.days} * interval '1 day', now())`.execute(
    db,
  );
  await sql`INSERT INTO agent_tree (ancestor_id, member_id, depth) VALUES (${top}, ${top}, 0)`.execute(db);

  const sizes = levelSizes(o.members, o.levels);
  let first = top + 1;
  let name = 0;
  let parentFirst = top;
  let parents = 1;
  for (let level = 1; level <= o.levels; level++) {
    const n = sizes[level - 1] ?? 0;
    const agents = agentsOfLevel(n, level, o.levels, o.agentShare);
    const last = first + n - 1;
    // The first `agents` of the level are sub-agents; member j hangs under parent j mod parents.
    await sql`
      INSERT INTO members (id, username, password_hash, referral_code, password_changed_at, permissions, type, upline_id,
        last_login_at, created_at, updated_at)
      SELECT ${first}::bigint + j, ${o.prefix} || (${name}::bigint + j), 'x', 'T' || (${first}::bigint + j), now(), '[]',
        CASE WHEN j < ${agents} THEN 2 ELSE 0 END, ${parentFirst}::bigint + j % ${parents},
        CASE WHEN j % 3 = 0 THEN NULL ELSE now() - random() * interval '5 days' END,
        now() - random() * ${o.days} * interval '1 day', now()
      FROM generate_series(0::bigint, ${n - 1}::bigint) j`.execute(db);
    await sql`
      INSERT INTO agent_tree (ancestor_id, member_id, depth)
      SELECT id, id, 0 FROM members WHERE id BETWEEN ${first} AND ${last}
      UNION ALL
      SELECT a.ancestor_id, m.id, a.depth + 1
      FROM members m JOIN agent_tree a ON a.member_id = m.upline_id
      WHERE m.id BETWEEN ${first} AND ${last}`.execute(db);
    parentFirst = first;
    parents = agents;
    first = last + 1;
    name += n;
  }
  await sql`SELECT setval(pg_get_serial_sequence('members', 'id'), (SELECT max(id) FROM members))`.execute(db);
  o.log(`team: ${o.members} members on ${o.levels} levels under agent ${top} in ${secs()} s`);

  await sql`DROP TABLE IF EXISTS bench_agent_games`.execute(db);
  await sql`CREATE TEMP TABLE bench_agent_games AS
    SELECT row_number() OVER (ORDER BY node_id) - 1 AS i, node_id, vendor_code, game_code, game_type FROM games
    WHERE status = 'active'`.execute(db);
  const games = Number(
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM bench_agent_games`.execute(db)).rows[0]?.n ?? 0,
  );
  if (games === 0) throw new Error('the catalogue has no active games');
  const roundKey = `${o.prefix}${top}-`;
  for (let from = 0; from < o.rounds; from += BATCH) {
    const to = Math.min(o.rounds, from + BATCH);
    // Rounds of random team members (the top agent does not play); RTP about 95%.
    await sql`
      INSERT INTO vendor_rounds (vendor_code, round_id, member_id, node_id, game_code, game_type, currency,
        bet_amount, win_amount, status, created_at, closed_at)
      SELECT bg.vendor_code, ${roundKey} || r.g, ${top + 1}::bigint + (r.g * 7919) % ${o.members}, bg.node_id, bg.game_code,
        bg.game_type, 'PHP', r.bet, CASE WHEN random() < 0.4 THEN round(r.bet * random() * 4.75) ELSE 0 END, 'closed',
        r.at - interval '1 minute', r.at
      FROM (
        SELECT g, (100 + (g * 31) % 9900)::bigint AS bet, now() - random() * ${o.days} * interval '1 day' AS at,
          (g * 104729) % ${games} AS gi
        FROM generate_series(${from}::bigint, ${to - 1}::bigint) g
      ) r JOIN bench_agent_games bg ON bg.i = r.gi`.execute(db);
    o.log(`  rounds ${to} (${secs()} s)`);
  }

  // A tenth of the members deposit (some twice), a twentieth withdraw.
  const depositors = Math.max(1, Math.floor(o.members / 10));
  await sql`
    INSERT INTO deposit_orders (reference, member_id, request_id, method_code, method_kind, amount, currency, status,
      first_deposit, decided_at, created_at)
    SELECT ${`${roundKey}D`} || g, ${top + 1}::bigint + (g % ${depositors}) * 10, 'b' || g, 'BANK_TRANSFER',
      'bank_transfer', 10000 + (g % 50) * 1000, 'PHP', 'approved', g < ${depositors}, x.at, x.at - interval '5 minutes'
    FROM generate_series(0::bigint, ${Math.floor(depositors * 1.5) - 1}::bigint) g,
      LATERAL (SELECT now() - random() * ${o.days} * interval '1 day' + g * interval '0 second' AS at) x`.execute(db);
  await sql`
    INSERT INTO withdrawal_orders (reference, member_id, request_id, bank_account_id, amount, currency, status, hold_id,
      approved_at, created_at)
    SELECT ${`${roundKey}W`} || g, ${top + 1}::bigint + (g % ${depositors}) * 10, 'b' || g, 1, 5000 + (g % 20) * 1000,
      'PHP', 'paid', g, x.at, x.at - interval '5 minutes'
    FROM generate_series(0::bigint, ${Math.floor(depositors / 2) - 1}::bigint) g,
      LATERAL (SELECT now() - random() * ${o.days} * interval '1 day' + g * interval '0 second' AS at) x`.execute(db);
  o.log(`rounds, deposits and withdrawals in ${secs()} s`);

  for (const def of defs) await sql.raw(def).execute(db);
  // VACUUM as autovacuum would after a bulk insert: the visibility map lets the covering indexes of
  // the agent centre's reads (migration 0031) answer from the index alone.
  await sql`VACUUM ANALYZE`.execute(db);
  o.log(`indexes rebuilt, vacuumed and analysed; whole load ${secs()} s`);
  return top;
}
