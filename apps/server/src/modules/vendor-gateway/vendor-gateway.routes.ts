import {
  VendorBalanceRequest,
  VendorBetRequest,
  VendorResettleRequest,
  VendorResettleResponse,
  VendorRollbackRequest,
  VendorWalletResponse,
  VendorWinRequest,
} from '@gamehall/shared/api/vendor';
import { vendorStatusCatalogue } from '@gamehall/shared/errors';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { isDatabaseUnavailable, isTransientConflict } from '../../db/database-errors';
import type { App } from '../../http/app-type';
import { countVendorCall } from './vendor-gateway.metrics';
import { presentVendorAnswer, vendorStatusTable } from './vendor-gateway.presenter';
import * as gateway from './vendor-gateway.service';
import { vendorSerializerCompiler, vendorValidatorCompiler } from './vendor-wire';

const tags = ['vendor'];

// Bodies stay raw until the signature is checked; these hold the bytes and the integration of a
// request between the parser, the hook and the handler (no request decoration leaks elsewhere).
const rawBodies = new WeakMap<FastifyRequest, Buffer>();
const integrations = new WeakMap<FastifyRequest, gateway.Integration>();

const BODY_LIMIT = 64 * 1024;

const answers = { 200: VendorWalletResponse, '4xx': VendorWalletResponse, '5xx': VendorWalletResponse };

function requestIdOf(request: FastifyRequest): string {
  const body = request.body as { requestId?: unknown } | undefined;
  return typeof body?.requestId === 'string' ? body.requestId.slice(0, 128) : '';
}

function integrationOf(request: FastifyRequest): gateway.Integration {
  const integration = integrations.get(request);
  if (!integration) throw new gateway.VendorRefusal('ERROR_INVALID_SIGNATURE');
  return integration;
}

async function send(reply: FastifyReply, request: FastifyRequest, answer: gateway.VendorAnswer) {
  countVendorCall('gamehall', request, integrations.get(request)?.vendor_code, answer.status);
  return reply.status(answer.http).send(presentVendorAnswer(answer, requestIdOf(request)));
}

async function authenticate(ctx: AppContext, request: FastifyRequest): Promise<gateway.Integration> {
  const signature = request.headers['x-signature'];
  return gateway.authenticateVendor(ctx, {
    raw: rawBodies.get(request) ?? Buffer.alloc(0),
    body: request.body,
    signature: typeof signature === 'string' ? signature : undefined,
    ip: request.ip,
  });
}

/**
 * Runs a call on the node's copy of the vendor's settings. When the call found them changed by an
 * operator (it undid itself), the request is authenticated again on the settings as they are now
 * and run again; a refusal then answers as the hook's would.
 */
async function answer(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  run: (integration: gateway.Integration) => Promise<gateway.VendorAnswer>,
) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await send(reply, request, await run(integrationOf(request)));
    } catch (error) {
      if (!(error instanceof gateway.StaleIntegration) || attempt >= 3) throw error;
      integrations.delete(request);
      integrations.set(request, await authenticate(ctx, request));
    }
  }
}

/**
 * POST /vendor/wallet/{balance,bet,win,rollback,resettle}: the signed seamless wallet (api-conventions).
 * `config.auth` is 'public' because the signature is the authentication. /vendor is outside the
 * whole-site states (site-state.ts): during maintenance or for any region, vendors can still settle
 * rounds; new play cannot start anyway, since game launch is under /wps and is refused then.
 */
