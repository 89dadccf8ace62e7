import { envelope } from '@gamehall/shared/api/common';
import {
  ReferralReportQuery,
  ReferralReportValue,
  ReferralSettings,
  ReferralSettingsBody,
} from '@gamehall/shared/api/referrals';
import { toMajor } from '@gamehall/shared/money';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppContext, onReplica } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import * as referrals from './referrals.service';

const tags = ['admin-referrals'];
// The referral programme is a promotion programme: the promotions permissions govern it.
const READ = 'admin:promotions.read';
const WRITE = 'admin:promotions.write';

export function registerReferralsAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/referrals/settings',
    {
      schema: {
        tags,
        summary: 'The referral programme: on or off and its rewards',
        response: { 200: envelope(ReferralSettings) },
      },
      config: { auth: READ },
    },
    async () => ok(await referrals.settings(ctx.db)),
  );

  app.put(
    '/admin/referrals/settings',
    {
      schema: {
        tags,
        summary: 'Switch the referral programme and set its rewards (audited)',
        body: ReferralSettingsBody,
        response: { 200: envelope(ReferralSettings) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const r = await operatorAction(
        ctx,
        requestMetaOf(req),
        'referral.settings',
        'referral_settings',
        () => referrals.saveSettings(ctx, req.body),
        (x) => ({ before: x.before, after: x.after }),
      );
      return ok(r.after);
    },
  );

  app.get(
    '/admin/referrals/report',
    {
      schema: {
        tags,
        summary: 'Referral rewards paid and refused per brand day (the brand time zone) and stage',
        querystring: ReferralReportQuery,
        response: { 200: envelope(ReferralReportValue) },
      },
      config: { auth: READ },
    },
    async (req) => {
      // A report: from the read replica (context.ts readDb).
      const r = await referrals.report(onReplica(ctx), req.query);
      return ok({
        currency: r.currency,
        timeZone: r.timeZone,
        rows: r.rows.map((row) => ({
          day: row.day,
          stage: row.stage,
          paid: toMajor(row.paid),
          rewards: Number(row.rewards),
          refused: Number(row.refused),
        })),
      });
    },
  );
}
