import { AdminReferenceParams } from '@gamehall/shared/api/admin';
import {
  AdminBankAccountList,
  AdminBankAccountQuery,
  AdminDepositDetail,
  AdminWithdrawalDetail,
} from '@gamehall/shared/api/admin-cashier';
import { envelope } from '@gamehall/shared/api/common';
import { toMajor } from '@gamehall/shared/money';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { presentPage } from '../../http/paging';
import { piiView } from '../../http/pii';
import { presentAdminBankAccount, presentAdminDeposit, presentAdminWithdrawal } from './admin.presenter';
import * as adminCashier from './admin-cashier.service';

// The console's cashier screens (issue 11) beside the queues and actions of admin.routes.ts: the
// bank-account confirmation queue and an order's detail with its risk hints. Reads only.
const tags = ['admin'];
const CASHIER_READ = 'admin:cashier.read' as const;

function presentRisk(risk: adminCashier.OrderRisk) {
  return {
    sameBankAccount: risk.sameBankAccount.map((m) => ({ id: m.id, username: m.username })),
    memberIp: risk.memberIp,
    sameIp: risk.sameIp.map((m) => ({ id: m.id, username: m.username })),
    firstWithdrawal: risk.firstWithdrawal,
    turnover: { required: toMajor(risk.turnover.required), achieved: toMajor(risk.turnover.achieved) },
  };
}

export function registerAdminCashierRoutes(app: App, ctx: AppContext): void {
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
        presentPage(await adminCashier.bankAccountQueue(ctx, req.query), req.query, (r) =>
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
      const detail = await adminCashier.depositDetail(ctx, req.params.reference);
      return ok({ order: presentAdminDeposit(detail.order), risk: presentRisk(detail.risk) });
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
      const detail = await adminCashier.withdrawalDetail(ctx, req.params.reference);
      return ok({ order: presentAdminWithdrawal(detail.order, piiView(req)), risk: presentRisk(detail.risk) });
    },
  );
}
