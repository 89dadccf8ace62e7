import { envelope } from '@gamehall/shared/api/common';
import {
  AffiliateCheckBody,
  AffiliateCheckValue,
  RegisterBody,
  RegisterFieldRules,
} from '@gamehall/shared/api/registration';
import { LoginValue } from '@gamehall/shared/api/session';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { presentLogin } from './login.presenter';
import { presentAffiliate, presentFieldRule } from './registration.presenter';
import * as registration from './registration.service';

const tags = ['registration'];

export function registerRegistrationRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/system/setting/register',
    {
      schema: {
        tags,
        summary: 'Registration field rules with their hint texts (spec §5)',
        response: { 200: envelope(RegisterFieldRules) },
      },
      config: { auth: 'public' },
    },
    async (_req, reply) => {
      // spec §9: the validation rules are session-cached by the client; shared caches may keep them briefly.
      reply.header('cache-control', 'public, max-age=60');
      return ok((await registration.fieldRules(ctx)).map(presentFieldRule));
    },
  );

  app.put(
    '/wps/member/register',
    {
      schema: {
        tags,
        summary: 'Register with a username (USERNAMEREG3); logs the new member in',
        body: RegisterBody,
        response: { 200: envelope(LoginValue) },
      },
      config: { auth: 'public', encrypted: true },
    },
    async (req) => ok(presentLogin(await registration.register(ctx, requestMetaOf(req), 'username', req.body))),
  );

  app.put(
    '/wps/member/register/mobile',
    {
      schema: {
        tags,
        summary: 'Register with a mobile number (MOBILENUMREG3); logs the new member in',
        body: RegisterBody,
        response: { 200: envelope(LoginValue) },
      },
      config: { auth: 'public', encrypted: true },
    },
    async (req) => ok(presentLogin(await registration.register(ctx, requestMetaOf(req), 'mobile', req.body))),
  );

  app.post(
    '/wps/agent/affiliate',
    {
      schema: {
        tags,
        summary: 'Check an affiliate (invitation) code; success means valid',
        body: AffiliateCheckBody,
        response: { 200: envelope(AffiliateCheckValue) },
      },
      config: { auth: 'public' },
    },
    async (req) => ok(presentAffiliate(await registration.checkAffiliate(ctx, requestMetaOf(req), req.body))),
  );
}
