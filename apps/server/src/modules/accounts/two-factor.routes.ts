import { envelope, OkValue } from '@gamehall/shared/api/common';
import {
  TwoFactorConfirmBody,
  TwoFactorDisableBody,
  TwoFactorEnrolBody,
  TwoFactorEnrolment,
  TwoFactorRecoveryCodes,
  TwoFactorRegenerateBody,
  TwoFactorStatus,
} from '@gamehall/shared/api/two-factor';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import * as twoFactor from './two-factor.service';

const tags = ['security'];

export function registerTwoFactorRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/member/security/twoFactor',
    {
      schema: {
        tags,
        summary: 'Two-factor authentication: on or off, and recovery codes left',
        response: { 200: envelope(TwoFactorStatus) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(await twoFactor.twoFactorStatus(ctx, principalOf(req))),
  );

  app.post(
    '/wps/member/security/twoFactor/enrol',
    {
      schema: {
        tags,
        summary: 'Start enrolling an authenticator with the login password: the secret and otpauth URI, shown once',
        body: TwoFactorEnrolBody,
        response: { 200: envelope(TwoFactorEnrolment) },
      },
      config: { auth: 'member', encrypted: true },
    },
    async (req) => ok(await twoFactor.startEnrolment(ctx, requestMetaOf(req), principalOf(req), req.body)),
  );

  app.post(
    '/wps/member/security/twoFactor/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm the enrolment with a first code: two-factor on, recovery codes shown once',
        body: TwoFactorConfirmBody,
        response: { 200: envelope(TwoFactorRecoveryCodes) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(await twoFactor.confirmEnrolment(ctx, requestMetaOf(req), principalOf(req), req.body)),
  );

  app.post(
    '/wps/member/security/twoFactor/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-factor authentication off with a current code or a recovery code',
        body: TwoFactorDisableBody,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      await twoFactor.disableTwoFactor(ctx, requestMetaOf(req), principalOf(req), req.body);
      return ok(null);
    },
  );

  app.post(
    '/wps/member/security/twoFactor/recoveryCodes',
    {
      schema: {
        tags,
        summary: 'New recovery codes for a current authenticator code (the old ones stop working)',
        body: TwoFactorRegenerateBody,
        response: { 200: envelope(TwoFactorRecoveryCodes) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(await twoFactor.regenerateRecoveryCodes(ctx, requestMetaOf(req), principalOf(req), req.body)),
  );
}
