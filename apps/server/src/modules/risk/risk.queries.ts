import { sql } from 'kysely';
import type { Conn, Trx } from '../../db/database';
import type { IdentityKind, LevelSource, RiskFlagsTable } from './risk.tables';

// The risk module's SQL (docs/risk.md). It writes only its own tables (migration 0095); it reads the
// facts it judges where they are recorded: members, member_devices and member_login_ips (accounts),
// member_bank_accounts and deposit_orders (cashier), rewards and bonus_wagers (rewards), vendor
// rounds and their details (vendor gateway).

type Level = 'low' | 'normal' | 'high' | 'blocked';

export function memberForRisk(db: Conn, memberId: number) {
  return db
    .selectFrom('members')
    .select(['id', 'username', 'type', 'referrer_id'])
    .where('id', '=', memberId)
    .executeTakeFirst();
}

/**
 * Everything that identifies the member as recorded now, raw: the devices (hashes), the registration
 * address and every address signed in from, the bank account numbers and holder names, the payee name.
 */
export async function identitySources(db: Conn, memberId: number) {
  const result = await sql<{ kind: IdentityKind; value: string }>`
    SELECT 'device' AS kind, device_hash AS value FROM member_devices WHERE member_id = ${memberId}
    UNION SELECT 'ip', register_ip FROM members WHERE id = ${memberId} AND register_ip IS NOT NULL
    UNION SELECT 'ip', ip FROM member_login_ips WHERE member_id = ${memberId}
    UNION SELECT 'bank_account', account_number FROM member_bank_accounts WHERE member_id = ${memberId}
    UNION SELECT 'payee_name', account_name FROM member_bank_accounts WHERE member_id = ${memberId}
    UNION SELECT 'payee_name', payee_name FROM members WHERE id = ${memberId} AND payee_name IS NOT NULL
  `.execute(db);
  return result.rows;
}

/** Records the member's keys; returns the ones the member did not hold yet. */
export async function insertKeys(
  trx: Trx,
  memberId: number,
  keys: { kind: IdentityKind; value: string }[],
  now: Date,
): Promise<{ kind: IdentityKind; value: string }[]> {
  if (keys.length === 0) return [];
  return trx
    .insertInto('risk_identity_keys')
    .values(keys.map((k) => ({ kind: k.kind, value: k.value, member_id: memberId, first_seen_at: now })))
    .onConflict((oc) => oc.columns(['kind', 'value', 'member_id']).doNothing())
    .returning(['kind', 'value'])
    .execute();
}

