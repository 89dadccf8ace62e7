import { envelope } from '@gamehall/shared/api/common';
import { AppDownloads, WebAppManifest } from '@gamehall/shared/api/pwa';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import * as pwa from './pwa.service';

const tags = ['pwa'];
// Icon URLs carry a version of the brand's style (pwa.service.ts), so an icon may be kept a day.
const ICON_CACHE = 'public, max-age=86400';

export function registerPwaRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/manifest.webmanifest',
    {
      schema: {
        tags,
        summary: "Web app manifest: the brand's name, colours and icons",
        response: { 200: WebAppManifest },
      },
      config: { auth: 'public' },
    },
    async (_req, reply) => {
      // Revalidated on each use: the back office may change the brand's name or colours.
      reply.header('content-type', 'application/manifest+json; charset=utf-8').header('cache-control', 'no-cache');
      return pwa.manifest(ctx);
    },
  );

  app.get(
    '/pwa/icon.svg',
    { schema: { tags, summary: 'App icon (SVG)' }, config: { auth: 'public' } },
    async (_req, reply) =>
      reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', ICON_CACHE)
        .send(await pwa.svgIcon(ctx, false)),
  );

  app.get(
    '/pwa/icon-maskable.svg',
    { schema: { tags, summary: 'Maskable app icon (SVG)' }, config: { auth: 'public' } },
    async (_req, reply) =>
      reply
        .header('content-type', 'image/svg+xml')
        .header('cache-control', ICON_CACHE)
        .send(await pwa.svgIcon(ctx, true)),
  );

  const Size = z.object({ size: z.enum(pwa.PNG_SIZES.map(String) as [string, ...string[]]) });
  const png = (size: string, maskable: boolean) => pwa.pngIcon(ctx, Number(size) as pwa.PngSize, maskable);
  app.get(
    '/pwa/icon-:size.png',
    { schema: { tags, summary: 'App icon (PNG, 180, 192 or 512 px)', params: Size }, config: { auth: 'public' } },
    async (req, reply) =>
      reply
        .header('content-type', 'image/png')
        .header('cache-control', ICON_CACHE)
        .send(await png(req.params.size, false)),
  );
  app.get(
    '/pwa/icon-maskable-:size.png',
    {
      schema: { tags, summary: 'Maskable app icon (PNG, 180, 192 or 512 px)', params: Size },
      config: { auth: 'public' },
    },
    async (req, reply) =>
      reply
        .header('content-type', 'image/png')
        .header('cache-control', ICON_CACHE)
        .send(await png(req.params.size, true)),
  );

  app.get(
    pwa.MOBILECONFIG_PATH,
    {
      schema: { tags, summary: 'iOS configuration profile: a web clip that puts the site on the home screen' },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      // The clip opens the address the visitor came from; a Host that is not a host name is refused.
      if (!/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(req.host)) throw new AppError('BAD_REQUEST');
      const profile = await pwa.mobileconfig(ctx, `${req.protocol}://${req.host}`);
      return reply
        .header('content-type', 'application/x-apple-aspen-config')
        .header('content-disposition', `attachment; filename="${profile.fileName}"`)
        .header('cache-control', 'no-cache')
        .send(profile.body);
    },
  );

  app.get(
    '/wps/system/appDownloads',
    {
      schema: {
        tags,
        summary: 'App download links for /down: configured resources whose address answers',
        response: { 200: envelope(AppDownloads) },
      },
      config: { auth: 'public' },
    },
    async () => ok(await pwa.appDownloads(ctx)),
  );
}
