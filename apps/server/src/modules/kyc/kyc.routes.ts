import { envelope } from '@gamehall/shared/api/common';
import { KycDetailsBody, KycDocument, KycDocumentParams, KycStatus, KycUploadFields } from '@gamehall/shared/api/kyc';
import type { AppContext } from '../../context';
import type { App } from '../../http/app-type';
import { principalOf } from '../../http/auth';
import { ok } from '../../http/envelope';
import { fieldErrors } from '../../http/errors';
import { readMultipart } from '../../http/multipart';
import { requestMetaOf } from '../../http/request-meta';
import { presentKycDocument, presentKycStatus } from './kyc.presenter';
import * as kyc from './kyc.service';
import { sendDocument } from './kyc-files';

const tags = ['kyc'];

export function registerKycRoutes(app: App, ctx: AppContext): void {
  app.get(
    '/wps/kyc',
    {
      schema: {
        tags,
        summary: "The member's verification level, what the next level needs, and the uploaded documents",
        response: { 200: envelope(KycStatus) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(presentKycStatus(await kyc.memberStatus(ctx, principalOf(req)))),
  );

  app.post(
    '/wps/kyc/details',
    {
      schema: {
        tags,
        summary: 'The name and birthday as on the identity document (an under-age birthday closes the account)',
        body: KycDetailsBody,
        response: { 200: envelope(KycStatus) },
      },
      config: { auth: 'member' },
    },
    async (req) => ok(presentKycStatus(await kyc.enterDetails(ctx, requestMetaOf(req), principalOf(req), req.body))),
  );

  app.post(
    '/wps/kyc/documents',
    {
      schema: {
        tags,
        summary:
          'Upload a document (multipart: kind id_front|id_back|selfie|proof_of_address, one file png/jpg/pdf <= 5 MB; images are re-encoded, metadata stripped)',
        consumes: ['multipart/form-data'],
        response: { 200: envelope(KycDocument) },
      },
      config: { auth: 'member' },
    },
    async (req) => {
      const { fields, files } = await readMultipart(req);
      const parsed = KycUploadFields.safeParse(fields);
      if (!parsed.success) throw fieldErrors({ kind: fields.kind === undefined ? 'REQUIRED' : 'INVALID' });
      return ok(
        presentKycDocument(await kyc.upload(ctx, requestMetaOf(req), principalOf(req), parsed.data.kind, files)),
      );
    },
  );

  app.get(
    '/wps/kyc/documents/:id/file',
    {
      schema: { tags, summary: "One of the member's own documents (bytes)", params: KycDocumentParams },
      config: { auth: 'member' },
    },
    async (req, reply) => sendDocument(reply, await kyc.ownDocumentFile(ctx, principalOf(req), req.params.id)),
  );
}
