import { envelope, OkValue } from '@gamehall/shared/api/common';
import {
  LoginHistoryPage,
  LoginHistoryQuery,
  MemberSessionList,
  RevokedSessions,
  SessionIdParams,
} from '@gamehall/shared/api/devices';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import * as devices from './devices.service';

const tags = ['security'];

export function registerDevicesRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/member/security/sessions',
    {
      schema: {
        tags,
        summary: 'Signed-in devices: device, IP, created, last seen; `current` marks this one',
        response: { 200: envelope(MemberSessionList) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(await devices.listSessions(ctx, principalOf(req))),
  );

  app.delete(
    '/wps/member/security/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Sign one session out; it stops working at once',
        params: SessionIdParams,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      await devices.revokeSession(ctx, requestMetaOf(req), principalOf(req), req.params.id);
      return ok(null);
    },
  );

  app.post(
    '/wps/member/security/sessions/revokeOthers',
    {
      schema: {
        tags,
        summary: 'Sign out every other session of the member',
        response: { 200: envelope(RevokedSessions) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(await devices.revokeOthers(ctx, requestMetaOf(req), principalOf(req))),
  );

  app.get(
    '/wps/member/security/loginHistory',
    {
      schema: {
        tags,
        summary: 'Login history: time, IP, device, result and method, newest first, paged',
        querystring: LoginHistoryQuery,
        response: { 200: envelope(LoginHistoryPage) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(await devices.loginHistory(ctx, principalOf(req), req.query)),
  );
}
