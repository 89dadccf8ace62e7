import { AgentAnnouncementsQuery, AgentAnnouncementsValue, ReferralValue } from '@gamehall/shared/api/agents';
import { envelope } from '@gamehall/shared/api/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { presentAgentAnnouncements } from './centre.presenter';
import * as centre from './centre.service';

const tags = ['agent'];

export function registerAgentCentreRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/agent/referral',
    {
      schema: {
        tags,
        summary: "The agent's affiliate code (created on first ask) and registration link",
        response: { 200: envelope(ReferralValue) },
      },
      config: { auth: 'agent' },
    },
    async (req) => ok(await centre.referral(ctx, requestMetaOf(req), principalOf(req).memberId)),
  );

  app.get(
    '/wps/agent/announcements',
    {
      schema: {
        tags,
        summary: 'Announcements for agents (audience G) live now, in the agent language or for all languages',
        querystring: AgentAnnouncementsQuery,
        response: { 200: envelope(AgentAnnouncementsValue) },
      },
      config: { auth: 'agent' },
    },
    async (req) =>
      ok(presentAgentAnnouncements(await centre.announcements(ctx, principalOf(req).language, req.query), req.query)),
  );
}