export function registerVendorGatewayRoutes(app: App, ctx: AppContext): void {
  app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    // The hot path's bodies and answers are checked and written by hand (vendor-wire.ts), zod deciding the rest.
    scope.setValidatorCompiler(vendorValidatorCompiler);
    scope.setSerializerCompiler(vendorSerializerCompiler);
    // This scope alone keeps the raw bytes (the signature covers them exactly) and parses JSON itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (request, body, done) => {
      const raw = body as Buffer;
      rawBodies.set(request, raw);
      try {
        done(null, JSON.parse(raw.toString('utf8')));
      } catch {
        done(new gateway.VendorRefusal('ERROR_BAD_REQUEST'), undefined);
      }
    });

    // Before validation: an unsigned caller gets ERROR_INVALID_SIGNATURE, never a schema hint.
    scope.addHook('preValidation', async (request) => {
      integrations.set(request, await authenticate(ctx, request));
    });

    // Every failure answers in the vendor's format with a status it can act on.
    scope.setErrorHandler(async (error: FastifyError | gateway.VendorRefusal, request, reply) => {
      const currency = integrations.get(request)?.currency ?? '';
      let refusal: gateway.VendorRefusal;
      if (error instanceof gateway.VendorRefusal) refusal = error;
      else if (hasZodFastifySchemaValidationErrors(error) || (error.statusCode !== undefined && error.statusCode < 500))
        refusal = new gateway.VendorRefusal('ERROR_BAD_REQUEST');
      else if (isDatabaseUnavailable(error) || isTransientConflict(error)) {
        request.log.warn({ err: error }, 'vendor wallet call: database unavailable');
        refusal = new gateway.VendorRefusal('ERROR_SERVICE_UNAVAILABLE');
      } else {
        request.log.error({ err: error }, 'vendor wallet call failed');
        refusal = new gateway.VendorRefusal('ERROR_INTERNAL');
      }
      const answer = await gateway.refusalAnswer(ctx, currency, refusal).catch(() => ({
        http: vendorStatusCatalogue[refusal.status].http,
        status: refusal.status,
        balance: 0,
        currency,
      }));
      return send(reply, request, answer);
    });

    const description = `Header X-Signature: hex(HMAC-SHA256(vendorSecret, rawBody)). Amounts in integer minor units. Statuses:\n\n${vendorStatusTable()}`;

    scope.post(
      '/vendor/wallet/balance',
      {
        schema: {
          tags,
          summary: "Vendor wallet: the spendable balance of a live game session's player (by game token)",
          description,
          body: VendorBalanceRequest,
          response: answers,
        },
        config: { auth: 'public' },
      },
      async (request, reply) =>
        answer(ctx, request, reply, (integration) => gateway.balance(ctx, integration, request.body)),
    );

    scope.post(
      '/vendor/wallet/bet',
      {
        schema: {
          tags,
          summary: 'Vendor wallet: debit a bet (idempotent on transactionId; needs a live game token)',
          description,
          body: VendorBetRequest,
          response: answers,
        },
        config: { auth: 'public' },
      },
      async (request, reply) =>
        answer(ctx, request, reply, (integration) => gateway.bet(ctx, integration, request.body)),
    );

    scope.post(
      '/vendor/wallet/win',
      {
        schema: {
          tags,
          summary: 'Vendor wallet: credit a win (idempotent; accepted after the session expired)',
          description,
          body: VendorWinRequest,
          response: answers,
        },
        config: { auth: 'public' },
      },
      async (request, reply) =>
        answer(ctx, request, reply, (integration) => gateway.win(ctx, integration, request.body)),
    );

    scope.post(
      '/vendor/wallet/rollback',
      {
        schema: {
          tags,
          summary: 'Vendor wallet: reverse a bet (an unknown bet is recorded and answered OK)',
          description,
          body: VendorRollbackRequest,
          response: answers,
        },
        config: { auth: 'public' },
      },
      async (request, reply) =>
        answer(ctx, request, reply, (integration) => gateway.rollback(ctx, integration, request.body)),
    );

    scope.post(
      '/vendor/wallet/resettle',
      {
        schema: {
          tags,
          summary:
            'Vendor wallet: correct a settled round by a signed amount (a debit takes what the cash holds; taken says what moved)',
          description,
          body: VendorResettleRequest,
          response: { 200: VendorResettleResponse, '4xx': VendorResettleResponse, '5xx': VendorResettleResponse },
        },
        config: { auth: 'public' },
      },
      async (request, reply) =>
        answer(ctx, request, reply, (integration) => gateway.resettle(ctx, integration, request.body)),
    );
  });
}
