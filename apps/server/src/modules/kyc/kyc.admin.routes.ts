import { envelope } from '@gamehall/shared/api/common';
import {
  AdminKycApproveBody,
  AdminKycMember,
  AdminKycMemberParams,
  AdminKycQueue,
  AdminKycQueueQuery,
  AdminKycRejectBody,
  KycDocumentParams,
} from '@gamehall/shared/api/kyc';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { ok } from '../../http/envelope';
import { presentGrid } from '../../http/paging';
import { requestMetaOf } from '../../http/request-meta';
import { presentKycPanel, presentQueueItem } from './kyc.presenter';
import * as kyc from './kyc.service';
import { sendDocument } from './kyc-files';
import * as review from './kyc-review.service';

const tags = ['admin-kyc'];
const REVIEW = 'admin:kyc.review' as const;

// The back office's KYC review (docs/kyc.md): the queue, a member's panel, the documents' bytes,
// approve and reject (audited in kyc-review.service).
export function registerKycAdminRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/admin/kyc/documents',
    {
      schema: {
        tags,
        summary: 'The review queue: documents by status (pending oldest first), kind and member',
        querystring: AdminKycQueueQuery,
        response: { 200: envelope(AdminKycQueue) },
      },
      config: { auth: REVIEW },
    },
    async (req) => ok(presentGrid(await review.queue(ctx, req.query), req.query, presentQueueItem)),
  );

  app.get(
    '/admin/kyc/documents/:id/file',
    {
      schema: { tags, summary: 'The bytes of one document (png, jpeg or pdf)', params: KycDocumentParams },
      config: { auth: REVIEW },
    },
    async (req, reply) => sendDocument(reply, await kyc.documentFile(ctx, req.params.id)),
  );

  app.post(
    '/admin/kyc/documents/:id/approve',
    {
      schema: {
        tags,
        summary:
          'Approve a pending document; an identity front records the verified name and birthday and checks the age (under age closes the account and returns its deposits)',
        params: KycDocumentParams,
        body: AdminKycApproveBody,
        response: { 200: envelope(AdminKycMember) },
      },
      config: { auth: REVIEW },
    },
    async (req) => ok(presentKycPanel(await review.approve(ctx, requestMetaOf(req), req.params.id, req.body))),
  );

  app.post(
    '/admin/kyc/documents/:id/reject',
    {
      schema: {
        tags,
        summary: 'Reject a pending document with a reason the member sees',
        params: KycDocumentParams,
        body: AdminKycRejectBody,
        response: { 200: envelope(AdminKycMember) },
      },
      config: { auth: REVIEW },
    },
    async (req) => ok(presentKycPanel(await review.reject(ctx, requestMetaOf(req), req.params.id, req.body.reason))),
  );

  app.get(
    '/admin/kyc/members/:memberId',
    {
      schema: {
        tags,
        summary: "A member's KYC panel: level, entered and verified details, documents",
        params: AdminKycMemberParams,
        response: { 200: envelope(AdminKycMember) },
      },
      config: { auth: REVIEW },
    },
    async (req) => ok(presentKycPanel(await kyc.memberPanel(ctx, req.params.memberId))),
  );
}
