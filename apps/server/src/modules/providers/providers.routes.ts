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
import {
  EvolutionBalanceBody,
  EvolutionCheckBody,
  EvolutionCheckResponse,
  EvolutionMoneyBody,
  EvolutionPromoBody,
  EvolutionStandardResponse,
  type EvolutionStatus,
} from '@gamehall/shared/api/evolution';
import { VendorCodeField } from '@gamehall/shared/api/vendor';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { isDatabaseUnavailable, isTransientConflict } from '../../db/database-errors';
import type { App } from '../../http/app-type';
import { countVendorCall } from '../vendor-gateway/vendor-gateway.metrics';
import * as gateway from '../vendor-gateway/vendor-gateway.service';
import * as caleta from './caleta.service';
import * as evolution from './evolution.service';

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

/** An answer in a protocol's own shape. */
type Answer = { http: number; body: object };

/** How one protocol admits, checks and refuses a call (providerCall runs them in order). */
type Protocol<B> = {
  name: string;
  admit: () => Promise<gateway.Integration>;
  schema: z.ZodType<B>;
  /** The answer to a body that does not fit the schema. */
  invalid: () => Answer;
  /** The answer to a refusal (the adapter's or the core's); undefined for any other error. */
  refused: (error: unknown, integration: gateway.Integration | undefined) => Promise<Answer | undefined>;
  /** The answer to a failure of the platform (`unavailable`: its database). */
  failed: (unavailable: boolean) => Answer;
};

/**
 * One provider wallet call: the integration admitted, the body checked, then the call; refusals and
 * failures answer in the protocol's shape. A call that found the integration's settings changed
 * under it is admitted again and run again.
 */
async function providerCall<B>(
  request: FastifyRequest,
  reply: FastifyReply,
  json: unknown,
  protocol: Protocol<B>,
  run: (integration: gateway.Integration, body: B) => Promise<object>,
) {
  let integration: gateway.Integration | undefined;
  const send = (answer: Answer) => {
    countVendorCall(protocol.name, request, integration?.vendor_code, (answer.body as { status?: unknown }).status);
    return reply.status(answer.http).send(answer.body);
  };
  for (let attempt = 1; ; attempt++) {
    integration = undefined;
    try {
      // Before the body is read: a caller that does not prove itself learns nothing about the schema.
      integration = await protocol.admit();
      const parsed = protocol.schema.safeParse(json);
      if (!parsed.success) return send(protocol.invalid());
      return send({ http: 200, body: await run(integration, parsed.data) });
    } catch (error) {
      if (error instanceof gateway.StaleIntegration && attempt < 3) continue;
      const refusal = await protocol.refused(error, integration);
      if (refusal) return send(refusal);
      const unavailable = isDatabaseUnavailable(error) || isTransientConflict(error);
      if (unavailable) request.log.warn({ err: error }, `${protocol.name} wallet call: database unavailable`);
      else request.log.error({ err: error }, `${protocol.name} wallet call failed`);
      return send(protocol.failed(unavailable));
    }
  }
}

/** One Caleta wallet call: the raw body parsed, then admitted on the provider's signature over it. */
async function caletaCall<B>(
  ctx: AppContext,
  vendor: string,
  request: FastifyRequest,
  reply: FastifyReply,
  schema: z.ZodType<B>,
  run: (integration: gateway.Integration, body: B) => Promise<object>,
) {
  const raw = rawBodies.get(request) ?? Buffer.alloc(0);
  const answer = (status: CaletaStatus, requestId: string): Answer => ({
    http: httpOf(status),
    body: { status, request_uuid: requestId },
  });
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    const syntax = answer('RS_ERROR_WRONG_SYNTAX', '');
    return reply.status(syntax.http).send(syntax.body);
  }
  const requestId = requestIdOf(json);
  const signature = request.headers['x-auth-signature'];
  const caller = { raw, signature: typeof signature === 'string' ? signature : undefined, ip: request.ip };
  return providerCall(
    request,
    reply,
    json,
    {
      name: 'caleta',
      admit: () => caleta.admitCaleta(ctx, vendor, caller),
      schema,
      invalid: () => answer('RS_ERROR_WRONG_TYPES', requestId),
      refused: async (error) => {
        if (error instanceof caleta.CaletaRefusal) return answer(error.status, requestId);
        if (error instanceof gateway.VendorRefusal) return answer(caleta.caletaStatusOf(error.status), requestId);
        return undefined;
      },
      // The guide's unknown error: the provider rolls a bet back and retries a win or rollback.
      failed: () => answer('RS_ERROR_UNKNOWN', requestId),
    },
    run,
  );
}

