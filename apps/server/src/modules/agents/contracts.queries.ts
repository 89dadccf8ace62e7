import type { ContractKind, ContractPeriod, ContractStatus } from '@gamehall/shared/api/contracts';
import { AGENT_ACCOUNT_TYPES } from '@gamehall/shared/constants';
import { sql } from 'kysely';
import type { Conn, Trx } from '../../db/database';
import { prepared } from '../../db/prepared';
import { pageOffset } from '../../http/paging';
import type { ContractsTable, StoredTier } from './contracts.tables';

// Contracts (migration 0028): reads with both parties' usernames, and the writes of the contract
// rules (contracts.service.ts).

export type ContractRow = {
  id: number;
  kind: ContractKind;
  period: ContractsTable['period'];
  tiers: StoredTier[];
  rate_ppm: number;
  upline_id: number | null;
  upline_username: string | null;
  holder_id: number;
  holder_username: string;
  status: ContractStatus;
  termination_requested_by: 'upline' | 'holder' | null;
  termination_requested_at: Date | null;
  termination_reason: string | null;
  created_at: Date;
  accepted_at: Date | null;
  ended_at: Date | null;
  ended_by: 'upline' | 'holder' | 'operator' | 'system' | null;
  end_reason: string | null;
};

function selectContracts(db: Conn) {
  return db
    .selectFrom('contracts as c')
    .innerJoin('members as h', 'h.id', 'c.holder_id')
    .leftJoin('members as u', 'u.id', 'c.upline_id')
    .select([
      'c.id',
      'c.kind',
      'c.period',
      'c.tiers',
      'c.rate_ppm',
      'c.upline_id',
      'u.username as upline_username',
      'c.holder_id',
      'h.username as holder_username',
      'c.status',
      'c.termination_requested_by',
      'c.termination_requested_at',
      'c.termination_reason',
      'c.created_at',
      'c.accepted_at',
      'c.ended_at',
      'c.ended_by',
      'c.end_reason',
    ]);
}

export async function findContract(db: Conn, id: number): Promise<ContractRow | undefined> {
  return (await selectContracts(db).where('c.id', '=', id).executeTakeFirst()) as ContractRow | undefined;
}

/** Locks the contract row (the actions and the settlement of one contract take turns). */
export async function lockContract(trx: Trx, id: number): Promise<void> {
  await trx.selectFrom('contracts').select('id').where('id', '=', id).forUpdate().execute();
}

export type ContractListFilter = {
  holderId?: number | undefined;
  uplineId?: number | undefined;
  kind?: ContractKind | undefined;
  status?: ContractStatus | undefined;
  holderUsername?: string | undefined;
  uplineUsername?: string | undefined;
  offeredBy?: 'operator' | 'agent' | undefined;
};

function filtered(db: Conn, f: ContractListFilter) {
  let q = selectContracts(db);
  if (f.holderId !== undefined) q = q.where('c.holder_id', '=', f.holderId);
  if (f.uplineId !== undefined) q = q.where('c.upline_id', '=', f.uplineId);
  if (f.kind !== undefined) q = q.where('c.kind', '=', f.kind);
  if (f.status !== undefined) q = q.where('c.status', '=', f.status);
  if (f.holderUsername !== undefined) q = q.where(sql`lower(h.username)`, '=', f.holderUsername.toLowerCase());
  if (f.uplineUsername !== undefined) q = q.where(sql`lower(u.username)`, '=', f.uplineUsername.toLowerCase());
  if (f.offeredBy === 'operator') q = q.where('c.upline_id', 'is', null);
  if (f.offeredBy === 'agent') q = q.where('c.upline_id', 'is not', null);
  return q;
}

const SORTS = { id: 'c.id', createdAt: 'c.created_at', ratePpm: 'c.rate_ppm' } as const;

export async function pageContracts(
  db: Conn,
  f: ContractListFilter,
  page: { pageNo: number; pageSize: number; sort?: keyof typeof SORTS; order?: 'asc' | 'desc' },
): Promise<{ rows: ContractRow[]; total: number }> {
  const count = await filtered(db, f)
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await filtered(db, f)
    .orderBy(SORTS[page.sort ?? 'id'], page.order ?? 'desc')
    .orderBy('c.id', 'desc')
    .limit(page.pageSize)
    .offset(pageOffset(page))
    .execute();
  return { rows: rows as ContractRow[], total: Number(count.n) };
}

