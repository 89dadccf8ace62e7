import { envelope } from '@gamehall/shared/api/common';
import { ReconciliationParams, ReconciliationQuery, ReconciliationValue } from '@gamehall/shared/api/vendor';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { presentReconciliation } from './vendor-gateway.presenter';
import * as gateway from './vendor-gateway.service';

/** The back office's view of vendor money: one vendor's calls of a brand day beside its house account. */
export function registerVendorGatewayAdminRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/admin/vendors/:vendor/reconciliation',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Reconciliation of one vendor and brand day (the brand time zone): bets, wins, rollbacks (count, minor units), net, beside the ledger of the house account vendor:<code>',
        params: ReconciliationParams,
        querystring: ReconciliationQuery,
        response: { 200: envelope(ReconciliationValue) },
      },
      // A read-only view of vendor money; the console shows it on the Games screen.
      config: { auth: 'admin:games.read' },
    },
    async (request) =>
      ok(presentReconciliation(await gateway.reconciliation(ctx, request.params.vendor, request.query.date))),
  );
}
