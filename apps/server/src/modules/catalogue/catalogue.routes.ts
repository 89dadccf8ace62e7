import { GameMenus, GameMenusQuery } from '@gamehall/shared/api/catalogue';
import { envelope } from '@gamehall/shared/api/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { presentGameMenus } from './catalogue.presenter';
import { type Art, avatarArt, bannerArt, gameArt, navigationMenus, vendorArt } from './catalogue.service';
import { viewFor } from './categories';

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

export function registerCatalogueRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/lgw/games/game_menus',
    {
      schema: {
        tags: ['games'],
        summary:
          'Game categories that have listed vendors, each with its vendor cards (menu call); a vendor in maintenance is marked',
        querystring: GameMenusQuery,
        response: { 200: envelope(GameMenus) },
      },
      config: { auth: 'public' },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      // The brand's rules (TY, SPORTS split), not the caller's language, shape the menu (spec §4).
      const view = await viewFor(ctx, request.query.language, null);
      return ok(presentGameMenus(await navigationMenus(ctx, view)));
    },
  );

  // Generated SVG artwork (ui-guide: distinct per game, long cache headers).
  const art = (path: string, summary: string, draw: (file: string) => Promise<Art> | Art) =>
    app.get(
      path,
      {
        schema: { tags: ['art'], summary, params: ArtFile, produces: ['image/svg+xml'] },
        config: { auth: 'public' },
      },
      async (request, reply) => sendArt(request, reply, await draw(request.params.file)),
    );
  art('/art/games/:file', 'Game tile artwork: {nodeId}.svg, or default.svg (the default icon)', (f) => gameArt(ctx, f));
  art('/art/vendors/:file', 'Vendor logo tile: {code}.svg', (f) => vendorArt(ctx, f));
  art('/art/banners/:file', 'Banner artwork: {slug}.svg of a seeded banner', (f) => bannerArt(ctx, f));
  art('/art/avatars/:file', 'Member avatar: {1..12}.svg', (f) => avatarArt(f));
}
