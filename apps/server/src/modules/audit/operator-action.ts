import type { AppContext } from '../../context';
import { inAmbientTransaction } from '../../db/ambient-transaction';
import { isDatabaseUnavailable, isTransientConflict } from '../../db/database-errors';
import type { Principal } from '../../http/auth';
import { AppError } from '../../http/errors';
import type { RequestMeta } from '../../http/request-meta';
import { type AuditEvent, audit } from './audit.service';

/**
 * What an operator action changed, for the audit trail: `before` and `after` are the values the
 * audit screen shows side by side (absent for actions without a prior state, such as an approval);
 * any other key is kept in the row's detail.
 */
export type AuditChange = { before?: unknown; after?: unknown } & Record<string, unknown>;

/**
 * Runs one operator action and writes it to the audit log with the operator, IP and user agent.
 * The action and its audit row are one transaction: the services the action calls keep opening
 * their own transactions on ctx.db, which join this one (db/ambient-transaction.ts), so an action
 * whose audit row cannot be written changes nothing, and no change is kept without its row. A
 * refused or failed action is rolled back, then its refusal code is written in a row of its own.
 */
export async function operatorAction<T>(
  ctx: AppContext,
  meta: RequestMeta,
  event: AuditEvent,
  target: string,
  action: (operator: Principal) => Promise<T>,
  describe?: (result: T) => AuditChange,
): Promise<T> {
  const operator = meta.principal;
  if (!operator) throw new AppError('AUTH_REQUIRED');
  const entry = { event, memberId: operator.memberId, username: operator.username };
  try {
    return await inAmbientTransaction(ctx.db, async () => {
      const result = await action(operator);
      await audit(ctx.db, meta, { ...entry, success: true, detail: { target, ...describe?.(result) } });
      return result;
    });
  } catch (error) {
    // A deadlock or a lost connection rolled the action back and its request may run again
    // (http/transient-retry.ts): the row says so instead of reading as an unknown failure.
    const code =
      error instanceof AppError
        ? error.code
        : isDatabaseUnavailable(error) || isTransientConflict(error)
          ? 'DATABASE_UNAVAILABLE'
          : 'INTERNAL_ERROR';
    try {
      await audit(ctx.db, meta, { ...entry, success: false, detail: { target, code } });
    } catch (auditError) {
      // The action was rolled back; what the caller must hear about is why it failed.
      meta.log.error({ err: auditError }, 'the failed operator action could not be audited');
    }
    throw error;
  }
}
