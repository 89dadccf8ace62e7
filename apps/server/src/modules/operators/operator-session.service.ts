import {
  DEFAULT_OPERATOR_DISPLAY_NAME,
  type OperatorMe,
  type OperatorRecoveryCodes,
  type OperatorTwoFactorEnrolment,
} from '@gamehall/shared/api/operators';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import type { Principal } from '../../http/auth';
import { endSession, revokeOtherSessions } from '../accounts/sessions.service';
import * as twoFactor from '../accounts/two-factor.service';
import { audit } from '../audit/audit.service';
import { getBrand } from '../brand/brand.service';
import { operatorDetail } from './operators.service';

// The operator's own session: who they are, signing out, and their authenticator. Two-factor
// authentication is the members' own (accounts/two-factor.service: sealed secret, one use per time
// step, recovery codes, tries counted before the check); operators are accounts like members.

export async function me(ctx: AppContext, principal: Principal): Promise<OperatorMe> {
  const [{ row, roles }, status, brand] = await Promise.all([
    operatorDetail(ctx.db, principal.memberId),
    twoFactor.twoFactorStatus(ctx, principal),
    getBrand(ctx.db),
  ]);
  return {
    id: row.id,
    username: row.username,
    displayName: row.operator_display_name ?? DEFAULT_OPERATOR_DISPLAY_NAME,
    mustChangePassword: row.password_must_change,
    permissions: row.permissions ?? [],
    roles: roles.map((r) => ({ id: r.id, name: r.name })),
    twoFactor: {
      enabled: status.enabled,
      required: brand.operatorTwoFactorRequired,
      recoveryCodesLeft: status.recoveryCodesLeft,
    },
    mustEnrol: brand.operatorTwoFactorRequired && !status.enabled,
    idleMinutes: brand.operatorIdleMinutes,
    brandTimeZone: brand.timeZone,
  };
}

export async function logout(ctx: AppContext, request: FastifyRequest, principal: Principal): Promise<void> {
  await endSession(ctx, principal.sessionId);
  await audit(ctx.db, request, {
    event: 'admin.logout',
    success: true,
    memberId: principal.memberId,
    username: principal.username,
  });
}

/** Ends every session of the operator, this one included (a lost laptop, a shared computer). */
export async function logoutAll(ctx: AppContext, request: FastifyRequest, principal: Principal) {
  const revoked = await ctx.db.transaction().execute(async (trx) => {
    const n = await revokeOtherSessions(ctx, trx, principal.memberId);
    await audit(trx, request, {
      event: 'admin.logoutAll',
      success: true,
      memberId: principal.memberId,
      username: principal.username,
      detail: { revoked: n },
    });
    return n;
  });
  return { revoked };
}

export async function startEnrolment(
  ctx: AppContext,
  request: FastifyRequest,
  principal: Principal,
  password: string,
): Promise<OperatorTwoFactorEnrolment> {
  const e = await twoFactor.startEnrolment(ctx, request, principal, { loginPassword: password });
  return { secret: e.secret, otpauthUrl: e.otpauthUri, issuer: e.issuer, account: e.account, expiresAt: e.expiresAt };
}

export function confirmEnrolment(
  ctx: AppContext,
  request: FastifyRequest,
  principal: Principal,
  code: string,
): Promise<OperatorRecoveryCodes> {
  return twoFactor.confirmEnrolment(ctx, request, principal, { code });
}

export function disableTwoFactor(ctx: AppContext, request: FastifyRequest, principal: Principal, code: string) {
  return twoFactor.disableTwoFactor(ctx, request, principal, { code });
}

export function regenerateRecoveryCodes(
  ctx: AppContext,
  request: FastifyRequest,
  principal: Principal,
  code: string,
): Promise<OperatorRecoveryCodes> {
  return twoFactor.regenerateRecoveryCodes(ctx, request, principal, { code });
}
