import type { Conn } from '../../db/database';

export function listResources(db: Conn) {
  return db
    .selectFrom('resources')
    .select(['id', 'resource_type', 'name', 'label_name_en', 'url'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Enabled help articles in the language; an article without a language shows in every language. */
export function listHelpArticles(db: Conn, language: string) {
  return db
    .selectFrom('help_articles')
    .select(['id', 'category', 'title', 'content', 'sort'])
    .where('active', '=', true)
    .where((eb) => eb.or([eb('language', 'is', null), eb(eb.fn('upper', ['language']), '=', language)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function listCountries(db: Conn) {
  return db
    .selectFrom('countries')
    .select(['country_code', 'country_dialing_code', 'name', 'mobile_digits'])
    .orderBy('sort')
    .orderBy('country_code')
    .execute();
}

/**
 * Active banners of one group inside their schedule at `now` (a missing bound is open); a banner
 * without a language shows in every language.
 */
export function listBanners(db: Conn, groupName: string, language: string, now: Date) {
  return db
    .selectFrom('banners')
    .select(['id', 'group_name', 'title', 'image_url', 'linkage_type', 'link_url'])
    .where('group_name', '=', groupName)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .where((eb) => eb.or([eb('language', 'is', null), eb(eb.fn('upper', ['language']), '=', language)]))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Enabled notices in the language; a notice without a language shows in every language. */
function shownNotices(db: Conn, language: string) {
  return db
    .selectFrom('notices')
    .where('active', '=', true)
    .where((eb) => eb.or([eb('language', 'is', null), eb(eb.fn('upper', ['language']), '=', language)]));
}

export async function countNotices(db: Conn, language: string) {
  const row = await shownNotices(db, language)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listNotices(db: Conn, language: string, offset: number, limit: number) {
  return shownNotices(db, language)
    .select(['id', 'title', 'content', 'created_at'])
    .orderBy('sort')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Announcements live at `now` for the given types, audiences and language. */
export function listLiveAnnouncements(
  db: Conn,
  filter: { types: string[]; audiences: string[]; language: string; execution: string | undefined; now: Date },
) {
  let q = db
    .selectFrom('announcements')
    .select(['id', 'type', 'audience', 'title', 'content', 'promotion_type', 'execution'])
    .where('type', 'in', filter.types)
    .where('audience', 'in', filter.audiences)
    .where('active', '=', true)
    .where('starts_at', '<=', filter.now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', filter.now)]))
    .where((eb) => eb.or([eb('language', 'is', null), eb(eb.fn('upper', ['language']), '=', filter.language)]));
  if (filter.execution !== undefined) q = q.where('execution', '=', filter.execution);
  return q.orderBy('sort').orderBy('starts_at', 'desc').orderBy('id', 'desc').execute();
}

/**
 * The member's first login and when the asking session began: the announcement audience F
 * (spec §4, first-time users) belongs to the session during which the first login was recorded.
 */
export function findFirstLoginOfSession(db: Conn, memberId: number, sessionId: number) {
  return db
    .selectFrom('members')
    .innerJoin('sessions', 'sessions.member_id', 'members.id')
    .select(['members.first_login_at', 'sessions.created_at as session_created_at'])
    .where('members.id', '=', memberId)
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}
