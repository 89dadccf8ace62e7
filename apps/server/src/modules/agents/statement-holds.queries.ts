import type { Conn, Trx } from '../../db/database';

// Operators' holds on held statements (statement-holds.tables.ts): a held statement with a hold is
// kept back on purpose until the hold is taken off.

export type HoldRow = { statement_id: number; note: string; held_by: number; held_at: Date; held_by_username: string };

export async function holdsOf(db: Conn, statementIds: number[]): Promise<Map<number, HoldRow>> {
  if (statementIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('contract_statement_holds as h')
    .innerJoin('members as m', 'm.id', 'h.held_by')
    .select(['h.statement_id', 'h.note', 'h.held_by', 'h.held_at', 'm.username as held_by_username'])
    .where('h.statement_id', 'in', statementIds)
    .execute();
  return new Map(rows.map((r) => [Number(r.statement_id), r]));
}

export async function setHold(trx: Trx, statementId: number, note: string, operatorId: number, now: Date) {
  await trx
    .insertInto('contract_statement_holds')
    .values({ statement_id: statementId, note, held_by: operatorId, held_at: now })
    .onConflict((oc) => oc.column('statement_id').doUpdateSet({ note, held_by: operatorId, held_at: now }))
    .execute();
}

export async function clearHold(trx: Trx, statementId: number) {
  await trx.deleteFrom('contract_statement_holds').where('statement_id', '=', statementId).execute();
}
