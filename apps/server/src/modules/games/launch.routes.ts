import { envelope } from '@gamehall/shared/api/common';
import { LaunchGameBody, LaunchGameValue, LaunchLobbyBody } from '@gamehall/shared/api/games';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { requestMetaOf } from '../../http/request-meta';
import { countryOf } from '../site/region';
import { type Launcher, launchGame, launchLobby } from './launch.service';

const tags = ['games'];

function launchContext(request: FastifyRequest) {
  return {
    origin: `${request.protocol}://${request.host}`,
    device: requestMetaOf(request).device,
    country: countryOf(request.ip),
    ip: request.ip,
  };
}

// A token that no longer works is a session to renew, not a guest: the site asks to sign in again.
function trialLauncher(request: FastifyRequest): Launcher {
  const principal = request.principal;
  if (principal) {
    if (principal.isOperator) throw new AppError('ACCOUNT_NOT_MEMBER');
    return { mode: 'trial', principal };
  }
  if (request.headers.authorization) throw new AppError('AUTH_SESSION_EXPIRED');
  return { mode: 'guest', ip: requestMetaOf(request).ip };
}

export function registerGameLaunchRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/wps/game/launchGame',
    {
      schema: {
        tags,
        summary:
          'Launches a game for a real member: a 2-hour game session and the launch URL (trial accounts 403 ACCOUNT_TRIAL_RESTRICTED, maintained games 503 GAME_MAINTENANCE with suggestions)',
        body: LaunchGameBody,
        response: { 200: envelope(LaunchGameValue) },
      },
      config: { auth: 'member', movesMoney: true },
    },
    async (request) =>
      ok(
        await launchGame(ctx, { mode: 'real', principal: principalOf(request) }, request.body, launchContext(request)),
      ),
  );

  // The original client launches with a GET and the same fields in the query: answered alike (the
  // same session, the same terms gate; the token travels in a header, never in a cookie).
  app.get(
    '/wps/game/launchGame',
    {
      schema: {
        tags,
        summary: 'The same launch as the POST, its fields in the query (the original client sends a GET)',
        querystring: LaunchGameBody,
        response: { 200: envelope(LaunchGameValue) },
      },
      config: { auth: 'member', movesMoney: true },
    },
    async (request) =>
      ok(
        await launchGame(ctx, { mode: 'real', principal: principalOf(request) }, request.query, launchContext(request)),
      ),
  );

  app.post(
    '/wps/game/launchGame/trial',
    {
      schema: {
        tags,
        summary:
          'Free trial of a game on the studio\'s demo balance, never the wallet: for any signed-in account, and for a guest while the brand\'s FREEPLAY3 allows free play (rate-limited per address, no member row; else 401 AUTH_REQUIRED, spec §6 "trial or free demo prompts login")',
        body: LaunchGameBody,
        response: { 200: envelope(LaunchGameValue) },
      },
      config: { auth: 'public' },
    },
    async (request) => ok(await launchGame(ctx, trialLauncher(request), request.body, launchContext(request))),
  );

  app.post(
    '/wps/relay/GCS_gameLaunchFB',
    {
      schema: {
        tags,
        summary: "Launches a vendor's own lobby (isGame VASSALAGE vendors such as sports books) for a real member",
        body: LaunchLobbyBody,
        response: { 200: envelope(LaunchGameValue) },
      },
      config: { auth: 'member', movesMoney: true },
    },
    async (request) => ok(await launchLobby(ctx, principalOf(request), request.body, launchContext(request))),
  );
}
