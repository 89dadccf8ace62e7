import { createHash } from 'node:crypto';
import { MEMBER_DEVICE_OTHERS } from '@gamehall/shared/api/admin-members';
import type { FastifyRequest } from 'fastify';
import type { Conn } from '../../db/database';
import { type MemberDeviceRow, memberDeviceRows, upsertMemberDevice } from './member-devices.queries';

// The devices a member signs in from (member_devices), recorded by accounts at login and
// registration for the rewards rule of one bonus per person (docs/rewards.md). The player
// site sends X-Device-Id, a random id it keeps in local storage. Anyone can send any value, so it is
// trusted for nothing but the one-per-person check: stored hashed (the console shows a prefix of the
// hash, and who shares it), never used to sign in or to skip a check.

const DEVICE_ID = /^[A-Za-z0-9-]{16,64}$/;

/** The SHA-256 of the request's device id, or null when it sends none (or one of the wrong shape). */
export function deviceHashOf(request: FastifyRequest): string | null {
  const raw = request.headers['x-device-id'];
  if (typeof raw !== 'string' || !DEVICE_ID.test(raw)) return null;
  return createHash('sha256').update(raw).digest('hex');
}

/** Records the request's device for the member (registration, login) in the caller's transaction. */
export async function recordDevice(trx: Conn, request: FastifyRequest, memberId: number, now: Date): Promise<void> {
  const hash = deviceHashOf(request);
  if (hash === null) return;
  await upsertMemberDevice(trx, { memberId, deviceHash: hash, ip: request.ip, now });
}

/**
 * The member's devices for the console's member page (admin:members.read): who else shares each one
 * is what an operator needs to judge a one-per-person refusal of reason device.
 */
export function memberDevices(db: Conn, memberId: number): Promise<MemberDeviceRow[]> {
  return memberDeviceRows(db, memberId, MEMBER_DEVICE_OTHERS);
}
