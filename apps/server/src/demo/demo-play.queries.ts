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

/** Whether the member holds or gave a contract of any kind, in any state. */
export async function hasAnyContract(db: Conn, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('contracts')
    .select('id')
    .where((eb) => eb.or([eb('holder_id', '=', memberId), eb('upline_id', '=', memberId)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