/** Offers to this member, and termination requests its uplines made on its contracts. */
export async function pendingFor(db: Conn, memberId: number): Promise<ContractRow[]> {
  return (await selectContracts(db)
    .where((eb) =>
      eb.or([
        eb.and([eb('c.holder_id', '=', memberId), eb('c.status', '=', 'offered')]),
        eb.and([
          eb('c.holder_id', '=', memberId),
          eb('c.status', '=', 'active'),
          eb('c.termination_requested_by', '=', 'upline'),
        ]),
        eb.and([
          eb('c.upline_id', '=', memberId),
          eb('c.status', '=', 'active'),
          eb('c.termination_requested_by', '=', 'holder'),
        ]),
      ]),
    )
    .orderBy('c.id', 'desc')
    .limit(100)
    .execute()) as ContractRow[];
}

/** The member's active contract of a kind, if any. */
export async function activeContractOf(db: Conn, memberId: number, kind: ContractKind) {
  return db
    .selectFrom('contracts')
    .select(['id', 'rate_ppm', 'period'])
    .where('holder_id', '=', memberId)
    .where('kind', '=', kind)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/**
 * The latest ended contract of this kind between the same two parties (the operator when the
 * upline is null) with a carry not yet taken over: the one a new contract takes its carry from.
 */
export async function carrySource(
  trx: Trx,
  uplineId: number | null,
  holderId: number,
  kind: ContractKind,
  exceptId: number,
) {
  const row = await trx
    .selectFrom('contracts as o')
    .select('o.id')
    .where('o.holder_id', '=', holderId)
    .where('o.kind', '=', kind)
    .where('o.status', '=', 'terminated')
    .where('o.id', '<>', exceptId)
    .where((eb) => (uplineId === null ? eb('o.upline_id', 'is', null) : eb('o.upline_id', '=', uplineId)))
    .where((eb) => eb.or([eb('o.carry', '<', 0), eb('o.carry_from', 'is not', null)]))
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('contracts as n').select('n.id').whereRef('n.carry_from', '=', 'o.id'))),
    )
    .orderBy('o.id', 'desc')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

export async function setCarryFrom(trx: Trx, id: number, from: number): Promise<void> {
  await trx.updateTable('contracts').set({ carry_from: from }).where('id', '=', id).execute();
}

/** Dividend contracts this member gave that are open and whose period is not this one. */
export async function openGivenOtherPeriod(db: Conn, uplineId: number, period: ContractPeriod) {
  return db
    .selectFrom('contracts')
    .select(['id', 'holder_id'])
    .where('upline_id', '=', uplineId)
    .where('kind', '=', 'dividend')
    .where('status', 'in', ['offered', 'active'])
    .where('period', '<>', period)
    .execute();
}

/** For the consolidated contract info: the kinds with a request waiting and the kinds held. */
// Read by every member info call: compiled once (db/prepared.ts).
const contractFlagRows = prepared(1, (db, memberId: number) =>
  db
    .selectFrom('contracts')
    .select(['kind', 'status', 'termination_requested_by', 'holder_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('holder_id', '=', memberId), eb('status', 'in', ['offered', 'active'])]),
        eb.and([
          eb('upline_id', '=', memberId),
          eb('status', '=', 'active'),
          eb('termination_requested_by', '=', 'holder'),
        ]),
      ]),
    ),
);

export async function contractFlags(db: Conn, memberId: number) {
  return contractFlagRows.execute(db, memberId);
}

export async function memberForContract(db: Conn, id: number) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'type', 'upline_id', 'status'])
    .where('id', '=', id)
    .where('type', '<>', 90)
    .executeTakeFirst();
}

export function isAgentType(type: number): boolean {
  return (AGENT_ACCOUNT_TYPES as readonly number[]).includes(type);
}

/** Whether the member's upline is an agent (a top agent has none that is). */
export async function uplineIsAgent(db: Conn, uplineId: number | null): Promise<boolean> {
  if (uplineId === null) return false;
  const u = await db.selectFrom('members').select('type').where('id', '=', uplineId).executeTakeFirst();
  return u !== undefined && isAgentType(u.type);
}