/**
 * POST /providers/caleta/:vendor/wallet/{check,balance,bet,win,rollback}: the Caleta Gaming System's
 * Wallet API (Operator's Guide 1.5) for the integration `vendor`, signed by the provider
 * (X-Auth-Signature). `config.auth` is 'public' because the signature is the authentication; like
 * /vendor, it is outside the whole-site states, so rounds settle during maintenance.
 */
export function registerProvidersRoutes(app: App, ctx: AppContext): void {
  registerCaletaRoutes(app, ctx);
  registerEvolutionRoutes(app, ctx);
}

/**
 * One protocol's scope: bodies stay raw bytes (rawBodies) for the protocol to sign or parse itself,
 * and whatever fails before a handler (a body over the limit, a NUL in the address) answers in the
 * protocol's own shape, `early(client)` (client: the caller's fault, 400; else 500, logged), never the
 * platform's envelope.
 */
function protocolScope(plugin: App, name: string, early: (client: boolean) => object) {
  const scope = plugin.withTypeProvider<ZodTypeProvider>();
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (request, body, done) => {
    rawBodies.set(request, body as Buffer);
    done(null, undefined);
  });
  scope.setErrorHandler(async (error: { statusCode?: number }, request, reply) => {
    const client = error.statusCode !== undefined && error.statusCode < 500;
    if (!client) request.log.error({ err: error }, `${name} wallet call failed`);
    return reply.status(client ? 400 : 500).send(early(client));
  });
  return scope;
}

