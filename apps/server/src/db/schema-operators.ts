import type { ColumnType, Generated } from 'kysely';

// Kysely types of migration 0022 (operators and their roles), merged into
// schema.ts's interfaces. Kept in a file of their own because several back-office areas add tables
// to schema.ts.

declare module './schema' {
  interface Database {
    roles: RolesTable;
    operator_roles: OperatorRolesTable;
  }
}

export interface RolesTable {
  id: Generated<number>;
  name: string;
  /** Named permissions of packages/shared/src/api/permissions.ts, or ['*']. */
  permissions: ColumnType<string[], string, string>;
  built_in: Generated<boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface OperatorRolesTable {
  member_id: number;
  role_id: number;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
