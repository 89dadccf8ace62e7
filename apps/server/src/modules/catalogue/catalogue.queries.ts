import type { Conn } from '../../db/database';

/** Active vendors per game category with the number of their active games (the menu call). */
export function listMenuRows(db: Conn) {
  return db
    .selectFrom('vendor_game_types as t')
    .innerJoin('vendors as v', 'v.code', 't.vendor_code')
    .select((eb) => [
      't.game_type',
      't.vendor_code',
      'v.name',
      't.account_type_name',
      't.is_game',
      eb
        .selectFrom('games as g')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('g.vendor_code', '=', 't.vendor_code')
        .whereRef('g.game_type', '=', 't.game_type')
        .where('g.status', '=', 'active')
        .as('game_count'),
    ])
    .where('v.status', '=', 'active')
    .orderBy('t.sort')
    .orderBy('v.sort')
    .orderBy('v.code')
    .execute();
}

export function findGameForArt(db: Conn, nodeId: number) {
  return db
    .selectFrom('games')
    .select(['node_id', 'vendor_code', 'game_type', 'name', 'sub_category', 'art_seed'])
    .where('node_id', '=', nodeId)
    .executeTakeFirst();
}

export function findVendorForArt(db: Conn, code: string) {
  return db.selectFrom('vendors').select(['code', 'name']).where('code', '=', code).executeTakeFirst();
}

/** The banner whose image is this generated artwork (its title is drawn on it). */
export function findBannerByImageUrl(db: Conn, imageUrl: string) {
  return db
    .selectFrom('banners')
    .select(['title'])
    .where('image_url', '=', imageUrl)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}
