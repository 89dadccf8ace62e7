import type { Conn } from '../../db/database';

export async function insertAuditEvent(
  db: Conn,
  e: {
    memberId: number | null;
    username: string | null;
    event: string;
    success: boolean;
    ip: string | null;
    userAgent: string | null;
    detail: Record<string, unknown>;
  },
) {
  await db
    .insertInto('audit_log')
    .values({
      member_id: e.memberId,
      username: e.username,
      event: e.event,
      success: e.success,
      ip: e.ip,
      user_agent: e.userAgent,
      detail: JSON.stringify(e.detail),
    })
    .execute();
}

export function listMemberAudit(db: Conn, memberId: number, events: string[], limit: number) {
  return db
    .selectFrom('audit_log')
    .select(['event', 'success', 'ip', 'user_agent', 'created_at'])
    .where('member_id', '=', memberId)
    .where('event', 'in', events)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function pageMemberAudit(
  db: Conn,
  memberId: number,
  events: string[],
  page: { pageNo: number; pageSize: number },
) {
  const scope = db.selectFrom('audit_log').where('member_id', '=', memberId).where('event', 'in', events);
  const [rows, total] = await Promise.all([
    scope
      .select(['id', 'event', 'success', 'ip', 'user_agent', 'detail', 'created_at'])
      .orderBy('id', 'desc')
      .offset((page.pageNo - 1) * page.pageSize)
      .limit(page.pageSize)
      .execute(),
    scope.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
