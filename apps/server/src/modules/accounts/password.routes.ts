import { envelope, OkValue } from '@gamehall/shared/api/common';
import {
  ChangePasswordBody,
  ForgotByEmailBody,
  ResetByPhoneBody,
  ResetByPhoneValue,
  ResetByTokenBody,
} from '@gamehall/shared/api/password';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { presentLogin } from './login.presenter';
import * as passwords from './password.service';

const tags = ['password'];

export function registerPasswordRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/wps/member/password',
    {
      schema: {
        tags,
        summary: 'Change the password with the old one; other sessions are signed out',
        body: ChangePasswordBody,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: 'session', encrypted: true },
    },
    async (req) => {
      await passwords.changePassword(ctx, requestMetaOf(req), principalOf(req), req.body);
      return ok(null);
    },
  );

  app.post(
    '/wps/member/password/email',
    {
      schema: {
        tags,
        summary: 'Forgot password: mail a reset link when username and email match (form-encoded)',
        consumes: ['application/x-www-form-urlencoded', 'application/json'],
        body: ForgotByEmailBody,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: 'public' },
    },
    async (req) => {
      await passwords.forgotByEmail(ctx, requestMetaOf(req), req.body);
      return ok(null);
    },
  );

  app.post(
    '/wps/member/password/reset',
    {
      schema: {
        tags,
        summary: 'Set a new password with the token of a mailed reset link; every session ends',
        body: ResetByTokenBody,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: 'public', encrypted: true },
    },
    async (req) => {
      await passwords.resetByToken(ctx, requestMetaOf(req), req.body);
      return ok(null);
    },
  );

  app.post(
    '/wps/member/password/verification',
    {
      schema: {
        tags,
        summary: 'Forgot password by phone (CHNGPASSVERIF3): SMS code and new password; signs the member in',
        body: ResetByPhoneBody,
        response: { 200: envelope(ResetByPhoneValue) },
      },
      config: { auth: 'public', encrypted: true },
    },
    async (req) => {
      const { username, session } = await passwords.resetByPhone(ctx, requestMetaOf(req), req.body);
      return ok({ username, login: session ? presentLogin(session) : null });
    },
  );
}
