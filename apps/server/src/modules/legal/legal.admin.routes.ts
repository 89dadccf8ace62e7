import { envelope, OkValue } from '@gamehall/shared/api/common';
import {
  AdminLegalDocuments,
  AdminLegalDraftBody,
  AdminLegalVersionDetail,
  AdminLegalVersionParams,
  AdminLegalVersions,
  LegalKindParams,
} from '@gamehall/shared/api/legal';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import { presentAdminDocuments, presentAdminVersion, presentAdminVersionDetail } from './legal.presenter';
import * as legal from './legal.service';

const tags = ['admin-content'];
// The site's content area (banners, notices, help) holds the legal pages too.
const CONTENT = 'admin:content.write' as const;

export function registerLegalAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/legal',
    {
      schema: {
        tags,
        summary: "The legal pages: each kind's newest published version and its open draft",
        response: { 200: envelope(AdminLegalDocuments) },
      },
      config: { auth: CONTENT },
    },
    async () => ok(presentAdminDocuments(await legal.legalOverview(ctx))),
  );

  app.get(
    '/admin/legal/:kind/versions',
    {
      schema: {
        tags,
        summary: 'Every version of a legal page, newest first (published ones are kept for good)',
        params: LegalKindParams,
        response: { 200: envelope(AdminLegalVersions) },
      },
      config: { auth: CONTENT },
    },
    async (req) => ok({ list: (await legal.versionsOf(ctx, req.params.kind)).map(presentAdminVersion) }),
  );

  app.post(
    '/admin/legal/:kind/draft',
    {
      schema: {
        tags,
        summary:
          'Open the next version as a draft, its texts copied from the newest published one (the open draft if there is one)',
        params: LegalKindParams,
        response: { 200: envelope(AdminLegalVersionDetail) },
      },
      config: { auth: CONTENT },
    },
    async (req) => {
      const started = await operatorAction(
        ctx,
        requestMetaOf(req),
        'legal.draft',
        `legal:${req.params.kind}`,
        (op) => legal.startDraft(ctx, op, req.params.kind),
        (r) => ({ created: r.created, after: legal.auditedVersion(r.detail) }),
      );
      return ok(presentAdminVersionDetail(started.detail));
    },
  );

  app.get(
    '/admin/legal/versions/:id',
    {
      schema: {
        tags,
        summary: 'One version with its texts',
        params: AdminLegalVersionParams,
        response: { 200: envelope(AdminLegalVersionDetail) },
      },
      config: { auth: CONTENT },
    },
    async (req) => ok(presentAdminVersionDetail(await legal.versionDetail(ctx, req.params.id))),
  );

  app.put(
    '/admin/legal/versions/:id',
    {
      schema: {
        tags,
        summary:
          "Replace a draft's summary, acceptance flag (terms) and texts, one per language the brand offers; a published version is 409",
        params: AdminLegalVersionParams,
        body: AdminLegalDraftBody,
        response: { 200: envelope(AdminLegalVersionDetail) },
      },
      config: { auth: CONTENT },
    },
    async (req) => {
      const c = await operatorAction(
        ctx,
        requestMetaOf(req),
        'legal.save',
        `legal:${req.params.id}`,
        () => legal.saveDraft(ctx, req.params.id, req.body),
        (r) => ({ before: legal.auditedVersion(r.before), after: legal.auditedVersion(r.after) }),
      );
      return ok(presentAdminVersionDetail(c.after));
    },
  );

  app.post(
    '/admin/legal/versions/:id/publish',
    {
      schema: {
        tags,
        summary:
          "Publish a draft (it needs a text in the brand's default language); older versions stay readable. Terms asking for acceptance are put to members at their next sign-in",
        params: AdminLegalVersionParams,
        response: { 200: envelope(AdminLegalVersionDetail) },
      },
      config: { auth: CONTENT },
    },
    async (req) => {
      const c = await operatorAction(
        ctx,
        requestMetaOf(req),
        'legal.publish',
        `legal:${req.params.id}`,
        (op) => legal.publishDraft(ctx, op, req.params.id),
        (r) => ({ before: legal.auditedVersion(r.before), after: legal.auditedVersion(r.after) }),
      );
      return ok(presentAdminVersionDetail(c.after));
    },
  );

  app.delete(
    '/admin/legal/versions/:id',
    {
      schema: {
        tags,
        summary: 'Discard a draft; a published version is 409',
        params: AdminLegalVersionParams,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: CONTENT },
    },
    async (req) => {
      await operatorAction(
        ctx,
        requestMetaOf(req),
        'legal.discard',
        `legal:${req.params.id}`,
        () => legal.discardDraft(ctx, req.params.id),
        (r) => ({ before: legal.auditedVersion(r.before) }),
      );
      return ok(null);
    },
  );
}
