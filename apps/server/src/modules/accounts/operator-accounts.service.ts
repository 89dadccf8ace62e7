import type { Conn } from '../../db/database';
import { markLoggedIn } from './login.queries';
import {
  insertOperatorAccount,
  updateOperatorDisplayName,
  updateOperatorPassword,
  updateOperatorPermissions,
  updateOperatorStatus,
} from './operator-accounts.queries';

// Operators sign in with accounts of the members table, which accounts owns and alone writes:
// modules/operators keeps the rules (who may create, disable or grant what) and writes the account
// through these functions, inside its own transaction (`trx`).

/** A new operator account; its password must be changed at the first sign-in. */
export function createOperatorAccount(
  trx: Conn,
  o: { username: string; passwordHash: string; displayName: string; referralCode: string; now: Date },
): Promise<number> {
  return insertOperatorAccount(trx, o);
}

/**
 * A new password hash; `mustChange` when an administrator chose it. The new hash drops the operator's
 * cached sessions on every node, so the flag reaches them.
 */
export function setOperatorPassword(
  trx: Conn,
  id: number,
  p: { passwordHash: string; mustChange: boolean; now: Date },
): Promise<void> {
  return updateOperatorPassword(trx, id, p);
}

export function setOperatorDisplayName(trx: Conn, id: number, displayName: string): Promise<void> {
  return updateOperatorDisplayName(trx, id, displayName);
}

export function setOperatorStatus(trx: Conn, id: number, status: 'active' | 'disabled'): Promise<void> {
  return updateOperatorStatus(trx, id, status);
}

/** The operator's effective permissions, computed from their roles by modules/operators. */
export function setOperatorPermissions(trx: Conn, memberId: number, permissions: string[]): Promise<void> {
  return updateOperatorPermissions(trx, memberId, permissions);
}

/** The operator's last sign-in time and address (shown in the operators list). */
export function recordOperatorLogin(trx: Conn, memberId: number, ip: string, now: Date): Promise<void> {
  return markLoggedIn(trx, memberId, ip, now);
}
