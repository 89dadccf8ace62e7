import { createHash } from 'node:crypto';
import {
  type AdminAnnouncementBody,
  type AdminAnnouncementQuery,
  type AdminBannerBody,
  type AdminBannerQuery,
  type AdminHelpBody,
  type AdminHelpQuery,
  type AdminNoticeBody,
  type AdminNoticeQuery,
  type AdminRegisterFieldRuleBody,
  type AdminResourceBody,
  CONTENT_IMAGE_MAX_BYTES,
} from '@gamehall/shared/api/admin-content';
import type { AppContext } from '../../context';
import type { Conn } from '../../db/database';
import type { Principal } from '../../http/auth';
import { AppError, fieldErrors } from '../../http/errors';
import { reencodeImage } from '../../http/image-upload';
import { pageWindow } from '../../http/paging';
import { fieldRules } from '../accounts/registration.service';
import { getBrand } from '../brand/brand.service';
import type { ContentTable } from './site-content.queries';
import * as q from './site-content.queries';

// The back office's content and site editing. Every write is one statement or one
// transaction on the tables the player site reads, so the next site call sees it; nothing there is
// cached (the site reads these tables per call). The routes run each write through operatorAction
// with the row before and after, for the audit log.

export type Kind = 'banner' | 'announcement' | 'notice' | 'help' | 'resource';
const TABLES: Record<Kind, ContentTable> = {
  banner: 'banners',
  announcement: 'announcements',
  notice: 'notices',
  help: 'help_articles',
  resource: 'resources',
};

// Grid sort keys (shared schemas) -> columns.
const COLUMNS: Record<string, string> = {
  sort: 'sort',
  id: 'id',
  title: 'title',
  groupName: 'group_name',
  startsAt: 'starts_at',
  createdAt: 'created_at',
  type: 'type',
  audience: 'audience',
  category: 'category',
};

function pageOf(query: { pageNo: number; pageSize: number; sort: string; order: 'asc' | 'desc' }) {
  return {
    sorting: { column: COLUMNS[query.sort] ?? 'id', order: query.order },
    page: pageWindow(query),
  };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/** Runs a write; a unique key already taken (a title twice in one group) is CONTENT_DUPLICATE. */
async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONTENT_DUPLICATE');
    throw error;
  }
}

/** A content language must be one the brand offers (brand setting supportedLanguages). */
async function checkLanguage(ctx: AppContext, language: string | null) {
  if (language === null) return;
  const brand = await getBrand(ctx.db);
  if (!brand.supportedLanguages.map((l) => l.toUpperCase()).includes(language))
    throw fieldErrors({ language: 'NOT_ALLOWED' });
}

function orNotFound<T>(row: T | undefined): T {
  if (!row) throw new AppError('CONTENT_NOT_FOUND');
  return row;
}

/**
 * The schedule a notice or announcement is saved with. No start: from now on a new item, the start
 * it had on an update. A start sent that differs from the one the item had may not be in the past
 * (startsAt IN_PAST): moving a start back by mistake would show an item earlier than announced, or
 * list it as live for a time it never showed; keeping a past start unchanged is always fine. An end
 * must come after the start (endsAt BEFORE_START); an end already past is allowed, it ends the item.
 */
function scheduleOf(
  now: Date,
  body: { startsAt: string | null; endsAt: string | null },
  before: { starts_at: Date | string } | null,
): { starts_at: Date; ends_at: Date | null } {
  const had = before ? new Date(before.starts_at) : null;
  const startsAt = body.startsAt === null ? (had ?? now) : new Date(body.startsAt);
  const moved = had === null || startsAt.getTime() !== had.getTime();
  if (body.startsAt !== null && moved && startsAt.getTime() < now.getTime()) throw fieldErrors({ startsAt: 'IN_PAST' });
  const endsAt = body.endsAt === null ? null : new Date(body.endsAt);
  if (endsAt && endsAt.getTime() <= startsAt.getTime()) throw fieldErrors({ endsAt: 'BEFORE_START' });
  return { starts_at: startsAt, ends_at: endsAt };
}

// ---- banners

export async function listBanners(ctx: AppContext, query: AdminBannerQuery) {
  const { sorting, page } = pageOf(query);
  return q.pageBanners(ctx.db, query, sorting, page);
}

const UPLOADED = /^\/media\/content\/(\d{1,15})\.(png|jpg|webp)$/;

