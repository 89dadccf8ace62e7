import { envelope, OkValue } from '@gamehall/shared/api/common';
import {
  AddFavouriteBody,
  FavouriteIds,
  FavouriteList,
  FavouriteListQuery,
  GameList,
  GameListQuery,
  GameVendorQuery,
  GameVendors,
  HotGames,
  HotGamesQuery,
  RankList,
  RankListQuery,
  RecentGames,
  RecentGamesQuery,
  RemoveFavouriteBody,
  RemoveFavouriteQuery,
  RoomList,
  RoomListQuery,
  VassGameTypeQuery,
  VassGameTypes,
} from '@gamehall/shared/api/games';
import type { FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { presentFavouriteList, presentGame, presentGameList, presentLanes, presentRooms } from './games.presenter';
import {
  addFavouriteGame,
  favouriteGames,
  favouriteIds,
  gameListRendered,
  hotGames,
  liveRooms,
  recentGames,
  removeFavouriteGame,
  vendorGameTypes,
  vendorLanes,
} from './games.service';
import { winners } from './records.service';

const tags = ['games'];
const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
const GameListResponse = envelope(GameList);
/** The serializer fastify would compile for the route's 200 schema: the same bytes, the same checks. */
const serialiseGameList = serializerCompiler({
  schema: GameListResponse,
  method: 'GET',
  url: '/wps/relay/GCSGAME_gameList',
  httpStatus: '200',
}) as (data: unknown) => string;

export function registerGamesRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/wps/relay/GCSGAME_gameList',
    {
      schema: {
        tags,
        summary: 'Game list: filters combine, name search in every language, paged (max 100)',
        querystring: GameListQuery,
        response: { 200: GameListResponse },
      },
      // The platform's outside clients list games before anyone signs in, and the list holds nothing
      // of the caller's (no favourite flags, one cached page per language and brand rules): launching
      // is what needs a session.
      config: { auth: 'public' },
    },
    async (request, reply) => {
      // Bytes with a JSON content type are sent as they are (fastify skips the response serializer):
      // the page is serialised once, by the route's own schema, and cached with the catalogue copy.
      const json = await gameListRendered(ctx, request.principal, request.query, (page) =>
        serialiseGameList(ok(presentGameList(page))),
      );
      // The typed reply only takes the schema's object; this one sends the same thing, serialised.
      return (reply as FastifyReply).type(JSON_CONTENT_TYPE).send(json);
    },
  );

  app.get(
    '/wps/relay/GCSGAME_hotGamesV2',
    {
      schema: {
        tags,
        summary: 'Hot games (at most 50), cached for a minute',
        querystring: HotGamesQuery,
        response: { 200: envelope(HotGames) },
      },
      config: { auth: 'public' },
    },
    async (request, reply) => {
      const { view, rows } = await hotGames(ctx, request.principal, request.query.language);
      reply.header('Cache-Control', 'public, max-age=60');
      return ok({ list: rows.map((r) => presentGame(r, view)) });
    },
  );

  app.get(
    '/wps/relay/GCSGAME_gameVendor',
    {
      schema: {
        tags,
        summary: 'Vendor cards grouped by category (SPORTS split, TY rules of spec §4)',
        querystring: GameVendorQuery,
        response: { 200: envelope(GameVendors) },
      },
      // The vendor cards a visitor's category pages show: the same for everyone of a language.
      config: { auth: 'public' },
    },
    async (request) => {
      const { view, lanes } = await vendorLanes(ctx, request.principal, request.query.language);
      return ok(presentLanes(view, lanes));
    },
  );

  app.get(
    '/wps/relay/GCSGAME_getVassGameType',
    {
      schema: {
        tags,
        summary: "A vendor's game types with the sub-categories of its games",
        querystring: VassGameTypeQuery,
        response: { 200: envelope(VassGameTypes) },
      },
      // A vendor's categories and sub-categories, the filters of a visitor's category page.
      config: { auth: 'public' },
    },
    async (request) => ok(await vendorGameTypes(ctx, request.principal, request.query.vassalage)),
  );

  app.get(
    '/wps/relay/MCSFE_getFavoriteGames',
    {
      schema: { tags, summary: "Node ids of the member's favourite games", response: { 200: envelope(FavouriteIds) } },
      config: { auth: 'member' },
    },
    async (request) => ok(await favouriteIds(ctx, principalOf(request))),
  );

  app.get(
    '/wps/relay/MCSFE_getFavoriteGamesList',
    {
      schema: {
        tags,
        summary: "The member's favourite games, newest first, paged",
        querystring: FavouriteListQuery,
        response: { 200: envelope(FavouriteList) },
      },
      config: { auth: 'member' },
    },
    async (request) => ok(presentFavouriteList(await favouriteGames(ctx, principalOf(request), request.query))),
  );

  app.post(
    '/wps/relay/MCSFE_addFavoriteGameV2',
    {
      schema: {
        tags,
        summary: 'Adds a favourite game (idempotent)',
        body: AddFavouriteBody,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: 'member' },
    },
    async (request) => {
      await addFavouriteGame(ctx, principalOf(request).memberId, request.body.nodeId);
      return ok(null);
    },
  );

  app.delete(
    '/wps/relay/MCSFE_removeFavoriteGameV2',
    {
      schema: {
        tags,
        summary: 'Removes a favourite game (idempotent); nodeId in the query or the body',
        querystring: RemoveFavouriteQuery,
        body: RemoveFavouriteBody,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: 'member' },
    },
    async (request) => {
      const nodeId = request.query.nodeId ?? request.body.nodeId;
      if (nodeId === undefined) throw new AppError('VALIDATION_FAILED');
      await removeFavouriteGame(ctx, principalOf(request).memberId, nodeId);
      return ok(null);
    },
  );

  app.get(
    '/wps/relay/GCSGAME_getRankList',
    {
      schema: {
        tags,
        summary: 'Winner board: the biggest settled wins of the last 7 days, names masked, cached 15 s per node',
        querystring: RankListQuery,
        response: { 200: envelope(RankList) },
      },
      config: { auth: 'public' },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'public, max-age=30');
      return ok({ list: await winners(ctx, request.query.limitNum, request.query.language) });
    },
  );

  app.get(
    '/wps/relay/GCS_recentGame',
    {
      schema: {
        tags,
        summary: "The member's recently launched or played games, newest first, each once",
        querystring: RecentGamesQuery,
        response: { 200: envelope(RecentGames) },
      },
      config: { auth: 'member' },
    },
    async (request) => {
      const { view, rows } = await recentGames(ctx, principalOf(request), request.query);
      return ok({ list: rows.map((r) => presentGame(r, view)) });
    },
  );

  app.get(
    '/wps/relay/GLS2_roomList',
    {
      schema: {
        tags,
        summary: 'The tables (rooms) of a LIVE vendor with minimum bet and status',
        querystring: RoomListQuery,
        response: { 200: envelope(RoomList) },
      },
      config: { auth: 'member' },
    },
    async (request) => {
      const { view, rows } = await liveRooms(ctx, principalOf(request), request.query);
      return ok(presentRooms(request.query.vassalage, view, rows));
    },
  );
}
