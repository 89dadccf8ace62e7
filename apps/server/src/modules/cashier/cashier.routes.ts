import {
  BankAccount,
  BankAccountBody,
  BankAccountList,
  BankAccountParams,
  DepositBody,
  DepositList,
  DepositListQuery,
  DepositOrder,
  EWALLET_CALLBACK_PATH,
  MethodCodeParams,
  PaymentMethods,
  PspWebhookParams,
  PspWebhookValue,
  ReceiptFields,
  ReferenceParams,
  SandboxCallbackValue,
  WithdrawalList,
  WithdrawalListQuery,
  WithdrawalOrder,
  WithdrawBody,
  WithdrawInfo,
} from '@gamehall/shared/api/cashier';
import { envelope, OkValue } from '@gamehall/shared/api/common';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { fieldErrors } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import { presentPage } from '../../http/paging';
import {
  presentBankAccount,
  presentDeposit,
  presentPaymentMethods,
  presentWithdrawal,
  presentWithdrawInfo,
} from './cashier.presenter';
import * as cashier from './cashier.service';
import * as bankAccounts from './cashier-bank-accounts.service';
import * as callbacks from './cashier-callbacks.service';
import * as deposits from './cashier-deposits.service';
import * as psp from './cashier-psp.service';
import * as withdrawals from './cashier-withdrawals.service';
import { registerSandboxGateway, SANDBOX_CALLBACK_PATH } from './gateway';

const tags = ['cashier'];

