import {
  type AdminRiskLevelBody,
  type AdminRiskReviewBody,
  LINK_GROUP_LISTED,
  type RiskFlagKind,
  type RiskFlagStatus,
  type RiskLevel,
  type RiskLinkKind,
  type RiskLinkStatus,
} from '@gamehall/shared/api/risk';
import { TRIAL_ACCOUNT_TYPE } from '@gamehall/shared/constants';
import type { AppContext } from '../../context';
import type { Conn, Trx } from '../../db/database';
import { OPERATOR_ACCOUNT_TYPE, type Principal } from '../../http/auth';
import { AppError } from '../../http/errors';
import { pageWindow } from '../../http/paging';
import type { ActivityConsumer, ActivityEvent } from '../activity/activity-bus';
import { getBrand, type RiskSettings } from '../brand/brand.service';
import * as q from './risk.queries';
import type { IdentityKind, LevelSource } from './risk.tables';

// Risk (docs/risk.md): linked accounts, abuse flags and the member's risk level.
//
// Links and flags are found by the `risk` activity consumer, one member at a time as their events
// arrive (registration, login, bank account bound, payee name set, withdrawal requested): it copies
// what identifies the member into risk_identity_keys and, for each key the member did not hold
// before, links them with the others holding it. No request ever scans the members.

/** A member is linked with at most this many of the others sharing one value (the most recent). */
export const LINK_GROUP_LIMIT = 50;
/** Referred accounts listed on a referral-device flag. */
const FLAG_MEMBERS_LISTED = 20;
const HISTORY_LISTED = 50;
const MEMBER_LISTED = 200;

const HOUR_MS = 3_600_000;

/**
 * The member's risk level, for the modules that act on it (the cashier's queue shows it; promotions
 * eligibility and the sportsbook's stake factor read it): `normal` until someone or something set one.
 */
export async function memberRiskLevel(db: Conn, memberId: number): Promise<RiskLevel> {
  return (await q.levelOf(db, memberId))?.level ?? 'normal';
}

/** The member's risk at a glance (the member page's summary): level, open flags, links not dismissed. */
export async function memberRiskBadge(db: Conn, memberId: number) {
  const [level, counts] = await Promise.all([memberRiskLevel(db, memberId), q.riskCounts(db, memberId)]);
  return { level, ...counts };
}

// ---- the consumer

/** Identity values as compared: a device hash as stored, an address, a number without spaces or dashes, a name folded. */
export function normaliseKey(kind: IdentityKind, raw: string): string | undefined {
  let value: string;
  switch (kind) {
    case 'device':
      value = raw;
      break;
    case 'ip':
      value = raw.trim().toLowerCase();
      break;
    case 'bank_account':
      value = raw.replace(/[\s-]/g, '').toUpperCase();
      break;
    case 'payee_name':
      value = raw.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
      break;
  }
  return value.length > 0 && value.length <= 200 ? value : undefined;
}

/** Operators and trial accounts share nothing a player could abuse. */
function judged(type: number): boolean {
  return type !== TRIAL_ACCOUNT_TYPE && type !== OPERATOR_ACCOUNT_TYPE;
}

/** Records what identifies the member now (normalised); answers the keys the member did not hold yet. */
async function recordKeys(trx: Trx, memberId: number, now: Date) {
  const keys = new Map<string, { kind: IdentityKind; value: string }>();
  for (const source of await q.identitySources(trx, memberId)) {
    const value = normaliseKey(source.kind, source.value);
    if (value !== undefined) keys.set(`${source.kind}:${value}`, { kind: source.kind, value });
  }
  return q.insertKeys(trx, memberId, [...keys.values()], now);
}

async function judgeEvent(trx: Trx, event: ActivityEvent): Promise<void> {
  const member = await q.memberForRisk(trx, event.memberId);
  if (!member || !judged(member.type)) return;
  const settings = (await getBrand(trx)).risk;
  const now = event.createdAt;
  const fresh = await recordKeys(trx, member.id, now);
  for (const key of fresh) {
    await linkKey(trx, key, settings, now);
    if (key.kind === 'device' && member.referrer_id !== null)
      await judgeReferralDevice(trx, Number(member.referrer_id), key.value, settings, now);
  }
  if (event.kind === 'withdrawal.requested') await judgeBonusHitAndRun(trx, member.id, event, settings, now);
}

