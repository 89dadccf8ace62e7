import { envelope } from '@gamehall/shared/api/common';
import {
  LiftBreakBody,
  MemberIdParams,
  ProtectionDetailValue,
  ProtectionNoteBody,
  ProtectionPage,
  ProtectionQuery,
  ProtectionReportQuery,
  ProtectionReportValue,
} from '@gamehall/shared/api/responsible';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type AppContext, onReplica } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import { presentBreak } from './responsible.presenter';
import { addNote, lift, monthlyReport, protectionDetail, protectionPage } from './responsible-protection.service';

const tags = ['admin-responsible'];
const PROTECT = 'admin:players.protect';

// Back office player protection: members with limits, breaks and exclusions, notes, lifting a break, the report.
export function registerResponsibleAdminRoutes(root: App, ctx: AppContext): void {
  const app = root.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/admin/protection/members',
    {
      schema: {
        tags,
        summary: 'Members with limits, breaks or exclusions, with risk signals',
        querystring: ProtectionQuery,
        response: { 200: envelope(ProtectionPage) },
      },
      config: { auth: PROTECT },
    },
    async (req) => ok(await protectionPage(ctx, req.query)),
  );

  app.get(
    '/admin/protection/members/:memberId',
    {
      schema: {
        tags,
        summary: "One member's limits, break, risk signals, notes and contact log",
        params: MemberIdParams,
        response: { 200: envelope(ProtectionDetailValue) },
      },
      config: { auth: PROTECT },
    },
    async (req) => ok(await protectionDetail(ctx, req.params.memberId)),
  );

  app.post(
    '/admin/protection/members/:memberId/notes',
    {
      schema: {
        tags,
        summary: 'Add an operator note or a contact log entry',
        params: MemberIdParams,
        body: ProtectionNoteBody,
        response: { 200: envelope(ProtectionDetailValue) },
      },
      config: { auth: PROTECT },
    },
    async (req) => {
      const memberId = req.params.memberId;
      await operatorAction(
        ctx,
        requestMetaOf(req),
        'protection.note',
        `member:${memberId}`,
        (op) => addNote(ctx, op.memberId, memberId, req.body),
        (r) => ({ after: { id: Number(r.id), kind: req.body.kind } }),
      );
      return ok(await protectionDetail(ctx, memberId));
    },
  );

  app.post(
    '/admin/protection/members/:memberId/lift',
    {
      schema: {
        tags,
        summary: "Lift a member's time-out or self-exclusion, with a reason (audited)",
        params: MemberIdParams,
        body: LiftBreakBody,
        response: { 200: envelope(ProtectionDetailValue) },
      },
      config: { auth: PROTECT },
    },
    async (req) => {
      const memberId = req.params.memberId;
      await operatorAction(
        ctx,
        requestMetaOf(req),
        'protection.lift',
        `member:${memberId}`,
        (op) => lift(ctx, op.memberId, memberId, req.body.reason),
        (b) => ({ before: presentBreak(b), after: null, reason: req.body.reason }),
      );
      return ok(await protectionDetail(ctx, memberId));
    },
  );

  app.get(
    '/admin/protection/report',
    {
      schema: {
        tags,
        summary: 'Limits set and breaks taken per month',
        querystring: ProtectionReportQuery,
        response: { 200: envelope(ProtectionReportValue) },
      },
      config: { auth: PROTECT },
    },
    // A report: from the read replica (context.ts readDb).
    async (req) => ok(await monthlyReport(onReplica(ctx), req.query.months)),
  );
}
