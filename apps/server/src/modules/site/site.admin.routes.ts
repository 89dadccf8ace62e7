import {
  AdminAnnouncement,
  AdminAnnouncementBody,
  AdminAnnouncementList,
  AdminAnnouncementQuery,
  AdminBanner,
  AdminBannerBody,
  AdminBannerList,
  AdminBannerQuery,
  AdminContentImage,
  AdminHelpArticle,
  AdminHelpBody,
  AdminHelpCategory,
  AdminHelpCategoryBody,
  AdminHelpCategoryDeleted,
  AdminHelpCategoryDeleteQuery,
  AdminHelpCategoryList,
  AdminHelpCategoryOrder,
  AdminHelpList,
  AdminHelpQuery,
  AdminNotice,
  AdminNoticeBody,
  AdminNoticeList,
  AdminNoticeQuery,
  AdminRegisterFieldRule,
  AdminRegisterFieldRuleBody,
  AdminRegisterFieldRuleList,
  AdminResource,
  AdminResourceBody,
  AdminResourceList,
  EnabledBody,
  IdParams,
  OrderBody,
  OrderValue,
  RegisterFieldParams,
} from '@gamehall/shared/api/admin-content';
import { envelope, OkValue } from '@gamehall/shared/api/common';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { AppError, fieldErrors } from '../../http/errors';
import { presentGrid } from '../../http/paging';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import {
  presentAdminAnnouncement,
  presentAdminBanner,
  presentAdminFieldRule,
  presentAdminHelpArticle,
  presentAdminNotice,
  presentAdminResource,
  presentContentImage,
} from './site.presenter';
import * as content from './site-content.service';

const tags = ['admin-content'];
const CONTENT = 'admin:content.write' as const;
const SITE = 'admin:site.write' as const;

type Change<R> = { before: R | null; after: R | null };

/**
 * The routes every content kind has: the grid, create, replace, enable/disable, delete and order,
 * each write audited with the item before and after.
 */
function contentRoutes<Q extends z.ZodType, B extends z.ZodType, R>(
  app: ReturnType<App['withTypeProvider']>,
  ctx: AppContext,
  spec: {
    kind: content.Kind;
    path: string;
    name: string;
    query: Q;
    list: z.ZodType;
    body: B;
    item: z.ZodType;
    page: (query: z.infer<Q>) => Promise<{ rows: R[]; total: number }>;
    create: (body: z.infer<B>) => Promise<Change<R>>;
    update: (id: number, body: z.infer<B>) => Promise<Change<R>>;
    setEnabled: (id: number, enabled: boolean) => Promise<Change<R>>;
    present: (row: R) => unknown;
  },
) {
  const { kind, path, name } = spec;
  const present = (row: R | null) => (row === null ? null : spec.present(row));
  const describe = (c: Change<R>) => ({ kind, before: present(c.before), after: present(c.after) });
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    path,
    {
      schema: {
        tags,
        summary: `${name}: paged grid (sort, order, filters)`,
        querystring: spec.query,
        response: { 200: envelope(spec.list) },
      },
      config: { auth: CONTENT },
    },
    async (req) => {
      const query = req.query as z.infer<Q> & { pageNo: number; pageSize: number };
      return ok(presentGrid(await spec.page(query), query, spec.present));
    },
  );

  typed.post(
    path,
    {
      schema: { tags, summary: `Create ${name}`, body: spec.body, response: { 200: envelope(spec.item) } },
      config: { auth: CONTENT },
    },
    async (req) => {
      const c = await operatorAction(
        ctx,
        requestMetaOf(req),
        'content.create',
        kind,
        () => spec.create(req.body as z.infer<B>),
        describe,
      );
      return ok(present(c.after));
    },
  );

  typed.put(
    `${path}/order`,
    {
      schema: {
        tags,
        summary: `Order ${name}: the ids listed get sort 0, 1, 2... (all must exist, else nothing changes)`,
        body: OrderBody,
        response: { 200: envelope(OrderValue) },
      },
      config: { auth: CONTENT },
    },
    async (req) => {
      const c = await operatorAction(
        ctx,
        requestMetaOf(req),
        'content.order',
        kind,
        () => content.reorderContent(ctx, kind, req.body.ids),
        (r) => ({ kind, after: r.ids }),
      );
      return ok({ updated: c.updated });
    },
  );

  typed.put(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: `Replace ${name}`,
        params: IdParams,
        body: spec.body,
        response: { 200: envelope(spec.item) },
      },
      config: { auth: CONTENT },
    },
    async (req) => {
      const c = await operatorAction(
        ctx,
        requestMetaOf(req),
        'content.update',
        `${kind}:${req.params.id}`,
        () => spec.update(req.params.id, req.body as z.infer<B>),
        describe,
      );
      return ok(present(c.after));
    },
  );

  typed.put(
    `${path}/:id/enabled`,
    {
      schema: {
        tags,
        summary: `Enable or disable ${name} (a disabled one stays in the back office, off the site)`,
        params: IdParams,
        body: EnabledBody,
        response: { 200: envelope(spec.item) },
      },
      config: { auth: CONTENT },
    },
    async (req) => {
      const c = await operatorAction(
        ctx,
        requestMetaOf(req),
        'content.enable',
        `${kind}:${req.params.id}`,
        () => spec.setEnabled(req.params.id, req.body.enabled),
        describe,
      );
      return ok(present(c.after));
    },
  );

  typed.delete(
    `${path}/:id`,
    {
      schema: { tags, summary: `Delete ${name}`, params: IdParams, response: { 200: envelope(OkValue) } },
      config: { auth: CONTENT },
    },
    async (req) => {
      await operatorAction(
        ctx,
        requestMetaOf(req),
        'content.delete',
        `${kind}:${req.params.id}`,
        () => content.deleteContent(ctx, kind, req.params.id) as Promise<Change<R>>,
        describe,
      );
      return ok(null);
    },
  );
}

