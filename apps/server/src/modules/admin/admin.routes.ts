import {
  AdminBankAccount,
  AdminBrandKeyParams,
  AdminBrandSetting,
  AdminBrandSettingBody,
  AdminBrandSettings,
  AdminBrandSwitch,
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
  AdminLoginBody,
  AdminLoginValue,
  AdminMethodParams,
  AdminReferenceParams,
  AdminSwitchBody,
  AdminSwitchParams,
  AdminWithdrawal,
  AdminWithdrawalList,
  AdminWithdrawalQuery,
  RejectBody,
} from '@gamehall/shared/api/admin';
import { RejectBankAccountBody } from '@gamehall/shared/api/admin-cashier';
import { envelope } from '@gamehall/shared/api/common';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { presentPage } from '../../http/paging';
import { piiView } from '../../http/pii';
import { operatorAction } from '../audit/operator-action';
import * as cashier from '../cashier/cashier.service';
import {
  presentAdminBankAccount,
  presentAdminBrandSettings,
  presentAdminCashierMethod,
  presentAdminCashierSettings,
  presentAdminDeposit,
  presentAdminImage,
  presentAdminSwitch,
  presentAdminWithdrawal,
} from './admin.presenter';
import * as admin from './admin.service';

const tags = ['admin'];
// Reading the queues and their proofs, deciding orders and confirming bank accounts, and changing
// how the cashier works are separate permissions (roles give a cashier the first two only).
const CASHIER_READ = 'admin:cashier.read' as const;
const CASHIER_APPROVE = 'admin:cashier.approve' as const;
const CASHIER_SETTINGS = 'admin:cashier.settings' as const;
// Brand settings and switches change the whole site (maintenance, region restriction, languages).
const SITE_WRITE = 'admin:site.write' as const;