export async function insertContract(
  trx: Trx,
  c: {
    kind: ContractKind;
    period: ContractsTable['period'];
    tiers: StoredTier[];
    ratePpm: number;
    uplineId: number | null;
    holderId: number;
    operatorId: number | null;
    now: Date;
  },
): Promise<number> {
  const row = await trx
    .insertInto('contracts')
    .values({
      kind: c.kind,
      period: c.period,
      tiers: JSON.stringify(c.tiers),
      rate_ppm: c.ratePpm,
      upline_id: c.uplineId,
      holder_id: c.holderId,
      status: 'offered',
      termination_requested_by: null,
      termination_requested_at: null,
      termination_reason: null,
      offered_by_operator: c.operatorId,
      created_at: c.now,
      accepted_at: null,
      ended_at: null,
      ended_by: null,
      end_reason: null,
      settled_until: null,
      updated_at: c.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateContract(
  trx: Trx,
  id: number,
  set: Partial<{
    status: ContractStatus;
    termination_requested_by: 'upline' | 'holder' | null;
    termination_requested_at: Date | null;
    termination_reason: string | null;
    accepted_at: Date;
    ended_at: Date;
    ended_by: 'upline' | 'holder' | 'operator' | 'system';
    end_reason: string;
  }>,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('contracts')
    .set({ ...set, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Open (offered or active) contracts of a kind that these members gave, with a rate above `ratePpm`. */
export async function openGivenAbove(trx: Trx, uplineIds: number[], kind: ContractKind, ratePpm: number | null) {
  if (uplineIds.length === 0) return [];
  let q = trx
    .selectFrom('contracts')
    .select(['id', 'holder_id'])
    .where('upline_id', 'in', uplineIds)
    .where('kind', '=', kind)
    .where('status', 'in', ['offered', 'active']);
  if (ratePpm !== null) q = q.where('rate_ppm', '>', ratePpm);
  return q.forUpdate().execute();
}

export async function terminateMany(trx: Trx, ids: number[], reason: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('contracts')
    .set({
      status: 'terminated',
      ended_at: now,
      ended_by: 'system',
      end_reason: reason,
      termination_requested_by: null,
      termination_requested_at: null,
      updated_at: now,
    })
    .where('id', 'in', ids)
    .execute();
}

// ---- the back office's contract templates and per-kind rate limits

export function listTemplates(db: Conn) {
  return db.selectFrom('contract_templates').selectAll().orderBy('kind').orderBy('id').execute();
}

export function findTemplate(db: Conn, id: number) {
  return db.selectFrom('contract_templates').selectAll().where('id', '=', id).executeTakeFirst();
}

export type TemplateValues = {
  name: string;
  kind: ContractKind;
  period: 'daily' | 'weekly' | 'semimonthly' | 'monthly' | 'hourly' | 'realtime';
  tiers: StoredTier[];
  ratePpm: number;
  enabled: boolean;
};

/** A template's columns as written by both the insert and the update. */
function templateColumns(t: TemplateValues, now: Date) {
  return {
    name: t.name,
    kind: t.kind,
    period: t.period,
    tiers: JSON.stringify(t.tiers),
    rate_ppm: t.ratePpm,
    enabled: t.enabled,
    updated_at: now,
  };
}

export async function insertTemplate(db: Conn, t: TemplateValues, now: Date) {
  const r = await db
    .insertInto('contract_templates')
    .values({ ...templateColumns(t, now), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(r.id);
}

export async function updateTemplate(db: Conn, id: number, t: TemplateValues, now: Date) {
  const r = await db
    .updateTable('contract_templates')
    .set(templateColumns(t, now))
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

export async function deleteTemplate(db: Conn, id: number) {
  const r = await db.deleteFrom('contract_templates').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export function limits(db: Conn) {
  return db.selectFrom('contract_limits').select(['kind', 'max_rate_ppm']).orderBy('kind').execute();
}

export async function setLimit(trx: Trx, kind: ContractKind, maxRatePpm: number, now: Date) {
  await trx
    .insertInto('contract_limits')
    .values({ kind, max_rate_ppm: maxRatePpm, updated_at: now })
    .onConflict((oc) => oc.column('kind').doUpdateSet({ max_rate_ppm: maxRatePpm, updated_at: now }))
    .execute();
}

export async function limitOf(db: Conn, kind: ContractKind): Promise<number | undefined> {
  const r = await db.selectFrom('contract_limits').select('max_rate_ppm').where('kind', '=', kind).executeTakeFirst();
  return r?.max_rate_ppm;
}
