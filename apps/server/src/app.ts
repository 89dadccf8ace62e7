import path from 'node:path';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { serializeRequest } from '@gamehall/shared/redact-url';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerActivityConsumers } from './activity-consumers';
import type { AppContext } from './context';
import { AccessLog } from './http/access-log';
import type { App } from './http/app-type';
import { registerAuth } from './http/auth';
import { registerCompression } from './http/compression';
import { registerEncryptedPayloads } from './http/encryption';
import { registerErrorHandler } from './http/error-handler';
import { guardBody, guardUrlAndHeaders } from './http/input-guards';
import { registerGaugeSource, registerMetrics, registerMetricsRoute } from './http/metrics';
import { databaseProbe, registerReadiness } from './http/readiness';
import { registerSecurityHeaders } from './http/security-headers';
import { registerRequestSpans, requestTraceId, tracingLogOptions } from './http/trace-context';
import { retryTransientConflicts } from './http/transient-retry';
import { BUILD_DIRS, type BuildDirs, registerWebApp } from './http/web-static';
import { checkCaptcha } from './modules/accounts/captcha.service';
import { registerDevicesRoutes } from './modules/accounts/devices.routes';
import { registerLoginRoutes } from './modules/accounts/login.routes';
import { registerMemberRoutes } from './modules/accounts/member.routes';
import { registerPasswordRoutes } from './modules/accounts/password.routes';
import { registerRegistrationRoutes } from './modules/accounts/registration.routes';
import { registerSecurityRoutes } from './modules/accounts/security.routes';
import { operatorGrants, resolveSession } from './modules/accounts/sessions.service';
import { registerTwoFactorRoutes } from './modules/accounts/two-factor.routes';
import { registerVerificationRoutes } from './modules/accounts/verification.routes';
import { activityLagGauges } from './modules/activity/activity.metrics';
import { registerAgentsAdminRoutes } from './modules/agents/agents.admin.routes';
import { registerAgentCentreRoutes } from './modules/agents/centre.routes';
import { registerContractRoutes } from './modules/agents/contracts.routes';
import { registerAgentDownlineRoutes } from './modules/agents/downlines.routes';
import { registerReferralLinkRoutes } from './modules/agents/referral-links.routes';
import { registerStatementRoutes } from './modules/agents/statements.routes';
import { registerAgentTeamRoutes } from './modules/agents/team.routes';
import { registerAuditAdminRoutes } from './modules/audit/audit.admin.routes';
import { registerCashierAdminRoutes } from './modules/cashier/cashier.admin.routes';
import { registerCashierRoutes } from './modules/cashier/cashier.routes';
import { registerWithdrawalForfeit } from './modules/cashier/cashier-withdrawals.service';
import { registerPaymentProviderAdminRoutes } from './modules/cashier/payment-providers.admin.routes';
import { registerCatalogueRoutes } from './modules/catalogue/catalogue.routes';
import { registerChatAdminRoutes } from './modules/chat/chat.admin.routes';
import { registerChatRoutes } from './modules/chat/chat.routes';
import { registerChatSocket } from './modules/chat/chat.socket';
import { registerChatroomAdminRoutes } from './modules/chatroom/chatroom.admin.routes';
import { registerChatroomRoutes } from './modules/chatroom/chatroom.routes';
import { registerChatroomSocket } from './modules/chatroom/chatroom.socket';
import { registerCatalogueSource } from './modules/games/catalogue-sync.service';
import { registerGamesAdminRoutes } from './modules/games/games.admin.routes';
import { registerGamesRoutes } from './modules/games/games.routes';
import { registerGameLaunchRoutes } from './modules/games/launch.routes';
import { registerProviderLauncher } from './modules/games/launch.service';
import { registerLotteryRoutes } from './modules/games/lottery.routes';
import { registerGameRecordRoutes } from './modules/games/records.routes';
import { registerRoundDetailsSource } from './modules/games/round-details.service';
import { registerKycAdminRoutes } from './modules/kyc/kyc.admin.routes';
import { registerKycRoutes } from './modules/kyc/kyc.routes';
import { ledgerCheckGauges } from './modules/ledger/ledger.metrics';
import { registerLegalAdminRoutes } from './modules/legal/legal.admin.routes';
import { registerLegalRoutes } from './modules/legal/legal.routes';
import { registerTermsGate } from './modules/legal/terms-gate';
import { registerMemberHomeRoutes } from './modules/member-home/member-home.routes';
import { registerMemberPageAdminRoutes } from './modules/member-page/member-page.admin.routes';
import { registerFeedbackRoutes } from './modules/messages/feedback.routes';
import { registerFeedbackVisitorCheck } from './modules/messages/feedback.service';
import { registerMessagesAdminRoutes } from './modules/messages/messages.admin.routes';
import { registerMessagesRoutes } from './modules/messages/messages.routes';
import { registerMissionsAdminRoutes } from './modules/missions/missions.admin.routes';
import { registerMissionsRoutes } from './modules/missions/missions.routes';
import { registerOperatorsAdminRoutes } from './modules/operators/operators.admin.routes';
import { registerOutboxRoutes } from './modules/outbox/outbox.routes';
import { registerPointsAdminRoutes } from './modules/points/points.admin.routes';
import { registerPointsRoutes } from './modules/points/points.routes';
import { caletaGameList, caletaLaunch, caletaRoundDetails } from './modules/providers/caleta-games.service';
import { evolutionLaunch } from './modules/providers/evolution-games.service';
import { registerProvidersRoutes } from './modules/providers/providers.routes';
import { registerPvpAdminRoutes } from './modules/pvp/pvp.admin.routes';
import { registerPvpRoutes } from './modules/pvp/pvp.routes';
import { registerPwaRoutes } from './modules/pwa/pwa.routes';
import { registerRebatesAdminRoutes } from './modules/rebates/rebates.admin.routes';
import { registerRebateRoutes } from './modules/rebates/rebates.routes';
import { registerReferralsAdminRoutes } from './modules/referrals/referrals.admin.routes';
import { registerReferralRoutes } from './modules/referrals/referrals.routes';
import { registerReportsAdminRoutes } from './modules/reports/reports.admin.routes';
import { workGauges } from './modules/reports/work-queue.service';
import { registerResponsibleAdminRoutes } from './modules/responsible/responsible.admin.routes';
import { registerResponsibleRoutes } from './modules/responsible/responsible.routes';
import { registerRewardsAdminRoutes } from './modules/rewards/rewards.admin.routes';
import { registerRewardsRoutes } from './modules/rewards/rewards.routes';
import { bonusMaxBet, withdrawalForfeit } from './modules/rewards/rewards.service';
import { registerRiskAdminRoutes } from './modules/risk/risk.admin.routes';
import { registerBrandAdminRoutes } from './modules/site/brand.admin.routes';
import { registerSiteAdminRoutes } from './modules/site/site.admin.routes';
import { registerSiteRoutes } from './modules/site/site.routes';
import { registerSiteState } from './modules/site/site-state';
import { registerSportsbookAdminRoutes } from './modules/sportsbook/sportsbook.admin.routes';
import { registerTicketAdminRoutes } from './modules/tickets/tickets.admin.routes';
import { registerTicketRoutes } from './modules/tickets/tickets.routes';
import { registerVendorGatewayAdminRoutes } from './modules/vendor-gateway/vendor-gateway.admin.routes';
import { registerVendorGatewayRoutes } from './modules/vendor-gateway/vendor-gateway.routes';
import { registerBonusBetLimit } from './modules/vendor-gateway/vendor-gateway.service';
import { registerVipAdminRoutes } from './modules/vip/vip.admin.routes';
import { registerVipRoutes } from './modules/vip/vip.routes';
import { registerWalletRoutes } from './modules/wallet/wallet.routes';
import { registerRealtime } from './realtime/realtime';

