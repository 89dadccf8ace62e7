import type { Conn } from '../../db/database';

/** One live captcha per client: a refresh replaces the previous answer. */
export async function upsertCaptcha(
  db: Conn,
  c: { clientKey: string; answerHash: string; demoAnswer: string | null; expiresAt: Date; now: Date },
) {
  const row = { answer_hash: c.answerHash, demo_answer: c.demoAnswer, expires_at: c.expiresAt, created_at: c.now };
  await db
    .insertInto('captchas')
    .values({ client_key: c.clientKey, ...row })
    .onConflict((oc) => oc.column('client_key').doUpdateSet(row))
    .execute();
}

/** The demo answer of the first of `clientKeys` that holds a captcha, without spending it. */
export async function demoCaptchaAnswer(db: Conn, clientKeys: string[]) {
  const rows = await db
    .selectFrom('captchas')
    .select(['client_key', 'demo_answer', 'expires_at'])
    .where('client_key', 'in', clientKeys)
    .execute();
  for (const key of clientKeys) {
    const row = rows.find((r) => r.client_key === key);
    if (row) return row;
  }
  return undefined;
}

/** Removes and returns the client's captcha: whatever the answer, it is spent. */
export function takeCaptcha(db: Conn, clientKey: string) {
  return db
    .deleteFrom('captchas')
    .where('client_key', '=', clientKey)
    .returning(['answer_hash', 'expires_at'])
    .executeTakeFirst();
}
