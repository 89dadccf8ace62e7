import {
  CaletaBalanceBody,
  CaletaBalanceResponse,
  CaletaBetBody,
  CaletaCheckBody,
  CaletaCheckResponse,
  CaletaRollbackBody,
  type CaletaStatus,
  CaletaWinBody,
} from '@gamehall/shared/api/caleta';
import { VendorCodeField } from '@gamehall/shared/api/vendor';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { isDatabaseUnavailable, isTransientConflict } from '../../db/database-errors';
import type { App } from '../../http/app-type';
import * as gateway from '../vendor-gateway/vendor-gateway.service';
import * as caleta from './caleta.service';

// Outside game providers call the wallet in their own published protocols (docs/game-providers.md):
// each protocol is a thin adapter over the one wallet core, under /providers/<protocol>/<vendor>/,
// the base address the operator gives the provider. Bodies stay raw until the provider's signature
// over their bytes is checked.

const tags = ['providers'];
const BODY_LIMIT = 64 * 1024;
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

const Params = z.object({ vendor: VendorCodeField });
const caletaAnswers = { 200: CaletaBalanceResponse, '4xx': CaletaBalanceResponse, '5xx': CaletaBalanceResponse };

/** A malformed request is a client error; every other status answers 200, as the guide's wallet does. */
function httpOf(status: CaletaStatus): number {
  return status === 'RS_ERROR_WRONG_SYNTAX' || status === 'RS_ERROR_WRONG_TYPES' ? 400 : 200;
}

function requestIdOf(body: unknown): string {
  const id = typeof body === 'object' && body !== null ? (body as { request_uuid?: unknown }).request_uuid : undefined;
  return typeof id === 'string' ? id.slice(0, 128) : '';
}

type Parsed<B> = { ok: true; body: B } | { ok: false; status: CaletaStatus };

/**
 * One Caleta wallet call: the raw body parsed, the integration admitted on the signature, the body
 * checked, then the call. The core's refusals and failures answer in the guide's statuses; a call
 * that found the integration's settings changed under it is admitted again and run again.
 */
async function caletaCall<B>(
  ctx: AppContext,
  vendor: string,
  request: FastifyRequest,
  reply: FastifyReply,
  schema: z.ZodType<B>,
  run: (integration: gateway.Integration, body: B) => Promise<object>,
) {
  const raw = rawBodies.get(request) ?? Buffer.alloc(0);
  const fail = (status: CaletaStatus, requestId: string) =>
    reply.status(httpOf(status)).send({ status, request_uuid: requestId });
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    return fail('RS_ERROR_WRONG_SYNTAX', '');
  }
  const requestId = requestIdOf(json);
  const signature = request.headers['x-auth-signature'];
  const caller = { raw, signature: typeof signature === 'string' ? signature : undefined, ip: request.ip };
  for (let attempt = 1; ; attempt++) {
    try {
      // Before the body is read: an unsigned caller learns nothing about the schema.
      const integration = await caleta.admitCaleta(ctx, vendor, caller);
      const parsed: Parsed<B> = (() => {
        const r = schema.safeParse(json);
        return r.success ? { ok: true, body: r.data } : { ok: false, status: 'RS_ERROR_WRONG_TYPES' };
      })();
      if (!parsed.ok) return fail(parsed.status, requestId);
      return reply.status(200).send(await run(integration, parsed.body));
    } catch (error) {
      if (error instanceof gateway.StaleIntegration && attempt < 3) continue;
      if (error instanceof caleta.CaletaRefusal) return fail(error.status, requestId);
      if (error instanceof gateway.VendorRefusal) return fail(caleta.caletaStatusOf(error.status), requestId);
      if (isDatabaseUnavailable(error) || isTransientConflict(error))
        request.log.warn({ err: error }, 'caleta wallet call: database unavailable');
      else request.log.error({ err: error }, 'caleta wallet call failed');
      // The guide's unknown error: the provider rolls a bet back and retries a win or rollback.
      return fail('RS_ERROR_UNKNOWN', requestId);
    }
  }
}

/**
 * POST /providers/caleta/:vendor/wallet/{check,balance,bet,win,rollback}: the Caleta Gaming System's
 * Wallet API (Operator's Guide 1.5) for the integration `vendor`, signed by the provider
 * (X-Auth-Signature). `config.auth` is 'public' because the signature is the authentication; like
 * /vendor, it is outside the whole-site states, so rounds settle during maintenance.
 */
export function registerProvidersRoutes(app: App, ctx: AppContext): void {
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (request, body, done) => {
      rawBodies.set(request, body as Buffer);
      done(null, undefined);
    });
    // Whatever fails before a handler (a body over the limit, a NUL in the address) answers in the
    // guide's format, never the platform's envelope.
    scope.setErrorHandler(async (error: { statusCode?: number }, request, reply) => {
      const status: CaletaStatus =
        error.statusCode !== undefined && error.statusCode < 500 ? 'RS_ERROR_WRONG_TYPES' : 'RS_ERROR_UNKNOWN';
      if (status === 'RS_ERROR_UNKNOWN') request.log.error({ err: error }, 'caleta wallet call failed');
      return reply.status(error.statusCode !== undefined && error.statusCode < 500 ? 400 : 500).send({
        status,
        request_uuid: '',
      });
    });

    const description =
      "Caleta Gaming System Wallet API (Operator's Guide 1.5): header X-Auth-Signature, base64 RSA-SHA256 of the raw body by the provider's key; amounts in 1/100,000 of the currency unit. docs/game-providers.md.";
    const route = <B>(
      call: string,
      summary: string,
      schema: z.ZodType<B>,
      run: (integration: gateway.Integration, body: B) => Promise<object>,
    ) =>
      scope.post(
        `/providers/caleta/:vendor/wallet/${call}`,
        {
          schema: {
            tags,
            summary,
            description,
            params: Params,
            response: call === 'check' ? { 200: CaletaCheckResponse, '4xx': CaletaBalanceResponse } : caletaAnswers,
          },
          config: { auth: 'public' },
        },
        (request, reply) => caletaCall(ctx, (request.params as { vendor: string }).vendor, request, reply, schema, run),
      );

    route(
      'check',
      'Caleta wallet: swap a live launch token for a new one (the old one no longer stakes)',
      CaletaCheckBody,
      async (integration, body) => ({
        token: await caleta.check(ctx, integration, body.token),
      }),
    );
    route('balance', "Caleta wallet: the player's balance, by a live token", CaletaBalanceBody, (integration, body) =>
      caleta.balance(ctx, integration, body),
    );
    route('bet', 'Caleta wallet: debit a bet (idempotent on transaction_uuid)', CaletaBetBody, (integration, body) =>
      caleta.bet(ctx, integration, body),
    );
    route(
      'win',
      'Caleta wallet: credit a win (idempotent; accepted after the token ended)',
      CaletaWinBody,
      (integration, body) => caleta.win(ctx, integration, body),
    );
    route(
      'rollback',
      'Caleta wallet: reverse a bet (an unknown bet is recorded and answered OK)',
      CaletaRollbackBody,
      (integration, body) => caleta.rollback(ctx, integration, body),
    );
  });
}
