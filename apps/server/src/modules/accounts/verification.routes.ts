import { envelope } from '@gamehall/shared/api/common';
import {
  CaptchaValue,
  ChallengeValue,
  DemoCaptchaAnswer,
  SmsNoLoginBody,
  SmsRegisterBody,
  SmsSentValue,
} from '@gamehall/shared/api/verification';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { demoAnswerFor, newCaptcha } from './captcha.service';
import { issueChallenge } from './challenge.service';
import { requestSmsCode } from './sms.service';

const tags = ['verification'];

export function registerVerificationRoutes(app: App, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/wps/verification/challenge',
    {
      schema: {
        tags,
        summary: 'A proof-of-work challenge (ALTCHA) to solve before login, registration and SMS sends',
        response: { 200: envelope(ChallengeValue) },
      },
      config: { auth: 'public' },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'no-store');
      return ok(await issueChallenge(ctx));
    },
  );

  r.get(
    '/wps/captcha',
    {
      schema: {
        tags,
        summary: 'Login captcha image: value is a base64 PNG; at most one per second per address and account',
        response: { 200: envelope(CaptchaValue) },
      },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      const captcha = await newCaptcha(ctx, requestMetaOf(req));
      if (captcha.setCookie) reply.header('set-cookie', captcha.setCookie);
      reply.header('cache-control', 'no-store');
      return ok(captcha.image);
    },
  );

  // api-conventions "Captcha": a demo tells its visitors their answer, as its outbox tells SMS codes.
  // Outside demo mode the path is not registered: the ordinary 404.
  if (ctx.config.demo) {
    r.get(
      '/dev/captcha.json',
      {
        schema: {
          tags: ['dev'],
          summary: "Demo mode only: the text of the calling client's live captcha (its cookie, else its address)",
          response: { 200: DemoCaptchaAnswer },
        },
        config: { auth: 'public' },
      },
      async (req, reply) => {
        reply.header('cache-control', 'no-store');
        return { answer: await demoAnswerFor(ctx, requestMetaOf(req)) };
      },
    );
  }

  r.post(
    '/wps/verification/sms/noLogin',
    {
      schema: {
        tags,
        summary: 'Send a login code by SMS (answers the same for unknown numbers)',
        body: SmsNoLoginBody,
        response: { 200: envelope(SmsSentValue) },
      },
      config: { auth: 'public' },
    },
    async (req) =>
      ok(
        await requestSmsCode(ctx, requestMetaOf(req), {
          purpose: 'noLogin',
          countryDialingCode: req.body.countryDialingCode,
          mobileNum: req.body.mobileNum,
          challenge: req.body.challenge,
        }),
      ),
  );

  r.post(
    '/wps/verification/sms/register',
    {
      schema: {
        tags,
        summary: 'Send a registration code by SMS',
        body: SmsRegisterBody,
        response: { 200: envelope(SmsSentValue) },
      },
      config: { auth: 'public' },
    },
    async (req) =>
      ok(
        await requestSmsCode(ctx, requestMetaOf(req), {
          purpose: 'register',
          countryDialingCode: req.body.countryDialingCode,
          mobileNum: req.body.mobileNo,
          challenge: req.body.challenge,
        }),
      ),
  );
}
