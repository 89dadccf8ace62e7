import { sql } from 'kysely';
import type { Conn } from '../../db/database';
import { pageOffset } from '../../http/paging';

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
    operator: boolean;
  },
) {
  await db
    .insertInto('audit_log')
    .values({
      operator: e.operator,
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
      .offset(pageOffset(page))
      .limit(page.pageSize)
      .execute(),
    scope.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export type AuditFilter = {
  operatorsOnly: boolean;
  username?: string;
  event?: string;
  eventPrefix?: string;
  target?: string;
  from?: Date;
  to?: Date;
  success?: boolean;
};

/** One page of the audit trail, newest first unless asked otherwise (the audit screen). */
export async function pageAudit(
  db: Conn,
  f: AuditFilter,
  page: { pageNo: number; pageSize: number; order: 'asc' | 'desc' },
) {
  let scope = db.selectFrom('audit_log');
  if (f.operatorsOnly) scope = scope.where('operator', '=', true);
  if (f.username) scope = scope.where(sql<string>`lower(username)`, '=', f.username.toLowerCase());
  if (f.event) scope = scope.where('event', '=', f.event);
  if (f.eventPrefix) scope = scope.where('event', 'like', `${f.eventPrefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  if (f.target) scope = scope.where(sql<string>`detail->>'target'`, '=', f.target);
  if (f.from) scope = scope.where('created_at', '>=', f.from);
  if (f.to) scope = scope.where('created_at', '<', f.to);
  if (f.success !== undefined) scope = scope.where('success', '=', f.success);
  const [rows, total] = await Promise.all([
    scope
      .select([
        'id',
        'member_id',
        'username',
        'event',
        'success',
        'ip',
        'user_agent',
        'detail',
        'operator',
        'created_at',
      ])
      .orderBy('id', page.order)
      .offset(pageOffset(page))
      .limit(page.pageSize)
      .execute(),
    scope.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
