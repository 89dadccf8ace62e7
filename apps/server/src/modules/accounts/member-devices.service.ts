import { MEMBER_DEVICE_OTHERS } from '@gamehall/shared/api/admin-members';
import type { Conn } from '../../db/database';
import type { RequestMeta } from '../../http/request-meta';
import { type MemberDeviceRow, memberDeviceRows, upsertMemberDevice } from './member-devices.queries';

// The devices a member signs in from (member_devices), recorded by accounts at login and
// registration for the rewards rule of one bonus per person (docs/rewards.md). The player
// site sends X-Device-Id, a random id it keeps in local storage. Anyone can send any value, so it is
// trusted for nothing but the one-per-person check: stored hashed (the console shows a prefix of the
// hash, and who shares it), never used to sign in or to skip a check.

/** Records the request's device for the member (registration, login) in the caller's transaction. */
export async function recordDevice(trx: Conn, meta: RequestMeta, memberId: number, now: Date): Promise<void> {
  if (meta.device === null) return;
  await upsertMemberDevice(trx, { memberId, deviceHash: meta.device, ip: meta.ip, now });
}

/**
 * The member's devices for the console's member page (admin:members.read): who else shares each one
 * is what an operator needs to judge a one-per-person refusal of reason device.
 */
export function memberDevices(db: Conn, memberId: number): Promise<MemberDeviceRow[]> {
  return memberDeviceRows(db, memberId, MEMBER_DEVICE_OTHERS);
}
