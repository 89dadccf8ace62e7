import type { Conn } from '../../db/database';

export async function insertFeedback(
  db: Conn,
  f: {
    /** The member, or null with the visitor's e-mail and language. */
    memberId: number | null;
    contactEmail?: string;
    language?: string;
    questionType: string;
    content: string;
    images: { contentType: 'image/png' | 'image/jpeg'; data: Buffer }[];
    now: Date;
  },
) {
  const row = await db
    .insertInto('feedback')
    .values({
      member_id: f.memberId,
      contact_email: f.contactEmail ?? null,
      language: f.language ?? null,
      question_type: f.questionType,
      content: f.content,
      created_at: f.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const image of f.images)
    await db
      .insertInto('feedback_files')
      .values({ feedback_id: row.id, content_type: image.contentType, size: image.data.length, data: image.data })
      .execute();
  return row.id;
}

const FEEDBACK_COLUMNS = [
  'f.id',
  'f.member_id',
  'f.question_type',
  'f.content',
  'f.status',
  'f.answer',
  'f.answered_at',
  'f.created_at',
] as const;

export async function pageMemberFeedback(db: Conn, memberId: number, page: { limit: number; offset: number }) {
  const rows = await db
    .selectFrom('feedback as f')
    .select(FEEDBACK_COLUMNS)
    .select((eb) =>
      eb
        .selectFrom('feedback_files as ff')
        .select((x) => x.fn.countAll<string>().as('n'))
        .whereRef('ff.feedback_id', '=', 'f.id')
        .as('image_count'),
    )
    .where('f.member_id', '=', memberId)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const total = await db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('member_id', '=', memberId)
    .executeTakeFirstOrThrow();
  return { rows, total: Number(total.n) };
}

export async function pageAllFeedback(
  db: Conn,
  filter: { status?: 'open' | 'answered' | undefined },
  page: { limit: number; offset: number },
) {
  let q = db
    .selectFrom('feedback as f')
    .leftJoin('members as m', 'm.id', 'f.member_id')
    .leftJoin('members as op', 'op.id', 'f.answered_by')
    .select(FEEDBACK_COLUMNS)
    .select(['f.contact_email', 'm.username', 'op.username as answered_by_username']);
  let c = db.selectFrom('feedback as f').select((eb) => eb.fn.countAll<string>().as('n'));
  if (filter.status) {
    q = q.where('f.status', '=', filter.status);
    c = c.where('f.status', '=', filter.status);
  }
  const rows = await q
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const ids = rows.map((r) => r.id);
  const files =
    ids.length === 0
      ? []
      : await db
          .selectFrom('feedback_files')
          .select(['id', 'feedback_id'])
          .where('feedback_id', 'in', ids)
          .orderBy('id')
          .execute();
  const total = await c.executeTakeFirstOrThrow();
  return { rows, files, total: Number(total.n) };
}

export function lockFeedback(db: Conn, id: number) {
  return db.selectFrom('feedback').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function answerFeedback(db: Conn, id: number, answer: string, operatorId: number, now: Date) {
  return db
    .updateTable('feedback')
    .set({ status: 'answered', answer, answered_by: operatorId, answered_at: now })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
}

export function findFeedbackFile(db: Conn, id: number) {
  return db.selectFrom('feedback_files').select(['content_type', 'data']).where('id', '=', id).executeTakeFirst();
}
