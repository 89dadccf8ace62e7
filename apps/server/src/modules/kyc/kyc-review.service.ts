import type { AdminKycApproveBody, AdminKycQueueQuery } from '@gamehall/shared/api/kyc';
import type { AppContext } from '../../context';
import type { RequestMeta } from '../../http/request-meta';
import { audit } from '../audit/audit.service';
import { operatorAction } from '../audit/operator-action';
import * as kyc from './kyc.service';

// Operator actions on KYC documents, each audited with its outcome (operatorAction); an under-age
// result is audited again under the member (kyc.underAge) with the amount returned.

export function queue(ctx: AppContext, query: AdminKycQueueQuery) {
  return kyc.queue(ctx, { status: query.status, kind: query.kind, memberId: query.memberId }, query);
}

export async function approve(ctx: AppContext, meta: RequestMeta, id: number, body: AdminKycApproveBody) {
  const result = await operatorAction(
    ctx,
    meta,
    'kyc.approve',
    `kyc-document:${id}`,
    async (operator) => {
      const r = await kyc.approve(ctx, operator, id, body);
      // Inside the action's transaction (operatorAction): the account closed for age and its row
      // are kept together or not at all.
      if (r.underAge)
        await audit(ctx.db, meta, {
          event: 'kyc.underAge',
          success: true,
          memberId: r.memberId,
          detail: {
            source: 'review',
            document: id,
            birthday: r.underAge.birthday,
            refunded: r.underAge.refunded,
          },
        });
      return r;
    },
    (r) => ({
      memberId: r.memberId,
      kind: r.kind,
      ...(r.kind === 'id_front' ? { verifiedName: body.verifiedName ?? null, birthday: body.birthday ?? null } : {}),
      underAge: r.underAge !== null,
    }),
  );
  return kyc.memberPanel(ctx, result.memberId);
}

export async function reject(ctx: AppContext, meta: RequestMeta, id: number, reason: string) {
  const result = await operatorAction(
    ctx,
    meta,
    'kyc.reject',
    `kyc-document:${id}`,
    (operator) => kyc.reject(ctx, operator, id, reason),
    (r) => ({ memberId: r.memberId, kind: r.kind, reason }),
  );
  return kyc.memberPanel(ctx, result.memberId);
}
