import { envelope } from '@gamehall/shared/api/common';
import { LaunchGameBody, LaunchGameValue, LaunchLobbyBody } from '@gamehall/shared/api/games';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { launchGame, launchLobby } from './launch.service';

const tags = ['games'];

function launchContext(request: FastifyRequest) {
  return { origin: `${request.protocol}://${request.host}` };
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

  app.post(
    '/wps/game/launchGame/trial',
    {
      schema: {
        tags,
        summary:
          'Free trial of a game for any signed-in account (trial members and members; guests 401 AUTH_REQUIRED, spec §6 "trial or free demo prompts login"): demo balance, never the wallet',
        body: LaunchGameBody,
        response: { 200: envelope(LaunchGameValue) },
      },
      config: { auth: 'session' },
    },
    async (request) =>
      ok(
        await launchGame(ctx, { mode: 'trial', principal: principalOf(request) }, request.body, launchContext(request)),
      ),
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
