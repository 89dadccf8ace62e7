import { envelope } from '@gamehall/shared/api/common';
import {
  BettingRecordList,
  BettingRecordQuery,
  GameProfitLoss,
  GameProfitLossQuery,
  GameRecall,
  GameRecallQuery,
  RoundDetails,
  RoundDetailsQuery,
} from '@gamehall/shared/api/games';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { presentBettingRecords, presentGameProfitLoss, presentRecall } from './records.presenter';
import { bettingRecords, gameProfitLoss, gameRecall } from './records.service';
import { roundDetailsUrl } from './round-details.service';

const tags = ['games'];

export function registerGameRecordRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/wps/member/bettingRecord',
    {
      schema: {
        tags,
        summary:
          "The member's betting record (rounds), newest first, paged, with totals over settled rounds; filters: gameType, vassalage, status, range or startDate/endDate",
        querystring: BettingRecordQuery,
        response: { 200: envelope(BettingRecordList) },
      },
      config: { auth: 'member' },
    },
    async (request) => ok(presentBettingRecords(await bettingRecords(ctx, principalOf(request), request.query))),
  );

  app.get(
    '/wps/member/bettingRecord/details',
    {
      schema: {
        tags,
        summary:
          "The address of one of the member's rounds at its provider (a round whose record says detailsAvailable), to open in a new tab",
        querystring: RoundDetailsQuery,
        response: { 200: envelope(RoundDetails) },
      },
      config: { auth: 'member' },
    },
    async (request) => {
      const { memberId } = principalOf(request);
      const { vassalage, roundId } = request.query;
      return ok({ url: await roundDetailsUrl(ctx, { memberId, vendor: vassalage, roundId }) });
    },
  );

  app.get(
    '/wps/member/gameRecall',
    {
      schema: {
        tags,
        summary: "Game recall: the member's last 10 rounds of one game with their outcome",
        querystring: GameRecallQuery,
        response: { 200: envelope(GameRecall) },
      },
      config: { auth: 'member' },
    },
    async (request) => ok(presentRecall(await gameRecall(ctx, principalOf(request), request.query))),
  );

  app.get(
    '/wps/member/gameProfitLoss',
    {
      schema: {
        tags,
        summary: 'Personal profit and loss by game type over settled rounds (bets, wins, net), with totals',
        querystring: GameProfitLossQuery,
        response: { 200: envelope(GameProfitLoss) },
      },
      config: { auth: 'member' },
    },
    async (request) => ok(presentGameProfitLoss(await gameProfitLoss(ctx, principalOf(request), request.query))),
  );
}