function registerCaletaRoutes(app: App, ctx: AppContext): void {
  app.register(async (plugin) => {
    const scope = protocolScope(plugin as unknown as App, 'caleta', (client) => ({
      status: client ? 'RS_ERROR_WRONG_TYPES' : 'RS_ERROR_UNKNOWN',
      request_uuid: '',
    }));

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

/** Evolution answers every status with HTTP 200 but a refused authToken (401), as its wallet does. */
function evolutionHttpOf(status: EvolutionStatus): number {
  return status === 'INVALID_TOKEN_ID' ? 401 : 200;
}

/** One Evolution wallet call: admitted on its authToken, then the body parsed and checked. */
async function evolutionCall<B extends { uuid?: string }>(
  ctx: AppContext,
  vendor: string,
  request: FastifyRequest,
  reply: FastifyReply,
  schema: z.ZodType<B>,
  run: (integration: gateway.Integration, body: B) => Promise<object>,
) {
  const raw = rawBodies.get(request) ?? Buffer.alloc(0);
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    json = undefined;
  }
  const given = typeof json === 'object' && json !== null ? (json as { uuid?: unknown }).uuid : undefined;
  const uuid = typeof given === 'string' ? given.slice(0, 128) : undefined;
  const answer = (status: Exclude<EvolutionStatus, 'OK'>): Answer => ({
    http: evolutionHttpOf(status),
    body: {
      status,
      balance: 0,
      bonus: 0,
      ...(uuid !== undefined ? { uuid } : {}),
      ...(status === 'TEMPORARY_ERROR' ? { retransmission: true } : {}),
    },
  });
  const authToken = (request.query as { authToken?: unknown }).authToken;
  const caller = { authToken: typeof authToken === 'string' ? authToken : undefined, ip: request.ip };
  return providerCall(
    request,
    reply,
    json,
    {
      name: 'evolution',
      admit: () => evolution.admitEvolution(ctx, vendor, caller),
      schema,
      invalid: () => answer('INVALID_PARAMETER'),
      refused: async (error, integration) => {
        // The adapter's refusals carry the player's balance as it is now.
        if (error instanceof evolution.EvolutionRefusal && integration)
          return {
            http: evolutionHttpOf(error.status),
            body: await evolution.refusalOf(ctx, integration, uuid, error.status, error.memberId),
          };
        if (!(error instanceof gateway.VendorRefusal)) return undefined;
        const status = evolution.evolutionStatusOf(error.status);
        return status === 'OK' ? undefined : answer(status);
      },
      // Evolution sends a temporary error again; every call is idempotent on its ids.
      failed: (unavailable) => answer(unavailable ? 'TEMPORARY_ERROR' : 'UNKNOWN_ERROR'),
    },
    run,
  );
}

/**
 * POST /providers/evolution/:vendor/{check,balance,debit,credit,cancel,promo_payout}?authToken=...:
 * Evolution's One Wallet for the integration `vendor`. `config.auth` is 'public' because the
 * authToken (the integration's secret) is the authentication; like /vendor, it is outside the
 * whole-site states, so bets settle during maintenance.
 */
function registerEvolutionRoutes(app: App, ctx: AppContext): void {
  app.register(async (plugin) => {
    const scope = protocolScope(plugin as unknown as App, 'evolution', (client) => ({
      status: client ? 'INVALID_PARAMETER' : 'UNKNOWN_ERROR',
      balance: 0,
      bonus: 0,
    }));
    const description =
      "Evolution One Wallet: the integration's secret in the authToken query parameter; amounts in the currency's unit (cents at most). docs/game-providers.md.";
    const Query = z.object({ authToken: z.string().max(512).optional() });
    const route = <B extends { uuid?: string }>(
      call: string,
      summary: string,
      schema: z.ZodType<B>,
      run: (integration: gateway.Integration, body: B) => Promise<object>,
    ) =>
      scope.post(
        `/providers/evolution/:vendor/${call}`,
        {
          schema: {
            tags,
            summary,
            description,
            params: Params,
            querystring: Query,
            response: {
              200: call === 'check' ? EvolutionCheckResponse : EvolutionStandardResponse,
              '4xx': EvolutionStandardResponse,
              '5xx': EvolutionStandardResponse,
            },
          },
          config: { auth: 'public' },
        },
        (request, reply) =>
          evolutionCall(ctx, (request.params as { vendor: string }).vendor, request, reply, schema, run),
      );

    route(
      'check',
      'Evolution wallet: check a sid and swap it for a new one (the old one no longer stakes)',
      EvolutionCheckBody,
      async (integration, body) => ({
        status: 'OK',
        sid: await evolution.check(ctx, integration, body),
        ...(body.uuid !== undefined ? { uuid: body.uuid } : {}),
      }),
    );
    route(
      'balance',
      "Evolution wallet: the player's balance, by a live sid",
      EvolutionBalanceBody,
      (integration, body) => evolution.balance(ctx, integration, body),
    );
    route(
      'debit',
      'Evolution wallet: take a bet (idempotent on transaction.id)',
      EvolutionMoneyBody,
      (integration, body) => evolution.debit(ctx, integration, body),
    );
    route(
      'credit',
      'Evolution wallet: settle a bet by its refId (accepted after the sid ended)',
      EvolutionMoneyBody,
      (integration, body) => evolution.credit(ctx, integration, body),
    );
    route('cancel', 'Evolution wallet: reverse a debit not yet settled', EvolutionMoneyBody, (integration, body) =>
      evolution.cancel(ctx, integration, body),
    );
    route(
      'promo_payout',
      'Evolution wallet: pay a promotion (idempotent on promoTransaction.id)',
      EvolutionPromoBody,
      (integration, body) => evolution.promoPayout(ctx, integration, body),
    );
  });
}
