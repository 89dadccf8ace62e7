import {
  AdminBankAccount,
  AdminCashierMethod,
  AdminCashierMethodBody,
  AdminCashierSettings,
  AdminCashierSettingsBody,
  AdminDeposit,
  AdminDepositList,
  AdminDepositQuery,
  AdminIdParams,
  AdminImageList,
  AdminImageParams,
  AdminMethodParams,
  AdminReferenceParams,
  AdminWithdrawal,
  AdminWithdrawalList,
  AdminWithdrawalQuery,
  BulkDecisionBody,
  BulkDecisionResult,
  RejectBody,
} from '@gamehall/shared/api/admin';
import {
  AdminBankAccountList,
  AdminBankAccountQuery,
  AdminDepositDetail,
  AdminHouseAccount,
  AdminHouseAccountBody,
  AdminHouseAccountList,
  AdminWithdrawalDetail,
  ApproveDepositBody,
  MarkPaidBody,
  PayeeReviewBody,
  RejectBankAccountBody,
} from '@gamehall/shared/api/admin-cashier';
import { envelope } from '@gamehall/shared/api/common';
import { AdminKycMember, AdminKycMemberParams } from '@gamehall/shared/api/kyc';
import { errorCatalogue } from '@gamehall/shared/errors';
import { toMajor } from '@gamehall/shared/money';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { presentPage } from '../../http/paging';
import { piiView } from '../../http/pii';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import * as kyc from '../kyc/kyc.service';
import {
  presentAdminBankAccount,
  presentAdminCashierMethod,
  presentAdminCashierSettings,
  presentAdminDeposit,
  presentAdminHouseAccount,
  presentAdminImage,
  presentAdminWithdrawal,
  presentRisk,
} from './cashier.presenter';
import * as bankAccounts from './cashier-bank-accounts.service';
import * as deposits from './cashier-deposits.service';
import * as images from './cashier-files.service';
import * as review from './cashier-review.service';
import * as settings from './cashier-settings.service';
import * as withdrawals from './cashier-withdrawals.service';
import * as houseAccounts from './house-accounts.service';

// The back office's cashier: the deposit and withdrawal queues and their decisions, the bank-account
// confirmation queue, an order's detail with its risk hints, uploaded images, and the settings.
const tags = ['admin'];
// Reading the queues and their proofs, deciding orders and confirming bank accounts, and changing
// how the cashier works are separate permissions (roles give a cashier the first two only).
const CASHIER_READ = 'admin:cashier.read' as const;
const CASHIER_APPROVE = 'admin:cashier.approve' as const;
const CASHIER_SETTINGS = 'admin:cashier.settings' as const;

