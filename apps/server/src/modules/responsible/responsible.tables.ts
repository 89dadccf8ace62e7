import type { ColumnType, Generated } from 'kysely';

// The responsible-play tables of migration 0049, declared beside the module that alone writes them
// and merged into db/schema.ts's Database. Limits in minor units (minutes for sessionMinutes).
type Stamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string | undefined, string>;

declare module '../../db/schema' {
  interface Database {
    responsible_settings: ResponsibleSettingsTable;
    responsible_events: ResponsibleEventsTable;
    responsible_notes: ResponsibleNotesTable;
  }
}

/** Limit key -> value in minor units (minutes for sessionMinutes). */
export type LimitMap = Partial<Record<string, number>>;
/** Limit key -> the waiting raise or removal (value null) and when it applies (ISO time). */
export type PendingMap = Partial<Record<string, { value: number | null; effectiveAt: string }>>;

export interface ResponsibleSettingsTable {
  member_id: number;
  limits: Json<LimitMap>;
  pending: Json<PendingMap>;
  reality_check_minutes: number | null;
  break_kind: 'timeout' | 'exclusion' | null;
  break_period: string | null;
  break_started_at: Date | string | null;
  break_until: Date | string | null;
  session_day: string | null;
  session_started_at: Date | string | null;
  limit_hit_at: Date | string | null;
  updated_at: Stamp;
}

export type ResponsibleEventKind =
  | 'limit_lowered'
  | 'limit_raise_requested'
  | 'break_taken'
  | 'break_lifted'
  | 'limit_refused';

export interface ResponsibleEventsTable {
  id: Generated<number>;
  member_id: number;
  kind: ResponsibleEventKind;
  detail: Json<Record<string, unknown>>;
  operator_id: number | null;
  created_at: Stamp;
}

export interface ResponsibleNotesTable {
  id: Generated<number>;
  member_id: number;
  kind: 'note' | 'contact';
  text: string;
  operator_id: number;
  created_at: Stamp;
}