/**
 * The help centre's categories as a list (content.write): read with each one's article count, add,
 * rename (its articles follow), order the whole list, remove (moving its articles first). Audited
 * as content changes of kind helpCategory.
 */
function helpCategoryRoutes(app: ReturnType<App['withTypeProvider']>, ctx: AppContext) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const path = '/admin/content/helpCategories';
  const kind = 'helpCategory';
  const present = (r: { id: number | string; name: string; sort: number } | null) =>
    r === null ? null : { id: Number(r.id), name: r.name, sort: r.sort };

  typed.get(
    path,
    {
      schema: {
        tags,
        summary: 'Help categories in the order the help centre shows them, each with its article count',
        response: { 200: envelope(AdminHelpCategoryList) },
      },
      config: { auth: CONTENT },
    },
    async () => ok({ list: await content.listHelpCategories(ctx) }),
  );

  typed.post(
    path,
    {
      schema: {
        tags,
        summary: 'Add a help category (last in the list; CONTENT_DUPLICATE for a name already there)',
        body: AdminHelpCategoryBody,
        response: { 200: envelope(AdminHelpCategory) },
      },
      config: { auth: CONTENT },
    },
    async (req) => {
      const c = await operatorAction(
        ctx,
        requestMetaOf(req),
        'content.create',
        kind,
        () => content.createHelpCategory(ctx, req.body.name),
        (r) => ({ kind, before: null, after: present(r.after) }),
      );
      return ok({ id: Number(c.after.id), name: c.after.name, sort: c.after.sort, articles: 0 });
    },
  );

  typed.put(
    `${path}/order`,
    {
      schema: {
        tags,
        summary: 'Order the help categories: every category once, in the new order (else nothing changes)',
        body: AdminHelpCategoryOrder,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: CONTENT },
    },
    async (req) => {
      await operatorAction(
        ctx,
        requestMetaOf(req),
        'content.order',
        kind,
        () => content.orderHelpCategories(ctx, req.body.ids),
        (r) => ({ kind, after: r.ids }),
      );
      return ok(null);
    },
  );

  typed.put(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary: 'Rename a help category; its articles follow it',
        params: IdParams,
        body: AdminHelpCategoryBody,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: CONTENT },
    },
    async (req) => {
      await operatorAction(
        ctx,
        requestMetaOf(req),
        'content.update',
        `${kind}:${req.params.id}`,
        () => content.renameHelpCategory(ctx, req.params.id, req.body.name),
        (r) => ({ kind, before: present(r.before), after: present(r.after) }),
      );
      return ok(null);
    },
  );

  typed.delete(
    `${path}/:id`,
    {
      schema: {
        tags,
        summary:
          'Remove a help category; one its articles use needs moveTo, the category they move into (field moveTo REQUIRED without it)',
        params: IdParams,
        querystring: AdminHelpCategoryDeleteQuery,
        response: { 200: envelope(AdminHelpCategoryDeleted) },
      },
      config: { auth: CONTENT },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'content.delete',
        `${kind}:${req.params.id}`,
        () => content.deleteHelpCategory(ctx, req.params.id, req.query.moveTo),
        (d) => ({ kind, before: present(d.before), after: null, movedTo: req.query.moveTo ?? null, moved: d.moved }),
      );
      return ok({ moved: r.moved });
    },
  );
}

