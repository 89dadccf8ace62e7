import { envelope } from '@gamehall/shared/api/common';
import {
  AcceptTermsBody,
  AcceptTermsValue,
  LegalKindParams,
  LegalPage,
  LegalPageQuery,
  LegalVersionParams,
  TermsStatus,
} from '@gamehall/shared/api/legal';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { presentLegalPage } from './legal.presenter';
import * as legal from './legal.service';

const tags = ['legal'];
/** A published version never changes; the newest may be replaced by a newer one within this time. */
const PAGE_CACHE = 'public, max-age=60';

// The web app sends `Language: <code>` (api-conventions: Requests); a query parameter wins over it.
function languageOf(request: FastifyRequest): string | undefined {
  const query = (request.query as { language?: string }).language;
  if (query) return query;
  const header = request.headers.language;
  return typeof header === 'string' && /^[A-Za-z-]{2,10}$/.test(header.trim()) ? header.trim() : undefined;
}

export function registerLegalRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/wps/legal/:kind',
    {
      schema: {
        tags,
        summary:
          "A legal page's newest published version in the reader's language (else the brand's default), with the list of its versions",
        params: LegalKindParams,
        querystring: LegalPageQuery,
        response: { 200: envelope(LegalPage) },
      },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      reply.header('Cache-Control', PAGE_CACHE);
      return ok(presentLegalPage(await legal.legalPage(ctx, req.params.kind, languageOf(req))));
    },
  );

  app.get(
    '/wps/legal/:kind/versions/:version',
    {
      schema: {
        tags,
        summary: 'An earlier published version of a legal page (every version stays readable)',
        params: LegalVersionParams,
        querystring: LegalPageQuery,
        response: { 200: envelope(LegalPage) },
      },
      config: { auth: 'public' },
    },
    async (req, reply) => {
      reply.header('Cache-Control', PAGE_CACHE);
      return ok(presentLegalPage(await legal.legalPage(ctx, req.params.kind, languageOf(req), req.params.version)));
    },
  );

  app.get(
    '/wps/member/terms',
    {
      schema: {
        tags,
        summary:
          'Whether this member must accept a newer version of the terms (asked at sign-in; money does not move until then)',
        querystring: LegalPageQuery,
        response: { 200: envelope(TermsStatus) },
      },
      config: { auth: 'session' },
    },
    async (req) => {
      const due = await legal.dueTerms(ctx, principalOf(req), languageOf(req));
      return ok({ due: due !== null, terms: due && presentLegalPage(due) });
    },
  );

  app.post(
    '/wps/member/terms/accept',
    {
      schema: {
        tags,
        summary: 'Accept the newest published version of the terms (recorded with the version, time and address)',
        body: AcceptTermsBody,
        response: { 200: envelope(AcceptTermsValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const accepted = await legal.acceptTerms(ctx, requestMetaOf(req), principalOf(req), req.body.version);
      return ok({ version: accepted.version, acceptedAt: accepted.acceptedAt.toISOString() });
    },
  );
}
