import type { Conn } from '../../db/database';

/** Records a spent challenge; false when it was already spent (the insert is the atomic check). */
export async function insertUsedChallenge(db: Conn, signature: string, expiresAt: Date): Promise<boolean> {
  const row = await db
    .insertInto('used_challenges')
    .values({ signature, expires_at: expiresAt })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteExpiredChallenges(db: Conn, now: Date) {
  await db.deleteFrom('used_challenges').where('expires_at', '<', now).execute();
}
