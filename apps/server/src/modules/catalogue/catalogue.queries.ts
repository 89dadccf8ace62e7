import { sql } from 'kysely';
import type { Conn } from '../../db/database';

/**
 * Listed vendors (active or in maintenance, never hidden) per game category with the number of
 * their listed games (not hidden) and of those that launch now (the menu call), in the operators'
 * menu order (game_menu_categories, then vendor_game_types.sort); categories and vendors switched
 * off in the menu are left out. A category with no menu row yet comes last.
 */
export function listMenuRows(db: Conn) {
  return db
    .selectFrom('vendor_game_types as t')
    .innerJoin('vendors as v', 'v.code', 't.vendor_code')
    .leftJoin('game_menu_categories as c', 'c.game_type', 't.game_type')
    .select((eb) => [
      't.game_type',
      't.vendor_code',
      'v.name',
      't.account_type_name',
      't.is_game',
      'v.status as vendor_status',
      eb
        .selectFrom('games as g')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('g.vendor_code', '=', 't.vendor_code')
        .whereRef('g.game_type', '=', 't.game_type')
        .where('g.status', '<>', 'hidden')
        .as('game_count'),
      eb
        .selectFrom('games as g')
        .select((c) => c.fn.countAll<number>().as('n'))
        .whereRef('g.vendor_code', '=', 't.vendor_code')
        .whereRef('g.game_type', '=', 't.game_type')
        .where('g.status', '=', 'active')
        .as('active_count'),
    ])
    .where('v.status', '<>', 'hidden')
    .where('t.enabled', '=', true)
    .where((eb) => eb.or([eb('c.enabled', '=', true), eb('c.game_type', 'is', null)]))
    .orderBy(sql`coalesce(c.sort, 2147483647)`)
    .orderBy('t.game_type')
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
