import { envelope } from '@gamehall/shared/api/common';
import { MemberInfo, PublicState } from '@gamehall/shared/api/member';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { presentMemberInfo, presentPublicState } from './member-home.presenter';
import * as home from './member-home.service';

const tags = ['member'];

export function registerMemberHomeRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/member/info',
    {
      schema: { tags, summary: 'The logged-in account (spec §3 member info)', response: { 200: envelope(MemberInfo) } },
      config: { auth: 'session' },
    },
    async (req) => ok(presentMemberInfo(await home.info(ctx, principalOf(req)))),
  );
  app.get(
    '/wps/member/publicState',
    {
      schema: {
        tags,
        summary: 'Header state: balance, VIP, promotions and unread messages (spec §3 public state)',
        response: { 200: envelope(PublicState) },
      },
      config: { auth: 'session' },
    },
    async (req) => ok(presentPublicState(await home.publicState(ctx, principalOf(req)))),
  );
}
