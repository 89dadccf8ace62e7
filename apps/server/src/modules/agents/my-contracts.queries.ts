import type { ContractKind } from '@gamehall/shared/api/contracts';
import { sql } from 'kysely';
import type { Conn } from '../../db/database';

// Reads of the agent centre's "My contracts" page and of the offer popup's cascade preview. The
// contract rows themselves come from contracts.queries.ts (pageContracts, findContract).

/** The carry-over of each contract (a dividend's negative set off against its next periods). */
export async function carriesOf(db: Conn, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('contracts').select(['id', 'carry']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [Number(r.id), Number(r.carry)]));
}

export type StatementBriefRow = {
  id: number;
  contract_id: number;
  period_start: Date;
  period_end: Date;
  amount: number | string;
  carry_out: number | string;
  status: 'paid' | 'held';
};

/** Per contract: the statement count, the paid total and the newest `newest` statements. */
export async function statementsOf(db: Conn, ids: number[], newest: number) {
  if (ids.length === 0) return { totals: new Map<number, { count: number; paid: number }>(), rows: [] };
  const totals = await sql<{ contract_id: string; n: string; paid: string }>`
    SELECT contract_id, count(*) AS n, coalesce(sum(amount) FILTER (WHERE status = 'paid'), 0) AS paid
      FROM contract_statements WHERE contract_id = ANY(${ids}::bigint[]) GROUP BY contract_id`.execute(db);
  const rows = await sql<StatementBriefRow>`
    SELECT id, contract_id, period_start, period_end, amount, carry_out, status FROM (
      SELECT s.*, row_number() OVER (PARTITION BY s.contract_id ORDER BY s.period_start DESC, s.id DESC) AS k
        FROM contract_statements s WHERE s.contract_id = ANY(${ids}::bigint[])
    ) x WHERE k <= ${newest} ORDER BY period_start DESC, id DESC`.execute(db);
  return {
    totals: new Map(totals.rows.map((r) => [Number(r.contract_id), { count: Number(r.n), paid: Number(r.paid) }])),
    rows: rows.rows,
  };
}

/**
 * The open (offered or active) contracts of a kind that these members gave, with a rate above
 * `ratePpm` (every one when null): contracts.queries.ts openGivenAbove without its row locks, for a
 * preview that changes nothing.
 */
export async function openGivenAboveUnlocked(
  db: Conn,
  uplineIds: number[],
  kind: ContractKind,
  ratePpm: number | null,
): Promise<{ id: number; holder_id: number }[]> {
  if (uplineIds.length === 0) return [];
  let q = db
    .selectFrom('contracts')
    .select(['id', 'holder_id'])
    .where('upline_id', 'in', uplineIds)
    .where('kind', '=', kind)
    .where('status', 'in', ['offered', 'active']);
  if (ratePpm !== null) q = q.where('rate_ppm', '>', ratePpm);
  const rows = await q.orderBy('id').execute();
  return rows.map((r) => ({ id: Number(r.id), holder_id: Number(r.holder_id) }));
}
