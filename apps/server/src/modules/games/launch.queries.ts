import type { Conn } from '../../db/database';

// Game launch: the game with everything that decides whether it may launch, and the
// per-launch game session the vendor presents on the wallet API.

function launchBase(db: Conn) {
  return db
    .selectFrom('games as g')
    .innerJoin('vendors as v', 'v.code', 'g.vendor_code')
    .leftJoin('vendor_game_types as t', (j) =>
      j.onRef('t.vendor_code', '=', 'g.vendor_code').onRef('t.game_type', '=', 'g.game_type'),
    )
    .leftJoin('vendor_integrations as i', 'i.vendor_code', 'g.vendor_code')
    .select([
      'g.node_id',
      'g.vendor_code',
      'g.game_type',
      'g.game_code',
      'g.name',
      'g.names',
      'g.sub_category',
      'g.is_hot',
      'g.status',
      'v.status as vendor_status',
      'v.name as vendor_name',
      'v.maintenance_until as vendor_maintenance_until',
      't.account_type_name',
      't.is_game',
      'i.launch_url',
      'i.enabled as integration_enabled',
      'i.protocol',
      'i.games_api',
      'i.operator_private_key',
    ]);
}

/** A game in any status (the service decides: hidden, maintenance, no integration). */
export function findLaunchGame(db: Conn, by: { nodeId: number } | { vendor: string; gameCode: string }) {
  const q = launchBase(db);
  return (
    'nodeId' in by
      ? q.where('g.node_id', '=', by.nodeId)
      : q.where('g.vendor_code', '=', by.vendor).where('g.game_code', '=', by.gameCode)
  ).executeTakeFirst();
}

export type LaunchGameRow = NonNullable<Awaited<ReturnType<typeof findLaunchGame>>>;

/** The vendor's lobby categories (isGame VASSALAGE), in menu order. */
export function listLobbyTypes(db: Conn, vendor: string) {
  return db
    .selectFrom('vendor_game_types as t')
    .innerJoin('vendors as v', 'v.code', 't.vendor_code')
    .select(['t.game_type', 't.is_game', 'v.status as vendor_status'])
    .where('t.vendor_code', '=', vendor)
    .orderBy('t.sort')
    .orderBy('t.game_type')
    .execute();
}

/**
 * The game a vendor lobby session is opened on: the vendor's lobby game of that type (its
 * sportsbook; in maintenance too, so the launch says so rather than opening another game), else its
 * first active game of that type.
 */
export function findLobbyGame(db: Conn, vendor: string, gameType: string) {
  return launchBase(db)
    .where('g.vendor_code', '=', vendor)
    .where('g.game_type', '=', gameType)
    .where((eb) =>
      eb.or([eb('g.status', '=', 'active'), eb.and([eb('g.lobby', '=', true), eb('g.status', '=', 'maintenance')])]),
    )
    .orderBy('g.lobby', 'desc')
    .orderBy('g.is_hot', 'desc')
    .orderBy('g.sort')
    .orderBy('g.node_id')
    .limit(1)
    .executeTakeFirst();
}

export async function insertGameSession(
  db: Conn,
  row: {
    tokenHash: string;
    memberId: number | null;
    trial: boolean;
    vendor: string;
    nodeId: number;
    gameCode: string;
    currency: string;
    language: string;
    createdAt: Date;
    expiresAt: Date;
    deviceHash: string | null;
    sessionId: number | null;
  },
): Promise<void> {
  await db
    .insertInto('game_sessions')
    .values({
      token_hash: row.tokenHash,
      member_id: row.memberId,
      trial: row.trial,
      vendor_code: row.vendor,
      node_id: row.nodeId,
      game_code: row.gameCode,
      currency: row.currency,
      language: row.language,
      created_at: row.createdAt,
      expires_at: row.expiresAt,
      device_hash: row.deviceHash,
      session_id: row.sessionId,
    })
    .execute();
}

/**
 * The ended game sessions the house studio has not been told of yet (migration 0121), the oldest
 * end first. Those whose end is older than `since` are no longer asked for: their token expired
 * by its own clock meanwhile.
 */
export function dueSessionEnds(db: Conn, since: Date, limit: number) {
  return db
    .selectFrom('game_sessions')
    .select(['id', 'token_hash'])
    .where('ended_at', 'is not', null)
    .where('end_sent_at', 'is', null)
    .where('ended_at', '>=', since)
    .orderBy('ended_at')
    .limit(limit)
    .execute();
}

/** Marks the ends as told. */
export async function markSessionEndsSent(db: Conn, ids: number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('game_sessions').set({ end_sent_at: now }).where('id', 'in', ids).execute();
}

/** Gives up the ends older than `since` (see dueSessionEnds), told or not: their tokens have expired. */
export async function giveUpSessionEnds(db: Conn, since: Date, now: Date): Promise<void> {
  await db
    .updateTable('game_sessions')
    .set({ end_sent_at: now })
    .where('ended_at', 'is not', null)
    .where('end_sent_at', 'is', null)
    .where('ended_at', '<', since)
    .execute();
}

/** A vendor's game session by its token's hash, live or not, locked when `forUpdate`. */
export function sessionByToken(db: Conn, vendor: string, tokenHash: string, forUpdate = false) {
  const query = db
    .selectFrom('game_sessions')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('vendor_code', '=', vendor);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** The session `id` ends now, replaced by `by` (its token swapped for the new one). */
export async function markSessionReplaced(db: Conn, id: number, by: number, now: Date): Promise<void> {
  await db.updateTable('game_sessions').set({ expires_at: now, replaced_by: by }).where('id', '=', id).execute();
}

export async function insertReplacingSession(
  db: Conn,
  old: { vendor_code: string; member_id: number | null; node_id: number; game_code: string; currency: string },
  fields: {
    tokenHash: string;
    trial: boolean;
    language: string;
    createdAt: Date;
    expiresAt: Date | string;
    deviceHash: string | null;
    sessionId: number | null;
  },
): Promise<number> {
  const row = await db
    .insertInto('game_sessions')
    .values({
      token_hash: fields.tokenHash,
      member_id: old.member_id,
      trial: fields.trial,
      vendor_code: old.vendor_code,
      node_id: old.node_id,
      game_code: old.game_code,
      currency: old.currency,
      language: fields.language,
      created_at: fields.createdAt,
      expires_at: fields.expiresAt,
      device_hash: fields.deviceHash,
      session_id: fields.sessionId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