export function registerCashierRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/wps/cashier/paymentMethods',
    {
      schema: {
        tags,
        summary:
          "Deposit methods with limits and quick amounts (a bank transfer only while an account can take the member's order), the member's last method and amount, withdrawal limits and receipt minutes",
        response: { 200: envelope(PaymentMethods) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(presentPaymentMethods(await cashier.paymentMethods(ctx, principalOf(req)))),
  );

  app.post(
    '/wps/cashier/deposit',
    {
      schema: {
        tags,
        summary: 'Request a deposit: bank transfer gives the receiving account, the gateway a payUrl',
        body: DepositBody,
        response: { 200: envelope(DepositOrder) },
      },
      config: { auth: 'member', movesMoney: true },
    },
    async (req) => ok(presentDeposit(await deposits.createDeposit(ctx, principalOf(req), req.body))),
  );

  app.post(
    '/wps/cashier/deposit/:reference/proof',
    {
      schema: {
        tags,
        summary: 'Attach a transfer proof to a pending bank-transfer deposit (multipart `image`: png or jpg, <= 5 MB)',
        consumes: ['multipart/form-data'],
        params: ReferenceParams,
        response: { 200: envelope(DepositOrder) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const { files } = await readMultipart(req);
      return ok(presentDeposit(await deposits.attachDepositProof(ctx, principalOf(req), req.params.reference, files)));
    },
  );

  app.get(
    '/wps/cashier/deposits',
    {
      schema: {
        tags,
        summary: 'Deposit history, newest first (paged, status filter)',
        querystring: DepositListQuery,
        response: { 200: envelope(DepositList) },
      },
      config: { auth: 'member' },
    },
    async (req) =>
      ok(presentPage(await deposits.listDeposits(ctx, principalOf(req), req.query), req.query, presentDeposit)),
  );

  // The sandbox gateway's callback and pages exist only when it is enabled (demo mode): elsewhere
  // they answer the ordinary 404 (cashier.service sandboxGatewayEnabled). An e-wallet provider's
  // callback exists everywhere and is refused for a method without a configured provider.
  registerPaymentCallbacks(app, ctx);

  app.get(
    '/wps/cashier/bankAccounts',
    {
      schema: {
        tags,
        summary: "The member's bank accounts (pending until an operator confirms)",
        response: { 200: envelope(BankAccountList) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok({ list: (await bankAccounts.bankAccounts(ctx, principalOf(req))).map(presentBankAccount) }),
  );

  app.post(
    '/wps/cashier/bankAccounts',
    {
      schema: {
        tags,
        summary: "Bind a bank account; the account name must be the member's real name",
        body: BankAccountBody,
        response: { 200: envelope(BankAccount) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(presentBankAccount(await bankAccounts.addBankAccount(ctx, principalOf(req), req.body))),
  );

  app.delete(
    '/wps/cashier/bankAccounts/:id',
    {
      schema: {
        tags,
        summary: 'Unlink a bank account; only while pending (spec §4)',
        params: BankAccountParams,
        response: { 200: envelope(OkValue) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      await bankAccounts.removeBankAccount(ctx, principalOf(req), req.params.id);
      return ok(null);
    },
  );

  app.get(
    '/wps/cashier/withdrawInfo',
    {
      schema: {
        tags,
        summary: 'Balance, withdrawal limits, payment-password flag and turnover progress',
        response: { 200: envelope(WithdrawInfo) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(presentWithdrawInfo(await withdrawals.withdrawInfo(ctx, principalOf(req)))),
  );

  app.post(
    '/wps/cashier/withdraw',
    {
      schema: {
        tags,
        summary: 'Request a withdrawal to a confirmed bank account (payment password); the amount is held',
        body: WithdrawBody,
        response: { 200: envelope(WithdrawalOrder) },
      },
      config: { auth: 'member', encrypted: true, movesMoney: true },
    },
    async (req) => ok(presentWithdrawal(await withdrawals.requestWithdrawal(ctx, principalOf(req), req.body))),
  );

  app.get(
    '/wps/cashier/withdrawals',
    {
      schema: {
        tags,
        summary: 'Withdrawal history, newest first (paged, status filter)',
        querystring: WithdrawalListQuery,
        response: { 200: envelope(WithdrawalList) },
      },
      config: { auth: 'member' },
    },
    async (req) =>
      ok(
        presentPage(await withdrawals.listWithdrawals(ctx, principalOf(req), req.query), req.query, presentWithdrawal),
      ),
  );

  app.post(
    '/wps/cashier/withdraw/:reference/receipt',
    {
      schema: {
        tags,
        summary:
          'Confirm a paid withdrawal (multipart: status received|partial|not_received, comment <= 140, images 0-3 png/jpg <= 5 MB; 1-3 required for not_received)',
        consumes: ['multipart/form-data'],
        params: ReferenceParams,
        response: { 200: envelope(WithdrawalOrder) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const { fields, files } = await readMultipart(req);
      const parsed = ReceiptFields.safeParse(fields);
      if (!parsed.success)
        throw fieldErrors(
          Object.fromEntries(
            parsed.error.issues.map((i) => [String(i.path[0] ?? '_'), i.code === 'too_big' ? 'TOO_LONG' : 'INVALID']),
          ),
        );
      const result = await withdrawals.confirmReceipt(ctx, principalOf(req), req.params.reference, {
        ...parsed.data,
        images: files,
      });
      return ok(presentWithdrawal(result));
    },
  );
}

// A payment callback is verified over the exact bytes received, so these routes alone keep their
// body raw: a parser scoped to this plugin hands the handler a Buffer.
function registerPaymentCallbacks(app: App, ctx: AppContext): void {
  const sandbox = cashier.sandboxGatewayEnabled(ctx);
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) =>
      done(null, body),
    );
    const rawOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
    const signatureOf = (header: string | string[] | undefined) => (typeof header === 'string' ? header : undefined);
    if (sandbox)
      scope.post(
        SANDBOX_CALLBACK_PATH,
        {
          schema: {
            tags,
            summary:
              'Sandbox gateway callback: JSON { reference, transactionId, status, amount }, header X-Signature (hex HMAC-SHA256 of the raw body)',
            response: { 200: envelope(SandboxCallbackValue) },
          },
          config: { auth: 'public' },
        },
        async (req) =>
          ok(await callbacks.acceptSandboxCallback(ctx, rawOf(req.body), signatureOf(req.headers['x-signature']))),
      );
    scope.post(
      EWALLET_CALLBACK_PATH,
      {
        schema: {
          tags,
          summary:
            "An e-wallet provider's callback: the sandbox callback's body, signed with the method's provider secret (X-Signature); 404 CASHIER_METHOD_UNAVAILABLE for a method without a provider",
          params: MethodCodeParams,
          response: { 200: envelope(SandboxCallbackValue) },
        },
        config: { auth: 'public' },
      },
      async (req) =>
        ok(
          await callbacks.acceptPaymentCallback(ctx, rawOf(req.body), signatureOf(req.headers['x-signature']), {
            by: 'provider',
            methodCode: (req.params as { code: string }).code,
          }),
        ),
    );
    scope.post(
      '/wps/cashier/webhooks/:provider',
      {
        schema: {
          tags,
          summary:
            "A payment provider's webhook in its own format (Xendit: x-callback-token, webhook-id), verified before it is read; each event acted on once; 401 CASHIER_SIGNATURE_INVALID when not the provider's",
          params: PspWebhookParams,
          response: { 200: envelope(PspWebhookValue) },
        },
        config: { auth: 'public' },
      },
      async (req) =>
        ok(
          await psp.receiveWebhook(ctx, (req.params as { provider: string }).provider, {
            headers: req.headers,
            rawBody: rawOf(req.body),
          }),
        ),
    );
  });
  if (sandbox) registerSandboxGateway(app, ctx);
}
