import { envelope } from '@gamehall/shared/api/common';
import {
  GameMenu,
  GameMenuQuery,
  LotteryGames,
  OpenedGamesQuery,
  OpenedNumeroQuery,
  OpenedNumeros,
  PopularLotteryQuery,
  RecentLotteryQuery,
} from '@gamehall/shared/api/lottery';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { gameMenu, openedGames, openedNumeros, popularLotteryGames, recentLotteryGames } from './lottery.service';

const tags = ['lottery'];

export function registerLotteryRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/lgw/vn/games/game_menu',
    {
      schema: {
        tags,
        summary: "Lottery menu: the lottery games per vendor with their open draw, and the brand's prize mode",
        querystring: GameMenuQuery,
        response: { 200: envelope(GameMenu) },
      },
      config: { auth: 'public' },
    },
    async (request) => ok(await gameMenu(ctx, request.principal, request.query)),
  );

  app.get(
    '/lgw/vn/games/game_menu/recent',
    {
      schema: {
        tags,
        summary: "The member's recently launched or played lottery games, newest first",
        querystring: RecentLotteryQuery,
        response: { 200: envelope(LotteryGames) },
      },
      config: { auth: 'member' },
    },
    async (request) => ok(await recentLotteryGames(ctx, principalOf(request), request.query)),
  );

  app.get(
    '/lgw/games/popular',
    {
      schema: {
        tags,
        summary: 'Popular lottery games: most rounds over the last 7 days, then hot, then configured order',
        querystring: PopularLotteryQuery,
        response: { 200: envelope(LotteryGames) },
      },
      config: { auth: 'public' },
    },
    async (request) => ok(await popularLotteryGames(ctx, request.principal, request.query)),
  );

  app.get(
    '/lgw/vn/numeros/opened/game',
    {
      schema: {
        tags,
        summary: "One lottery game's open draw (numero) and the draws before it, newest first",
        querystring: OpenedNumeroQuery,
        response: { 200: envelope(OpenedNumeros) },
      },
      config: { auth: 'public' },
    },
    async (request) => ok(await openedNumeros(ctx, request.principal, request.query)),
  );

  app.get(
    '/lotto/lgw/games/opened/numero',
    {
      schema: {
        tags,
        summary: 'The open draw (numero) of every lottery game, or of one vendor',
        querystring: OpenedGamesQuery,
        response: { 200: envelope(LotteryGames) },
      },
      config: { auth: 'session' },
    },
    async (request) => ok(await openedGames(ctx, principalOf(request), request.query)),
  );
}