/**
 * Links the holders of a key. An IP address links only while more than `ipSharedBeyond` and at most
 * `ipIgnoreAbove` members have used it; a device, bank account number or payee name always links.
 */
async function linkKey(
  trx: Trx,
  key: { kind: IdentityKind; value: string },
  settings: RiskSettings,
  now: Date,
): Promise<number> {
  if (key.kind === 'ip') {
    const holders = await q.keyHolders(trx, 'ip', key.value);
    if (holders <= settings.ipSharedBeyond || holders > settings.ipIgnoreAbove) return 0;
  }
  return q.linkHolders(trx, key.kind, key.value, LINK_GROUP_LIMIT, now);
}

/** Many accounts under one referrer from one device: the referrer is flagged, per device. */
async function judgeReferralDevice(
  trx: Trx,
  referrerId: number,
  deviceHash: string,
  settings: RiskSettings,
  now: Date,
): Promise<void> {
  const found = await q.referredOnDevice(trx, referrerId, deviceHash, FLAG_MEMBERS_LISTED);
  if (found.total < settings.referralDeviceAccounts) return;
  await q.upsertFlag(trx, {
    member_id: referrerId,
    kind: 'referral_device',
    key: deviceHash,
    evidence: {
      kind: 'referral_device',
      device: deviceHash.slice(0, 12),
      accounts: found.total,
      members: found.members,
      referrerUsedDevice: found.referrerUsed,
    },
    now,
  });
}

/**
 * Deposit, claim, minimal wagering on low-risk bets, withdraw (docs/risk.md "Flags"). Judged when the
 * withdrawal is requested: the latest bonus claimed within the window before it, which the member
 * kept (paid as cash, or its wagering met), a deposit credited within the window before the claim,
 * and the rounds since the claim.
 */
async function judgeBonusHitAndRun(
  trx: Trx,
  memberId: number,
  event: ActivityEvent,
  settings: RiskSettings,
  now: Date,
): Promise<void> {
  const at = event.createdAt;
  const windowMs = settings.bonusWindowHours * HOUR_MS;
  const claim = await q.latestClaim(trx, memberId, new Date(at.getTime() - windowMs), at);
  if (!claim?.claimed_at) return;
  // A bonus forfeited (or still wagering) was not taken out: the house lost nothing to flag.
  if (claim.pay_as === 'bonus' && claim.wager_state !== null && claim.wager_state !== 'converted') return;
  const claimedAt = new Date(claim.claimed_at);
  const deposit = await q.latestDeposit(trx, memberId, new Date(claimedAt.getTime() - windowMs), claimedAt);
  if (!deposit) return;
  const bonus = Number(claim.amount);
  const depositAmount = Number(deposit.amount);
  const required = claim.required === null ? bonus + depositAmount : Number(claim.required);
  const { turnover, lowRisk } = await q.turnoverBetween(trx, memberId, claimedAt, at, {
    odds1000: settings.lowRiskOdds1000,
    bandPercent: settings.lowRiskReturnBandPercent,
  });
  if (turnover * 100 > required * settings.minimalTurnoverPercent) return;
  if (turnover > 0 && lowRisk * 100 < turnover * settings.lowRiskSharePercent) return;
  const texts = claim.texts as Record<string, { title?: string }> | null;
  await q.upsertFlag(trx, {
    member_id: memberId,
    kind: 'bonus_hit_and_run',
    key: String(claim.id),
    evidence: {
      kind: 'bonus_hit_and_run',
      rewardId: Number(claim.id),
      promotion: texts?.en?.title ?? null,
      bonus,
      payAs: claim.pay_as,
      claimedAt: claimedAt.toISOString(),
      deposit: depositAmount,
      depositAt: new Date(deposit.decided_at ?? deposit.created_at).toISOString(),
      turnover,
      lowRiskTurnover: lowRisk,
      lowRiskPercent: turnover === 0 ? 100 : Math.floor((lowRisk * 100) / turnover),
      required,
      withdrawal: event.amount,
      withdrawalReference: event.reference,
      requestedAt: at.toISOString(),
      hoursAfterClaim: Math.floor((at.getTime() - claimedAt.getTime()) / HOUR_MS),
    },
    now,
  });
}