async function bannerValues(ctx: AppContext, body: AdminBannerBody): Promise<q.BannerValues> {
  await checkLanguage(ctx, body.language);
  const uploaded = UPLOADED.exec(body.imageUrl);
  if (uploaded && !(await q.findContentImage(ctx.db, Number(uploaded[1])))) throw fieldErrors({ imageUrl: 'INVALID' });
  return {
    group_name: body.groupName,
    title: body.title,
    image_url: body.imageUrl,
    linkage_type: body.linkageType,
    link_url: body.linkUrl,
    language: body.language,
    sort: body.sort,
    active: body.enabled,
    starts_at: body.startsAt === null ? null : new Date(body.startsAt),
    ends_at: body.endsAt === null ? null : new Date(body.endsAt),
  };
}

export async function createBanner(ctx: AppContext, body: AdminBannerBody) {
  const values = await bannerValues(ctx, body);
  return { before: null, after: await unique(() => q.insertBanner(ctx.db, values)) };
}

export async function updateBanner(ctx: AppContext, id: number, body: AdminBannerBody) {
  const values = await bannerValues(ctx, body);
  const before = orNotFound(await q.findBanner(ctx.db, id));
  const after = orNotFound(await unique(() => q.updateBanner(ctx.db, id, values)));
  return { before, after };
}

export async function setBannerEnabled(ctx: AppContext, id: number, enabled: boolean) {
  const before = orNotFound(await q.findBanner(ctx.db, id));
  return { before, after: orNotFound(await q.updateBanner(ctx.db, id, { active: enabled })) };
}

// ---- announcements

export async function listAnnouncements(ctx: AppContext, query: AdminAnnouncementQuery) {
  const { sorting, page } = pageOf(query);
  return q.pageAnnouncements(ctx.db, query, sorting, page, ctx.now());
}

async function announcementValues(
  ctx: AppContext,
  body: AdminAnnouncementBody,
  before: { starts_at: Date | string } | null,
): Promise<q.AnnouncementValues> {
  await checkLanguage(ctx, body.language);
  return {
    type: body.type,
    audience: body.audience,
    title: body.title,
    content: body.content,
    promotion_type: body.promotionType,
    execution: body.execution,
    language: body.language,
    sort: body.sort,
    active: body.enabled,
    ...scheduleOf(ctx.now(), body, before),
  };
}

export async function createAnnouncement(ctx: AppContext, body: AdminAnnouncementBody) {
  const values = await announcementValues(ctx, body, null);
  return { before: null, after: await unique(() => q.insertAnnouncement(ctx.db, values)) };
}

export async function updateAnnouncement(ctx: AppContext, id: number, body: AdminAnnouncementBody) {
  const before = orNotFound(await q.findAnnouncement(ctx.db, id));
  const values = await announcementValues(ctx, body, before);
  const after = orNotFound(await unique(() => q.updateAnnouncement(ctx.db, id, values)));
  return { before, after };
}

export async function setAnnouncementEnabled(ctx: AppContext, id: number, enabled: boolean) {
  const before = orNotFound(await q.findAnnouncement(ctx.db, id));
  return { before, after: orNotFound(await q.updateAnnouncement(ctx.db, id, { active: enabled })) };
}

// ---- notices

export async function listNotices(ctx: AppContext, query: AdminNoticeQuery) {
  const { sorting, page } = pageOf(query);
  return q.pageNotices(ctx.db, query, sorting, page, ctx.now());
}

async function noticeValues(
  ctx: AppContext,
  body: AdminNoticeBody,
  before: { starts_at: Date | string } | null,
): Promise<q.NoticeValues> {
  await checkLanguage(ctx, body.language);
  return {
    title: body.title,
    content: body.content,
    language: body.language,
    sort: body.sort,
    active: body.enabled,
    ...scheduleOf(ctx.now(), body, before),
  };
}

export async function createNotice(ctx: AppContext, body: AdminNoticeBody) {
  const values = await noticeValues(ctx, body, null);
  return { before: null, after: await unique(() => q.insertNotice(ctx.db, values)) };
}

export async function updateNotice(ctx: AppContext, id: number, body: AdminNoticeBody) {
  const before = orNotFound(await q.findNotice(ctx.db, id));
  const values = await noticeValues(ctx, body, before);
  return { before, after: orNotFound(await unique(() => q.updateNotice(ctx.db, id, values))) };
}

export async function setNoticeEnabled(ctx: AppContext, id: number, enabled: boolean) {
  const before = orNotFound(await q.findNotice(ctx.db, id));
  return { before, after: orNotFound(await q.updateNotice(ctx.db, id, { active: enabled })) };
}

// ---- help centre

