import {
  ActionDone,
  Adjustment,
  AdjustmentBody,
  AdjustmentIdParams,
  AdjustmentList,
  AdjustmentQuery,
  AdjustmentRejectBody,
  AdjustmentRules,
  AgentBody,
  LockBody,
  MemberAuditList,
  MemberBankAccountList,
  MemberDepositList,
  MemberDeviceList,
  MemberIdParams,
  MemberLedgerList,
  MemberLedgerQuery,
  MemberList,
  MemberLoginList,
  MemberNote,
  MemberNoteList,
  MemberOverview,
  MemberRoundDetailsQuery,
  MemberRoundList,
  MemberRoundsQuery,
  MemberSearchQuery,
  MemberSummary,
  MemberWithdrawalList,
  NoteBody,
  RevealBody,
  RevealedValue,
  TagsBody,
  TagsValue,
  UplineBody,
} from '@gamehall/shared/api/admin-members';
import { Empty, envelope, PageQuery } from '@gamehall/shared/api/common';
import { RoundDetails } from '@gamehall/shared/api/games';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { presentGrid } from '../../http/paging';
import { operatorHolds, type PiiView, piiView } from '../../http/pii';
import { requestMetaOf } from '../../http/request-meta';
import type { AuditEvent } from '../audit/audit.service';
import { operatorAction } from '../audit/operator-action';
import {
  presentAdjustment,
  presentAuditRow,
  presentLedgerEntry,
  presentMemberBankAccount,
  presentMemberDeposit,
  presentMemberDevice,
  presentMemberLogin,
  presentMemberRound,
  presentMemberRow,
  presentMemberWithdrawal,
  presentNote,
  presentOverview,
  presentRevealed,
  presentSummary,
} from './member-page.presenter';
import * as members from './member-page.service';

const tags = ['admin-members'];
const READ = 'admin:members.read' as const;
const WRITE = 'admin:members.write' as const;
// Cashier data (deposits, withdrawals, bank accounts) needs cashier.read wherever it is shown.
const CASHIER_READ = 'admin:cashier.read' as const;
const ADJUST = 'admin:wallet.adjust' as const;
const APPROVE = 'admin:wallet.approve' as const;

// The audit events of this area. The audit log stores any event name; AuditEvent (modules/audit)
// names the ones other areas write.
type MemberEvent =
  | 'member.lock'
  | 'member.unlock'
  | 'member.forcePasswordChange'
  | 'member.sendResetLink'
  | 'member.resetPaymentPassword'
  | 'member.upline'
  | 'member.agent'
  | 'member.note'
  | 'member.tags'
  | 'member.reveal'
  | 'wallet.adjustment.request'
  | 'wallet.adjustment.approve'
  | 'wallet.adjustment.reject'
  | 'wallet.adjustment.cancel';

/** Audit rows of member actions carry the target `member:<id>`, which the member page's audit tab lists. */
export function memberTarget(id: number): string {
  return `member:${id}`;
}

function act<T extends { before: Record<string, unknown>; after: Record<string, unknown> }>(
  ctx: AppContext,
  req: FastifyRequest,
  event: MemberEvent,
  memberId: number,
  run: (operator: Parameters<Parameters<typeof operatorAction>[4]>[0]) => Promise<T>,
): Promise<T> {
  return operatorAction(ctx, requestMetaOf(req), event as AuditEvent, memberTarget(memberId), run, (r) => ({
    before: r.before,
    after: r.after,
  }));
}