/** The activity consumer that finds links and flags (registered in activity-consumers.ts). */
export const riskConsumer: ActivityConsumer = {
  name: 'risk',
  kinds: ['registration', 'login', 'bank_account.bound', 'payee.named', 'withdrawal.requested'],
  async handle(trx, event) {
    await judgeEvent(trx, event);
  },
};

// ---- the links backfill (docs/risk.md "Backfill")

/** Members per batch: one short transaction each, so no lock is held for long. */
export const BACKFILL_BATCH = 200;

/**
 * Starts linking the members who existed before the consumer (those up to the newest member now),
 * or answers the run already in progress. The job `risk.backfill` does the work.
 */
export async function startBackfill(ctx: AppContext, operator: Principal) {
  return ctx.db.transaction().execute(async (trx) => {
    const id = await q.insertBackfill(trx, operator.memberId, ctx.now());
    const run = await q.latestBackfill(trx);
    if (!run) throw new Error('risk backfill vanished');
    return { run, started: id !== undefined };
  });
}

export function backfillProgress(ctx: AppContext) {
  return q.latestBackfill(ctx.db);
}

/**
 * One batch of the running run, in one transaction: each judged member's keys recorded as the
 * consumer records them and its fresh keys linked by the same rules (an IP beyond ipSharedBeyond
 * holders, a device, bank account or payee name always), then the cursor and counts moved on. A key
 * a member already holds is not fresh, so members keyed before (by the consumer or an earlier run)
 * add nothing. Answers whether a batch ran.
 */
export async function backfillStep(ctx: AppContext, batch = BACKFILL_BATCH): Promise<boolean> {
  return ctx.db.transaction().execute(async (trx) => {
    const run = await q.lockRunningBackfill(trx);
    if (!run) return false;
    const now = ctx.now();
    const settings = (await getBrand(trx)).risk;
    const members = await q.backfillMembers(trx, Number(run.last_member_id), Number(run.up_to_member_id), batch);
    let keys = 0;
    let links = 0;
    for (const m of members) {
      if (!judged(m.type)) continue;
      const fresh = await recordKeys(trx, m.id, now);
      keys += fresh.length;
      for (const key of fresh) links += await linkKey(trx, key, settings, now);
    }
    const last = members.at(-1);
    await q.advanceBackfill(trx, run.id, {
      lastMemberId: last ? Number(last.id) : Number(run.up_to_member_id),
      members: members.length,
      keys,
      links,
      done: members.length < batch,
      now,
    });
    return true;
  });
}

/** The job's turn: batches until the run is done or the turn's time is used. */
export async function runBackfill(ctx: AppContext, budgetMs = 2_000): Promise<void> {
  const until = Date.now() + budgetMs;
  for (;;) if (Date.now() >= until || !(await backfillStep(ctx))) return;
}

// ---- levels

const RAISABLE: readonly RiskLevel[] = ['low', 'normal'];

async function changeLevel(
  trx: Trx,
  memberId: number,
  to: RiskLevel,
  reason: string,
  source: LevelSource,
  operator: Principal,
  now: Date,
  onlyFrom?: readonly RiskLevel[],
): Promise<{ from: RiskLevel; to: RiskLevel } | undefined> {
  const from = (await q.lockLevel(trx, memberId))?.level ?? 'normal';
  if (onlyFrom && !onlyFrom.includes(from)) return undefined;
  await q.writeLevel(trx, {
    memberId,
    from,
    to,
    reason,
    source,
    operatorId: operator.memberId,
    operatorUsername: operator.username,
    now,
  });
  return { from, to };
}

/** An operator sets the member's level with a reason (the route audits it). */
export async function setLevel(ctx: AppContext, operator: Principal, memberId: number, body: AdminRiskLevelBody) {
  return ctx.db.transaction().execute(async (trx) => {
    const member = await q.memberForRisk(trx, memberId);
    if (!member || member.type === OPERATOR_ACCOUNT_TYPE) throw new AppError('MEMBER_NOT_FOUND');
    const change = await changeLevel(trx, memberId, body.level, body.reason, 'operator', operator, ctx.now());
    if (!change) throw new Error('a level change without a condition always applies');
    return change;
  });
}

/**
 * A confirmed link or flag raises the members it concerns to high when the brand says so
 * (`raiseOnConfirm`): from low or normal only, never down, never to blocked, which stays an
 * operator's decision.
 */
