import { sql } from 'kysely';
import type { Conn } from '../../db/database';

/** The content language asked for, and the brand's default language. */
export type ContentLanguages = { language: string; fallback: string };

/**
 * A row shows in its own language; a row without a language shows in every language; a row in the
 * brand's default language also serves a language that has no rows of its own in the same list
 * (`sameList`: the columns that make a list, such as a banner group). So a translated list (the
 * demo's TY banners and notices) replaces the default-language rows instead of showing beside them,
 * and the languages nobody translated keep the default-language rows.
 */
function inLanguage(
  table: 'banners' | 'notices' | 'announcements',
  l: ContentLanguages,
  sameList: string[],
  now: Date,
) {
  const t = sql.table(table);
  const same = sameList.map((c) => sql` AND o.${sql.ref(c)} = ${t}.${sql.ref(c)}`);
  // Only translated rows that show now replace the default-language ones: a translation scheduled
  // for later does not empty the list until it starts.
  const live = sql` AND (o.starts_at IS NULL OR o.starts_at <= ${now}) AND (o.ends_at IS NULL OR o.ends_at > ${now})`;
  return sql<boolean>`(${t}.language IS NULL OR upper(${t}.language) = ${l.language} OR (upper(${t}.language) = ${l.fallback} AND NOT EXISTS (SELECT 1 FROM ${t} o WHERE o.active AND upper(o.language) = ${l.language}${live}${sql.join(same, sql``)})))`;
}

export function listResources(db: Conn) {
  return db
    .selectFrom('resources')
    .select(['id', 'resource_type', 'name', 'label_name_en', 'url'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Enabled help articles in the language; an article without a language shows in every language. */
/** Active articles of a language, by their category's place in the list (migration 0103), then their own. */
export function listHelpArticles(db: Conn, language: string) {
  return db
    .selectFrom('help_articles as a')
    .innerJoin('help_categories as c', 'c.name', 'a.category')
    .select(['a.id', 'a.category', 'a.title', 'a.content', 'a.sort'])
    .where('a.active', '=', true)
    .where((eb) => eb.or([eb('a.language', 'is', null), eb(eb.fn('upper', ['a.language']), '=', language)]))
    .orderBy('c.sort')
    .orderBy('c.id')
    .orderBy('a.sort')
    .orderBy('a.id')
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

/** Active banners of one group inside their schedule at `now` (a missing bound is open), by inLanguage. */
export function listBanners(db: Conn, groupName: string, language: ContentLanguages, now: Date) {
  return db
    .selectFrom('banners')
    .select(['id', 'group_name', 'title', 'image_url', 'linkage_type', 'link_url'])
    .where('group_name', '=', groupName)
    .where('active', '=', true)
    .where((eb) => eb.or([eb('starts_at', 'is', null), eb('starts_at', '<=', now)]))
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .where(inLanguage('banners', language, ['group_name'], now))
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** Enabled notices inside their schedule at `now` ([starts_at, ends_at)), in the language (inLanguage). */
function shownNotices(db: Conn, language: ContentLanguages, now: Date) {
  return db
    .selectFrom('notices')
    .where('active', '=', true)
    .where('starts_at', '<=', now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)]))
    .where(inLanguage('notices', language, [], now));
}

export async function countNotices(db: Conn, language: ContentLanguages, now: Date) {
  const row = await shownNotices(db, language, now)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listNotices(db: Conn, language: ContentLanguages, now: Date, offset: number, limit: number) {
  return shownNotices(db, language, now)
    .select(['id', 'title', 'content', 'created_at', 'starts_at'])
    .orderBy('sort')
    .orderBy('starts_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}

/** Announcements live at `now` for the given types, audiences and language (inLanguage, per type and audience). */
export function listLiveAnnouncements(
  db: Conn,
  filter: {
    types: string[];
    audiences: string[];
    language: ContentLanguages;
    execution: string | undefined;
    now: Date;
  },
) {
  let q = db
    .selectFrom('announcements')
    .select(['id', 'type', 'audience', 'title', 'content', 'promotion_type', 'execution'])
    .where('type', 'in', filter.types)
    .where('audience', 'in', filter.audiences)
    .where('active', '=', true)
    .where('starts_at', '<=', filter.now)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', filter.now)]))
    .where(inLanguage('announcements', filter.language, ['type', 'audience'], filter.now));
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
