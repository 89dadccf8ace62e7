import type { MyContract } from '@gamehall/shared/api/contracts';
import { toMajor } from '@gamehall/shared/money';
import { presentContract } from './contracts.presenter';
import type { ContractRow } from './contracts.queries';
import type { StatementBriefRow } from './my-contracts.queries';

const iso = (d: Date | string) => new Date(d).toISOString();

/** A contract of the "My contracts" page: the contract, its carry-over and its newest statements. */
export function presentMyContract(
  r: ContractRow,
  carries: Map<number, number>,
  statements: { totals: Map<number, { count: number; paid: number }>; rows: StatementBriefRow[] },
): MyContract {
  const id = Number(r.id);
  const totals = statements.totals.get(id) ?? { count: 0, paid: 0 };
  return {
    ...presentContract(r),
    carry: toMajor(carries.get(id) ?? 0),
    statementCount: totals.count,
    paidTotal: toMajor(totals.paid),
    statements: statements.rows
      .filter((s) => Number(s.contract_id) === id)
      .map((s) => ({
        id: Number(s.id),
        periodStart: iso(s.period_start),
        periodEnd: iso(s.period_end),
        amount: toMajor(s.amount),
        carryOut: toMajor(s.carry_out),
        status: s.status,
      })),
  };
}
