import { sql } from 'kysely';
import type { Conn, Trx } from '../../db/database';
import type { StoredPrize } from './tickets.tables';

export function allKinds(db: Conn) {
  return db.selectFrom('ticket_kinds').selectAll().orderBy('id').execute();
}

export function kindById(db: Conn, id: number) {
  return db.selectFrom('ticket_kinds').selectAll().where('id', '=', id).executeTakeFirst();
}

export function kindIdsExisting(db: Conn, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([] as { id: number }[]);
  return db.selectFrom('ticket_kinds').select('id').where('id', 'in', ids).execute();
}

export function depositKinds(db: Conn, amount: number) {
  return db
    .selectFrom('ticket_kinds')
    .select(['id'])
    .where('enabled', '=', true)
    .where('deposit_min', 'is not', null)
    .where('deposit_min', '<=', amount)
    .orderBy('id')
    .execute();
}

export function insertKind(
  db: Conn,
  k: {
    kind: 'red_envelope' | 'prize_wheel' | 'golden_egg';
    name: string;
    enabled: boolean;
    deposit_min: number | null;
    prizes: StoredPrize[];
  },
) {
  return db
    .insertInto('ticket_kinds')
    .values({ ...k, prizes: JSON.stringify(k.prizes) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateKind(
  db: Conn,
  id: number,
  k: {
    kind: 'red_envelope' | 'prize_wheel' | 'golden_egg';
    name: string;
    enabled: boolean;
    deposit_min: number | null;
    prizes: StoredPrize[];
  },
  now: Date,
) {
  return db
    .updateTable('ticket_kinds')
    .set({ ...k, prizes: JSON.stringify(k.prizes), updated_at: now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export function ticketBySource(trx: Trx, memberId: number, kindId: number, source: string) {
  return trx
    .selectFrom('tickets')
    .select('id')
    .where('member_id', '=', memberId)
    .where('kind_id', '=', kindId)
    .where('source', '=', source)
    .executeTakeFirst();
}

/** One ticket per (member, kind, source): the id of the new one, or undefined when it existed. */
export async function insertTicket(
  trx: Trx,
  t: { member_id: number; kind_id: number; source: string; created_at: Date },
) {
  const row = await trx
    .insertInto('tickets')
    .values(t)
    .onConflict((oc) => oc.columns(['member_id', 'kind_id', 'source']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Marks the member's unopened ticket opened; undefined when it is not theirs or already opened. */
export function markOpened(trx: Trx, memberId: number, ticketId: number, now: Date) {
  return trx
    .updateTable('tickets')
    .set({ state: 'opened', opened_at: now })
    .where('id', '=', ticketId)
    .where('member_id', '=', memberId)
    .where('state', '=', 'unopened')
    .returningAll()
    .executeTakeFirst();
}

export function ticketOf(db: Conn, memberId: number, ticketId: number) {
  return db
    .selectFrom('tickets')
    .select(['id', 'state'])
    .where('id', '=', ticketId)
    .where('member_id', '=', memberId)
    .executeTakeFirst();
}

export async function ensureSeed(
  trx: Trx,
  memberId: number,
  fresh: { server_seed: string; seed_hash: string; client_seed: string },
) {
  await trx
    .insertInto('ticket_seeds')
    .values({ member_id: memberId, ...fresh })
    .onConflict((oc) => oc.column('member_id').where('revealed_at', 'is', null).doNothing())
    .execute();
}

export function lockActiveSeed(trx: Trx, memberId: number) {
  return trx
    .selectFrom('ticket_seeds')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('revealed_at', 'is', null)
    .forUpdate()
    .executeTakeFirstOrThrow();
}

export function activeSeed(db: Conn, memberId: number) {
  return db
    .selectFrom('ticket_seeds')
    .select(['seed_hash', 'client_seed', 'next_nonce'])
    .where('member_id', '=', memberId)
    .where('revealed_at', 'is', null)
    .executeTakeFirst();
}

export function advanceNonce(trx: Trx, seedId: number) {
  return trx
    .updateTable('ticket_seeds')
    .set((eb) => ({ next_nonce: eb('next_nonce', '+', 1) }))
    .where('id', '=', seedId)
    .execute();
}

export function revealSeed(trx: Trx, seedId: number, now: Date) {
  return trx.updateTable('ticket_seeds').set({ revealed_at: now }).where('id', '=', seedId).execute();
}

/** Puts a fresh secret in place of a seed that drew nothing (rotateSeed: it is never revealed). */
export function replaceUnusedSeed(
  trx: Trx,
  seedId: number,
  fresh: { server_seed: string; seed_hash: string; client_seed: string },
) {
  return trx.updateTable('ticket_seeds').set(fresh).where('id', '=', seedId).execute();
}

export function insertDraw(
  trx: Trx,
  d: {
    ticket_id: number;
    member_id: number;
    seed_id: number;
    nonce: number;
    roll: number;
    weights: number[];
    prize_index: number;
    prize: StoredPrize;
    currency: string;
    posting_id: number | null;
    created_at: Date;
  },
) {
  return trx
    .insertInto('ticket_draws')
    .values({ ...d, weights: JSON.stringify(d.weights), prize: JSON.stringify(d.prize) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function drawOf(db: Conn, memberId: number, drawId: number) {
  return db
    .selectFrom('ticket_draws as d')
    .innerJoin('ticket_seeds as s', 's.id', 'd.seed_id')
    .selectAll('d')
    .select(['s.seed_hash', 's.server_seed', 's.client_seed', 's.revealed_at'])
    .where('d.id', '=', drawId)
    .where('d.member_id', '=', memberId)
    .executeTakeFirst();
}

export async function memberTickets(
  db: Conn,
  memberId: number,
  q: { state?: 'unopened' | 'opened'; offset: number; limit: number },
) {
  let base = db.selectFrom('tickets as t').where('t.member_id', '=', memberId);
  if (q.state) base = base.where('t.state', '=', q.state);
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin('ticket_kinds as k', 'k.id', 't.kind_id')
    .leftJoin('ticket_draws as d', 'd.ticket_id', 't.id')
    .select([
      't.id',
      't.state',
      't.source',
      't.created_at',
      't.opened_at',
      'k.kind',
      'k.name',
      'd.id as draw_id',
      'd.prize',
    ])
    .orderBy('t.state', 'desc')
    .orderBy('t.id', 'desc')
    .offset(q.offset)
    .limit(q.limit)
    .execute();
  return { rows, total: Number(total.n) };
}

export async function unopenedCount(db: Conn, memberId: number) {
  const r = await db
    .selectFrom('tickets')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .where('state', '=', 'unopened')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Per brand day (zone tz) and kind: tickets issued, opened, and the prizes paid (cash, bonus minor units; points). */
export async function report(db: Conn, from: Date, to: Date, tz: string) {
  const issued = await sql<{ day: string; kind_id: number; n: string }>`
    SELECT to_char(created_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day, kind_id, count(*) AS n
    FROM tickets WHERE created_at >= ${from} AND created_at < ${to} GROUP BY 1, 2`.execute(db);
  const opened = await sql<{ day: string; kind_id: number; n: string; cash: string; bonus: string; points: string }>`
    SELECT to_char(d.created_at AT TIME ZONE ${tz}, 'YYYY-MM-DD') AS day, t.kind_id, count(*) AS n,
      coalesce(sum(CASE WHEN d.prize->>'type' = 'cash' THEN (d.prize->>'amount')::bigint END), 0) AS cash,
      coalesce(sum(CASE WHEN d.prize->>'type' = 'bonus' THEN (d.prize->>'amount')::bigint END), 0) AS bonus,
      coalesce(sum(CASE WHEN d.prize->>'type' = 'points' THEN (d.prize->>'points')::bigint END), 0) AS points
    FROM ticket_draws d JOIN tickets t ON t.id = d.ticket_id
    WHERE d.created_at >= ${from} AND d.created_at < ${to} GROUP BY 1, 2`.execute(db);
  return { issued: issued.rows, opened: opened.rows };
}
