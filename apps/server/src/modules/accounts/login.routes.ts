import { envelope, OkValue } from '@gamehall/shared/api/common';
import {
  FirstLoginValue,
  FreeplayBody,
  LoginBody,
  LoginValue,
  LoginVerificationBody,
  LoginVerificationSendBody,
  LoginVerificationSentValue,
} from '@gamehall/shared/api/session';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { presentLogin } from './login.presenter';
import * as sessions from './login.service';

const tags = ['session'];

export function registerLoginRoutes(app: App, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/wps/session/login',
    {
      schema: {
        tags,
        summary:
          'Log in with username and password or mobile and SMS code (encrypted payload). May answer CAPTCHA_REQUIRED or LOGIN_VERIFICATION_REQUIRED',
        body: LoginBody,
        response: { 200: envelope(LoginValue) },
      },
      config: { auth: 'public', encrypted: true },
    },
    async (req) => ok(presentLogin(await sessions.login(ctx, requestMetaOf(req), req.body))),
  );

  r.post(
    '/wps/session/login/verification/send',
    {
      schema: {
        tags,
        summary: 'Send a code for a pending new-IP login verification by SMS or email',
        body: LoginVerificationSendBody,
        response: { 200: envelope(LoginVerificationSentValue) },
      },
      config: { auth: 'public' },
    },
    async (req) => ok(await sessions.sendLoginVerificationCode(ctx, requestMetaOf(req), req.body)),
  );

  r.post(
    '/wps/session/login/verification',
    {
      schema: {
        tags,
        summary: 'Answer a new-IP login verification (SMS or email code, bank account name, authenticator code)',
        body: LoginVerificationBody,
        response: { 200: envelope(LoginValue) },
      },
      config: { auth: 'public' },
    },
    async (req) => ok(presentLogin(await sessions.completeLoginVerification(ctx, requestMetaOf(req), req.body))),
  );

  r.delete(
    '/wps/session/logout',
    {
      schema: { tags, summary: 'Log out: the token is revoked', response: { 200: envelope(OkValue) } },
      config: { auth: 'session' },
    },
    async (req) => {
      await sessions.logout(ctx, requestMetaOf(req), principalOf(req));
      return ok(null);
    },
  );

  r.post(
    '/wps/session/login/freeplay',
    {
      schema: {
        tags,
        summary: 'Free play: a fresh trial account, logged in (FREEPLAY3)',
        body: FreeplayBody,
        response: { 200: envelope(LoginValue) },
      },
      config: { auth: 'public' },
    },
    async (req) => ok(presentLogin(await sessions.freeplay(ctx, requestMetaOf(req)))),
  );

  r.post(
    '/wps/member/firstLogin',
    {
      schema: {
        tags,
        summary: 'First-login call after a login that reported firstTimeLogin (idempotent)',
        response: { 200: envelope(FirstLoginValue) },
      },
      config: { auth: 'session' },
    },
    async (req) => ok(await sessions.firstLogin(ctx, principalOf(req))),
  );
}