async function raiseOnConfirm(
  trx: Trx,
  ctx: AppContext,
  operator: Principal,
  memberIds: number[],
  source: LevelSource,
  reason: string,
): Promise<number[]> {
  if (!(await getBrand(trx)).risk.raiseOnConfirm) return [];
  const raised: number[] = [];
  for (const id of memberIds) {
    if (await changeLevel(trx, id, 'high', reason, source, operator, ctx.now(), RAISABLE)) raised.push(id);
  }
  return raised;
}

/**
 * Raises the members an operator found acting together elsewhere (a confirmed card-room integrity
 * flag, docs/pvp.md "Reviewing flags") to high, as a confirmed link raises them: from low or normal
 * only, never down, never to blocked. In id order, the order level rows are locked everywhere.
 * Answers the members raised.
 */
export async function raiseOnFinding(
  trx: Trx,
  operator: Principal,
  memberIds: number[],
  reason: string,
  now: Date,
): Promise<number[]> {
  const raised: number[] = [];
  for (const id of [...new Set(memberIds)].sort((x, y) => x - y)) {
    if (await changeLevel(trx, id, 'high', reason, 'operator', operator, now, RAISABLE)) raised.push(id);
  }
  return raised;
}

// ---- reviews

export async function reviewLink(ctx: AppContext, operator: Principal, id: number, body: AdminRiskReviewBody) {
  return ctx.db.transaction().execute(async (trx) => {
    const link = await q.findLink(trx, id);
    if (!link) throw new AppError('RISK_LINK_NOT_FOUND');
    const status = body.decision === 'confirm' ? 'confirmed' : 'dismissed';
    const done = await q.reviewLink(trx, id, {
      status,
      note: body.note,
      reviewed_by: operator.memberId,
      reviewed_at: ctx.now(),
    });
    if (!done) throw new AppError('RISK_ALREADY_REVIEWED');
    const members = [Number(link.member_id), Number(link.other_id)];
    const raised =
      status === 'confirmed'
        ? await raiseOnConfirm(
            trx,
            ctx,
            operator,
            // Members are raised in id order, the order their level rows are locked everywhere.
            members,
            'link',
            `Confirmed link #${id}: ${link.member_username} and ${link.other_username} share a ${link.kind.replace('_', ' ')}`,
          )
        : [];
    const after = await q.findLink(trx, id);
    if (!after) throw new Error(`risk link ${id} vanished`);
    return { link: after, before: link.status, raised };
  });
}

/**
 * Reviews the group of link `id` (every link sharing its value): each pending link confirmed or
 * dismissed with the one note, and on confirmation its members raised as a single link's would be.
 * Refused when nothing in the group is pending (reviewed already, or by someone else now).
 */
export async function reviewLinkGroup(ctx: AppContext, operator: Principal, id: number, body: AdminRiskReviewBody) {
  return ctx.db.transaction().execute(async (trx) => {
    const status = body.decision === 'confirm' ? 'confirmed' : 'dismissed';
    const decided = await q.reviewLinkGroup(trx, id, {
      status,
      note: body.note,
      reviewed_by: operator.memberId,
      reviewed_at: ctx.now(),
    });
    if (!decided) throw new AppError('RISK_LINK_NOT_FOUND');
    if (decided.done.length === 0) throw new AppError('RISK_ALREADY_REVIEWED');
    // Members are raised in id order, the order their level rows are locked everywhere.
    const members = [...new Set(decided.done.flatMap((l) => [Number(l.member_id), Number(l.other_id)]))].sort(
      (x, y) => x - y,
    );
    const raised =
      status === 'confirmed'
        ? await raiseOnConfirm(
            trx,
            ctx,
            operator,
            members,
            'link',
            `Confirmed group of ${members.length} accounts sharing a ${decided.kind.replace('_', ' ')}`,
          )
        : [];
    const group = await q.findLinkGroup(trx, id, LINK_GROUP_LISTED);
    if (!group) throw new Error(`risk link group ${id} vanished`);
    return { group, reviewed: decided.done.length, members, raised };
  });
}

