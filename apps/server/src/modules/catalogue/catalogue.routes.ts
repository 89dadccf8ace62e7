import { GameMenus, GameMenusQuery } from '@gamehall/shared/api/catalogue';
import { envelope } from '@gamehall/shared/api/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { App } from '../../app';
import type { AppContext } from '../../context';
import { ok } from '../../http/envelope';
import { presentGameMenus } from './catalogue.presenter';
import { type Art, avatarArt, bannerArt, gameArt, gameMenus, vendorArt } from './catalogue.service';

// Generated art never changes for a URL (new content gets new bytes and a new ETag), so browsers
// and CDNs keep it for a year.
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Any file name is accepted here; the service answers 404 for one that names no artwork.
const ArtFile = z.object({ file: z.string() });

function sendArt(request: FastifyRequest, reply: FastifyReply, art: Art): FastifyReply {
  reply.header('Content-Type', 'image/svg+xml').header('Cache-Control', IMMUTABLE).header('ETag', art.etag);
  if (request.headers['if-none-match'] === art.etag) return reply.code(304).send();
  return reply.send(art.svg);
}

export function registerCatalogueRoutes(root: App, ctx: AppContext): void {
  // App is typed without the zod provider; this gives handlers the parsed query and params types.
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/lgw/games/game_menus',
    {
      schema: {
        tags: ['games'],
        summary: 'Game categories that have active vendors, each with its vendor cards (menu call)',
        querystring: GameMenusQuery,
        response: { 200: envelope(GameMenus) },
      },
      config: { auth: 'public' },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return ok(presentGameMenus(await gameMenus(ctx)));
    },
  );

  // Images, not API: hidden from the OpenAPI document.
  app.get(
    '/art/games/:file',
    { schema: { hide: true, params: ArtFile }, config: { auth: 'public' } },
    async (request, reply) => sendArt(request, reply, await gameArt(ctx, request.params.file)),
  );
  app.get(
    '/art/vendors/:file',
    { schema: { hide: true, params: ArtFile }, config: { auth: 'public' } },
    async (request, reply) => sendArt(request, reply, await vendorArt(ctx, request.params.file)),
  );
  app.get(
    '/art/banners/:file',
    { schema: { hide: true, params: ArtFile }, config: { auth: 'public' } },
    async (request, reply) => sendArt(request, reply, await bannerArt(ctx, request.params.file)),
  );
  app.get(
    '/art/avatars/:file',
    { schema: { hide: true, params: ArtFile }, config: { auth: 'public' } },
    async (request, reply) => sendArt(request, reply, avatarArt(request.params.file)),
  );
}
