import { envelope } from '@gamehall/shared/api/common';
import {
  CashierReport,
  CashierReportQuery,
  Dashboard,
  GamesReport,
  GamesReportQuery,
  NgrReport,
  NgrReportQuery,
  NgrRows,
  NgrRowsQuery,
  PaymentFeePayouts,
  PaymentFeePayoutsQuery,
  PaymentFees,
  PaymentFeesQuery,
  RegistrationsReport,
  RegistrationsReportQuery,
} from '@gamehall/shared/api/reports';
import { WorkQueue } from '@gamehall/shared/api/work-queue';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf, usablePermissions } from '../../http/auth';
import { ok } from '../../http/envelope';
import { presentNgrReport, presentNgrRows } from './net-revenue.presenter';
import * as net from './net-revenue.service';
import {
  presentCashierReport,
  presentDashboard,
  presentGamesReport,
  presentPaymentFeePayouts,
  presentPaymentFees,
  presentRegistrationsReport,
} from './reports.presenter';
import * as reports from './reports.service';
import { workQueue } from './work-queue.service';

const tags = ['admin'];

export function registerReportsAdminRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/admin/dashboard',
    {
      schema: {
        tags,
        summary:
          'Today and the last 30 days from the daily rollups; members online and pending work live (the console reads it again on each cashier event of /ws/operator)',
        response: { 200: envelope(Dashboard) },
      },
      config: { auth: 'admin:dashboard.read' },
    },
    async () => ok(presentDashboard(await reports.dashboard(ctx))),
  );

  app.get(
    '/admin/work',
    {
      schema: {
        tags,
        summary:
          "The work to do, for any operator: each waiting queue (deposits, withdrawals, bank accounts, adjustments, KYC documents, chats, feedback, held agent statements, risk) with its count and oldest item's time, only the ones the operator can act on and whose screen they may open (the console reads it again on each cashier or work event of /ws/operator)",
        response: { 200: envelope(WorkQueue) },
      },
      config: { auth: 'operator' },
    },
    async (req) => ok(await workQueue(ctx, usablePermissions(principalOf(req)))),
  );

  app.get(
    '/admin/reports/games',
    {
      schema: {
        tags,
        summary:
          'Rounds, bets, wins, GGR, RTP and unique players by day, vendor, game type or game (brand days, inclusive)',
        querystring: GamesReportQuery,
        response: { 200: envelope(GamesReport) },
      },
      config: { auth: 'admin:reports.read' },
    },
    async (req) => ok(presentGamesReport(await reports.gamesReport(ctx, req.query), req.query)),
  );

  app.get(
    '/admin/reports/cashier',
    {
      schema: {
        tags,
        summary: 'Approved deposits and withdrawals by payment method or day',
        querystring: CashierReportQuery,
        response: { 200: envelope(CashierReport) },
      },
      config: { auth: 'admin:reports.read' },
    },
    async (req) => ok(presentCashierReport(await reports.cashierReport(ctx, req.query), req.query)),
  );

  app.get(
    '/admin/reports/cashier/fees',
    {
      schema: {
        tags,
        summary:
          "Payment fees by day or paying account: the rate on deposits and withdrawals and the payouts' bank fees; the totals are the NGR report's payment fee",
        querystring: PaymentFeesQuery,
        response: { 200: envelope(PaymentFees) },
      },
      config: { auth: 'admin:reports.read' },
    },
    async (req) => ok(presentPaymentFees(await reports.paymentFees(ctx, req.query))),
  );

  app.get(
    '/admin/reports/cashier/fees/payouts',
    {
      schema: {
        tags,
        summary: 'The payouts with a bank fee of a range of brand days, of one paying account if asked, newest first',
        querystring: PaymentFeePayoutsQuery,
        response: { 200: envelope(PaymentFeePayouts) },
      },
      config: { auth: 'admin:reports.read' },
    },
    async (req) => ok(presentPaymentFeePayouts(await reports.paymentFeePayouts(ctx, req.query), req.query)),
  );

  app.get(
    '/admin/reports/registrations',
    {
      schema: {
        tags,
        summary: 'Registrations and first deposits by day or week, with registration-week cohorts',
        querystring: RegistrationsReportQuery,
        response: { 200: envelope(RegistrationsReport) },
      },
      config: { auth: 'admin:reports.read' },
    },
    async (req) => ok(presentRegistrationsReport(await reports.registrationsReport(ctx, req.query), req.query)),
  );

  app.get(
    '/admin/reports/ngr',
    {
      schema: {
        tags,
        summary:
          'Net gaming revenue by brand day, vendor, game type, game, player or top agent: GGR, each deduction (bonus cost, rebates, mission, ticket, referral, VIP and points cash, agent commissions, manual adjustments, provider and payment fees) and NGR',
        querystring: NgrReportQuery,
        response: { 200: envelope(NgrReport) },
      },
      config: { auth: 'admin:reports.read' },
    },
    async (req) => ok(presentNgrReport(await net.ngrReport(ctx, req.query), req.query)),
  );

  app.get(
    '/admin/reports/ngr/rows',
    {
      schema: {
        tags,
        summary:
          'The rows behind one figure of the net revenue report: ledger postings, rounds, or the fee per day and member',
        querystring: NgrRowsQuery,
        response: { 200: envelope(NgrRows) },
      },
      config: { auth: 'admin:reports.read' },
    },
    async (req) => ok(presentNgrRows(await net.ngrRows(ctx, req.query), req.query)),
  );
}
