import type { Conn } from '../../db/database';

/** One live captcha per client: a refresh replaces the previous answer. */
export async function upsertCaptcha(
  db: Conn,
  c: { clientKey: string; answerHash: string; expiresAt: Date; now: Date },
) {
  await db
    .insertInto('captchas')
    .values({ client_key: c.clientKey, answer_hash: c.answerHash, expires_at: c.expiresAt, created_at: c.now })
    .onConflict((oc) =>
      oc.column('client_key').doUpdateSet({ answer_hash: c.answerHash, expires_at: c.expiresAt, created_at: c.now }),
    )
    .execute();
}

/** Removes and returns the client's captcha: whatever the answer, it is spent. */
export function takeCaptcha(db: Conn, clientKey: string) {
  return db
    .deleteFrom('captchas')
    .where('client_key', '=', clientKey)
    .returning(['answer_hash', 'expires_at'])
    .executeTakeFirst();
}
