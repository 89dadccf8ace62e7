import {
  AffiliateClickBody,
  AffiliateClickValue,
  CreateReferralLinkBody,
  ReferralLink,
  ReferralLinkParams,
  ReferralLinksValue,
  UpdateReferralLinkBody,
} from '@gamehall/shared/api/agents';
import { envelope } from '@gamehall/shared/api/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { presentReferralLink } from './referral-links.presenter';
import * as links from './referral-links.service';

const tags = ['agent'];

export function registerReferralLinkRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/agent/referral/links',
    {
      schema: {
        tags,
        summary: "The agent's referral links with their clicks, registrations and first deposits",
        response: { 200: envelope(ReferralLinksValue) },
      },
      config: { auth: 'agent' },
    },
    async (req) => {
      const r = await links.list(ctx, requestMetaOf(req), principalOf(req).memberId);
      return ok({ ...r, list: r.list.map(presentReferralLink) });
    },
  );

  app.post(
    '/wps/agent/referral/links',
    {
      schema: {
        tags,
        summary: 'A new named referral link (name unique per agent; at most 20 active)',
        body: CreateReferralLinkBody,
        response: { 200: envelope(ReferralLink) },
      },
      config: { auth: 'agent' },
    },
    async (req) =>
      ok(
        presentReferralLink(
          (await links.create(ctx, requestMetaOf(req), principalOf(req).memberId, req.body.name)).link,
        ),
      ),
  );

  app.put(
    '/wps/agent/referral/links/:code',
    {
      schema: {
        tags,
        summary: 'Rename a referral link, disable it, or enable it again',
        params: ReferralLinkParams,
        body: UpdateReferralLinkBody,
        response: { 200: envelope(ReferralLink) },
      },
      config: { auth: 'agent' },
    },
    async (req) =>
      ok(
        presentReferralLink(
          (await links.update(ctx, requestMetaOf(req), principalOf(req).memberId, req.params.code, req.body)).link,
        ),
      ),
  );

  app.post(
    '/wps/agent/affiliate/click',
    {
      schema: {
        tags,
        summary: "A visit of the register page with an agent's code (one per visitor and link per 24 hours)",
        body: AffiliateClickBody,
        response: { 200: envelope(AffiliateClickValue) },
      },
      config: { auth: 'public' },
    },
    async (req) => ok(await links.click(ctx, requestMetaOf(req), req.body.code)),
  );
}