export function registerCashierAdminRoutes(app: App, ctx: AppContext): void {
  // One decision on one order, audited as one operator action: what the single-order routes and the
  // bulk routes both run, so a bulk decision is checked and recorded exactly as single ones are.
  const approveDeposit = (req: FastifyRequest, reference: string, body: ApproveDepositBody) =>
    operatorAction(
      ctx,
      requestMetaOf(req),
      'cashier.deposit.approve',
      reference,
      (op) => deposits.approveDeposit(ctx, op, reference, body),
      (d) => ({
        before: { status: d.repeat ? 'approved' : 'pending', amount: toMajor(d.requested) },
        after: {
          status: 'approved',
          amount: toMajor(d.credited),
          ...(d.credited !== d.requested ? { reason: body.reason } : {}),
        },
      }),
    );
  const rejectDeposit = (req: FastifyRequest, reference: string, reason: string) =>
    operatorAction(ctx, requestMetaOf(req), 'cashier.deposit.reject', reference, (op) =>
      deposits.rejectDeposit(ctx, op, reference, reason),
    );
  const approveWithdrawal = (req: FastifyRequest, reference: string, payeeReview: string | undefined) =>
    operatorAction(
      ctx,
      requestMetaOf(req),
      'cashier.withdrawal.approve',
      reference,
      (op) => withdrawals.actOnWithdrawal(ctx, op, reference, 'approve', { payeeReview }),
      () => (payeeReview ? { payeeReview } : {}),
    );
  const rejectWithdrawal = (req: FastifyRequest, reference: string, reason: string) =>
    operatorAction(ctx, requestMetaOf(req), 'cashier.withdrawal.reject', reference, (op) =>
      withdrawals.actOnWithdrawal(ctx, op, reference, 'reject', { reason }),
    );

  app.post(
    '/admin/cashier/deposits/bulk',
    {
      schema: {
        tags,
        summary:
          "Approve (as asked) or reject (with one reason) the selected deposits, each on its own as its single route would, audited one by one; answers each order's outcome, a refusal stopping nothing else",
        body: BulkDecisionBody,
        response: { 200: envelope(BulkDecisionResult) },
      },
      config: { auth: CASHIER_APPROVE },
    },
    async (req) =>
      ok(
        await eachOrder(req, req.body.references, async (reference) => {
          const row =
            req.body.action === 'approve'
              ? (await approveDeposit(req, reference, {})).row
              : await rejectDeposit(req, reference, req.body.reason ?? '');
          return row.status;
        }),
      ),
  );

  app.post(
    '/admin/cashier/withdrawals/bulk',
    {
      schema: {
        tags,
        summary:
          "Approve or reject (with one reason) the selected withdrawals, each on its own as its single route would, audited one by one; a payee who is not the verified name is refused here (approve it alone, with its review); answers each order's outcome, a refusal stopping nothing else",
        body: BulkDecisionBody,
        response: { 200: envelope(BulkDecisionResult) },
      },
      config: { auth: CASHIER_APPROVE },
    },
    async (req) =>
      ok(
        await eachOrder(req, req.body.references, async (reference) => {
          const row =
            req.body.action === 'approve'
              ? await approveWithdrawal(req, reference, undefined)
              : await rejectWithdrawal(req, reference, req.body.reason ?? '');
          return row.status;
        }),
      ),
  );
  app.get(
    '/admin/cashier/deposits',
    {
      schema: {
        tags,
        summary:
          'Deposit orders, newest first (paged; filters: status, member, method, amount and day range, reference)',
        querystring: AdminDepositQuery,
        response: { 200: envelope(AdminDepositList) },
      },
      config: { auth: CASHIER_READ },
    },
    async (req) => ok(presentPage(await deposits.operatorDeposits(ctx, req.query), req.query, presentAdminDeposit)),
  );

  app.post(
    '/admin/cashier/deposits/:reference/approve',
    {
      schema: {
        tags,
        summary:
          'Approve a pending bank-transfer deposit: credits the member once; `amount` with a `reason` when what arrived is not what was asked',
        params: AdminReferenceParams,
        body: ApproveDepositBody.nullish(),
        response: { 200: envelope(AdminDeposit) },
      },
      config: { auth: CASHIER_APPROVE },
    },
    async (req) => ok(presentAdminDeposit((await approveDeposit(req, req.params.reference, req.body ?? {})).row)),
  );

  app.post(
    '/admin/cashier/deposits/:reference/reject',
    {
      schema: {
        tags,
        summary: 'Reject a pending deposit with a reason',
        params: AdminReferenceParams,
        body: RejectBody,
        response: { 200: envelope(AdminDeposit) },
      },
      config: { auth: CASHIER_APPROVE },
    },
    async (req) => ok(presentAdminDeposit(await rejectDeposit(req, req.params.reference, req.body.reason))),
  );

  app.get(
    '/admin/cashier/withdrawals',
    {
      schema: {
        tags,
        summary:
          'Withdrawal orders, newest first (paged; filters: status, member, bank, amount and day range, reference)',
        querystring: AdminWithdrawalQuery,
        response: { 200: envelope(AdminWithdrawalList) },
      },
      config: { auth: CASHIER_READ },
    },
    async (req) =>
      ok(
        presentPage(await withdrawals.operatorWithdrawals(ctx, req.query), req.query, (r) =>
          presentAdminWithdrawal(r, piiView(req)),
        ),
      ),
  );

  app.post(
    '/admin/cashier/withdrawals/:reference/approve',
    {
      schema: {
        tags,
        summary:
          'Approve a pending withdrawal: the held funds move to withdrawals payable; a payee who is not the verified name needs `payeeReview`',
        params: AdminReferenceParams,
        body: PayeeReviewBody.nullish(),
        response: { 200: envelope(AdminWithdrawal) },
      },
      config: { auth: CASHIER_APPROVE },
    },
    async (req) =>
      ok(
        presentAdminWithdrawal(await approveWithdrawal(req, req.params.reference, req.body?.payeeReview), piiView(req)),
      ),
  );

  app.post(
    '/admin/cashier/withdrawals/:reference/reject',
    {
      schema: {
        tags,
        summary: 'Reject a pending withdrawal: the hold is released',
        params: AdminReferenceParams,
        body: RejectBody,
        response: { 200: envelope(AdminWithdrawal) },
      },
      config: { auth: CASHIER_APPROVE },
    },
    async (req) =>
      ok(presentAdminWithdrawal(await rejectWithdrawal(req, req.params.reference, req.body.reason), piiView(req))),
  );

  app.post(
    '/admin/cashier/withdrawals/:reference/paid',
    {
      schema: {
        tags,
        summary:
          "Mark an approved withdrawal paid (payable -> bank) with the bank's payout reference, the house account it left from and the bank's fee (the house's cost: bank -> payment-fees); the member may then confirm receipt",
        params: AdminReferenceParams,
        body: MarkPaidBody,
        response: { 200: envelope(AdminWithdrawal) },
      },
      config: { auth: CASHIER_APPROVE },
    },
    async (req) =>
      ok(
        presentAdminWithdrawal(
          await operatorAction(
            ctx,
            requestMetaOf(req),
            'cashier.withdrawal.paid',
            req.params.reference,
            (op) => withdrawals.actOnWithdrawal(ctx, op, req.params.reference, 'paid', { payout: req.body }),
            (row) => ({
              after: {
                status: row.status,
                payoutReference: row.payout_reference,
                payingAccountId: row.paid_from_account_id,
                fee: toMajor(row.fee),
              },
            }),
          ),
          piiView(req),
        ),
      ),
  );

  app.post(
    '/admin/cashier/bankAccounts/:id/confirm',
    {
      schema: {
        tags,
        summary:
          "Confirm a member's bank account; confirmed accounts are locked (spec §4); a payee who is not the verified name needs `payeeReview`",
        params: AdminIdParams,
        body: PayeeReviewBody.nullish(),
        response: { 200: envelope(AdminBankAccount) },
      },
      config: { auth: CASHIER_APPROVE },
    },
    async (req) =>
      ok(
        presentAdminBankAccount(
          await operatorAction(
            ctx,
            requestMetaOf(req),
            'cashier.bankAccount.confirm',
            String(req.params.id),
            (op) => bankAccounts.confirmBankAccount(ctx, op, req.params.id, req.body?.payeeReview),
            () => (req.body?.payeeReview ? { payeeReview: req.body.payeeReview } : {}),
          ),
          piiView(req),
        ),
      ),
  );

  app.post(
    '/admin/cashier/bankAccounts/:id/reject',
    {
      schema: {
        tags,
        summary: "Reject a member's pending bank account with a reason the member reads",
        params: AdminIdParams,
        body: RejectBankAccountBody,
        response: { 200: envelope(AdminBankAccount) },
      },
      config: { auth: CASHIER_APPROVE },
    },
    async (req) =>
      ok(
        presentAdminBankAccount(
          await operatorAction(ctx, requestMetaOf(req), 'cashier.bankAccount.reject', String(req.params.id), (op) =>
            bankAccounts.rejectBankAccount(ctx, op, req.params.id, req.body.reason),
          ),
          piiView(req),
        ),
      ),
  );

  app.get(
    '/admin/cashier/images/:reference',
    {
      schema: {
        tags,
        summary: 'Images uploaded to an order (deposit proofs, withdrawal receipt proofs)',
        params: AdminReferenceParams,
        response: { 200: envelope(AdminImageList) },
      },
      config: { auth: CASHIER_READ },
    },
    async (req) => {
      const files = await images.orderImages(ctx, req.params.reference);
      return ok({ list: files.map((f) => presentAdminImage(req.params.reference, f)) });
    },
  );

  app.get(
    '/admin/cashier/images/:reference/:id',
    {
      schema: { tags, summary: 'The bytes of one uploaded image (png or jpeg)', params: AdminImageParams },
      config: { auth: CASHIER_READ },
    },
    async (req, reply) => {
      const image = await images.orderImage(ctx, req.params.reference, req.params.id);
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(image.data);
    },
  );

  app.get(
    '/admin/cashier/settings',
    {
      schema: {
        tags,
        summary: 'Cashier settings: receipt minutes, turnover percent, every payment method with limits',
        response: { 200: envelope(AdminCashierSettings) },
      },
      config: { auth: CASHIER_SETTINGS },
    },
    async () => ok(presentAdminCashierSettings(await settings.cashierConfiguration(ctx))),
  );

  app.put(
    '/admin/cashier/settings',
    {
      schema: {
        tags,
        summary:
          'Change the receipt confirmation minutes, the turnover percent and/or the gateway order expiry minutes',
        body: AdminCashierSettingsBody,
        response: { 200: envelope(AdminCashierSettings) },
      },
      config: { auth: CASHIER_SETTINGS },
    },
    async (req) => {
      const changed = await operatorAction(
        ctx,
        requestMetaOf(req),
        'cashier.settings',
        'cashier_settings',
        () => settings.changeCashierSettings(ctx, req.body),
        (c) => ({
          before: c.old,
          after: {
            receiptConfirmMinutes: c.config.receiptConfirmMinutes,
            turnoverPercent: c.config.turnoverPercent,
            gatewayExpiryMinutes: c.config.gatewayExpiryMinutes,
          },
        }),
      );
      return ok(presentAdminCashierSettings(changed.config));
    },
  );

  app.put(
    '/admin/cashier/methods/:code',
    {
      schema: {
        tags,
        summary: "Change a payment method: on/off, min and max (major units), a bank transfer's receiving account",
        params: AdminMethodParams,
        body: AdminCashierMethodBody,
        response: { 200: envelope(AdminCashierMethod) },
      },
      config: { auth: CASHIER_SETTINGS },
    },
    async (req) => {
      const changed = await operatorAction(
        ctx,
        requestMetaOf(req),
        'cashier.method',
        req.params.code,
        () => settings.changePaymentMethod(ctx, req.params.code, req.body),
        (c) => ({ before: presentAdminCashierMethod(c.before), after: presentAdminCashierMethod(c.after) }),
      );
      return ok(presentAdminCashierMethod(changed.after));
    },
  );

  app.get(
    '/admin/cashier/bankAccounts',
    {
      schema: {
        tags,
        summary:
          "Members' bank accounts, newest first: the confirmation queue (status=pending), search by username or number",
        querystring: AdminBankAccountQuery,
        response: { 200: envelope(AdminBankAccountList) },
      },
      config: { auth: CASHIER_READ },
    },
    async (req) =>
      ok(
        presentPage(await review.bankAccountQueue(ctx, req.query), req.query, (r) =>
          presentAdminBankAccount(r, piiView(req)),
        ),
      ),
  );

  app.get(
    '/admin/cashier/deposits/:reference',
    {
      schema: {
        tags,
        summary: 'One deposit order with its risk hints (shared bank account or IP, turnover)',
        params: AdminReferenceParams,
        response: { 200: envelope(AdminDepositDetail) },
      },
      config: { auth: CASHIER_READ },
    },
    async (req) => {
      const detail = await review.depositDetail(ctx, req.params.reference);
      return ok({
        order: presentAdminDeposit(detail.order),
        risk: presentRisk(detail.risk),
        depositorMatch: detail.depositorMatch,
      });
    },
  );

  // ---- the brand's bank accounts: the receiving pool of bank transfers, the accounts payouts leave from

  app.get(
    '/admin/cashier/houseAccounts',
    {
      schema: {
        tags,
        summary: "The brand's bank accounts: receiving (method, daily cap, VIP levels, routed today) and paying",
        response: { 200: envelope(AdminHouseAccountList) },
      },
      // Marking a withdrawal paid picks a paying account from this list.
      config: { auth: CASHIER_READ },
    },
    async () => ok({ list: (await houseAccounts.houseAccounts(ctx)).map(presentAdminHouseAccount) }),
  );

  app.post(
    '/admin/cashier/houseAccounts',
    {
      schema: {
        tags,
        summary: 'Add a bank account of the brand (receiving for a bank-transfer method and/or paying)',
        body: AdminHouseAccountBody,
        response: { 200: envelope(AdminHouseAccount) },
      },
      config: { auth: CASHIER_SETTINGS },
    },
    async (req) => {
      const added = await operatorAction(
        ctx,
        requestMetaOf(req),
        'cashier.houseAccount',
        'cashier_house_accounts',
        () => houseAccounts.addHouseAccount(ctx, req.body),
        (v) => ({ after: presentAdminHouseAccount(v) }),
      );
      return ok(presentAdminHouseAccount(added));
    },
  );

  app.put(
    '/admin/cashier/houseAccounts/:id',
    {
      schema: {
        tags,
        summary: 'Change a bank account of the brand (all its fields; active false takes it out of rotation)',
        params: AdminIdParams,
        body: AdminHouseAccountBody,
        response: { 200: envelope(AdminHouseAccount) },
      },
      config: { auth: CASHIER_SETTINGS },
    },
    async (req) => {
      const changed = await operatorAction(
        ctx,
        requestMetaOf(req),
        'cashier.houseAccount',
        `cashier_house_accounts:${req.params.id}`,
        () => houseAccounts.changeHouseAccount(ctx, req.params.id, req.body),
        (c) => ({ before: presentAdminHouseAccount(c.before), after: presentAdminHouseAccount(c.after) }),
      );
      return ok(presentAdminHouseAccount(changed.after));
    },
  );

  app.get(
    '/admin/cashier/withdrawals/:reference',
    {
      schema: {
        tags,
        summary: 'One withdrawal order with its risk hints (first withdrawal, shared bank account or IP, turnover)',
        params: AdminReferenceParams,
        response: { 200: envelope(AdminWithdrawalDetail) },
      },
      config: { auth: CASHIER_READ },
    },
    async (req) => {
      const detail = await review.withdrawalDetail(ctx, req.params.reference);
      return ok({ order: presentAdminWithdrawal(detail.order, piiView(req)), risk: presentRisk(detail.risk) });
    },
  );

  app.post(
    '/admin/kyc/members/:memberId/refund',
    {
      schema: {
        tags: ['admin-kyc'],
        summary:
          "Pay an under-age closure's refund out: an approved withdrawal to the confirmed bank account in the verified name, once",
        params: AdminKycMemberParams,
        response: { 200: envelope(AdminKycMember) },
      },
      // Money leaves to a bank account: the cashier's approval permission, as for any withdrawal
      // (compliance decided the closure with kyc.review; paying is the cashier's step).
      config: { auth: 'admin:cashier.approve' },
    },
    async (req) =>
      ok(await kyc.memberPanelView(ctx, await review.payUnderAgeRefund(ctx, requestMetaOf(req), req.params.memberId))),
  );
}

/**
 * Decides the orders one after the other (the same reference once), each in its own transaction: a
 * refusal is that order's outcome and the next order is decided all the same.
 */
async function eachOrder(
  req: FastifyRequest,
  references: readonly string[],
  decide: (reference: string) => Promise<string>,
): Promise<BulkDecisionResult> {
  const results: BulkDecisionResult['results'] = [];
  for (const reference of new Set(references)) {
    try {
      results.push({ reference, ok: true, status: await decide(reference) });
    } catch (error) {
      if (error instanceof AppError) results.push({ reference, ok: false, code: error.code, message: error.message });
      else {
        req.log.error({ err: error, reference }, 'a bulk cashier decision failed');
        results.push({ reference, ok: false, code: 'INTERNAL_ERROR', message: errorCatalogue.INTERNAL_ERROR.message });
      }
    }
  }
  return { results };
}
