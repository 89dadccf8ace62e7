import type { Kysely } from 'kysely';
import { runStatements } from './run-statements';

// One bonus per person also checks the device. The player site
// sends a random id kept in the browser's local storage (X-Device-Id); the server stores only its
// SHA-256 per member at registration and login, with when it was first and last seen and the last
// IP. It is used for the one-per-person check alone (docs/rewards.md).
const up0041 = `
CREATE TABLE member_devices (
  member_id bigint NOT NULL REFERENCES members(id),
  device_hash text NOT NULL CHECK (device_hash ~ '^[0-9a-f]{64}$'),
  first_seen_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  ip text,
  PRIMARY KEY (member_id, device_hash)
);
CREATE INDEX member_devices_hash ON member_devices (device_hash);
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await runStatements(db, up0041);
}
