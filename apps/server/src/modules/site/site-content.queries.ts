import { type SelectQueryBuilder, sql } from 'kysely';
import type { Conn } from '../../db/database';
import type { Database } from '../../db/schema';

// The content tables the player site reads (site.queries.ts), as the back office edits them.

export type ContentTable = 'banners' | 'announcements' | 'notices' | 'help_articles' | 'resources';
export type Page = { limit: number; offset: number };
export type Sorting = { column: string; order: 'asc' | 'desc' };

/** A LIKE pattern that matches `text` anywhere, with the pattern characters in it taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// biome-ignore lint/suspicious/noExplicitAny: shared by the grids of several tables
type AnyQuery = SelectQueryBuilder<Database, any, any>;

/** One page of a grid and the count of all rows matching, ordered by the column, then by id. */
async function paged<Q extends AnyQuery>(query: Q, sorting: Sorting, page: Page) {
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy(sql.ref(sorting.column), sorting.order)
      .orderBy('id', sorting.order)
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number((count as { n: string | number }).n) };
}

function languageIs(language: string) {
  // biome-ignore lint/suspicious/noExplicitAny: the language column of any content table
  return (eb: any) => eb(eb.fn('upper', ['language']), '=', language);
}

/** The filters every content grid has: language, on/off and a text search over `searched`. */
function commonFilters<Q extends AnyQuery>(
  query: Q,
  f: { language?: string; enabled?: boolean; q?: string },
  searched: readonly ('title' | 'content')[],
): Q {
  let q: AnyQuery = query;
  if (f.language) q = q.where(languageIs(f.language));
  if (f.enabled !== undefined) q = q.where('active', '=', f.enabled);
  const text = f.q;
  if (text) q = q.where((eb) => eb.or(searched.map((column) => eb(column, 'ilike', containing(text)))));
  return q as Q;
}

/** Rows before their start, between start and end, or after their end at `now` (ScheduleState). */
function inScheduleState<Q extends AnyQuery>(
  query: Q,
  state: 'scheduled' | 'live' | 'ended' | undefined,
  now: Date,
): Q {
  if (state === 'scheduled') return query.where('starts_at', '>', now) as Q;
  if (state === 'ended') return query.where('ends_at', '<=', now) as Q;
  if (state === 'live')
    return query
      .where('starts_at', '<=', now)
      .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', now)])) as Q;
  return query;
}

// ---- banners

export type BannerFilter = { groupName?: string; language?: string; enabled?: boolean; q?: string };

export function pageBanners(db: Conn, f: BannerFilter, sorting: Sorting, page: Page) {
  let q = db.selectFrom('banners');
  if (f.groupName) q = q.where('group_name', '=', f.groupName);
  return paged(commonFilters(q, f, ['title']), sorting, page);
}

export type BannerValues = {
  group_name: string;
  title: string;
  image_url: string;
  linkage_type: string | null;
  link_url: string | null;
  language: string | null;
  sort: number;
  active: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
};

