import type { ColumnType } from 'kysely';

// The statement holds of migration 0068, declared beside the module that alone writes them (merged
// into the Database interface of db/schema.ts).
export interface ContractStatementHoldsTable {
  statement_id: number;
  note: string;
  held_by: number;
  held_at: ColumnType<Date, Date, Date>;
}

declare module '../../db/schema' {
  interface Database {
    contract_statement_holds: ContractStatementHoldsTable;
  }
}
