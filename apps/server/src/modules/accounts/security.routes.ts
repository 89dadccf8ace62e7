import { envelope, OkValue } from '@gamehall/shared/api/common';
import {
  BindEmailBody,
  BindMobileBody,
  ChangePaymentPasswordBody,
  CodeSentValue,
  EmailCodeBody,
  MobileCodeBody,
  ResetPaymentPasswordBody,
  SecurityCodeBody,
  SetPaymentPasswordBody,
} from '@gamehall/shared/api/security';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import * as security from './security.service';

const tags = ['security'];

// spec §2 My account (securityCenter): the payment password and the bound mobile and email.
// Trial accounts have none of these (auth 'member').
export function registerSecurityRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/wps/member/security/code',
    {
      schema: {
        tags,
        summary: 'Send a code to the bound mobile (sms) or email, for the payment password',
        body: SecurityCodeBody,
        response: { 200: envelope(CodeSentValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(await security.sendSecurityCode(ctx, requestMetaOf(req), principalOf(req), req.body.channel)),
  );

  app.post(
    '/wps/member/security/paymentPassword',
    {
      schema: {
        tags,
        summary: 'Set the first payment password: login password, plus a code when a mobile or email is bound',
        body: SetPaymentPasswordBody,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: 'member', encrypted: true },
    },
    async (req) => {
      await security.setPaymentPassword(ctx, requestMetaOf(req), principalOf(req), req.body);
      return ok(null);
    },
  );

  app.put(
    '/wps/member/security/paymentPassword',
    {
      schema: {
        tags,
        summary: 'Change the payment password with the current one',
        body: ChangePaymentPasswordBody,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: 'member', encrypted: true },
    },
    async (req) => {
      await security.changePaymentPassword(ctx, requestMetaOf(req), principalOf(req), req.body);
      return ok(null);
    },
  );

  app.post(
    '/wps/member/security/paymentPassword/reset',
    {
      schema: {
        tags,
        summary: 'Forgot the payment password: a new one with a code sent to the bound mobile or email',
        body: ResetPaymentPasswordBody,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: 'member', encrypted: true },
    },
    async (req) => {
      await security.resetPaymentPassword(ctx, requestMetaOf(req), principalOf(req), req.body);
      return ok(null);
    },
  );

  app.post(
    '/wps/member/security/mobile/code',
    {
      schema: {
        tags,
        summary: 'Send an SMS code to the mobile number to bind',
        body: MobileCodeBody,
        response: { 200: envelope(CodeSentValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(await security.sendMobileCode(ctx, requestMetaOf(req), principalOf(req), req.body)),
  );

  app.post(
    '/wps/member/security/mobile',
    {
      schema: {
        tags,
        summary: 'Bind or change the mobile number: SMS code to the new number and the login password',
        body: BindMobileBody,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: 'member', encrypted: true },
    },
    async (req) => {
      await security.bindMobile(ctx, requestMetaOf(req), principalOf(req), req.body);
      return ok(null);
    },
  );

  app.post(
    '/wps/member/security/email/code',
    {
      schema: {
        tags,
        summary: 'Mail a code to the email address to bind',
        body: EmailCodeBody,
        response: { 200: envelope(CodeSentValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(await security.sendEmailCode(ctx, requestMetaOf(req), principalOf(req), req.body)),
  );

  app.post(
    '/wps/member/security/email',
    {
      schema: {
        tags,
        summary: 'Bind or change the email address: mailed code and the login password',
        body: BindEmailBody,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: 'member', encrypted: true },
    },
    async (req) => {
      await security.bindEmail(ctx, requestMetaOf(req), principalOf(req), req.body);
      return ok(null);
    },
  );
}
