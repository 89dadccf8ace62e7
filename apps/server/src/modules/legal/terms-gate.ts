import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { assertTermsAccepted } from './legal.service';

/**
 * Routes that move money declare `config: { movesMoney: true }` (deposits, withdrawals, transfers,
 * real-money launches, reward and point claims). While a member has a newer version of the terms to
 * accept, each of them answers 403 TERMS_NOT_ACCEPTED with `value.version`: the site's dialog asks
 * at sign-in, and an API client meets the same rule. Runs after auth and validation, so a bad
 * request is still a 400 and a visitor still a 401.
 */
export function registerTermsGate(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('preHandler', (request, _reply, done) => {
    const principal = request.principal;
    if (!request.routeOptions.config.movesMoney || !principal) return done();
    assertTermsAccepted(ctx, principal).then(() => done(), done);
  });
}
