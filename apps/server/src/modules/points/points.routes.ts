import { envelope } from '@gamehall/shared/api/common';
import {
  ConvertPointBody,
  ConvertValue,
  PointBalanceValue,
  PointConfigValue,
  PointRewardList,
  PointRewardQuery,
  PointsDetailsList,
  PointsDetailsQuery,
  RedeemList,
  RedeemListQuery,
  RedeemPointBody,
  RedeemValue,
} from '@gamehall/shared/api/points';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { presentPage } from '../../http/paging';
import { presentConfig, presentConversion, presentDetail, presentRedemption, presentReward } from './points.presenter';
import * as points from './points.service';

const tags = ['points'];

// spec §7 Points (all T; redeem and convert E with the payment password, under passwordCheck/).
export function registerPointsRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/relay/MCS2_getPointBalance',
    {
      schema: {
        tags,
        summary: "The member's points (points never expire)",
        response: { 200: envelope(PointBalanceValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(await points.memberPoints(ctx, principalOf(req).memberId)),
  );

  app.get(
    '/wps/relay/MCS2_getPointReward',
    {
      schema: {
        tags,
        summary: 'The rewards catalogue: cash, bonus, tickets and physical items with their points and stock',
        querystring: PointRewardQuery,
        response: { 200: envelope(PointRewardList) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const language = principalOf(req).language;
      return ok(presentPage(await points.catalogue(ctx, req.query), req.query, (r) => presentReward(r, language)));
    },
  );

  app.post(
    '/wps/relay/passwordCheck/MCS2_redeemPointReward',
    {
      schema: {
        tags,
        summary: 'Redeem a reward with the payment password; idempotent on requestId',
        body: RedeemPointBody,
        response: { 200: envelope(RedeemValue) },
      },
      config: { auth: 'member', encrypted: true, movesMoney: true },
    },
    async (req) => {
      const r = await points.redeem(ctx, principalOf(req).memberId, req.body);
      return ok({ ...presentRedemption(r.row), replayed: r.replayed });
    },
  );

  app.get(
    '/wps/relay/MCS2_getRedeemPointList',
    {
      schema: {
        tags,
        summary: 'Redeem history with statuses In Process, Approved, Rejected, newest first',
        querystring: RedeemListQuery,
        response: { 200: envelope(RedeemList) },
      },
      config: { auth: 'member' },
    },
    async (req) =>
      ok(
        presentPage(
          await points.redeemHistory(ctx, principalOf(req).memberId, req.query),
          req.query,
          presentRedemption,
        ),
      ),
  );

  app.get(
    '/wps/relay/MCS2_getPointConfig',
    {
      schema: {
        tags,
        summary: 'Exchange ratio, smallest conversion, earning rates per game type and the rules text',
        response: { 200: envelope(PointConfigValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(presentConfig(await points.pointsConfig(ctx), principalOf(req).language)),
  );

  app.get(
    '/wps/relay/ODSFE2_MemTransDet',
    {
      schema: {
        tags,
        summary: 'Points details: every points movement with the balance after it, newest first',
        querystring: PointsDetailsQuery,
        response: { 200: envelope(PointsDetailsList) },
      },
      config: { auth: 'member' },
    },
    async (req) =>
      ok(presentPage(await points.pointsDetails(ctx, principalOf(req).memberId, req.query), req.query, presentDetail)),
  );

  app.post(
    '/wps/relay/passwordCheck/MCS2_convertPoint',
    {
      schema: {
        tags,
        summary: 'Convert points to cash at the exchange ratio with the payment password; idempotent on requestId',
        body: ConvertPointBody,
        response: { 200: envelope(ConvertValue) },
      },
      config: { auth: 'member', encrypted: true, movesMoney: true },
    },
    async (req) => ok(presentConversion(await points.convert(ctx, principalOf(req).memberId, req.body))),
  );
}