// Multipart as the cashier reads it (the plugin's limits, app.ts, answer 413 past 5 MB); only files
// are read, text fields are ignored.
async function readFiles(req: FastifyRequest): Promise<content.UploadedImage[]> {
  if (!req.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const files: content.UploadedImage[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'image') throw fieldErrors({ [part.fieldname.slice(0, 40)]: 'NOT_ALLOWED' });
      files.push({ mimetype: part.mimetype, data: await part.toBuffer() });
    }
  } catch (error) {
    if (error instanceof AppError || typeof (error as { statusCode?: unknown }).statusCode === 'number') throw error;
    throw new AppError('BAD_REQUEST');
  }
  return files;
}

export function registerSiteAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const now = () => ctx.now();

  contentRoutes(app, ctx, {
    kind: 'banner',
    path: '/admin/content/banners',
    name: 'a banner',
    query: AdminBannerQuery,
    list: AdminBannerList,
    body: AdminBannerBody,
    item: AdminBanner,
    page: (query) => content.listBanners(ctx, query),
    create: (body) => content.createBanner(ctx, body),
    update: (id, body) => content.updateBanner(ctx, id, body),
    setEnabled: (id, enabled) => content.setBannerEnabled(ctx, id, enabled),
    present: (row) => presentAdminBanner(row, now()),
  });

  contentRoutes(app, ctx, {
    kind: 'announcement',
    path: '/admin/content/announcements',
    name: 'an announcement',
    query: AdminAnnouncementQuery,
    list: AdminAnnouncementList,
    body: AdminAnnouncementBody,
    item: AdminAnnouncement,
    page: (query) => content.listAnnouncements(ctx, query),
    create: (body) => content.createAnnouncement(ctx, body),
    update: (id, body) => content.updateAnnouncement(ctx, id, body),
    setEnabled: (id, enabled) => content.setAnnouncementEnabled(ctx, id, enabled),
    present: (row) => presentAdminAnnouncement(row, now()),
  });

  contentRoutes(app, ctx, {
    kind: 'notice',
    path: '/admin/content/notices',
    name: 'a notice',
    query: AdminNoticeQuery,
    list: AdminNoticeList,
    body: AdminNoticeBody,
    item: AdminNotice,
    page: (query) => content.listNotices(ctx, query),
    create: (body) => content.createNotice(ctx, body),
    update: (id, body) => content.updateNotice(ctx, id, body),
    setEnabled: (id, enabled) => content.setNoticeEnabled(ctx, id, enabled),
    present: (row) => presentAdminNotice(row, now()),
  });

  helpCategoryRoutes(app, ctx);

  contentRoutes(app, ctx, {
    kind: 'help',
    path: '/admin/content/help',
    name: 'a help-centre article',
    query: AdminHelpQuery,
    list: AdminHelpList,
    body: AdminHelpBody,
    item: AdminHelpArticle,
    page: (query) => content.listHelpArticles(ctx, query),
    create: (body) => content.createHelpArticle(ctx, body),
    update: (id, body) => content.updateHelpArticle(ctx, id, body),
    setEnabled: (id, enabled) => content.setHelpArticleEnabled(ctx, id, enabled),
    present: presentAdminHelpArticle,
  });

  app.post(
    '/admin/content/images',
    {
      schema: {
        tags,
        summary: 'Upload a banner image (multipart `image`: png, jpeg or webp, at most 2 MB); use its url in a banner',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(AdminContentImage) },
      },
      config: { auth: CONTENT },
    },
    async (req) => {
      const files = await readFiles(req);
      const image = await operatorAction(
        ctx,
        requestMetaOf(req),
        'content.image',
        'image',
        (op) => content.uploadImage(ctx, op, files),
        (r) => ({ after: presentContentImage(r) }),
      );
      return ok(presentContentImage(image));
    },
  );

  // ---- site: resources and registration field rules (languages and domain routes are brand settings)

  app.get(
    '/admin/site/resources',
    {
      schema: {
        tags,
        summary: 'Site resources (social links, app downloads) in site order',
        response: { 200: envelope(AdminResourceList) },
      },
      config: { auth: SITE },
    },
    async () => ok({ list: (await content.listResources(ctx)).map(presentAdminResource) }),
  );

  const describeResource = (c: Change<Parameters<typeof presentAdminResource>[0]>) => ({
    before: c.before && presentAdminResource(c.before),
    after: c.after && presentAdminResource(c.after),
  });

  app.post(
    '/admin/site/resources',
    {
      schema: { tags, summary: 'Add a resource', body: AdminResourceBody, response: { 200: envelope(AdminResource) } },
      config: { auth: SITE },
    },
    async (req) => {
      const c = await operatorAction(
        ctx,
        requestMetaOf(req),
        'site.resource',
        'resource',
        () => content.createResource(ctx, req.body),
        describeResource,
      );
      return ok(presentAdminResource(c.after));
    },
  );

  app.put(
    '/admin/site/resources/order',
    {
      schema: { tags, summary: 'Order the resources', body: OrderBody, response: { 200: envelope(OrderValue) } },
      config: { auth: SITE },
    },
    async (req) => {
      const c = await operatorAction(
        ctx,
        requestMetaOf(req),
        'site.resource',
        'resource:order',
        () => content.reorderContent(ctx, 'resource', req.body.ids),
        (r) => ({ after: r.ids }),
      );
      return ok({ updated: c.updated });
    },
  );

  app.put(
    '/admin/site/resources/:id',
    {
      schema: {
        tags,
        summary: 'Replace a resource',
        params: IdParams,
        body: AdminResourceBody,
        response: { 200: envelope(AdminResource) },
      },
      config: { auth: SITE },
    },
    async (req) => {
      const c = await operatorAction(
        ctx,
        requestMetaOf(req),
        'site.resource',
        `resource:${req.params.id}`,
        () => content.updateResource(ctx, req.params.id, req.body),
        describeResource,
      );
      return ok(presentAdminResource(c.after));
    },
  );

  app.delete(
    '/admin/site/resources/:id',
    {
      schema: { tags, summary: 'Delete a resource', params: IdParams, response: { 200: envelope(OkValue) } },
      config: { auth: SITE },
    },
    async (req) => {
      await operatorAction(
        ctx,
        requestMetaOf(req),
        'site.resource',
        `resource:${req.params.id}`,
        () => content.deleteContent(ctx, 'resource', req.params.id),
        (c) => ({ before: c.before && presentAdminResource(c.before as Parameters<typeof presentAdminResource>[0]) }),
      );
      return ok(null);
    },
  );

  app.get(
    '/admin/site/registrationFields',
    {
      schema: {
        tags,
        summary: 'Registration field rules (spec §5): on/off, required, lengths, pattern',
        response: { 200: envelope(AdminRegisterFieldRuleList) },
      },
      config: { auth: SITE },
    },
    async () => ok({ list: (await content.listFieldRules(ctx)).map(presentAdminFieldRule) }),
  );

  app.put(
    '/admin/site/registrationFields/:field',
    {
      schema: {
        tags,
        summary: "Change one registration field's rule; the form and the server use it at the next registration",
        params: RegisterFieldParams,
        body: AdminRegisterFieldRuleBody,
        response: { 200: envelope(AdminRegisterFieldRule) },
      },
      config: { auth: SITE },
    },
    async (req) => {
      const c = await operatorAction(
        ctx,
        requestMetaOf(req),
        'site.registrationField',
        req.params.field,
        () => content.changeFieldRule(ctx, req.params.field, req.body),
        (r) => ({ before: r.before && presentAdminFieldRule(r.before), after: presentAdminFieldRule(r.after) }),
      );
      return ok(presentAdminFieldRule(c.after));
    },
  );
}