/** How many members hold the key. */
export async function keyHolders(db: Conn, kind: IdentityKind, value: string): Promise<number> {
  const row = await db
    .selectFrom('risk_identity_keys')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('kind', '=', kind)
    .where('value', '=', value)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Links every pair among the `limit` members who took the key most recently (lower id first); a pair
 * already linked by this kind keeps its row, review included. Returns how many links are new.
 */
export async function linkHolders(
  trx: Trx,
  kind: IdentityKind,
  value: string,
  limit: number,
  now: Date,
): Promise<number> {
  const result = await sql`
    WITH g AS (
      SELECT member_id FROM risk_identity_keys WHERE kind = ${kind} AND value = ${value}
      ORDER BY first_seen_at DESC, member_id DESC LIMIT ${limit}
    )
    INSERT INTO risk_links (member_id, other_id, kind, value, created_at)
    SELECT a.member_id, b.member_id, ${kind}, ${value}, ${now}::timestamptz FROM g a JOIN g b ON a.member_id < b.member_id
    ON CONFLICT (member_id, other_id, kind) DO NOTHING`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * The referrer's referred accounts that used the device, newest first (up to `limit`), their count,
 * and whether the referrer used it too.
 */
export async function referredOnDevice(db: Conn, referrerId: number, deviceHash: string, limit: number) {
  const result = await sql<{ id: string | number; username: string; total: string | number; referrer: boolean }>`
    WITH referred AS (
      SELECT m.id, m.username, k.first_seen_at FROM risk_identity_keys k JOIN members m ON m.id = k.member_id
      WHERE k.kind = 'device' AND k.value = ${deviceHash} AND m.referrer_id = ${referrerId}
    )
    SELECT r.id, r.username, (SELECT count(*) FROM referred) AS total,
      EXISTS (SELECT 1 FROM risk_identity_keys WHERE kind = 'device' AND value = ${deviceHash} AND member_id = ${referrerId}) AS referrer
    FROM referred r ORDER BY r.first_seen_at DESC, r.id DESC LIMIT ${limit}`.execute(db);
  const first = result.rows[0];
  return {
    total: Number(first?.total ?? 0),
    referrerUsed: first?.referrer === true,
    members: result.rows.map((r) => ({ id: Number(r.id), username: r.username })),
  };
}

/** Raises a flag, or refreshes its evidence when the member already has it (its review stays). */
export async function upsertFlag(
  trx: Trx,
  row: { member_id: number; kind: RiskFlagsTable['kind']; key: string; evidence: Record<string, unknown>; now: Date },
) {
  const evidence = JSON.stringify(row.evidence);
  await trx
    .insertInto('risk_flags')
    .values({
      member_id: row.member_id,
      kind: row.kind,
      key: row.key,
      evidence,
      created_at: row.now,
      updated_at: row.now,
    })
    .onConflict((oc) => oc.columns(['member_id', 'kind', 'key']).doUpdateSet({ evidence, updated_at: row.now }))
    .execute();
}

// ---- deposit, bonus, minimal wagering, withdrawal

/** The member's latest bonus (cash or bonus, a positive amount) claimed within [from, to]. */
export function latestClaim(db: Conn, memberId: number, from: Date, to: Date) {
  return db
    .selectFrom('rewards as r')
    .leftJoin('promotions as p', 'p.id', 'r.promotion_id')
    .leftJoin('bonus_wagers as w', 'w.reward_id', 'r.id')
    .select(['r.id', 'r.amount', 'r.pay_as', 'r.claimed_at', 'p.texts', 'w.required', 'w.state as wager_state'])
    .where('r.member_id', '=', memberId)
    .where('r.state', '=', 'claimed')
    .where('r.pay_as', 'in', ['cash', 'bonus'])
    .where('r.amount', '>', 0)
    .where('r.claimed_at', '>=', from)
    .where('r.claimed_at', '<=', to)
    .orderBy('r.claimed_at', 'desc')
    .orderBy('r.id', 'desc')
    .executeTakeFirst();
}

/** The member's latest credited deposit requested within [from, to]. */
export function latestDeposit(db: Conn, memberId: number, from: Date, to: Date) {
  return db
    .selectFrom('deposit_orders')
    .select(['amount', 'created_at', 'decided_at'])
    .where('member_id', '=', memberId)
    .where('status', '=', 'approved')
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * The member's turnover (valid bets of closed rounds) of rounds started within [from, to], and the part
 * of it on low-risk bets: a sportsbook bet at total odds of at most `odds1000`, or any round whose
 * return was within `bandPercent` of its stake.
 */
export async function turnoverBetween(
  db: Conn,
  memberId: number,
  from: Date,
  to: Date,
  lowRisk: { odds1000: number; bandPercent: number },
) {
  const result = await sql<{ turnover: string | number | null; low: string | number | null }>`
    SELECT sum(r.bet_amount - r.void_amount) AS turnover,
      sum(r.bet_amount - r.void_amount) FILTER (WHERE
        (d.detail->>'odds1000' IS NOT NULL AND (d.detail->>'odds1000')::bigint <= ${lowRisk.odds1000})
        OR ((r.win_amount - r.void_amount) * 100 >= (r.bet_amount - r.void_amount) * (100 - ${lowRisk.bandPercent})
            AND (r.win_amount - r.void_amount) * 100 <= (r.bet_amount - r.void_amount) * (100 + ${lowRisk.bandPercent}))
      ) AS low
    FROM vendor_rounds r
    LEFT JOIN vendor_round_details d ON d.vendor_code = r.vendor_code AND d.round_id = r.round_id
    WHERE r.member_id = ${memberId} AND r.status = 'closed' AND r.created_at >= ${from} AND r.created_at <= ${to}
      AND r.bet_amount > r.void_amount`.execute(db);
  const row = result.rows[0];
  return { turnover: Number(row?.turnover ?? 0), lowRisk: Number(row?.low ?? 0) };
}

// ---- levels

export async function levelOf(db: Conn, memberId: number) {
  return db.selectFrom('member_risk_levels').selectAll().where('member_id', '=', memberId).executeTakeFirst();
}

/** Locks the member's level row (or nothing, for a member at the default) for a change. */
export async function lockLevel(trx: Trx, memberId: number) {
  return trx
    .selectFrom('member_risk_levels')
    .selectAll()
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
}

export async function writeLevel(
  trx: Trx,
  row: {
    memberId: number;
    from: Level;
    to: Level;
    reason: string;
    source: LevelSource;
    operatorId: number | null;
    operatorUsername: string | null;
    now: Date;
  },
) {
  await trx
    .insertInto('member_risk_levels')
    .values({
      member_id: row.memberId,
      level: row.to,
      reason: row.reason,
      source: row.source,
      set_by: row.operatorId,
      updated_at: row.now,
    })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({
        level: row.to,
        reason: row.reason,
        source: row.source,
        set_by: row.operatorId,
        updated_at: row.now,
      }),
    )
    .execute();
  await trx
    .insertInto('risk_level_changes')
    .values({
      member_id: row.memberId,
      from_level: row.from,
      to_level: row.to,
      reason: row.reason,
      source: row.source,
      operator_id: row.operatorId,
      operator_username: row.operatorUsername,
      created_at: row.now,
    })
    .execute();
}

export function levelHistory(db: Conn, memberId: number, limit: number) {
  return db
    .selectFrom('risk_level_changes')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Open flags on the member, and links with others not dismissed (pending or confirmed). */
export async function riskCounts(db: Conn, memberId: number) {
  const [flags, links] = await Promise.all([
    db
      .selectFrom('risk_flags')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('member_id', '=', memberId)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('risk_links')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where((eb) => eb.or([eb('member_id', '=', memberId), eb('other_id', '=', memberId)]))
      .where('status', '!=', 'dismissed')
      .executeTakeFirstOrThrow(),
  ]);
  return { openFlags: Number(flags.n), links: Number(links.n) };
}

// ---- lists and reviews

export type LinkFilter = {
  status?: 'pending' | 'confirmed' | 'dismissed' | undefined;
  kind?: IdentityKind | undefined;
  memberId?: number | undefined;
};

function linkRows(db: Conn) {
  return db
    .selectFrom('risk_links as l')
    .innerJoin('members as a', 'a.id', 'l.member_id')
    .innerJoin('members as b', 'b.id', 'l.other_id')
    .leftJoin('member_risk_levels as la', 'la.member_id', 'l.member_id')
    .leftJoin('member_risk_levels as lb', 'lb.member_id', 'l.other_id')
    .leftJoin('members as op', 'op.id', 'l.reviewed_by')
    .select([
      'l.id',
      'l.kind',
      'l.value',
      'l.status',
      'l.note',
      'l.reviewed_at',
      'l.created_at',
      'l.member_id',
      'l.other_id',
      'a.username as member_username',
      'b.username as other_username',
      'la.level as member_level',
      'lb.level as other_level',
      'op.username as reviewer',
    ]);
}
export type LinkRow = Awaited<ReturnType<ReturnType<typeof linkRows>['executeTakeFirstOrThrow']>>;

export async function pageLinks(db: Conn, filter: LinkFilter, page: { limit: number; offset: number }) {
  let rows = linkRows(db);
  let count = db.selectFrom('risk_links as l').select((eb) => eb.fn.countAll<string>().as('n'));
  if (filter.status) {
    rows = rows.where('l.status', '=', filter.status);
    count = count.where('l.status', '=', filter.status);
  }
  if (filter.kind) {
    rows = rows.where('l.kind', '=', filter.kind);
    count = count.where('l.kind', '=', filter.kind);
  }
  if (filter.memberId !== undefined) {
    const id = filter.memberId;
    rows = rows.where((eb) => eb.or([eb('l.member_id', '=', id), eb('l.other_id', '=', id)]));
    count = count.where((eb) => eb.or([eb('l.member_id', '=', id), eb('l.other_id', '=', id)]));
  }
  const [list, total] = await Promise.all([
    rows.orderBy('l.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number(total.n) };
}

type GroupCounts = {
  kind: IdentityKind;
  value: string;
  id: string;
  pending: string;
  confirmed: string;
  dismissed: string;
  first_at: Date | string;
  last_at: Date | string;
};

/**
 * Links grouped by the value they share (kind and value), newest group first: the links counted by
 * status, the accounts in the group, the latest review. `status`: groups with a link of that status.
 */
export async function pageLinkGroups(
  db: Conn,
  filter: LinkFilter,
  page: { limit: number; offset: number },
  listed: number,
) {
  const where: ReturnType<typeof sql>[] = [sql`TRUE`];
  if (filter.kind) where.push(sql`l.kind = ${filter.kind}`);
  if (filter.memberId !== undefined)
    where.push(
      sql`(l.kind, l.value) IN (SELECT kind, value FROM risk_links WHERE member_id = ${filter.memberId} OR other_id = ${filter.memberId})`,
    );
  const having = filter.status ? sql`HAVING count(*) FILTER (WHERE l.status = ${filter.status}) > 0` : sql``;
  const groups = sql<GroupCounts>`SELECT l.kind, l.value, min(l.id)::text AS id,
      count(*) FILTER (WHERE l.status = 'pending')::text AS pending,
      count(*) FILTER (WHERE l.status = 'confirmed')::text AS confirmed,
      count(*) FILTER (WHERE l.status = 'dismissed')::text AS dismissed,
      min(l.created_at) AS first_at, max(l.created_at) AS last_at
    FROM risk_links l WHERE ${sql.join(where, sql` AND `)} GROUP BY l.kind, l.value ${having}`;
  const [rows, total] = await Promise.all([
    sql<GroupCounts>`${groups} ORDER BY max(l.id) DESC LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
    sql<{ n: string }>`SELECT count(*)::text AS n FROM (${groups}) AS g`.execute(db),
  ]);
  return { rows: await withGroupDetail(db, rows.rows, listed), total: Number(total.rows[0]?.n ?? 0) };
}

/** Each group's accounts (counted, and the first `listed` by id) and its latest review. */
async function withGroupDetail<G extends { kind: IdentityKind; value: string }>(db: Conn, groups: G[], listed: number) {
  if (groups.length === 0) return [];
  const keys = sql.join(groups.map((g) => sql`(${g.kind}, ${g.value})`));
  const [members, reviews] = await Promise.all([
    sql<{ kind: IdentityKind; value: string; id: string; username: string; level: string | null; n: string }>`
      SELECT g.kind, g.value, g.mid::text AS id, m.username, lv.level, g.n::text AS n
      FROM (
        SELECT kind, value, mid, count(*) OVER (PARTITION BY kind, value) AS n,
          row_number() OVER (PARTITION BY kind, value ORDER BY mid) AS r
        FROM (
          SELECT DISTINCT l.kind, l.value, v.mid FROM risk_links l
          CROSS JOIN LATERAL (VALUES (l.member_id), (l.other_id)) AS v(mid)
          WHERE (l.kind, l.value) IN (${keys})
        ) AS d
      ) AS g
      JOIN members m ON m.id = g.mid
      LEFT JOIN member_risk_levels lv ON lv.member_id = g.mid
      WHERE g.r <= ${listed}
      ORDER BY g.mid`.execute(db),
    sql<{
      kind: IdentityKind;
      value: string;
      note: string | null;
      reviewer: string | null;
      reviewed_at: Date | string;
    }>`
      SELECT DISTINCT ON (l.kind, l.value) l.kind, l.value, l.note, op.username AS reviewer, l.reviewed_at
      FROM risk_links l LEFT JOIN members op ON op.id = l.reviewed_by
      WHERE (l.kind, l.value) IN (${keys}) AND l.reviewed_at IS NOT NULL
      ORDER BY l.kind, l.value, l.reviewed_at DESC, l.id DESC`.execute(db),
  ]);
  const key = (g: { kind: string; value: string }) => `${g.kind}\u0000${g.value}`;
  return groups.map((g) => {
    const mine = members.rows.filter((m) => key(m) === key(g));
    const review = reviews.rows.find((r) => key(r) === key(g));
    return {
      ...g,
      accounts: Number(mine[0]?.n ?? 0),
      members: mine.map((m) => ({ id: Number(m.id), username: m.username, level: m.level })),
      note: review?.note ?? null,
      reviewer: review?.reviewer ?? null,
      reviewed_at: review?.reviewed_at ?? null,
    };
  });
}
export type LinkGroupRow = Awaited<ReturnType<typeof pageLinkGroups>>['rows'][number];

/**
 * The address and device links between members of `memberIds` (both ends among them), every status:
 * one row per linked pair and kind, with the value that linked them.
 */
export function addressAndDeviceLinksAmong(db: Conn, memberIds: number[]) {
  return db
    .selectFrom('risk_links')
    .select(['member_id', 'other_id', 'kind', 'value', 'status'])
    .where('kind', 'in', ['ip', 'device'])
    .where('member_id', 'in', memberIds)
    .where('other_id', 'in', memberIds)
    .orderBy('member_id')
    .orderBy('other_id')
    .orderBy('kind')
    .execute();
}

/** The group of the link `id` (its kind and value), as listed. */
export async function findLinkGroup(db: Conn, id: number, listed: number) {
  const link = await db.selectFrom('risk_links').select(['kind', 'value']).where('id', '=', id).executeTakeFirst();
  if (!link) return undefined;
  const groups = sql<GroupCounts>`SELECT kind, value, min(id)::text AS id,
      count(*) FILTER (WHERE status = 'pending')::text AS pending,
      count(*) FILTER (WHERE status = 'confirmed')::text AS confirmed,
      count(*) FILTER (WHERE status = 'dismissed')::text AS dismissed,
      min(created_at) AS first_at, max(created_at) AS last_at
    FROM risk_links WHERE kind = ${link.kind} AND value = ${link.value} GROUP BY kind, value`;
  const rows = (await groups.execute(db)).rows;
  return (await withGroupDetail(db, rows, listed))[0];
}

/** Decides every pending link of the group of link `id` at once; the members of the links decided. */
export async function reviewLinkGroup(
  trx: Trx,
  id: number,
  patch: { status: 'confirmed' | 'dismissed'; note: string; reviewed_by: number; reviewed_at: Date },
) {
  const link = await trx.selectFrom('risk_links').select(['kind', 'value']).where('id', '=', id).executeTakeFirst();
  if (!link) return undefined;
  const done = await trx
    .updateTable('risk_links')
    .set(patch)
    .where('kind', '=', link.kind)
    .where('value', '=', link.value)
    .where('status', '=', 'pending')
    .returning(['member_id', 'other_id'])
    .execute();
  return { ...link, done };
}

export function findLink(db: Conn, id: number) {
  return linkRows(db).where('l.id', '=', id).executeTakeFirst();
}

/** Decides a pending link; undefined when it was not pending (reviewed already, or by someone else now). */
export function reviewLink(
  trx: Trx,
  id: number,
  patch: { status: 'confirmed' | 'dismissed'; note: string; reviewed_by: number; reviewed_at: Date },
) {
  return trx
    .updateTable('risk_links')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['id', 'member_id', 'other_id', 'kind'])
    .executeTakeFirst();
}

function flagRows(db: Conn) {
  return db
    .selectFrom('risk_flags as f')
    .innerJoin('members as m', 'm.id', 'f.member_id')
    .leftJoin('member_risk_levels as lv', 'lv.member_id', 'f.member_id')
    .leftJoin('members as op', 'op.id', 'f.reviewed_by')
    .select([
      'f.id',
      'f.kind',
      'f.member_id',
      'f.status',
      'f.evidence',
      'f.note',
      'f.reviewed_at',
      'f.created_at',
      'f.updated_at',
      'm.username',
      'lv.level',
      'op.username as reviewer',
    ]);
}
export type FlagRow = Awaited<ReturnType<ReturnType<typeof flagRows>['executeTakeFirstOrThrow']>>;

export async function pageFlags(
  db: Conn,
  filter: {
    status?: 'open' | 'confirmed' | 'dismissed' | undefined;
    kind?: RiskFlagsTable['kind'] | undefined;
    memberId?: number | undefined;
  },
  page: { limit: number; offset: number },
) {
  let rows = flagRows(db);
  let count = db.selectFrom('risk_flags as f').select((eb) => eb.fn.countAll<string>().as('n'));
  if (filter.status) {
    rows = rows.where('f.status', '=', filter.status);
    count = count.where('f.status', '=', filter.status);
  }
  if (filter.kind) {
    rows = rows.where('f.kind', '=', filter.kind);
    count = count.where('f.kind', '=', filter.kind);
  }
  if (filter.memberId !== undefined) {
    rows = rows.where('f.member_id', '=', filter.memberId);
    count = count.where('f.member_id', '=', filter.memberId);
  }
  const [list, total] = await Promise.all([
    rows.orderBy('f.id', 'desc').limit(page.limit).offset(page.offset).execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { rows: list, total: Number(total.n) };
}

export function findFlag(db: Conn, id: number) {
  return flagRows(db).where('f.id', '=', id).executeTakeFirst();
}

export function reviewFlag(
  trx: Trx,
  id: number,
  patch: { status: 'confirmed' | 'dismissed'; note: string; reviewed_by: number; reviewed_at: Date },
) {
  return trx
    .updateTable('risk_flags')
    .set(patch)
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returning(['id', 'member_id', 'kind'])
    .executeTakeFirst();
}

// ---- the links backfill (migration 0106)

/** The run in progress, or else the latest one. */
export function latestBackfill(db: Conn) {
  return db
    .selectFrom('risk_backfills')
    .selectAll()
    .orderBy(sql`status = 'running'`, 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export type BackfillRow = NonNullable<Awaited<ReturnType<typeof latestBackfill>>>;

/**
 * Starts a run over the members up to the newest now, unless one is running (the partial unique
 * index keeps it one): answers the new run's id, or undefined when one was running.
 */
export async function insertBackfill(trx: Trx, startedBy: number, now: Date): Promise<number | undefined> {
  const result = await sql<{ id: number }>`
    INSERT INTO risk_backfills (up_to_member_id, members_total, started_by, started_at, updated_at)
    SELECT coalesce(max(id), 0), count(*)::int, ${startedBy}, ${now}::timestamptz, ${now}::timestamptz FROM members
    ON CONFLICT ((true)) WHERE status = 'running' DO NOTHING
    RETURNING id`.execute(trx);
  return result.rows[0]?.id;
}

/** The running run, locked; skipped while another node's batch holds it. */
export function lockRunningBackfill(trx: Trx) {
  return trx
    .selectFrom('risk_backfills')
    .selectAll()
    .where('status', '=', 'running')
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

/** The next members of a run after its cursor, in id order. */
export function backfillMembers(db: Conn, after: number, upTo: number, limit: number) {
  return db
    .selectFrom('members')
    .select(['id', 'type'])
    .where('id', '>', after)
    .where('id', '<=', upTo)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function advanceBackfill(
  trx: Trx,
  id: number,
  step: { lastMemberId: number; members: number; keys: number; links: number; done: boolean; now: Date },
) {
  return trx
    .updateTable('risk_backfills')
    .set((eb) => ({
      last_member_id: step.lastMemberId,
      members_done: eb('members_done', '+', step.members),
      keys_added: eb('keys_added', '+', step.keys),
      links_added: eb('links_added', '+', step.links),
      updated_at: step.now,
      ...(step.done ? { status: 'done' as const, finished_at: step.now } : {}),
    }))
    .where('id', '=', id)
    .execute();
}