export async function listHelpArticles(ctx: AppContext, query: AdminHelpQuery) {
  const { sorting, page } = pageOf(query);
  return q.pageHelpArticles(ctx.db, query, sorting, page);
}

async function helpValues(ctx: AppContext, body: AdminHelpBody): Promise<q.HelpValues> {
  await checkLanguage(ctx, body.language);
  // An article sits in one of the help centre's categories (the list below), named exactly.
  if (!(await q.helpCategoryExists(ctx.db, body.category))) throw fieldErrors({ category: 'INVALID' });
  return {
    category: body.category,
    title: body.title,
    content: body.content,
    language: body.language,
    sort: body.sort,
    active: body.enabled,
  };
}

export async function createHelpArticle(ctx: AppContext, body: AdminHelpBody) {
  const values = await helpValues(ctx, body);
  return { before: null, after: await unique(() => q.insertHelpArticle(ctx.db, values)) };
}

export async function updateHelpArticle(ctx: AppContext, id: number, body: AdminHelpBody) {
  const values = await helpValues(ctx, body);
  const before = orNotFound(await q.findHelpArticle(ctx.db, id));
  return { before, after: orNotFound(await unique(() => q.updateHelpArticle(ctx.db, id, values))) };
}

export async function setHelpArticleEnabled(ctx: AppContext, id: number, enabled: boolean) {
  const before = orNotFound(await q.findHelpArticle(ctx.db, id));
  return { before, after: orNotFound(await q.updateHelpArticle(ctx.db, id, { active: enabled })) };
}

// ---- help categories: the help centre's list of categories, in the order it shows them

export async function listHelpCategories(ctx: AppContext) {
  return (await q.listHelpCategories(ctx.db)).map((r) => ({ ...r, id: Number(r.id), articles: Number(r.articles) }));
}

export async function createHelpCategory(ctx: AppContext, name: string) {
  return { before: null, after: await unique(() => q.insertHelpCategory(ctx.db, name)) };
}

/** A new name for a category; its articles follow it. */
export async function renameHelpCategory(ctx: AppContext, id: number, name: string) {
  return ctx.db.transaction().execute(async (trx) => {
    const before = orNotFound(await q.findHelpCategory(trx, id));
    return { before, after: orNotFound(await unique(() => q.renameHelpCategory(trx, id, name))) };
  });
}

/** The whole list in its new order: every category exactly once, else nothing changes (`ids` INVALID). */
export async function orderHelpCategories(ctx: AppContext, ids: number[]) {
  return ctx.db.transaction().execute(async (trx) => {
    const all = await q.helpCategoryIds(trx);
    if (new Set(ids).size !== ids.length || ids.length !== all.length || !ids.every((id) => all.includes(id)))
      throw fieldErrors({ ids: 'INVALID' });
    await q.orderHelpCategories(trx, ids);
    return { ids };
  });
}

/**
 * Removes a category. One that articles still use needs `moveTo`, another category they move into
 * first (field `moveTo` REQUIRED without it, INVALID for itself or an unknown one); an article whose
 * title the target already has refuses the whole removal (CONTENT_DUPLICATE), and nothing changes.
 */
export async function deleteHelpCategory(ctx: AppContext, id: number, moveTo: number | undefined) {
  return ctx.db.transaction().execute(async (trx) => {
    const before = orNotFound(await q.findHelpCategory(trx, id));
    const used = (await q.listHelpCategories(trx)).find((c) => Number(c.id) === id);
    let moved = 0;
    if (Number(used?.articles ?? 0) > 0) {
      if (moveTo === undefined) throw fieldErrors({ moveTo: 'REQUIRED' });
      const target = moveTo === id ? undefined : await q.findHelpCategory(trx, moveTo);
      if (!target) throw fieldErrors({ moveTo: 'INVALID' });
      moved = await unique(() => q.moveHelpArticles(trx, before.name, target.name));
    }
    await q.deleteHelpCategory(trx, id);
    return { before, after: null, moved };
  });
}

// ---- resources (site.write)

export function listResources(ctx: AppContext) {
  return q.listResources(ctx.db);
}

function resourceValues(body: AdminResourceBody): q.ResourceValues {
  return {
    resource_type: body.resourceType,
    name: body.name,
    label_name_en: body.labelNameEn,
    url: body.url,
    sort: body.sort,
  };
}

export async function createResource(ctx: AppContext, body: AdminResourceBody) {
  return { before: null, after: await unique(() => q.insertResource(ctx.db, resourceValues(body))) };
}