/** The application with the zod type provider, so routes get typed params, query and body. */

/** Builds the whole HTTP application on a context; never listens (tests use `inject`). */
export async function buildApp(
  ctx: AppContext,
  options: {
    /** Mounts more plugins before the app is sealed (the house studio under /studio, see main.ts). */
    mount?: (app: App, ctx: AppContext) => Promise<unknown> | unknown;
    /** Where the log goes instead of stdout (tests read it). */
    logStream?: { write: (line: string) => void };
    /** The browser builds to serve (tests pass their own; apps/web/dist and apps/console/dist by default). */
    builds?: BuildDirs;
    /** How long a plugin may take to start (Fastify's 10 s by default; the demo's instance waits longer). */
    pluginTimeout?: number;
  } = {},
): Promise<App> {
  const app = Fastify({
    logger:
      ctx.config.logLevel === 'silent'
        ? false
        : {
            level: ctx.config.logLevel,
            serializers: { req: serializeRequest },
            ...tracingLogOptions(),
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    // A request's id is its W3C trace id, on each of its log lines (access-log.ts) and in its error answers.
    genReqId: requestTraceId,
    // Successes sampled, errors always (http/access-log.ts).
    logController: new AccessLog(ctx.config.accessLogSample),
    trustProxy: ctx.config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Clean shutdown: stop accepting, let in-flight requests finish.
    forceCloseConnections: 'idle',
    ...(options.pluginTimeout !== undefined ? { pluginTimeout: options.pluginTimeout } : {}),
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  // First, so that every other hook (the session lookup's statements) runs inside the request's span.
  registerRequestSpans(app);
  registerActivityConsumers();
  // The cashier shows what a withdrawal request forfeits; rewards, a tier above it, reckons that.
  registerWithdrawalForfeit(withdrawalForfeit);
  // A visitor's feedback passes the guest captcha of accounts, a module beside messages.
  registerFeedbackVisitorCheck(checkCaptcha);
  registerBonusBetLimit(bonusMaxBet);
  // A Caleta game's address, the game list and a round's details, and an Evolution table's address,
  // come from the provider's own API; games cannot import providers.
  registerProviderLauncher('caleta', caletaLaunch);
  registerCatalogueSource('caleta', caletaGameList);
  registerRoundDetailsSource('caleta', caletaRoundDetails);
  registerProviderLauncher('evolution', evolutionLaunch);
  // What waits for operators is counted by reports, which GET /metrics cannot import; so are the
  // ledger's checks and the activity consumers' lag, by their own modules.
  registerGaugeSource(workGauges);
  registerGaugeSource(ledgerCheckGauges);
  registerGaugeSource(activityLagGauges);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerMetrics(app, ctx);
  const builds = options.builds ?? BUILD_DIRS;
  registerSecurityHeaders(app, ctx, {
    indexFile: path.join(builds.web, 'index.html'),
    consoleIndexFile: path.join(builds.console, 'index.html'),
  });
  registerCompression(app);
  retryTransientConflicts(app);

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Gamehall API',
        version: '1.0.0',
        description: 'Player, agent and vendor API of Gamehall.',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(formbody, { bodyLimit: 64 * 1024 });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 3, fields: 20 } });

  // A NUL byte (which PostgreSQL refuses) is a field error for every route, before any hook reads input.
  guardUrlAndHeaders(app);
  // Whole-site states come before auth: a logged-out visitor during maintenance gets 503, not 401.
  registerSiteState(app, ctx);
  registerAuth(app, (token) => resolveSession(ctx, token));
  registerEncryptedPayloads(app, (jwe) => ctx.keys.decrypt(jwe));
  guardBody(app);
  registerTermsGate(app, ctx);

  app.get(
    '/healthz',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness: 200 once the database is migrated and seeded',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  registerReadiness(app, [databaseProbe('database', ctx.db)]);
  registerMetricsRoute(app, ctx);
  for (const register of routeModules) await register(app, ctx);
  // A mounted vendor (the house studio) keeps its routes out of the platform's API document: its
  // page API is its own, not the platform's. It also keeps Swagger UI working: past about 131
  // operations the bundled UI stopped rendering after the second tag in Chromium (found when the
  // live tables added three routes; see docs/ARCHITECTURE.md).
  const mount = options.mount;
  if (mount)
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        route.schema = { ...(route.schema ?? {}), hide: true };
      });
      await mount(scope as unknown as App, ctx);
    });
  // Last: the web app's history fallback must not shadow an API route.
  registerWebApp(app, ctx, builds);

  await app.ready();
  return app;
}

