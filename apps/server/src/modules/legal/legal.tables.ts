import type { ColumnType } from 'kysely';
import type { Id, Timestamp } from '../../db/schema';

// Kysely types of the legal pages (migration 0080), declared beside legal.queries.ts, their only
// writer (merged into the Database interface of db/schema.ts).

declare module '../../db/schema' {
  interface Database {
    legal_versions: LegalVersionsTable;
    legal_texts: LegalTextsTable;
    legal_acceptances: LegalAcceptancesTable;
  }
}

export type LegalKindColumn = 'terms' | 'privacy' | 'responsible' | 'bonus' | 'cookies' | 'about' | 'licence';

/** One version of one kind of legal page; published ones never change (a trigger refuses it). */
export interface LegalVersionsTable {
  id: Id;
  kind: LegalKindColumn;
  version: number;
  status: ColumnType<'draft' | 'published', 'draft' | undefined, 'published'>;
  summary: ColumnType<string, string | undefined, string>;
  acceptance_required: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  created_by: number | null;
  published_at: ColumnType<Date | null, never, Date | string>;
  published_by: ColumnType<number | null, never, number>;
}

export interface LegalTextsTable {
  version_id: number;
  language: string;
  title: string;
  body: string;
}

/** A member's acceptance of one version of the terms. */
export interface LegalAcceptancesTable {
  member_id: number;
  version_id: number;
  accepted_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}
