import { ContentImageFileParams } from '@gamehall/shared/api/admin-content';
import { envelope } from '@gamehall/shared/api/common';
import {
  AnnouncementLists,
  AnnouncementQuery,
  BannerList,
  BannerQuery,
  CountryCodeList,
  DomainRoute,
  HelpCenter,
  NoticePage,
  NoticeQuery,
  PermissionInfo,
  PublicKeys,
  ResourceList,
  SiteConfig,
  SystemStatus,
  Whitelabel,
} from '@gamehall/shared/api/site';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import * as site from './site.service';
import { contentImage } from './site-content.service';

const tags = ['site'];

// The web app sends `Language: <code>` (api-conventions: Requests); a query parameter wins over it.
function languageHeader(request: FastifyRequest): string | undefined {
  const value = request.headers.language;
  return typeof value === 'string' && /^[A-Za-z-]{2,10}$/.test(value.trim()) ? value.trim() : undefined;
}

export function registerSiteRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/system/status',
    {
      schema: {
        tags,
        summary: 'Whole-site state: 0 normal, 1 maintenance, 2 region restriction',
        response: { 200: envelope(SystemStatus) },
      },
      config: { auth: 'public' },
    },
    async (req) => ok(await site.systemStatus(ctx, req.ip)),
  );

  app.get(
    '/wps/system/whitelabel',
    {
      schema: { tags, summary: 'Whitelabel switches as a tree and flattened', response: { 200: envelope(Whitelabel) } },
      config: { auth: 'public' },
    },
    async () => ok(await site.whitelabel(ctx)),
  );

  app.get(
    '/wps/system/domainRoute',
    {
      schema: { tags, summary: 'Brand domain routes', response: { 200: envelope(DomainRoute) } },
      config: { auth: 'public' },
    },
    async () => ok(await site.domainRoute(ctx)),
  );

  app.get(
    '/wps/system/helpCenter',
    {
      schema: { tags, summary: 'Help articles grouped by category', response: { 200: envelope(HelpCenter) } },
      config: { auth: 'public' },
    },
    async (req) => ok(await site.helpCenter(ctx, { language: languageHeader(req), principal: req.principal })),
  );

  app.get(
    '/wps/system/permission',
    {
      schema: {
        tags,
        summary: 'Permission info: switches, register options, resources, CDNs, site state and location',
        response: { 200: envelope(PermissionInfo) },
      },
      config: { auth: 'public' },
    },
    async (req) => ok(await site.permissionInfo(ctx, req.ip)),
  );

  app.get(
    '/wps/system/config',
    {
      schema: { tags, summary: 'Site configuration', response: { 200: envelope(SiteConfig) } },
      config: { auth: 'public' },
    },
    async () => ok(await site.siteConfig(ctx)),
  );

  app.get(
    '/wps/system/countryCode',
    {
      schema: { tags, summary: 'Country dialing codes', response: { 200: envelope(CountryCodeList) } },
      config: { auth: 'public' },
    },
    async () => ok(await site.countryCodes(ctx)),
  );

  app.get(
    '/wps/system/publicKey',
    {
      schema: { tags, summary: 'Public keys for encrypted (JWE) payloads', response: { 200: envelope(PublicKeys) } },
      config: { auth: 'public' },
    },
    async () => ok(await site.publicKeys(ctx)),
  );

  app.get(
    '/wps/system/banners',
    {
      schema: {
        tags,
        summary: 'Banners of one group',
        querystring: BannerQuery,
        response: { 200: envelope(BannerList) },
      },
      config: { auth: 'public' },
    },
    async (req) =>
      ok(
        await site.banners(ctx, {
          groupName: req.query.groupName,
          language: req.query.language ?? languageHeader(req),
          principal: req.principal,
        }),
      ),
  );

  app.get(
    '/wps/system/notices',
    {
      schema: {
        tags,
        summary: 'Notices, paged (6 per page)',
        querystring: NoticeQuery,
        response: { 200: envelope(NoticePage) },
      },
      config: { auth: 'public' },
    },
    async (req) => ok(await site.notices(ctx, req.query, { language: languageHeader(req), principal: req.principal })),
  );

  app.get(
    '/wps/system/resources',
    {
      schema: {
        tags,
        summary: 'Site resources (social links, app downloads)',
        response: { 200: envelope(ResourceList) },
      },
      config: { auth: 'public' },
    },
    async () => ok(await site.resources(ctx)),
  );

  app.get(
    '/wps/relay/MCSFE_getListAnnouncements',
    {
      schema: {
        tags,
        summary: 'Home banners and announcements (player, popup, promotion) for this audience',
        querystring: AnnouncementQuery,
        response: { 200: envelope(AnnouncementLists) },
      },
      config: { auth: 'public' },
    },
    async (req) =>
      ok(
        await site.announcements(ctx, {
          types: req.query.types,
          language: req.query.language ?? languageHeader(req),
          execution: req.query.execution,
          principal: req.principal,
        }),
      ),
  );

  app.get(
    '/media/content/:file',
    {
      schema: {
        tags: ['site'],
        summary: 'An uploaded content image: {id}.png|jpg|webp',
        params: ContentImageFileParams,
        produces: ['image/png', 'image/jpeg', 'image/webp'],
      },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      const image = await contentImage(ctx, req.params.file);
      // An id is never reused and its bytes never change.
      reply
        .type(image.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('etag', image.etag);
      if (req.headers['if-none-match'] === image.etag) return reply.code(304).send();
      return reply.send(image.data);
    },
  );
}