export function registerMemberPageAdminRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/admin/members',
    {
      schema: {
        tags,
        summary:
          'Member search: partial, case-insensitive match on username, real name (verified or entered), mobile, email, bank account number (with cashier.read) or IP (or the id); paged and sorted; contact details masked without members.pii',
        querystring: MemberSearchQuery,
        response: { 200: envelope(MemberList) },
      },
      config: { auth: READ },
    },
    async (req) => {
      const page = await members.search(ctx, req.query, operatorHolds(req, 'cashier.read'));
      const pii = piiView(req);
      return ok({ ...presentGrid(page, req.query, (r) => presentMemberRow(r, pii)), totalCapped: page.totalCapped });
    },
  );

  app.get(
    '/admin/members/:id',
    {
      schema: {
        tags,
        summary:
          'Member overview: status, type, VIP, upline, balances, security flags, tags; mobile, email and full name masked without members.pii',
        params: MemberIdParams,
        response: { 200: envelope(MemberOverview) },
      },
      config: { auth: READ },
    },
    async (req) => ok(presentOverview(await members.overview(ctx, req.params.id), piiView(req))),
  );

  app.get(
    '/admin/members/:id/summary',
    {
      schema: {
        tags,
        summary:
          'The member at a glance: verified name and KYC level, VIP progress, cash, bonus and points, lifetime and 30-day deposits, withdrawals (cashier.read) and GGR from the daily member figures, responsible play, the upline chain, tags and the newest notes; the verified name masked without members.pii',
        params: MemberIdParams,
        response: { 200: envelope(MemberSummary) },
      },
      config: { auth: READ },
    },
    async (req) =>
      ok(presentSummary(await members.summary(ctx, req.params.id, operatorHolds(req, 'cashier.read')), piiView(req))),
  );

  // The member page's paged tabs: GET /admin/members/:id/<tab>, each one grid page of its rows.
  type TabQuery = { pageNo: number; pageSize: number; type?: string; from?: string; to?: string };
  const tab = <R>(
    path: string,
    summary: string,
    response: z.ZodType,
    load: (id: number, q: TabQuery, req: FastifyRequest) => Promise<{ rows: readonly R[]; total: number }>,
    present: (row: R, pii: PiiView) => unknown,
    options: { querystring?: z.ZodType; auth?: typeof READ | typeof CASHIER_READ } = {},
  ) =>
    app.get(
      `/admin/members/:id/${path}`,
      {
        schema: {
          tags,
          summary,
          params: MemberIdParams,
          querystring: options.querystring ?? PageQuery,
          response: { 200: envelope(response) },
        },
        config: { auth: options.auth ?? READ },
      },
      async (req) => {
        const r = req as FastifyRequest<{ Params: { id: number }; Querystring: TabQuery }>;
        const pii = piiView(req);
        return ok(presentGrid(await load(r.params.id, r.query, req), r.query, (row) => present(row, pii)));
      },
    );

  tab(
    'ledger',
    "The member's cash ledger entries, newest first (type filter: a posting type or its prefix)",
    MemberLedgerList,
    (id, q) => members.ledger(ctx, id, q),
    presentLedgerEntry,
    { querystring: MemberLedgerQuery },
  );
  tab(
    'deposits',
    "The member's deposit orders, newest first (cashier data: cashier.read)",
    MemberDepositList,
    (id, q) => members.deposits(ctx, id, q),
    presentMemberDeposit,
    { auth: CASHIER_READ },
  );
  tab(
    'withdrawals',
    "The member's withdrawal orders, newest first (cashier data: cashier.read; account numbers masked without members.pii)",
    MemberWithdrawalList,
    (id, q) => members.withdrawals(ctx, id, q),
    presentMemberWithdrawal,
    { auth: CASHIER_READ },
  );
  tab(
    'rounds',
    "The member's game rounds, newest first; from/to: brand days or instants",
    MemberRoundList,
    (id, q) => members.rounds(ctx, id, q),
    presentMemberRound,
    { querystring: MemberRoundsQuery },
  );
  app.get(
    '/admin/members/:id/rounds/details',
    {
      schema: {
        tags,
        summary:
          "The address of one of the member's rounds at its provider (a round whose row says detailsAvailable), to open in a new tab",
        params: MemberIdParams,
        querystring: MemberRoundDetailsQuery,
        response: { 200: envelope(RoundDetails) },
      },
      config: { auth: READ },
    },
    async (req) => {
      return ok({ url: await members.roundDetails(ctx, req.params.id, req.query) });
    },
  );
  tab(
    'logins',
    "The member's login history: IP, country (offline IP database), device, time",
    MemberLoginList,
    (id, q) => members.logins(ctx, id, q),
    presentMemberLogin,
  );
  tab(
    'notes',
    "Operators' notes on the member, newest first",
    MemberNoteList,
    (id, q) => members.notes(ctx, id, q),
    presentNote,
  );
  tab(
    'audit',
    "Audit rows of operator actions on the member, newest first; with cashier.read the cashier's decisions on the member's deposits, withdrawals and bank accounts too",
    MemberAuditList,
    (id, q, req) => members.auditRows(ctx, id, memberTarget(id), operatorHolds(req, 'cashier.read'), q),
    presentAuditRow,
  );

  app.get(
    '/admin/members/:id/bankAccounts',
    {
      schema: {
        tags,
        summary:
          "The member's bank accounts (cashier data: cashier.read; numbers and holder names masked without members.pii)",
        params: MemberIdParams,
        response: { 200: envelope(MemberBankAccountList) },
      },
      config: { auth: CASHIER_READ },
    },
    async (req) => {
      const pii = piiView(req);
      return ok({
        list: (await members.bankAccounts(ctx, req.params.id)).map((a) => presentMemberBankAccount(a, pii)),
      });
    },
  );

  app.post(
    '/admin/members/:id/reveal',
    {
      schema: {
        tags,
        summary:
          "One of the member's personal fields in full (mobile, email, full name with members.reveal; a bank account's number or holder name with cashier.read), audited as member.reveal",
        params: MemberIdParams,
        body: RevealBody,
        response: { 200: envelope(RevealedValue) },
      },
      config: { auth: READ },
    },
    async (req) => {
      const done = await act(ctx, req, 'member.reveal', req.params.id, () => {
        const bankField = req.body.field === 'bankAccountNumber' || req.body.field === 'bankAccountName';
        // A bank account is cashier data; a mobile, email or name is asked for under members.reveal.
        if (!operatorHolds(req, bankField ? 'cashier.read' : 'members.reveal')) throw new AppError('AUTH_FORBIDDEN');
        return members.reveal(ctx, req.params.id, req.body);
      });
      return ok(presentRevealed(req.body.field, done));
    },
  );

  app.get(
    '/admin/members/:id/devices',
    {
      schema: {
        tags,
        summary:
          "The member's devices (hashed X-Device-Id, first 12 hex digits), last seen first, with the other members sharing each",
        params: MemberIdParams,
        response: { 200: envelope(MemberDeviceList) },
      },
      config: { auth: READ },
    },
    async (req) => ok({ list: (await members.devices(ctx, req.params.id)).map(presentMemberDevice) }),
  );

  // ---- actions

  const action = (
    path: string,
    event: MemberEvent,
    summary: string,
    run: (req: FastifyRequest<{ Params: { id: number } }>) => Promise<members.Change>,
    body?: typeof LockBody | typeof UplineBody | typeof AgentBody,
  ) =>
    app.post(
      `/admin/members/:id/${path}`,
      {
        schema: {
          tags,
          summary,
          params: MemberIdParams,
          ...(body ? { body } : {}),
          response: { 200: envelope(ActionDone) },
        },
        config: { auth: WRITE },
      },
      async (req) => {
        const r = req as FastifyRequest<{ Params: { id: number } }>;
        const done = await act(ctx, req, event, r.params.id, () => run(r));
        return ok({ overview: presentOverview(done.overview, piiView(req)) });
      },
    );

  action(
    'lock',
    'member.lock',
    'Lock the account: the member cannot sign in and every session of theirs ends',
    (req) => members.lock(ctx, req.params.id, (req.body as LockBody).reason),
    LockBody,
  );
  action(
    'unlock',
    'member.unlock',
    'Unlock the account',
    (req) => members.unlock(ctx, req.params.id, (req.body as LockBody).reason),
    LockBody,
  );
  action(
    'forcePasswordChange',
    'member.forcePasswordChange',
    'Make the next login open the forced password change',
    (req) => members.forcePasswordChange(ctx, req.params.id),
  );
  action('sendResetLink', 'member.sendResetLink', "Mail the password reset link to the member's bound email", (req) =>
    members.sendResetLink(ctx, requestMetaOf(req), req.params.id),
  );
  action(
    'resetPaymentPassword',
    'member.resetPaymentPassword',
    'Clear the payment password: the member sets a new one in the security centre and is told so',
    (req) => members.resetPaymentPassword(ctx, req.params.id),
  );
  action(
    'upline',
    'member.upline',
    'Move the member under another agent (or none); cycles and non-agents are refused',
    (req) => members.changeUpline(ctx, req.params.id, req.body as UplineBody),
    UplineBody,
  );
  action(
    'agent',
    'member.agent',
    'Make the member an agent of type 1, 2, 41 or 42',
    (req) => members.markAgent(ctx, req.params.id, req.body as AgentBody),
    AgentBody,
  );

  app.post(
    '/admin/members/:id/notes',
    {
      schema: {
        tags,
        summary: 'Add a note about the member',
        params: MemberIdParams,
        body: NoteBody,
        response: { 200: envelope(MemberNote) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const done = await act(ctx, req, 'member.note', req.params.id, (op) =>
        members.addNote(ctx, op, req.params.id, req.body),
      );
      return ok(presentNote(done.note));
    },
  );

  app.post(
    '/admin/members/:id/tags',
    {
      schema: {
        tags,
        summary: "Replace the member's tags",
        params: MemberIdParams,
        body: TagsBody,
        response: { 200: envelope(TagsValue) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const done = await act(ctx, req, 'member.tags', req.params.id, () =>
        members.setTags(ctx, req.params.id, req.body),
      );
      return ok({ tags: done.tags });
    },
  );

  // ---- balance adjustments

  app.post(
    '/admin/members/:id/adjustments',
    {
      schema: {
        tags,
        summary:
          "Credit or debit the member's cash with a reason; above the brand's adjustmentApprovalThreshold it waits for another operator",
        params: MemberIdParams,
        body: AdjustmentBody,
        response: { 200: envelope(Adjustment) },
      },
      config: { auth: ADJUST },
    },
    async (req) => {
      const done = await act(ctx, req, 'wallet.adjustment.request', req.params.id, (op) =>
        members.requestAdjustment(ctx, op, req.params.id, req.body),
      );
      return ok(presentAdjustment(done.adjustment));
    },
  );

  app.get(
    '/admin/adjustments/rules',
    {
      schema: {
        tags,
        summary: "The brand's approval threshold for adjustments (money) and a bonus adjustment's default wagering",
        response: { 200: envelope(AdjustmentRules) },
      },
      config: { auth: ADJUST },
    },
    async () => ok(await members.adjustmentRules(ctx)),
  );

  app.get(
    '/admin/adjustments',
    {
      schema: {
        tags,
        summary: 'Balance adjustments, newest first (status and member filters)',
        querystring: AdjustmentQuery,
        response: { 200: envelope(AdjustmentList) },
      },
      config: { auth: READ },
    },
    async (req) => ok(presentGrid(await members.adjustments(ctx, req.query), req.query, presentAdjustment)),
  );

  app.post(
    '/admin/adjustments/:id/approve',
    {
      schema: {
        tags,
        summary: 'Approve a pending adjustment (not your own): it is posted once, however many approve at once',
        params: AdjustmentIdParams,
        body: Empty.optional(),
        response: { 200: envelope(Adjustment) },
      },
      config: { auth: APPROVE },
    },
    async (req) => {
      const memberId = await members.adjustmentMember(ctx, req.params.id);
      const done = await act(ctx, req, 'wallet.adjustment.approve', memberId, (op) =>
        members.approveAdjustment(ctx, op, req.params.id),
      );
      return ok(presentAdjustment(done.adjustment));
    },
  );

  app.post(
    '/admin/adjustments/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a pending adjustment with a reason',
        params: AdjustmentIdParams,
        body: AdjustmentRejectBody,
        response: { 200: envelope(Adjustment) },
      },
      config: { auth: APPROVE },
    },
    async (req) => {
      const memberId = await members.adjustmentMember(ctx, req.params.id);
      const done = await act(ctx, req, 'wallet.adjustment.reject', memberId, (op) =>
        members.rejectAdjustment(ctx, op, req.params.id, req.body.reason),
      );
      return ok(presentAdjustment(done.adjustment));
    },
  );

  app.post(
    '/admin/adjustments/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel your own pending adjustment before it is decided: nothing moves',
        params: AdjustmentIdParams,
        body: Empty.nullish(),
        response: { 200: envelope(Adjustment) },
      },
      config: { auth: ADJUST },
    },
    async (req) => {
      const memberId = await members.adjustmentMember(ctx, req.params.id);
      const done = await act(ctx, req, 'wallet.adjustment.cancel', memberId, (op) =>
        members.cancelAdjustment(ctx, op, req.params.id),
      );
      return ok(presentAdjustment(done.adjustment));
    },
  );
}
