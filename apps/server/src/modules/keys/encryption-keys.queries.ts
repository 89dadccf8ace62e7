import type { Conn } from '../../db/database';

export function listUsableKeys(db: Conn, now: Date) {
  return db
    .selectFrom('encryption_keys')
    .select(['kid', 'private_jwk', 'public_jwk', 'active', 'created_at'])
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .execute();
}

export async function insertKey(db: Conn, key: { kid: string; privateJwk: object; publicJwk: object }) {
  await db
    .insertInto('encryption_keys')
    .values({
      kid: key.kid,
      private_jwk: JSON.stringify(key.privateJwk),
      public_jwk: JSON.stringify(key.publicJwk),
    })
    .onConflict((oc) => oc.column('kid').doNothing())
    .execute();
}

/** Rotation: the old active keys stop being offered and expire after a grace period. */
export async function retireActiveKeys(db: Conn, expiresAt: Date) {
  await db
    .updateTable('encryption_keys')
    .set({ active: false, expires_at: expiresAt })
    .where('active', '=', true)
    .execute();
}
