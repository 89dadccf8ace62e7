import type { ColumnType, Generated } from 'kysely';

// Kysely types of the roles and the operators' roles (migration 0022), declared beside
// operators.queries.ts, their only writer (merged into the Database interface of db/schema.ts).

declare module '../../db/schema' {
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
