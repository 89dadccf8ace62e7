import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import type {} from './member-devices.tables';

/** Inserts the member's device, or moves its last seen time and IP (registration, login). */
export async function upsertMemberDevice(
  trx: Conn,
  row: { memberId: number; deviceHash: string; ip: string; now: Date },
): Promise<void> {
  await trx
    .insertInto('member_devices')
    .values({
      member_id: row.memberId,
      device_hash: row.deviceHash,
      first_seen_at: row.now,
      last_seen_at: row.now,
      ip: row.ip,
    })
    .onConflict((oc) => oc.columns(['member_id', 'device_hash']).doUpdateSet({ last_seen_at: row.now, ip: row.ip }))
    .execute();
}

export type MemberDeviceRow = {
  device_hash: string;
  first_seen_at: Date;
  last_seen_at: Date;
  ip: string | null;
  shared_with: number;
  others: { id: number; username: string }[];
};

/**
 * The member's devices, last seen first, each with how many other members recorded it and the first
 * `othersLimit` of them (most recently seen on the device first).
 */
export async function memberDeviceRows(db: Conn, memberId: number, othersLimit: number): Promise<MemberDeviceRow[]> {
  const rows = await db
    .selectFrom('member_devices as d')
    .select([
      'd.device_hash',
      'd.first_seen_at',
      'd.last_seen_at',
      'd.ip',
      (eb) =>
        eb
          .selectFrom('member_devices as o')
          .select(sql<string>`count(*)`.as('n'))
          .whereRef('o.device_hash', '=', 'd.device_hash')
          .whereRef('o.member_id', '<>', 'd.member_id')
          .as('shared_with'),
      (eb) =>
        eb
          .selectFrom((sub) =>
            sub
              .selectFrom('member_devices as o')
              .innerJoin('members as m', 'm.id', 'o.member_id')
              .select(['m.id', 'm.username', 'o.last_seen_at'])
              .whereRef('o.device_hash', '=', 'd.device_hash')
              .whereRef('o.member_id', '<>', 'd.member_id')
              .orderBy('o.last_seen_at', 'desc')
              .orderBy('m.id')
              .limit(othersLimit)
              .as('x'),
          )
          .select(
            sql<
              { id: number; username: string }[]
            >`coalesce(json_agg(json_build_object('id', x.id, 'username', x.username) ORDER BY x.last_seen_at DESC, x.id), '[]'::json)`.as(
              'others',
            ),
          )
          .as('others'),
    ])
    .where('d.member_id', '=', memberId)
    .orderBy('d.last_seen_at', 'desc')
    .orderBy('d.device_hash')
    .execute();
  return rows.map((r) => ({
    device_hash: r.device_hash,
    first_seen_at: r.first_seen_at,
    last_seen_at: r.last_seen_at,
    ip: r.ip,
    shared_with: Number(r.shared_with ?? 0),
    others: (r.others ?? []).map((o) => ({ id: Number(o.id), username: o.username })),
  }));
}
