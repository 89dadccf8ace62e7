import {
  type CascadePreview,
  type CascadeReason,
  MY_CONTRACT_STATEMENTS,
  type MyContracts,
} from '@gamehall/shared/api/contracts';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { getBrand } from '../brand/brand.service';
import { presentContract } from './contracts.presenter';
import * as q from './contracts.queries';
import { presentMyContract } from './my-contracts.presenter';
import * as mq from './my-contracts.queries';

// The agent centre's "My contracts" page: the contracts an agent holds and gave, with
// their carry-over and statements; and the preview of what accepting an offer would end.

/** How many contracts of each side the page shows (open ones first). */
const MY_CONTRACTS_LIMIT = 200;

const open = (r: q.ContractRow) => r.status === 'offered' || r.status === 'active';

export async function myContracts(ctx: AppContext, memberId: number): Promise<MyContracts> {
  const page = { pageNo: 1, pageSize: MY_CONTRACTS_LIMIT };
  const [held, given, brand] = await Promise.all([
    q.pageContracts(ctx.db, { holderId: memberId }, page),
    q.pageContracts(ctx.db, { uplineId: memberId }, page),
    getBrand(ctx.db),
  ]);
  const rows = [...held.rows, ...given.rows];
  const ids = rows.map((r) => Number(r.id));
  const [carries, statements] = await Promise.all([
    mq.carriesOf(ctx.db, ids),
    mq.statementsOf(ctx.db, ids, MY_CONTRACT_STATEMENTS),
  ]);
  const present = (list: q.ContractRow[]) =>
    [...list]
      .sort((a, b) => Number(open(b)) - Number(open(a)) || Number(b.id) - Number(a.id))
      .map((r) => presentMyContract(r, carries, statements));
  return { held: present(held.rows), given: present(given.rows), timeZone: brand.timeZone };
}

/**
 * What accepting offer `id` would end now (spec §4 auto-termination, contracts.service.ts
 * cascadeTerminate): the open contracts of the kind the member gave above the offer's rate (and,
 * for a dividend, of another period), then every open contract their holders gave, level by level,
 * each with the end reason the accept would write. Reads only; the accept re-checks.
 */
export async function cascadePreview(ctx: AppContext, memberId: number, id: number): Promise<CascadePreview> {
  const offer = await q.findContract(ctx.db, id);
  if (!offer || Number(offer.holder_id) !== memberId) throw new AppError('CONTRACT_NOT_FOUND');
  if (offer.status !== 'offered') throw new AppError('CONTRACT_STATE_INVALID');
  const ends: CascadePreview['ends'] = [];
  // The first level's reason is the one the accept writes: the rate rule runs first, so a contract
  // both above the rate and on another period ends for its rate.
  let level: { id: number; holder_id: number; reason: CascadeReason }[] = (
    await mq.openGivenAboveUnlocked(ctx.db, [memberId], offer.kind, offer.rate_ppm)
  ).map((c) => ({ ...c, reason: 'upline_rate_lowered' }));
  // A dividend offer of another period than the contracts given also ends those (one period a tree).
  if (offer.kind === 'dividend')
    for (const c of await q.openGivenOtherPeriod(ctx.db, memberId, offer.period))
      if (!level.some((l) => l.id === Number(c.id)))
        level.push({ id: Number(c.id), holder_id: Number(c.holder_id), reason: 'upline_period_changed' });
  for (let n = 1; level.length > 0; n++) {
    for (const c of level) {
      const row = await q.findContract(ctx.db, c.id);
      if (row) ends.push({ level: n, reason: c.reason, contract: presentContract(row) });
    }
    level = (
      await mq.openGivenAboveUnlocked(
        ctx.db,
        level.map((c) => c.holder_id),
        offer.kind,
        null,
      )
    ).map((c) => ({ ...c, reason: 'upline_contract_ended' }));
  }
  return { contractId: Number(offer.id), ends };
}