export function findBanner(db: Conn, id: number) {
  return db.selectFrom('banners').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertBanner(db: Conn, values: BannerValues) {
  return db.insertInto('banners').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateBanner(db: Conn, id: number, values: Partial<BannerValues>) {
  return db.updateTable('banners').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

// ---- announcements

export type AnnouncementFilter = {
  type?: string;
  audience?: string;
  schedule?: 'scheduled' | 'live' | 'ended';
  language?: string;
  enabled?: boolean;
  q?: string;
};

export function pageAnnouncements(db: Conn, f: AnnouncementFilter, sorting: Sorting, page: Page, now: Date) {
  let q = db.selectFrom('announcements');
  if (f.type) q = q.where('type', '=', f.type);
  if (f.audience) q = q.where('audience', '=', f.audience);
  return paged(inScheduleState(commonFilters(q, f, ['title', 'content']), f.schedule, now), sorting, page);
}

export type AnnouncementValues = {
  type: string;
  audience: string;
  title: string;
  content: string;
  promotion_type: string | null;
  execution: string;
  language: string | null;
  sort: number;
  active: boolean;
  starts_at: Date;
  ends_at: Date | null;
};

export function findAnnouncement(db: Conn, id: number) {
  return db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertAnnouncement(db: Conn, values: AnnouncementValues) {
  return db.insertInto('announcements').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateAnnouncement(db: Conn, id: number, values: Partial<AnnouncementValues>) {
  return db.updateTable('announcements').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

// ---- notices

export type NoticeFilter = {
  schedule?: 'scheduled' | 'live' | 'ended';
  language?: string;
  enabled?: boolean;
  q?: string;
};

export function pageNotices(db: Conn, f: NoticeFilter, sorting: Sorting, page: Page, now: Date) {
  const q = db.selectFrom('notices');
  return paged(inScheduleState(commonFilters(q, f, ['title', 'content']), f.schedule, now), sorting, page);
}

export type NoticeValues = {
  title: string;
  content: string;
  language: string | null;
  sort: number;
  active: boolean;
  starts_at: Date;
  ends_at: Date | null;
};

export function findNotice(db: Conn, id: number) {
  return db.selectFrom('notices').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertNotice(db: Conn, values: NoticeValues) {
  return db.insertInto('notices').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateNotice(db: Conn, id: number, values: Partial<NoticeValues>) {
  return db.updateTable('notices').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

// ---- help articles

export type HelpFilter = { category?: string; language?: string; enabled?: boolean; q?: string };

export function pageHelpArticles(db: Conn, f: HelpFilter, sorting: Sorting, page: Page) {
  let q = db.selectFrom('help_articles');
  if (f.category) q = q.where('category', '=', f.category);
  return paged(commonFilters(q, f, ['title', 'content']), sorting, page);
}

export type HelpValues = {
  category: string;
  title: string;
  content: string;
  language: string | null;
  sort: number;
  active: boolean;
};

export function findHelpArticle(db: Conn, id: number) {
  return db.selectFrom('help_articles').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertHelpArticle(db: Conn, values: HelpValues) {
  return db.insertInto('help_articles').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateHelpArticle(db: Conn, id: number, values: Partial<HelpValues>) {
  return db.updateTable('help_articles').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

// ---- help categories (migration 0103): the list, each with how many articles use it

export function listHelpCategories(db: Conn) {
  return db
    .selectFrom('help_categories as c')
    .leftJoin('help_articles as a', 'a.category', 'c.name')
    .select(['c.id', 'c.name', 'c.sort', (eb) => eb.fn.count<string | number>('a.id').as('articles')])
    .groupBy(['c.id', 'c.name', 'c.sort'])
    .orderBy('c.sort')
    .orderBy('c.id')
    .execute();
}

export function findHelpCategory(db: Conn, id: number) {
  return db.selectFrom('help_categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export function helpCategoryExists(db: Conn, name: string) {
  return db
    .selectFrom('help_categories')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirst()
    .then((r) => r !== undefined);
}

/** A new category goes last. */
export function insertHelpCategory(db: Conn, name: string) {
  return db
    .insertInto('help_categories')
    .values((eb) => ({
      name,
      sort: eb.selectFrom('help_categories').select(sql<number>`coalesce(max(sort) + 1, 0)::int`.as('next')),
    }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Renames a category; its articles follow (ON UPDATE CASCADE). */
export function renameHelpCategory(db: Conn, id: number, name: string) {
  return db.updateTable('help_categories').set({ name }).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function orderHelpCategories(db: Conn, ids: number[]) {
  for (const [sort, id] of ids.entries())
    await db.updateTable('help_categories').set({ sort }).where('id', '=', id).execute();
}

export async function helpCategoryIds(db: Conn): Promise<number[]> {
  return (await db.selectFrom('help_categories').select('id').execute()).map((r) => Number(r.id));
}

/** Moves every article of one category into another; returns how many moved. */
export async function moveHelpArticles(db: Conn, from: string, to: string): Promise<number> {
  const r = await db.updateTable('help_articles').set({ category: to }).where('category', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export function deleteHelpCategory(db: Conn, id: number) {
  return db.deleteFrom('help_categories').where('id', '=', id).executeTakeFirst();
}

// ---- resources

export type ResourceValues = { resource_type: string; name: string; label_name_en: string; url: string; sort: number };

export function listResources(db: Conn) {
  return db.selectFrom('resources').selectAll().orderBy('sort').orderBy('id').execute();
}

export function findResource(db: Conn, id: number) {
  return db.selectFrom('resources').selectAll().where('id', '=', id).executeTakeFirst();
}

export function insertResource(db: Conn, values: ResourceValues) {
  return db.insertInto('resources').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateResource(db: Conn, id: number, values: ResourceValues) {
  return db.updateTable('resources').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

// ---- any content table

export async function deleteContent(db: Conn, table: ContentTable, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom(table as 'banners')
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Gives the listed ids sort 0, 1, 2... in that order; the number of rows changed. */
export async function reorder(db: Conn, table: ContentTable, ids: number[]) {
  let updated = 0;
  for (const [sort, id] of ids.entries()) {
    const result = await db
      .updateTable(table as 'banners')
      .set({ sort })
      .where('id', '=', id)
      .executeTakeFirst();
    updated += Number(result.numUpdatedRows);
  }
  return updated;
}

export async function countExisting(db: Conn, table: ContentTable, ids: number[]): Promise<number> {
  const row = await db
    .selectFrom(table as 'banners')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- uploaded images

export function insertContentImage(
  db: Conn,
  image: { contentType: 'image/png' | 'image/jpeg' | 'image/webp'; data: Buffer; sha256: string; uploadedBy: number },
) {
  return db
    .insertInto('content_images')
    .values({
      purpose: 'banner',
      content_type: image.contentType,
      size: image.data.length,
      sha256: image.sha256,
      data: image.data,
      uploaded_by: image.uploadedBy,
    })
    .returning(['id', 'content_type', 'size'])
    .executeTakeFirstOrThrow();
}

export function findContentImage(db: Conn, id: number) {
  return db
    .selectFrom('content_images')
    .select(['id', 'content_type', 'data', 'sha256'])
    .where('id', '=', id)
    .executeTakeFirst();
}

// ---- registration field rules

export function findFieldRule(db: Conn, field: string) {
  return db.selectFrom('register_field_rules').selectAll().where('field', '=', field).executeTakeFirst();
}

export function upsertFieldRule(
  db: Conn,
  row: {
    field: string;
    enabled: boolean;
    required: boolean;
    min_length: number;
    max_length: number;
    pattern_id: number | null;
    accepted_pattern: string;
    sort: number;
  },
) {
  return db
    .insertInto('register_field_rules')
    .values(row)
    .onConflict((oc) =>
      oc.column('field').doUpdateSet({
        enabled: row.enabled,
        required: row.required,
        min_length: row.min_length,
        max_length: row.max_length,
        pattern_id: row.pattern_id,
        accepted_pattern: row.accepted_pattern,
        sort: row.sort,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}
