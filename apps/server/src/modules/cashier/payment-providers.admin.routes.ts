import { AdminReferenceParams, AdminWithdrawal } from '@gamehall/shared/api/admin';
import {
  AdminPaymentProvider,
  AdminPaymentProviderBody,
  AdminPaymentProviderList,
  AdminProviderParams,
  AdminProviderTestBody,
  AdminProviderTestResult,
  PayoutBody,
  PayoutResolveBody,
} from '@gamehall/shared/api/admin-payment-providers';
import { envelope } from '@gamehall/shared/api/common';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { piiView } from '../../http/pii';
import { requestMetaOf } from '../../http/request-meta';
import { audit } from '../audit/audit.service';
import { operatorAction } from '../audit/operator-action';
import { presentAdminWithdrawal } from './cashier.presenter';
import * as payouts from './cashier-payouts.service';
import * as psp from './cashier-psp-admin.service';
import * as withdrawals from './cashier-withdrawals.service';
import { presentProvider } from './payment-providers.presenter';

// The back office's payment providers (docs/cashier.md "Payment providers"): connecting one, testing
// its keys, and sending an approved withdrawal through it.
const tags = ['admin'];
const CASHIER_APPROVE = 'admin:cashier.approve' as const;
const CASHIER_SETTINGS = 'admin:cashier.settings' as const;

export function registerPaymentProviderAdminRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/admin/cashier/providers',
    {
      schema: {
        tags,
        summary: 'Payment providers: connection, mode, key ends (never the secrets), methods, latest webhooks',
        response: { 200: envelope(AdminPaymentProviderList) },
      },
      config: { auth: CASHIER_SETTINGS },
    },
    async () => ok({ list: (await psp.providersView(ctx)).map(presentProvider) }),
  );

  app.put(
    '/admin/cashier/providers/:code',
    {
      schema: {
        tags,
        summary:
          "Connect or change a payment provider: a mode's keys (secret key and webhook token, checked against the mode, never shown again), the mode in use, enabled, payouts, the API address",
        params: AdminProviderParams,
        body: AdminPaymentProviderBody,
        response: { 200: envelope(AdminPaymentProvider) },
      },
      config: { auth: CASHIER_SETTINGS },
    },
    async (req) => {
      const changed = await operatorAction(
        ctx,
        requestMetaOf(req),
        'cashier.provider',
        req.params.code,
        (op) => psp.changeProvider(ctx, op, req.params.code, req.body),
        (c) => c.audit,
      );
      return ok(presentProvider(changed.view));
    },
  );

  app.post(
    '/admin/cashier/providers/:code/test',
    {
      schema: {
        tags,
        summary: "Test a mode's saved keys with one call to the provider (its balance)",
        params: AdminProviderParams,
        body: AdminProviderTestBody,
        response: { 200: envelope(AdminProviderTestResult) },
      },
      config: { auth: CASHIER_SETTINGS },
    },
    // Audited after the call (outside any transaction: the provider may take seconds to answer), as
    // the call sends the mode's key to the API address in use.
    async (req) => {
      const meta = requestMetaOf(req);
      const result = await psp.testProvider(ctx, req.params.code, req.body.mode);
      await audit(ctx.db, meta, {
        event: 'cashier.provider.test',
        success: result.ok,
        memberId: meta.principal?.memberId ?? null,
        username: meta.principal?.username ?? null,
        detail: { target: req.params.code, mode: req.body.mode, message: result.message },
      });
      return ok(result);
    },
  );

  app.post(
    '/admin/cashier/withdrawals/:reference/payout',
    {
      schema: {
        tags,
        summary:
          'Send an approved withdrawal through a payment provider (one idempotency key per withdrawal); paid or, when the provider fails it, returned to the member with the reason',
        params: AdminReferenceParams,
        body: PayoutBody,
        response: { 200: envelope(AdminWithdrawal) },
      },
      config: { auth: CASHIER_APPROVE },
    },
    async (req) => {
      const { reference } = req.params;
      const requested = await operatorAction(
        ctx,
        requestMetaOf(req),
        'cashier.withdrawal.payout',
        reference,
        (op) => payouts.requestPayout(ctx, op, reference, req.body),
        (r) => ({ after: { provider: req.body.provider, channel: r.channel, mode: r.mode, repeat: r.repeat } }),
      );
      // The provider is asked after the action committed: a crash in between leaves it `sending`,
      // and the reconciliation job asks with the same idempotency key. A repeat (a second click)
      // asks nothing: the first request is still asking.
      if (!requested.repeat) await payouts.dispatchPayout(ctx, reference, 'first');
      const row = await withdrawals.operatorWithdrawal(ctx, reference);
      if (!row) throw new Error(`withdrawal ${reference} vanished`);
      return ok(presentAdminWithdrawal(row, piiView(req)));
    },
  );

  app.post(
    '/admin/cashier/withdrawals/:reference/payout/resolve',
    {
      schema: {
        tags,
        summary:
          "Settle by hand a payout the provider has not answered for good after 15 minutes, from the provider's dashboard: paid, or returned to the member (with a note)",
        params: AdminReferenceParams,
        body: PayoutResolveBody,
        response: { 200: envelope(AdminWithdrawal) },
      },
      config: { auth: CASHIER_APPROVE },
    },
    async (req) => {
      const { reference } = req.params;
      await operatorAction(
        ctx,
        requestMetaOf(req),
        'cashier.withdrawal.payout.resolve',
        reference,
        () => payouts.resolvePayout(ctx, reference, req.body),
        (outcome) => ({ after: { outcome, note: req.body.note } }),
      );
      const row = await withdrawals.operatorWithdrawal(ctx, reference);
      if (!row) throw new Error(`withdrawal ${reference} vanished`);
      return ok(presentAdminWithdrawal(row, piiView(req)));
    },
  );
}
