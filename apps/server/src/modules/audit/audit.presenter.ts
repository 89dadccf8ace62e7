import type { AuditEntry } from '@gamehall/shared/api/operators';

type AuditRow = {
  id: number;
  member_id: number | null;
  username: string | null;
  event: string;
  success: boolean;
  ip: string | null;
  user_agent: string | null;
  detail: Record<string, unknown>;
  operator: boolean;
  created_at: Date | string;
};

/**
 * One audit row. `before`/`after` come from the detail operatorAction recorded (older rows
 * call them old/new); the rest of the detail stays in `detail`.
 */
export function presentAuditEntry(row: AuditRow): AuditEntry {
  const { target, before, after, old, new: neu, ...rest } = row.detail ?? {};
  return {
    id: row.id,
    time: new Date(row.created_at).toISOString(),
    actor: { id: row.member_id, username: row.username },
    operator: row.operator,
    action: row.event,
    target: typeof target === 'string' ? target : null,
    success: row.success,
    ip: row.ip,
    userAgent: row.user_agent,
    before: before ?? old ?? null,
    after: after ?? neu ?? null,
    detail: rest,
  };
}