export async function updateResource(ctx: AppContext, id: number, body: AdminResourceBody) {
  const before = orNotFound(await q.findResource(ctx.db, id));
  return { before, after: orNotFound(await unique(() => q.updateResource(ctx.db, id, resourceValues(body)))) };
}

// ---- any of them

const FINDERS: Record<Kind, (db: Conn, id: number) => Promise<unknown>> = {
  banner: q.findBanner,
  announcement: q.findAnnouncement,
  notice: q.findNotice,
  help: q.findHelpArticle,
  resource: q.findResource,
};

/** Deletes one item; the row it was goes to the audit log. */
export async function deleteContent(ctx: AppContext, kind: Kind, id: number) {
  return ctx.db.transaction().execute(async (trx) => {
    const before = orNotFound(await FINDERS[kind](trx, id));
    await q.deleteContent(trx, TABLES[kind], id);
    return { before, after: null };
  });
}

/**
 * Puts the listed items first, in that order (sort 0, 1, 2...). Every id must exist, else nothing
 * changes (field `ids` INVALID).
 */
export async function reorderContent(ctx: AppContext, kind: Kind, ids: number[]) {
  if (new Set(ids).size !== ids.length) throw fieldErrors({ ids: 'INVALID' });
  return ctx.db.transaction().execute(async (trx) => {
    if ((await q.countExisting(trx, TABLES[kind], ids)) !== ids.length) throw fieldErrors({ ids: 'INVALID' });
    return { ids, updated: await q.reorder(trx, TABLES[kind], ids) };
  });
}

// ---- uploaded images

export type UploadedImage = { mimetype: string; data: Buffer };

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);

// As the cashier's proofs: the declared type and the bytes must agree, so a renamed file is refused.
function imageType(image: UploadedImage): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  const d = image.data;
  if (image.mimetype === 'image/png' && d.subarray(0, PNG.length).equals(PNG)) return 'image/png';
  if ((image.mimetype === 'image/jpeg' || image.mimetype === 'image/jpg') && d.subarray(0, 3).equals(JPEG))
    return 'image/jpeg';
  if (
    image.mimetype === 'image/webp' &&
    d.length >= 12 &&
    d.toString('latin1', 0, 4) === 'RIFF' &&
    d.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/**
 * A banner image (png, jpeg or webp, at most CONTENT_IMAGE_MAX_BYTES). The bytes are kept in the
 * database (content_images), so every node serves them (GET /media/content/<id>.<ext>).
 */
export async function uploadImage(ctx: AppContext, operator: Principal, files: UploadedImage[]) {
  if (files.length !== 1) throw fieldErrors({ image: files.length === 0 ? 'REQUIRED' : 'TOO_LONG' });
  const [image] = files as [UploadedImage];
  if (image.data.length > CONTENT_IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
  const contentType = imageType(image);
  if (!contentType) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  // Only the pixels are kept (http/image-upload.ts): the site serves an image, never what rode with it.
  const data = await reencodeImage(image.data, contentType, 'UNSUPPORTED_MEDIA_TYPE');
  const sha256 = createHash('sha256').update(data).digest('hex');
  return q.insertContentImage(ctx.db, { contentType, data, sha256, uploadedBy: operator.memberId });
}

const IMAGE_FILE = /^(\d{1,15})\.(png|jpg|webp)$/;
const EXTENSION_OF = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;

/** The bytes of /media/content/<id>.<ext>; the extension must be the image's own. */
export async function contentImage(ctx: AppContext, file: string) {
  const match = IMAGE_FILE.exec(file);
  if (!match) throw new AppError('NOT_FOUND');
  const row = await q.findContentImage(ctx.db, Number(match[1]));
  if (!row || EXTENSION_OF[row.content_type] !== match[2]) throw new AppError('NOT_FOUND');
  return { contentType: row.content_type, data: Buffer.from(row.data), etag: `"${row.sha256.slice(0, 32)}"` };
}

// ---- registration field rules (site.write)

export function listFieldRules(ctx: AppContext) {
  return fieldRules(ctx);
}

export async function changeFieldRule(ctx: AppContext, field: string, body: AdminRegisterFieldRuleBody) {
  const before = await q.findFieldRule(ctx.db, field);
  const after = await q.upsertFieldRule(ctx.db, {
    field,
    enabled: body.enabled,
    required: body.required,
    min_length: body.minLength,
    max_length: body.maxLength,
    pattern_id: body.patternId,
    accepted_pattern: body.acceptedPattern,
    sort: body.sort ?? before?.sort ?? 0,
  });
  return { before: before ?? null, after };
}
