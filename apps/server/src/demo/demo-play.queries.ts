import type { Conn } from '../db/database';

/** The ids of these usernames (lower-case) and whether any of them has played a round yet. */
export async function findDemoPlayers(db: Conn, usernames: readonly string[]) {
  const rows = await db
    .selectFrom('members as m')
    .select(['m.id', 'm.username', 'm.type'])
    .select((eb) =>
      eb.exists(eb.selectFrom('vendor_rounds as r').select('r.id').whereRef('r.member_id', '=', 'm.id')).as('played'),
    )
    .where('m.username', 'in', [...usernames])
    .orderBy('m.id')
    .execute();
  return rows.map((r) => ({ id: Number(r.id), username: r.username, type: r.type, played: Boolean(r.played) }));
}
