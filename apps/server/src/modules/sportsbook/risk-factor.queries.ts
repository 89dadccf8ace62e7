import { type Selectable, sql } from 'kysely';
import type { Conn } from '../../db/database';
import type { SportsbookRiskPushesTable } from './sportsbook.tables';

export type DuePush = { member_id: number; version: number; level: string; factors: unknown };

/**
 * Pushes due now, oldest first, each with the member's level and the brand's mapping as they are
 * in one snapshot with the version: a version and the level or mapping that made it are committed
 * together (migration 0110), so the factor sent with a version is the one of that version or later.
 */
export async function duePushes(db: Conn, now: Date, limit: number): Promise<DuePush[]> {
  const { rows } = await sql<DuePush>`
    SELECT p.member_id, p.version, coalesce(r.level, 'normal') AS level,
           (SELECT b.value FROM brand_settings b WHERE b.key = 'sportsbookRiskFactors') AS factors
      FROM sportsbook_risk_pushes p
      LEFT JOIN member_risk_levels r ON r.member_id = p.member_id
     WHERE p.version > p.delivered_version AND p.next_attempt_at <= ${now}
     ORDER BY p.next_attempt_at, p.member_id
     LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, member_id: Number(r.member_id), version: Number(r.version) }));
}

/** The sportsbook answered for these versions: a row whose version moved on meanwhile stays due. */
export async function markDelivered(db: Conn, sent: { memberId: number; version: number }[], now: Date) {
  if (sent.length === 0) return;
  await sql`
    UPDATE sportsbook_risk_pushes p
       SET delivered_version = greatest(p.delivered_version, s.version), delivered_at = ${now},
           attempts = CASE WHEN p.version = s.version THEN 0 ELSE p.attempts END,
           last_error = CASE WHEN p.version = s.version THEN NULL ELSE p.last_error END
      FROM unnest(${sent.map((s) => s.memberId)}::bigint[], ${sent.map((s) => s.version)}::bigint[]) AS s(member_id, version)
     WHERE p.member_id = s.member_id`.execute(db);
}

/**
 * The send failed: the rows still at the versions sent wait before the next try, 5 s doubling with
 * each failure up to 10 minutes; a row changed meanwhile was made due at once by its trigger and
 * keeps that.
 */
export async function markFailed(db: Conn, sent: { memberId: number; version: number }[], error: string, now: Date) {
  if (sent.length === 0) return;
  await sql`
    UPDATE sportsbook_risk_pushes p
       SET attempts = p.attempts + 1, last_error = ${error},
           next_attempt_at = ${now}::timestamptz + make_interval(secs => least(600, 5 * power(2, p.attempts)))
      FROM unnest(${sent.map((s) => s.memberId)}::bigint[], ${sent.map((s) => s.version)}::bigint[]) AS s(member_id, version)
     WHERE p.member_id = s.member_id AND p.version = s.version`.execute(db);
}

export type WaitingPush = {
  member_id: number;
  username: string;
  level: string;
  version: number;
  delivered_version: number;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | string;
  delivered_at: Date | string | null;
};

/** The pushes the book has not confirmed, the next due first (the console's list), and how many in all. */
export async function waitingPushes(db: Conn, limit: number): Promise<{ list: WaitingPush[]; waiting: number }> {
  const { rows } = await sql<WaitingPush>`
    SELECT p.member_id, m.username, coalesce(r.level, 'normal') AS level, p.version, p.delivered_version,
           p.attempts, p.last_error, p.next_attempt_at, p.delivered_at
      FROM sportsbook_risk_pushes p
      JOIN members m ON m.id = p.member_id
      LEFT JOIN member_risk_levels r ON r.member_id = p.member_id
     WHERE p.version > p.delivered_version
     ORDER BY p.next_attempt_at, p.member_id
     LIMIT ${limit}`.execute(db);
  const count = await sql<{ n: string | number }>`
    SELECT count(*) AS n FROM sportsbook_risk_pushes WHERE version > delivered_version`.execute(db);
  return {
    list: rows.map((r) => ({
      ...r,
      member_id: Number(r.member_id),
      version: Number(r.version),
      delivered_version: Number(r.delivered_version),
    })),
    waiting: Number(count.rows[0]?.n ?? 0),
  };
}

/** Every waiting push due now (an operator's "try again now" after the book's outage); answers how many. */
export async function makeWaitingDue(db: Conn, now: Date): Promise<number> {
  const done = await db
    .updateTable('sportsbook_risk_pushes')
    .set({ next_attempt_at: now })
    .whereRef('version', '>', 'delivered_version')
    .where('next_attempt_at', '>', now)
    .executeTakeFirst();
  return Number(done.numUpdatedRows);
}

/** A member's push as it stands (the console's player list, tests). */
export function pushOf(db: Conn, memberId: number): Promise<Selectable<SportsbookRiskPushesTable> | undefined> {
  return db.selectFrom('sportsbook_risk_pushes').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}
