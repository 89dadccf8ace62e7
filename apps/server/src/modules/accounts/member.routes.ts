import { envelope } from '@gamehall/shared/api/common';
import {
  LanguageBody,
  LanguageValue,
  MemberIcons,
  ProfileDetails,
  ProfileDetailsBody,
  SecurityCentre,
  SetIconBody,
} from '@gamehall/shared/api/member';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { presentIcons, presentSecurity } from './member.presenter';
import * as members from './member.service';
import { changeProfileDetails, profileDetails } from './profile-details.service';

const tags = ['member'];

export function registerMemberRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/member/info/icon',
    {
      schema: {
        tags,
        summary: 'The current avatar and the avatars to choose from',
        response: { 200: envelope(MemberIcons) },
      },
      config: { auth: 'session' },
    },
    async (req) => ok(presentIcons(await members.icon(ctx, principalOf(req)))),
  );

  app.post(
    '/wps/member/info/icon',
    {
      schema: { tags, summary: 'Choose an avatar', body: SetIconBody, response: { 200: envelope(MemberIcons) } },
      config: { auth: 'member' },
    },
    async (req) => ok(presentIcons(await members.setIcon(ctx, principalOf(req), req.body.icon))),
  );

  app.put(
    '/wps/member/language',
    {
      schema: {
        tags,
        summary: 'Switch language; stored on the member when a valid token is sent',
        body: LanguageBody,
        response: { 200: envelope(LanguageValue) },
      },
      config: { auth: 'public' },
    },
    async (req) => ok({ language: await members.setLanguage(ctx, req.principal, req.body.language) }),
  );

  app.get(
    '/wps/member/security',
    {
      schema: {
        tags,
        summary: 'Security centre: bound mobile and email, payment password, TOTP, login history',
        response: { 200: envelope(SecurityCentre) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(presentSecurity(await members.security(ctx, principalOf(req)))),
  );

  app.get(
    '/wps/member/profile/details',
    {
      schema: {
        tags,
        summary: 'The optional details the brand has enabled (added after registering), with their rules',
        response: { 200: envelope(ProfileDetails) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok({ fields: await profileDetails(ctx, principalOf(req)) }),
  );

  app.put(
    '/wps/member/profile/details',
    {
      schema: {
        tags,
        summary:
          'Add or change optional details, each held to its registration rule; the real name and birthday are set once (birthday under the age check: 422 ACCOUNT_AGE_RESTRICTED)',
        body: ProfileDetailsBody,
        response: { 200: envelope(ProfileDetails) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok({ fields: await changeProfileDetails(ctx, principalOf(req), req.body) }),
  );
}
