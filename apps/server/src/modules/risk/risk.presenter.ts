import type {
  AdminMemberRisk,
  AdminRiskBackfillState,
  AdminRiskFlag,
  AdminRiskLink,
  AdminRiskLinkGroup,
  RiskFlagEvidence,
  RiskLevel,
} from '@gamehall/shared/api/risk';
import { toMajor } from '@gamehall/shared/money';
import type { PiiView } from '../../http/pii';
import type { BackfillRow, FlagRow, LinkGroupRow, LinkRow } from './risk.queries';
import type { memberRisk } from './risk.service';

const iso = (t: Date | string | null) => (t === null ? null : new Date(t).toISOString());
const levelOf = (level: RiskLevel | null) => level ?? 'normal';

/** What two members share, as an operator may read it: personal data masked without members.pii. */
function sharedValue(kind: AdminRiskLink['kind'], value: string, pii: PiiView): string {
  switch (kind) {
    case 'device':
      return value.slice(0, 12);
    case 'ip':
      return value;
    case 'bank_account':
      return pii.accountNumber(value);
    case 'payee_name':
      return pii.name(value);
  }
}

export function presentLinkGroup(row: LinkGroupRow, pii: PiiView): AdminRiskLinkGroup {
  return {
    id: Number(row.id),
    kind: row.kind,
    value: sharedValue(row.kind, row.value, pii),
    accounts: row.accounts,
    members: row.members.map((m) => ({ id: m.id, username: m.username, level: levelOf(m.level as RiskLevel | null) })),
    links: { pending: Number(row.pending), confirmed: Number(row.confirmed), dismissed: Number(row.dismissed) },
    note: row.note,
    reviewedBy: row.reviewer,
    reviewedAt: iso(row.reviewed_at),
    firstAt: new Date(row.first_at).toISOString(),
    lastAt: new Date(row.last_at).toISOString(),
  };
}

export function presentLink(row: LinkRow, pii: PiiView): AdminRiskLink {
  return {
    id: Number(row.id),
    kind: row.kind,
    value: sharedValue(row.kind, row.value, pii),
    member: { id: Number(row.member_id), username: row.member_username, level: levelOf(row.member_level) },
    other: { id: Number(row.other_id), username: row.other_username, level: levelOf(row.other_level) },
    status: row.status,
    note: row.note,
    reviewedBy: row.reviewer ?? null,
    reviewedAt: iso(row.reviewed_at),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** The stored evidence (minor units) with its amounts in major units. */
function presentEvidence(raw: Record<string, unknown>): RiskFlagEvidence {
  const e = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown>;
  if (e.kind === 'bonus_hit_and_run') {
    const money = (k: string) => toMajor(Number(e[k] ?? 0));
    return {
      kind: 'bonus_hit_and_run',
      rewardId: Number(e.rewardId),
      promotion: (e.promotion as string | null) ?? null,
      bonus: money('bonus'),
      payAs: e.payAs === 'bonus' ? 'bonus' : 'cash',
      claimedAt: String(e.claimedAt),
      deposit: money('deposit'),
      depositAt: String(e.depositAt),
      turnover: money('turnover'),
      lowRiskTurnover: money('lowRiskTurnover'),
      lowRiskPercent: Number(e.lowRiskPercent),
      required: money('required'),
      withdrawal: money('withdrawal'),
      withdrawalReference: (e.withdrawalReference as string | null) ?? null,
      requestedAt: String(e.requestedAt),
      hoursAfterClaim: Number(e.hoursAfterClaim),
    };
  }
  return {
    kind: 'referral_device',
    device: String(e.device),
    accounts: Number(e.accounts),
    members: ((e.members as { id: number; username: string }[] | undefined) ?? []).map((m) => ({
      id: Number(m.id),
      username: m.username,
    })),
    referrerUsedDevice: e.referrerUsedDevice === true,
  };
}

export function presentFlag(row: FlagRow): AdminRiskFlag {
  return {
    id: Number(row.id),
    kind: row.kind,
    member: { id: Number(row.member_id), username: row.username, level: levelOf(row.level) },
    status: row.status,
    evidence: presentEvidence(row.evidence),
    note: row.note,
    reviewedBy: row.reviewer ?? null,
    reviewedAt: iso(row.reviewed_at),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

export function presentMemberRisk(v: Awaited<ReturnType<typeof memberRisk>>, pii: PiiView): AdminMemberRisk {
  return {
    memberId: Number(v.member.id),
    username: v.member.username,
    level: levelOf(v.level?.level ?? null),
    reason: v.level?.reason ?? null,
    source: v.level?.source ?? null,
    updatedAt: iso(v.level?.updated_at ?? null),
    history: v.history.map((h) => ({
      id: Number(h.id),
      from: h.from_level,
      to: h.to_level,
      reason: h.reason,
      source: h.source,
      operator: h.operator_username,
      createdAt: new Date(h.created_at).toISOString(),
    })),
    links: v.links.map((l) => presentLink(l, pii)),
    flags: v.flags.map(presentFlag),
  };
}

export function presentBackfill(r: BackfillRow | undefined): AdminRiskBackfillState {
  if (!r) return { run: null };
  return {
    run: {
      id: Number(r.id),
      status: r.status,
      membersTotal: Number(r.members_total),
      membersDone: Number(r.members_done),
      keysAdded: Number(r.keys_added),
      linksAdded: Number(r.links_added),
      startedAt: new Date(r.started_at).toISOString(),
      updatedAt: new Date(r.updated_at).toISOString(),
      finishedAt: r.finished_at === null ? null : new Date(r.finished_at).toISOString(),
    },
  };
}
