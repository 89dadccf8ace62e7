import { envelope } from '@gamehall/shared/api/common';
import {
  AdminMemberRisk,
  AdminRiskBackfillState,
  AdminRiskFlag,
  AdminRiskFlagList,
  AdminRiskFlagQuery,
  AdminRiskIdParams,
  AdminRiskLevelBody,
  AdminRiskLink,
  AdminRiskLinkGroupList,
  AdminRiskLinkGroupQuery,
  AdminRiskLinkGroupReviewed,
  AdminRiskLinkList,
  AdminRiskLinkQuery,
  AdminRiskMemberParams,
  AdminRiskReviewBody,
} from '@gamehall/shared/api/risk';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { presentGrid } from '../../http/paging';
import { piiView } from '../../http/pii';
import { requestMetaOf } from '../../http/request-meta';
import { operatorAction } from '../audit/operator-action';
import { presentBackfill, presentFlag, presentLink, presentLinkGroup, presentMemberRisk } from './risk.presenter';
import * as risk from './risk.service';

const tags = ['admin-risk'];
const READ = 'admin:risk.read' as const;
const WRITE = 'admin:risk.write' as const;

// The back office's risk desk (docs/risk.md): the queue of linked accounts, the abuse flags, a
// member's risk panel, reviews and levels (each write audited in its own transaction).
export function registerRiskAdminRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/admin/risk/links',
    {
      schema: {
        tags,
        summary: 'Linked accounts, newest first (the review queue is status=pending; filters: kind, member)',
        querystring: AdminRiskLinkQuery,
        response: { 200: envelope(AdminRiskLinkList) },
      },
      config: { auth: READ },
    },
    async (req) => {
      const pii = piiView(req);
      return ok(presentGrid(await risk.links(ctx, req.query), req.query, (r) => presentLink(r, pii)));
    },
  );

  app.post(
    '/admin/risk/links/:id/review',
    {
      schema: {
        tags,
        summary: 'Confirm or dismiss a pending link with a note; a confirmation may raise both members to high',
        params: AdminRiskIdParams,
        body: AdminRiskReviewBody,
        response: { 200: envelope(AdminRiskLink) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const done = await operatorAction(
        ctx,
        requestMetaOf(req),
        'risk.link.review',
        `risk-link:${req.params.id}`,
        (op) => risk.reviewLink(ctx, op, req.params.id, req.body),
        (r) => ({
          before: { status: r.before },
          after: { status: r.link.status, note: r.link.note },
          members: [Number(r.link.member_id), Number(r.link.other_id)],
          raised: r.raised,
        }),
      );
      return ok(presentLink(done.link, piiView(req)));
    },
  );

  app.get(
    '/admin/risk/linkGroups',
    {
      schema: {
        tags,
        summary:
          'Linked accounts grouped by the value they share (one IP with 30 accounts is one group), newest first (the review queue is status=pending; filters: kind, member)',
        querystring: AdminRiskLinkGroupQuery,
        response: { 200: envelope(AdminRiskLinkGroupList) },
      },
      config: { auth: READ },
    },
    async (req) => {
      const pii = piiView(req);
      return ok(presentGrid(await risk.linkGroups(ctx, req.query), req.query, (r) => presentLinkGroup(r, pii)));
    },
  );

  app.post(
    '/admin/risk/linkGroups/:id/review',
    {
      schema: {
        tags,
        summary:
          "Confirm or dismiss every pending link of a group (named by any of its links' id) with one note; a confirmation may raise its members to high",
        params: AdminRiskIdParams,
        body: AdminRiskReviewBody,
        response: { 200: envelope(AdminRiskLinkGroupReviewed) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const done = await operatorAction(
        ctx,
        requestMetaOf(req),
        'risk.linkGroup.review',
        `risk-link:${req.params.id}`,
        (op) => risk.reviewLinkGroup(ctx, op, req.params.id, req.body),
        (r) => ({
          after: { status: req.body.decision === 'confirm' ? 'confirmed' : 'dismissed', note: req.body.note },
          kind: r.group.kind,
          reviewed: r.reviewed,
          members: r.members,
          raised: r.raised,
        }),
      );
      return ok({ group: presentLinkGroup(done.group, piiView(req)), reviewed: done.reviewed, raised: done.raised });
    },
  );

  app.get(
    '/admin/risk/flags',
    {
      schema: {
        tags,
        summary: 'Abuse flags with their evidence, newest first (filters: status, kind, member)',
        querystring: AdminRiskFlagQuery,
        response: { 200: envelope(AdminRiskFlagList) },
      },
      config: { auth: READ },
    },
    async (req) => ok(presentGrid(await risk.flags(ctx, req.query), req.query, presentFlag)),
  );

  app.post(
    '/admin/risk/flags/:id/review',
    {
      schema: {
        tags,
        summary: 'Confirm or dismiss an open flag with a note; a confirmation may raise the member to high',
        params: AdminRiskIdParams,
        body: AdminRiskReviewBody,
        response: { 200: envelope(AdminRiskFlag) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const done = await operatorAction(
        ctx,
        requestMetaOf(req),
        'risk.flag.review',
        `risk-flag:${req.params.id}`,
        (op) => risk.reviewFlag(ctx, op, req.params.id, req.body),
        (r) => ({
          member: Number(r.flag.member_id),
          before: { status: r.before },
          after: { status: r.flag.status, note: r.flag.note },
          raised: r.raised,
        }),
      );
      return ok(presentFlag(done.flag));
    },
  );

  app.get(
    '/admin/risk/members/:memberId',
    {
      schema: {
        tags,
        summary: "A member's risk panel: level with its history, linked accounts and flags",
        params: AdminRiskMemberParams,
        response: { 200: envelope(AdminMemberRisk) },
      },
      config: { auth: READ },
    },
    async (req) => ok(presentMemberRisk(await risk.memberRisk(ctx, req.params.memberId), piiView(req))),
  );

  app.put(
    '/admin/risk/members/:memberId/level',
    {
      schema: {
        tags,
        summary: "Set a member's risk level with a reason (audited)",
        params: AdminRiskMemberParams,
        body: AdminRiskLevelBody,
        response: { 200: envelope(AdminMemberRisk) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const id = req.params.memberId;
      await operatorAction(
        ctx,
        requestMetaOf(req),
        'risk.level',
        `member:${id}`,
        (op) => risk.setLevel(ctx, op, id, req.body),
        (r) => ({ before: { level: r.from }, after: { level: r.to, reason: req.body.reason } }),
      );
      return ok(presentMemberRisk(await risk.memberRisk(ctx, id), piiView(req)));
    },
  );

  app.get(
    '/admin/risk/backfill',
    {
      schema: {
        tags,
        summary: 'The links backfill: the run in progress or the latest one, with its progress',
        response: { 200: envelope(AdminRiskBackfillState) },
      },
      config: { auth: READ },
    },
    async () => ok(presentBackfill(await risk.backfillProgress(ctx))),
  );

  app.post(
    '/admin/risk/backfill',
    {
      schema: {
        tags,
        summary:
          'Link the members who existed before the risk module (device, IP, bank account, payee name), in batches by the job risk.backfill; answers the run in progress if one is',
        response: { 200: envelope(AdminRiskBackfillState) },
      },
      config: { auth: WRITE },
    },
    async (req) => {
      const done = await operatorAction(
        ctx,
        requestMetaOf(req),
        'risk.backfill',
        'risk-backfill',
        (op) => risk.startBackfill(ctx, op),
        (r) => ({ after: { run: Number(r.run.id), started: r.started, membersTotal: Number(r.run.members_total) } }),
      );
      return ok(presentBackfill(done.run));
    },
  );
}