export async function reviewFlag(ctx: AppContext, operator: Principal, id: number, body: AdminRiskReviewBody) {
  return ctx.db.transaction().execute(async (trx) => {
    const flag = await q.findFlag(trx, id);
    if (!flag) throw new AppError('RISK_FLAG_NOT_FOUND');
    const status = body.decision === 'confirm' ? 'confirmed' : 'dismissed';
    const done = await q.reviewFlag(trx, id, {
      status,
      note: body.note,
      reviewed_by: operator.memberId,
      reviewed_at: ctx.now(),
    });
    if (!done) throw new AppError('RISK_ALREADY_REVIEWED');
    const raised =
      status === 'confirmed'
        ? await raiseOnConfirm(
            trx,
            ctx,
            operator,
            [Number(flag.member_id)],
            'flag',
            `Confirmed flag #${id}: ${flag.kind}`,
          )
        : [];
    const after = await q.findFlag(trx, id);
    if (!after) throw new Error(`risk flag ${id} vanished`);
    return { flag: after, before: flag.status, raised };
  });
}

// ---- reads

export function links(
  ctx: AppContext,
  query: {
    pageNo: number;
    pageSize: number;
    status?: RiskLinkStatus | undefined;
    kind?: RiskLinkKind | undefined;
    memberId?: number | undefined;
  },
) {
  return q.pageLinks(ctx.db, query, pageWindow(query));
}

export function linkGroups(
  ctx: AppContext,
  query: {
    pageNo: number;
    pageSize: number;
    status?: RiskLinkStatus | undefined;
    kind?: RiskLinkKind | undefined;
    memberId?: number | undefined;
  },
) {
  return q.pageLinkGroups(ctx.db, query, pageWindow(query), LINK_GROUP_LISTED);
}

export function flags(
  ctx: AppContext,
  query: {
    pageNo: number;
    pageSize: number;
    status?: RiskFlagStatus | undefined;
    kind?: RiskFlagKind | undefined;
    memberId?: number | undefined;
  },
) {
  return q.pageFlags(ctx.db, query, pageWindow(query));
}

/** A link of two members by a sign-in address or a device, as another module may show it. */
export type SharedAddressOrDevice = {
  kind: 'ip' | 'device';
  /** The shared value as the linked-accounts queue shows it: an address whole, a device's hash cut to 12. */
  value: string;
  status: RiskLinkStatus;
};

/**
 * For each of `pairs` (member ids) the sign-in addresses and devices the two share per the links,
 * keyed `<lower id>+<higher id>`; pairs sharing neither are absent. The values are masked as the
 * linked-accounts queue masks them (risk.presenter.ts sharedValue), so a caller never holds more.
 */
export async function sharedAddressesAndDevices(
  db: Conn,
  pairs: readonly [number, number][],
): Promise<Map<string, SharedAddressOrDevice[]>> {
  const shared = new Map<string, SharedAddressOrDevice[]>();
  if (pairs.length === 0) return shared;
  const wanted = new Set(pairs.map(([a, b]) => pairId(a, b)));
  const ids = [...new Set(pairs.flat())];
  for (const row of await q.addressAndDeviceLinksAmong(db, ids)) {
    const key = pairId(row.member_id, row.other_id);
    if (!wanted.has(key) || (row.kind !== 'ip' && row.kind !== 'device')) continue;
    const value = row.kind === 'device' ? row.value.slice(0, 12) : row.value;
    shared.set(key, [...(shared.get(key) ?? []), { kind: row.kind, value, status: row.status }]);
  }
  return shared;
}

/** The key of a pair of members in sharedAddressesAndDevices' answer. */
export const pairId = (a: number, b: number) => (a < b ? `${a}+${b}` : `${b}+${a}`);

/** The member's risk panel: level, its history, links and flags (newest first). */
export async function memberRisk(ctx: AppContext, memberId: number) {
  const member = await q.memberForRisk(ctx.db, memberId);
  if (!member || member.type === OPERATOR_ACCOUNT_TYPE) throw new AppError('MEMBER_NOT_FOUND');
  const window = { limit: MEMBER_LISTED, offset: 0 };
  const [level, history, memberLinks, memberFlags] = await Promise.all([
    q.levelOf(ctx.db, memberId),
    q.levelHistory(ctx.db, memberId, HISTORY_LISTED),
    q.pageLinks(ctx.db, { memberId }, window),
    q.pageFlags(ctx.db, { memberId }, window),
  ]);
  return { member, level, history, links: memberLinks.rows, flags: memberFlags.rows };
}