export function registerAdminRoutes(app: App, ctx: AppContext): void {
  app.post(
    '/admin/session/login',
    {
      schema: {
        tags,
        summary: 'Operator login (type 90 accounts only); returns an admin session token',
        body: AdminLoginBody,
        response: { 200: envelope(AdminLoginValue) },
      },
      config: { auth: 'public' },
    },
    async (req) => ok(await admin.adminLogin(ctx, req, req.body)),
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
    async (req) => ok(presentPage(await cashier.operatorDeposits(ctx, req.query), req.query, presentAdminDeposit)),
  );

  app.post(
    '/admin/cashier/deposits/:reference/approve',
    {
      schema: {
        tags,
        summary: 'Approve a pending bank-transfer deposit: credits the member once',
        params: AdminReferenceParams,
        response: { 200: envelope(AdminDeposit) },
      },
      config: { auth: CASHIER_APPROVE },
    },
    async (req) =>
      ok(
        presentAdminDeposit(
          await operatorAction(ctx, req, 'cashier.deposit.approve', req.params.reference, (op) =>
            cashier.approveDeposit(ctx, op, req.params.reference),
          ),
        ),
      ),
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
    async (req) =>
      ok(
        presentAdminDeposit(
          await operatorAction(ctx, req, 'cashier.deposit.reject', req.params.reference, (op) =>
            cashier.rejectDeposit(ctx, op, req.params.reference, req.body.reason),
          ),
        ),
      ),
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
        presentPage(await cashier.operatorWithdrawals(ctx, req.query), req.query, (r) =>
          presentAdminWithdrawal(r, piiView(req)),
        ),
      ),
  );

  app.post(
    '/admin/cashier/withdrawals/:reference/approve',
    {
      schema: {
        tags,
        summary: 'Approve a pending withdrawal: the held funds move to withdrawals payable',
        params: AdminReferenceParams,
        response: { 200: envelope(AdminWithdrawal) },
      },
      config: { auth: CASHIER_APPROVE },
    },
    async (req) =>
      ok(
        presentAdminWithdrawal(
          await operatorAction(ctx, req, 'cashier.withdrawal.approve', req.params.reference, (op) =>
            cashier.actOnWithdrawal(ctx, op, req.params.reference, 'approve'),
          ),
          piiView(req),
        ),
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
      ok(
        presentAdminWithdrawal(
          await operatorAction(ctx, req, 'cashier.withdrawal.reject', req.params.reference, (op) =>
            cashier.actOnWithdrawal(ctx, op, req.params.reference, 'reject', req.body.reason),
          ),
          piiView(req),
        ),
      ),
  );

  app.post(
    '/admin/cashier/withdrawals/:reference/paid',
    {
      schema: {
        tags,
        summary: 'Mark an approved withdrawal paid (payable -> bank); the member may then confirm receipt',
        params: AdminReferenceParams,
        response: { 200: envelope(AdminWithdrawal) },
      },
      config: { auth: CASHIER_APPROVE },
    },
    async (req) =>
      ok(
        presentAdminWithdrawal(
          await operatorAction(ctx, req, 'cashier.withdrawal.paid', req.params.reference, (op) =>
            cashier.actOnWithdrawal(ctx, op, req.params.reference, 'paid'),
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
        summary: "Confirm a member's bank account; confirmed accounts are locked (spec §4)",
        params: AdminIdParams,
        response: { 200: envelope(AdminBankAccount) },
      },
      config: { auth: CASHIER_APPROVE },
    },
    async (req) =>
      ok(
        presentAdminBankAccount(
          await operatorAction(ctx, req, 'cashier.bankAccount.confirm', String(req.params.id), (op) =>
            cashier.confirmBankAccount(ctx, op, req.params.id),
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
          await operatorAction(ctx, req, 'cashier.bankAccount.reject', String(req.params.id), (op) =>
            cashier.rejectBankAccount(ctx, op, req.params.id, req.body.reason),
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
      const files = await cashier.orderImages(ctx, req.params.reference);
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
      const image = await cashier.orderImage(ctx, req.params.reference, req.params.id);
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
    async () => ok(presentAdminCashierSettings(await cashier.cashierConfiguration(ctx))),
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
        req,
        'cashier.settings',
        'cashier_settings',
        () => cashier.changeCashierSettings(ctx, req.body),
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
        req,
        'cashier.method',
        req.params.code,
        () => cashier.changePaymentMethod(ctx, req.params.code, req.body),
        (c) => ({ before: presentAdminCashierMethod(c.before), after: presentAdminCashierMethod(c.after) }),
      );
      return ok(presentAdminCashierMethod(changed.after));
    },
  );

  app.get(
    '/admin/brand/settings',
    {
      schema: {
        tags,
        summary: 'Every brand setting with its current value, and the whitelabel switches',
        response: { 200: envelope(AdminBrandSettings) },
      },
      config: { auth: SITE_WRITE },
    },
    async () => {
      const { brand, switches, smsSentToday } = await admin.brandConfiguration(ctx);
      return ok(presentAdminBrandSettings(brand, switches, smsSentToday));
    },
  );

  app.put(
    '/admin/brand/settings/:key',
    {
      schema: {
        tags,
        summary: 'Change one brand setting (value typed by the key); every node sees it within 2 s',
        params: AdminBrandKeyParams,
        body: AdminBrandSettingBody,
        response: { 200: envelope(AdminBrandSetting) },
      },
      config: { auth: SITE_WRITE },
    },
    async (req) => {
      const changed = await operatorAction(
        ctx,
        req,
        'brand.setting',
        req.params.key,
        () => admin.changeBrandSetting(ctx, req.params.key, req.body.value),
        (c) => ({ key: c.key, before: c.old, after: c.value }),
      );
      return ok({ key: changed.key, value: changed.value });
    },
  );

  app.put(
    '/admin/brand/switches/:modId',
    {
      schema: {
        tags,
        summary: 'Turn a whitelabel switch on or off',
        params: AdminSwitchParams,
        body: AdminSwitchBody,
        response: { 200: envelope(AdminBrandSwitch) },
      },
      config: { auth: SITE_WRITE },
    },
    async (req) => {
      const changed = await operatorAction(
        ctx,
        req,
        'brand.switch',
        req.params.modId,
        () => admin.changeSwitch(ctx, req.params.modId, req.body.enabled),
        (c) => ({ modId: c.row.mod_id, before: c.old, after: c.row.enabled }),
      );
      return ok(presentAdminSwitch(changed.row));
    },
  );
}
