import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Conn } from '../../db/database';
import './devices.tables';

// Devices for one bonus per person (issue 13 "Abuse and money safety"; docs/rewards.md). The player
// site sends X-Device-Id, a random id it keeps in local storage. Anyone can send any value, so it is
// trusted for nothing but the one-per-person check: stored hashed, never shown, never used to sign
// in or to skip a check.

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
  await trx
    .insertInto('member_devices')
    .values({ member_id: memberId, device_hash: hash, first_seen_at: now, last_seen_at: now, ip: request.ip })
    .onConflict((oc) => oc.columns(['member_id', 'device_hash']).doUpdateSet({ last_seen_at: now, ip: request.ip }))
    .execute();
}
