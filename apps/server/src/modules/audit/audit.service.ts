import type { AuditQuery } from '@gamehall/shared/api/operators';
import type { Conn } from '../../db/database';
import type { RequestMeta } from '../../http/request-meta';
import { insertAuditEvent, listMemberAudit, pageAudit, pageMemberAudit } from './audit.queries';

// Every auth event goes to the audit log with IP and user agent.
export type AuditEvent =
  | 'login'
  | 'login.verification'
  | 'logout'
  | 'register'
  | 'password.change'
  | 'password.reset.email'
  | 'password.reset.phone'
  | 'sms.send'
  | 'mail.code.send'
  | 'paymentPassword.set'
  | 'paymentPassword.change'
  | 'paymentPassword.reset'
  | 'mobile.bind'
  | 'email.bind'
  | 'freeplay'
  | 'admin.login'
  | 'admin.logout'
  | 'admin.logoutAll'
  | 'operator.create'
  | 'operator.passwordChange'
  | 'operator.resetPassword'
  | 'operator.displayName'
  | 'operator.disable'
  | 'operator.enable'
  | 'operator.resetTwoFactor'
  | 'operator.roles'
  | 'role.create'
  | 'role.update'
  | 'role.delete'
  | 'cashier.deposit.approve'
  | 'cashier.deposit.reject'
  | 'cashier.withdrawal.approve'
  | 'cashier.withdrawal.reject'
  | 'cashier.withdrawal.paid'
  | 'cashier.withdrawal.payout'
  | 'cashier.withdrawal.payout.resolve'
  | 'cashier.provider.test'
  | 'cashier.provider'
  | 'cashier.bankAccount.confirm'
  | 'cashier.bankAccount.reject'
  | 'cashier.settings'
  | 'cashier.method'
  | 'cashier.houseAccount'
  | 'brand.setting'
  | 'brand.switch'
  | 'content.create'
  | 'content.update'
  | 'content.enable'
  | 'content.delete'
  | 'content.order'
  | 'content.image'
  | 'legal.draft'
  | 'legal.save'
  | 'legal.publish'
  | 'legal.discard'
  | 'terms.accept'
  | 'site.resource'
  | 'site.registrationField'
  | 'games.vendor'
  | 'games.vendor.secret'
  | 'games.vendor.operatorKey'
  | 'games.vendor.create'
  | 'games.catalogue.sync'
  | 'games.vendor.order'
  | 'games.game'
  | 'games.game.bulk'
  | 'games.menus'
  | 'twoFactor.enrol'
  | 'twoFactor.enable'
  | 'twoFactor.disable'
  | 'twoFactor.recoveryCodes'
  | 'twoFactor.code'
  | 'session.revoke'
  | 'agent.downline.create'
  | 'agent.downline.subAgent'
  | 'contract.offer'
  | 'contract.accept'
  | 'contract.reject'
  | 'contract.terminationRequest'
  | 'contract.terminationAccept'
  | 'contract.terminationReject'
  | 'contract.terminate'
  | 'contract.template'
  | 'contract.limits'
  | 'statement.release'
  | 'statement.hold'
  | 'statement.unhold'
  | 'points.reward'
  | 'points.config'
  | 'points.redemption'
  | 'points.adjust'
  | 'promotion.write'
  | 'promotion.state'
  | 'promotion.image'
  | 'referral.settings'
  | 'ticket.kind'
  | 'broadcast.create'
  | 'broadcast.cancel'
  | 'campaign.segment'
  | 'campaign.create'
  | 'campaign.cancel'
  | 'feedback.answer'
  | 'promotion.application'
  | 'mission.write'
  | 'mission.state'
  | 'vip.levels'
  | 'vip.settings'
  | 'vip.memberLevel'
  | 'protection.note'
  | 'protection.lift'
  | 'risk.level'
  | 'risk.link.review'
  | 'risk.linkGroup.review'
  | 'risk.flag.review'
  | 'risk.backfill'
  | 'kyc.details'
  | 'kyc.upload'
  | 'kyc.approve'
  | 'kyc.reject'
  | 'kyc.underAge'
  | 'kyc.refund'
  | 'sportsbook.suspend'
  | 'sportsbook.resume'
  | 'sportsbook.result'
  | 'sportsbook.correction'
  | 'sportsbook.abandon'
  | 'sportsbook.margins'
  | 'sportsbook.settings'
  | 'sportsbook.playerFactor'
  | 'sportsbook.riskPushRetry'
  | 'pvp.handView'
  | 'pvp.flagReview'
  | 'chatroom.delete'
  | 'chatroom.mute'
  | 'chatroom.ban'
  | 'chatroom.lift';

export async function audit(
  db: Conn,
  meta: RequestMeta,
  e: {
    event: AuditEvent;
    success: boolean;
    memberId?: number | null;
    username?: string | null;
    detail?: Record<string, unknown>;
    /** Written by an operator (listed by the audit screen); by default: the request's principal is one. */
    operator?: boolean;
  },
): Promise<void> {
  await insertAuditEvent(db, {
    operator: e.operator ?? meta.principal?.isOperator ?? false,
    memberId: e.memberId ?? null,
    username: e.username ?? null,
    event: e.event,
    success: e.success,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 500) ?? null,
    detail: e.detail ?? {},
  });
}

/** Login history for the member's security centre. */
export async function loginHistory(db: Conn, memberId: number, limit = 20) {
  const rows = await listMemberAudit(db, memberId, ['login', 'login.verification'], limit);
  return rows.map((r) => ({
    success: r.success,
    ip: r.ip,
    userAgent: r.user_agent,
    time: new Date(r.created_at).toISOString(),
  }));
}

/** The member's login attempts, newest first, one page (the security centre's login history). */
export async function loginHistoryPage(db: Conn, memberId: number, page: { pageNo: number; pageSize: number }) {
  return pageMemberAudit(db, memberId, ['login', 'login.verification'], page);
}

/** The audit screen's page: filters of GET /admin/audit, newest first by default. */
export function auditTrail(db: Conn, q: AuditQuery) {
  const prefix = q.action?.endsWith('*') ? q.action.slice(0, -1) : undefined;
  return pageAudit(
    db,
    {
      operatorsOnly: q.actor === 'operators',
      username: q.operator,
      event: prefix === undefined ? q.action : undefined,
      eventPrefix: prefix || undefined,
      target: q.target,
      from: q.from ? new Date(q.from) : undefined,
      to: q.to ? new Date(q.to) : undefined,
      success: q.success === undefined ? undefined : q.success === 'true',
    },
    q,
  );
}
