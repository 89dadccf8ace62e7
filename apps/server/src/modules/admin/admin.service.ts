import type { AdminLoginBody } from '@gamehall/shared/api/admin';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { OPERATOR_ACCOUNT_TYPE, type Principal, principalOf } from '../../http/auth';
import { AppError } from '../../http/errors';
import { burnPasswordCheck, verifyPassword } from '../accounts/passwords';
import { issueSession } from '../accounts/sessions.service';
import { type AuditEvent, audit } from '../audit/audit.service';
import { assertNotLocked, hit, reset } from '../throttle/throttle.service';
import { findAccountForAdminLogin } from './admin.queries';

// Failed operator logins per IP: ten in 15 minutes locks the IP out for 15 minutes.
const FAILURES = { max: 10, windowSeconds: 900, lockSeconds: 900 } as const;

/**
 * Operator login (until the back office exists): only operator accounts (type 90) get an 'admin'
 * session. The password is checked before the account type, so the answer never tells whether a
 * username belongs to a member or an operator without the right password.
 */
export async function adminLogin(ctx: AppContext, request: FastifyRequest, body: AdminLoginBody) {
  const key = `admin-login:${request.ip}`;
  await assertNotLocked(ctx.db, key, ctx.now());
  const account = await findAccountForAdminLogin(ctx.db, body.username);
  const passwordOk = account ? await verifyPassword(account.password_hash, body.password) : false;
  if (!account) await burnPasswordCheck(body.password);
  const refusal: AppError | null =
    !account || !passwordOk
      ? new AppError('ACCOUNT_PASSWORD_INVALID')
      : account.type !== OPERATOR_ACCOUNT_TYPE
        ? new AppError('AUTH_FORBIDDEN')
        : account.status !== 'active'
          ? new AppError('ACCOUNT_DISABLED')
          : null;
  if (refusal || !account) {
    await audit(ctx.db, request, {
      event: 'admin.login',
      success: false,
      memberId: account?.id ?? null,
      username: body.username,
      detail: { area: 'admin', reason: refusal?.code ?? 'ACCOUNT_PASSWORD_INVALID' },
    });
    if (!passwordOk) await hit(ctx.db, key, FAILURES, ctx.now());
    throw refusal ?? new AppError('ACCOUNT_PASSWORD_INVALID');
  }
  const token = await ctx.db.transaction().execute(async (trx) => {
    const issued = await issueSession(ctx, trx, {
      memberId: account.id,
      area: 'admin',
      ip: request.ip,
      userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 500) : null,
    });
    await audit(trx, request, {
      event: 'admin.login',
      success: true,
      memberId: account.id,
      username: account.username,
      detail: { area: 'admin' },
    });
    return issued;
  });
  await reset(ctx.db, key);
  return { token, username: account.username, permissions: account.permissions ?? [] };
}

/**
 * Runs one operator action and writes it to the audit log with the operator, IP and user agent:
 * success after the action, or the refusal code when it was refused.
 */
export async function operatorAction<T>(
  ctx: AppContext,
  request: FastifyRequest,
  event: AuditEvent,
  target: string,
  action: (operator: Principal) => Promise<T>,
): Promise<T> {
  const operator = principalOf(request);
  const entry = { event, memberId: operator.memberId, username: operator.username };
  try {
    const result = await action(operator);
    await audit(ctx.db, request, { ...entry, success: true, detail: { target } });
    return result;
  } catch (error) {
    const code = error instanceof AppError ? error.code : 'INTERNAL_ERROR';
    await audit(ctx.db, request, { ...entry, success: false, detail: { target, code } });
    throw error;
  }
}
