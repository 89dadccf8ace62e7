import type { Conn } from '../../db/database';
import {
  updateMemberStatus,
  updateMemberType,
  updatePasswordChangeRequired,
  updatePayeeNameIfEmpty,
  updateUpline,
  updateVipLevel,
} from './member-record.queries';

// accounts owns the members table and is its only writer: the other areas change a member's record
// through these functions, inside their own transaction (`trx`), after taking whatever lock their
// rules need (the member row first, FOR NO KEY UPDATE: docs/wallet.md "Lock order").

/** The account type (member, agent, sub-agent): an agent's downline made a sub-agent, the back office. */
export function setMemberType(trx: Conn, memberId: number, type: number, now: Date): Promise<void> {
  return updateMemberType(trx, memberId, type, now);
}

/** The member's VIP level, written by vip with its level change record. */
export function setVipLevel(trx: Conn, memberId: number, level: number, now: Date): Promise<void> {
  return updateVipLevel(trx, memberId, level, now);
}

/** Enables or disables the member's account (the back office; KYC closing an under-age account). */
export function setMemberStatus(trx: Conn, memberId: number, status: 'active' | 'disabled', now: Date): Promise<void> {
  return updateMemberStatus(trx, memberId, status, now);
}

export function setUpline(trx: Conn, memberId: number, uplineId: number | null, now: Date): Promise<void> {
  return updateUpline(trx, memberId, uplineId, now);
}

/** The member must choose a new password at the next sign-in (the back office). */
export function requirePasswordChange(trx: Conn, memberId: number, now: Date): Promise<void> {
  return updatePasswordChangeRequired(trx, memberId, now);
}

/** The cashier's first bank account names the payee; a payee already set stays. */
export function setPayeeNameIfEmpty(trx: Conn, memberId: number, name: string): Promise<void> {
  return updatePayeeNameIfEmpty(trx, memberId, name);
}
