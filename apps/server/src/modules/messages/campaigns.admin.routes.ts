import {
  CampaignIdParams,
  CampaignItem,
  CampaignListQuery,
  CampaignListValue,
  CampaignPreviewValue,
  CreateCampaignBody,
  CreateSegmentBody,
  PreviewCampaignBody,
  SegmentItem,
  SegmentListValue,
} from '@gamehall/shared/api/campaigns';
import { envelope } from '@gamehall/shared/api/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { pageCounts } from '../../http/paging';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import { presentCampaign, presentSegment } from './campaigns.presenter';
import * as campaigns from './campaigns.service';

const tags = ['admin-campaigns'];
const MANAGE = 'admin:campaigns.manage';

/** Back office: segments and campaigns by inbox, SMS and mail (docs/campaigns.md). */
export function registerCampaignsAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/campaigns/segments',
    {
      schema: {
        tags,
        summary: "Saved segments, newest first, each with its size evaluated now, and the brand's languages",
        response: { 200: envelope(SegmentListValue) },
      },
      config: { auth: MANAGE },
    },
    async () => {
      const { rows, languages } = await campaigns.segments(ctx);
      return ok({ content: rows.map(presentSegment), languages });
    },
  );

  app.post(
    '/admin/campaigns/segments',
    {
      schema: {
        tags,
        summary:
          "Save a segment: a name and the member search's filters (text in a field, status, tag, agents only) with a VIP range (audited)",
        body: CreateSegmentBody,
        response: { 200: envelope(SegmentItem) },
      },
      config: { auth: MANAGE },
    },
    async (req) => {
      const row = await operatorAction(
        ctx,
        requestMetaOf(req),
        'campaign.segment',
        'campaign-segment',
        (operator) => campaigns.createSegment(ctx, operator.memberId, req.body),
        (r) => ({ after: { id: r.id, name: r.name, filter: r.filter } }),
      );
      return ok(presentSegment(row));
    },
  );

  app.post(
    '/admin/campaigns/preview',
    {
      schema: {
        tags,
        summary:
          "A campaign before it is sent: reach per channel now, whether the segment is everyone, where SMS and mail go, and the text in each of the brand's languages",
        body: PreviewCampaignBody,
        response: { 200: envelope(CampaignPreviewValue) },
      },
      config: { auth: MANAGE },
    },
    async (req) => ok(await campaigns.preview(ctx, req.body)),
  );

  app.get(
    '/admin/campaigns',
    {
      schema: {
        tags,
        summary: 'Campaigns, newest first, with reach per channel, inbox reads and link clicks',
        querystring: CampaignListQuery,
        response: { 200: envelope(CampaignListValue) },
      },
      config: { auth: MANAGE },
    },
    async (req) => {
      const page = await campaigns.campaigns(ctx, req.query);
      return ok({ content: page.rows.map(presentCampaign), ...pageCounts(page.total, req.query) });
    },
  );

  app.post(
    '/admin/campaigns',
    {
      schema: {
        tags,
        summary:
          'Send or schedule a campaign: confirmReach must be the reach now, and for a segment of everyone typedReach the same number typed in; sent at once or at sendAt (audited)',
        body: CreateCampaignBody,
        response: { 200: envelope(CampaignItem) },
      },
      config: { auth: MANAGE },
    },
    async (req) => {
      const row = await operatorAction(
        ctx,
        requestMetaOf(req),
        'campaign.create',
        'campaign',
        (operator) => campaigns.createCampaign(ctx, operator.memberId, req.body),
        (r) => ({
          after: { id: r.id, segment: r.segment_id, channels: r.channels, status: r.status, reach: r.confirmed_reach },
        }),
      );
      return ok(presentCampaign(row));
    },
  );

  app.post(
    '/admin/campaigns/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a scheduled campaign (audited)',
        params: CampaignIdParams,
        response: { 200: envelope(CampaignItem) },
      },
      config: { auth: MANAGE },
    },
    async (req) => {
      const row = await operatorAction(ctx, requestMetaOf(req), 'campaign.cancel', `campaign:${req.params.id}`, () =>
        campaigns.cancelCampaign(ctx, req.params.id),
      );
      return ok(presentCampaign(row));
    },
  );
}