// Each area contributes its routes; the list is the map of the API.
type RouteModule = (app: App, ctx: AppContext) => Promise<void> | void;
const routeModules: RouteModule[] = [
  registerSiteRoutes,
  registerLegalRoutes,
  registerPwaRoutes,
  registerLoginRoutes,
  registerVerificationRoutes,
  registerRegistrationRoutes,
  registerPasswordRoutes,
  registerMemberRoutes,
  registerMemberHomeRoutes,
  registerSecurityRoutes,
  registerTwoFactorRoutes,
  registerDevicesRoutes,
  registerCatalogueRoutes,
  registerGamesRoutes,
  registerGameLaunchRoutes,
  registerGameRecordRoutes,
  registerLotteryRoutes,
  registerOutboxRoutes,
  registerWalletRoutes,
  registerCashierRoutes,
  registerAgentTeamRoutes,
  registerAgentDownlineRoutes,
  registerAgentCentreRoutes,
  registerReferralLinkRoutes,
  registerContractRoutes,
  registerStatementRoutes,
  registerPointsRoutes,
  registerRewardsRoutes,
  registerMissionsRoutes,
  registerVipRoutes,
  registerResponsibleRoutes,
  registerRebateRoutes,
  registerReferralRoutes,
  registerTicketRoutes,
  registerChatRoutes,
  registerChatroomRoutes,
  registerKycRoutes,
  registerMessagesRoutes,
  registerFeedbackRoutes,
  registerCashierAdminRoutes,
  registerPaymentProviderAdminRoutes,
  registerBrandAdminRoutes,
  registerMemberPageAdminRoutes,
  registerAgentsAdminRoutes,
  registerPointsAdminRoutes,
  registerRewardsAdminRoutes,
  registerMissionsAdminRoutes,
  registerVipAdminRoutes,
  registerRebatesAdminRoutes,
  registerResponsibleAdminRoutes,
  registerReferralsAdminRoutes,
  registerTicketAdminRoutes,
  registerMessagesAdminRoutes,
  registerChatAdminRoutes,
  registerChatroomAdminRoutes,
  registerKycAdminRoutes,
  registerRiskAdminRoutes,
  registerOperatorsAdminRoutes,
  registerAuditAdminRoutes,
  registerSiteAdminRoutes,
  registerLegalAdminRoutes,
  registerGamesAdminRoutes,
  registerReportsAdminRoutes,
  registerVendorGatewayRoutes,
  registerVendorGatewayAdminRoutes,
  registerProvidersRoutes,
  registerSportsbookAdminRoutes,
  registerPvpRoutes,
  registerPvpAdminRoutes,
  // The hub is platform: the sessions it checks and the area sockets it carries are handed to it here.
  (app, ctx) =>
    registerRealtime(app, ctx, {
      sessions: {
        resolve: (token) => resolveSession(ctx, token),
        operatorGrants: (token) => operatorGrants(ctx, token),
      },
      sockets: [registerChatSocket, registerChatroomSocket],
    }),
];
