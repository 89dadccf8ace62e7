import {
  Downline,
  DownlineCreateBody,
  DownlineParams,
  DownlinesQuery,
  DownlinesValue,
} from '@gamehall/shared/api/agents';
import { envelope } from '@gamehall/shared/api/common';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { presentDownline, presentDownlines } from './downlines.presenter';
import * as downlines from './downlines.service';

const tags = ['agent'];

export function registerAgentDownlineRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/wps/agent/downlines',
    {
      schema: {
        tags,
        summary:
          "Register centre: create a member account under the signed-in agent, with the brand's registration rules",
        body: DownlineCreateBody,
        response: { 200: envelope(Downline) },
      },
      config: { auth: 'agent', encrypted: true },
    },
    async (req) =>
      ok(presentDownline(await downlines.create(ctx, requestMetaOf(req), principalOf(req).memberId, req.body))),
  );

  app.get(
    '/wps/agent/downlines',
    {
      schema: {
        tags,
        summary: "Downline management: the agent's direct or all-level downlines, searchable, with balance and level",
        querystring: DownlinesQuery,
        response: { 200: envelope(DownlinesValue) },
      },
      config: { auth: 'agent' },
    },
    async (req) => ok(presentDownlines(await downlines.list(ctx, principalOf(req).memberId, req.query), req.query)),
  );

  app.put(
    '/wps/agent/downlines/:memberId/subAgent',
    {
      schema: {
        tags,
        summary: 'Make a direct downline (a regular active member) a sub-agent (type 2)',
        params: DownlineParams,
        response: { 200: envelope(Downline) },
      },
      config: { auth: 'agent' },
    },
    async (req) =>
      ok(
        presentDownline(
          await downlines.makeSubAgent(ctx, requestMetaOf(req), principalOf(req).memberId, req.params.memberId),
        ),
      ),
  );
}
