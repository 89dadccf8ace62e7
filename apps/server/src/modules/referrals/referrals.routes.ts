import { envelope } from '@gamehall/shared/api/common';
import { InviteeList, InviteesQuery, ReferralSummary } from '@gamehall/shared/api/referrals';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { presentPage } from '../../http/paging';
import { requestMetaOf } from '../../http/request-meta';
import { presentInvitee, presentSummary } from './referrals.presenter';
import * as referrals from './referrals.service';

const tags = ['referrals'];

// spec §2 member centre "invite friends (referral)".
export function registerReferralRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/referrals',
    {
      schema: {
        tags,
        summary: "The member's referral code, link, the programme's rules and what it has earned",
        response: { 200: envelope(ReferralSummary) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(presentSummary(await referrals.summary(ctx, requestMetaOf(req), principalOf(req).memberId))),
  );

  app.get(
    '/wps/referrals/invitees',
    {
      schema: {
        tags,
        summary: 'The friends who registered with the member’s code, newest first, usernames masked',
        querystring: InviteesQuery,
        response: { 200: envelope(InviteeList) },
      },
      config: { auth: 'member' },
    },
    async (req) =>
      ok(presentPage(await referrals.invitees(ctx, principalOf(req).memberId, req.query), req.query, presentInvitee)),
  );
}
