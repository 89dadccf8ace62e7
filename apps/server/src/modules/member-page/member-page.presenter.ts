import type {
  Adjustment,
  MemberOverview as MemberOverviewValue,
  MemberRow,
  MemberSummary as MemberSummaryValue,
  RevealedValue,
  RevealField,
} from '@gamehall/shared/api/admin-members';
import type { BreakPeriod } from '@gamehall/shared/api/responsible';
import { toMajor } from '@gamehall/shared/money';
import { isAgentType, isTrialType } from '../../http/auth';
import { type PiiView, UNMASKED } from '../../http/pii';
import type { MemberFigures } from '../agents/agent-stats.service';
import { countryOf } from '../site/region';
import type { AdjustmentRow, MemberSearchRow } from './member-page.queries';
import type { MemberOverview, MemberSummaryData, reveal } from './member-page.service';

// Contact details, bank account numbers and real names go through the operator's PiiView (http/pii.ts):
// in full for members.pii, masked for everyone else.

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function mobileOf(
  r: { country_dialing_code: string | null; mobile_num: string | null },
  pii: PiiView,
): string | null {
  if (!r.mobile_num) return null;
  const number = pii.mobile(r.mobile_num);
  return r.country_dialing_code ? `+${r.country_dialing_code} ${number}` : number;
}

export function presentMemberRow(
  r: MemberSearchRow & { break: { kind: 'timeout' | 'exclusion'; until: Date | null } | null },
  pii: PiiView,
): MemberRow {
  return {
    id: r.id,
    username: r.username,
    type: r.type,
    isAgent: isAgentType(r.type),
    status: r.status,
    vipLevel: r.vip_level,
    mobile: mobileOf(r, pii),
    email: r.email === null ? null : pii.email(r.email),
    upline: r.upline_id !== null && r.upline_username ? { id: r.upline_id, username: r.upline_username } : null,
    balance: toMajor(Number(r.balance)),
    createdAt: new Date(r.created_at).toISOString(),
    lastLoginAt: iso(r.last_login_at),
    lastLoginIp: r.last_login_ip,
    break: r.break ? { kind: r.break.kind, until: r.break.until?.toISOString() ?? null } : null,
  };
}

function presentBreak(
  b: { kind: 'timeout' | 'exclusion'; period: string; startedAt: Date; until: Date | null } | null,
) {
  return b
    ? {
        kind: b.kind,
        period: b.period as BreakPeriod,
        startedAt: b.startedAt.toISOString(),
        until: b.until?.toISOString() ?? null,
      }
    : null;
}

export function presentOverview(o: MemberOverview, pii: PiiView): MemberOverviewValue {
  const m = o.member;
  const required = m.password_change_required_at;
  return {
    id: m.id,
    username: m.username,
    nickname: m.nickname,
    fullName: m.full_name === null ? null : pii.name(m.full_name),
    type: m.type,
    isAgent: isAgentType(m.type),
    isTrial: isTrialType(m.type),
    status: m.status,
    vipLevel: m.vip_level,
    upline: m.upline_id !== null && m.upline_username ? { id: m.upline_id, username: m.upline_username } : null,
    downlineCount: Number(m.downline_count ?? 0),
    mobile: mobileOf(m, pii),
    email: m.email === null ? null : pii.email(m.email),
    language: m.language,
    registerIp: m.register_ip,
    registerDomain: m.register_domain,
    createdAt: new Date(m.created_at).toISOString(),
    lastLoginAt: iso(m.last_login_at),
    lastLoginIp: m.last_login_ip,
    balances: {
      balance: toMajor(o.balance.balance),
      held: toMajor(o.balance.held),
      available: toMajor(o.balance.available),
      currency: o.balance.currency,
    },
    flags: {
      paymentPasswordSet: m.payment_password_set,
      mobileBound: m.mobile_num !== null,
      emailBound: m.email !== null,
      twoFactor: o.twoFactor,
      locked: m.status === 'disabled',
      loginLockedUntil: o.loginLockedUntil?.toISOString() ?? null,
      mustChangePassword: required !== null && new Date(required).getTime() > new Date(m.password_changed_at).getTime(),
    },
    tags: o.tags,
    break: presentBreak(o.break),
  };
}

export function presentLedgerEntry(r: {
  reference: string;
  type: string;
  amount: number;
  balance_after: number;
  created_at: Date | string;
}) {
  return {
    reference: r.reference,
    type: r.type,
    amount: toMajor(r.amount),
    balanceAfter: toMajor(r.balance_after),
    time: new Date(r.created_at).toISOString(),
  };
}

export function presentMemberDeposit(r: {
  reference: string;
  method_code: string;
  method_kind: string;
  amount: number;
  status: string;
  first_deposit: boolean;
  reason: string | null;
  created_at: Date | string;
  decided_at: Date | string | null;
}) {
  return {
    reference: r.reference,
    methodCode: r.method_code,
    kind: r.method_kind,
    amount: toMajor(r.amount),
    status: r.status,
    firstDeposit: r.first_deposit,
    reason: r.reason,
    createdAt: new Date(r.created_at).toISOString(),
    decidedAt: iso(r.decided_at),
  };
}

export function presentMemberWithdrawal(
  r: {
    reference: string;
    amount: number;
    status: string;
    bank_name: string;
    account_number: string;
    reason: string | null;
    created_at: Date | string;
    paid_at: Date | string | null;
  },
  pii: PiiView,
) {
  return {
    reference: r.reference,
    amount: toMajor(r.amount),
    status: r.status,
    bankName: r.bank_name,
    accountNumber: pii.accountNumber(r.account_number),
    reason: r.reason,
    createdAt: new Date(r.created_at).toISOString(),
    paidAt: iso(r.paid_at),
  };
}

export function presentMemberBankAccount(
  r: {
    id: number;
    bank_name: string;
    account_name: string;
    account_number: string;
    status: 'pending' | 'confirmed' | 'rejected';
    created_at: Date | string;
    confirmed_at: Date | string | null;
  },
  pii: PiiView,
) {
  return {
    id: r.id,
    bankName: r.bank_name,
    accountName: pii.name(r.account_name),
    accountNumber: pii.accountNumber(r.account_number),
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    confirmedAt: iso(r.confirmed_at),
  };
}

export function presentMemberRound(r: {
  round_id: string;
  vendor_code: string;
  game_code: string;
  game_type: string;
  name: string | null;
  bet_amount: number;
  win_amount: number;
  status: string;
  created_at: Date | string;
  closed_at: Date | string | null;
  details_available: boolean;
}) {
  return {
    roundId: r.round_id,
    vendor: r.vendor_code,
    gameCode: r.game_code,
    gameName: r.name,
    gameType: r.game_type,
    bet: toMajor(r.bet_amount),
    win: toMajor(r.win_amount),
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
    closedAt: iso(r.closed_at),
    detailsAvailable: r.details_available,
  };
}

export function presentMemberDevice(r: {
  device_hash: string;
  first_seen_at: Date | string;
  last_seen_at: Date | string;
  ip: string | null;
  shared_with: number;
  others: { id: number; username: string }[];
}) {
  return {
    device: r.device_hash.slice(0, 12),
    firstSeenAt: new Date(r.first_seen_at).toISOString(),
    lastSeenAt: new Date(r.last_seen_at).toISOString(),
    lastIp: r.ip,
    sharedWith: r.shared_with,
    others: r.others.map((o) => ({ id: o.id, username: o.username })),
  };
}

export function presentMemberLogin(r: {
  success: boolean;
  ip: string | null;
  user_agent: string | null;
  created_at: Date | string;
}) {
  return {
    success: r.success,
    ip: r.ip,
    country: r.ip ? countryOf(r.ip) : null,
    device: r.user_agent,
    time: new Date(r.created_at).toISOString(),
  };
}

export function presentNote(r: { id: number; text: string; operator_username: string; created_at: Date | string }) {
  return { id: r.id, text: r.text, operator: r.operator_username, createdAt: new Date(r.created_at).toISOString() };
}

export function presentAuditRow(r: {
  id: number;
  event: string;
  success: boolean;
  username: string | null;
  ip: string | null;
  detail: Record<string, unknown>;
  created_at: Date | string;
}) {
  return {
    id: r.id,
    event: r.event,
    success: r.success,
    operator: r.username,
    ip: r.ip,
    detail: r.detail,
    time: new Date(r.created_at).toISOString(),
  };
}

export function presentAdjustment(r: AdjustmentRow): Adjustment {
  return {
    id: r.id,
    member: { id: r.member_id, username: r.username },
    type: r.type,
    depositReference: r.deposit_reference,
    wageringMultiple: r.wagering_multiple,
    direction: r.direction,
    amount: toMajor(r.amount),
    currency: r.currency,
    reason: r.reason,
    status: r.status,
    requestedBy: r.requested_by_username,
    decidedBy: r.decided_by_username,
    decisionReason: r.decision_reason,
    createdAt: new Date(r.created_at).toISOString(),
    decidedAt: iso(r.decided_at),
  };
}

/** The one field a reveal asked for, in full. */
export function presentRevealed(field: RevealField, r: Awaited<ReturnType<typeof reveal>>): RevealedValue {
  const m = r.member;
  const value = {
    mobile: () => mobileOf(m, UNMASKED),
    email: () => m.email,
    fullName: () => m.full_name,
    verifiedName: () => r.verifiedName,
    bankAccountNumber: () => r.account?.account_number ?? null,
    bankAccountName: () => r.account?.account_name ?? null,
  }[field]();
  return { field, value };
}

// A limit's value in major units; the session limit counts minutes (responsible play's own rule).
const limitValue = (key: string, v: number) => (key === 'sessionMinutes' ? v : toMajor(v));

function presentPayments(f: MemberFigures) {
  return {
    deposits: toMajor(f.deposits),
    depositCount: f.depositCount,
    withdrawals: toMajor(f.withdrawals),
    withdrawalCount: f.withdrawalCount,
  };
}

function presentPlay(f: MemberFigures) {
  return { rounds: f.rounds, bets: toMajor(f.bets), wins: toMajor(f.wins), ggr: toMajor(f.bets - f.wins) };
}

export function presentSummary(s: MemberSummaryData, pii: PiiView): MemberSummaryValue {
  const m = s.member;
  const next = s.vip.next;
  return {
    id: m.id,
    username: m.username,
    isAgent: isAgentType(m.type),
    status: m.status,
    identity: {
      verifiedName: s.kyc.verifiedName === null ? null : pii.name(s.kyc.verifiedName),
      kycLevel: s.kyc.level,
    },
    vip: {
      level: s.vip.level,
      labelName: s.vip.labelName,
      deposits: toMajor(s.vip.totals.deposits),
      validBets: toMajor(s.vip.totals.validBets),
      windowDays: s.vip.totals.windowDays,
      next: next
        ? {
            level: next.level,
            labelName: next.labelName,
            minDeposit: toMajor(next.minDeposit),
            minValidBet: toMajor(next.minValidBet),
          }
        : null,
    },
    balances: {
      currency: s.currency,
      cash: toMajor(s.balance.balance),
      held: toMajor(s.balance.held),
      available: toMajor(s.balance.available),
      bonus: toMajor(s.bonus),
      points: s.points,
    },
    figuresAsOf: iso(s.figures.asOf),
    payments: s.cashier
      ? { lifetime: presentPayments(s.figures.lifetime), last30Days: presentPayments(s.figures.recent) }
      : null,
    play: { lifetime: presentPlay(s.figures.lifetime), last30Days: presentPlay(s.figures.recent) },
    responsible: {
      limits: s.responsible.limits
        .filter((l) => l.value !== null || l.pending !== null)
        .map((l) => ({
          key: l.key,
          value: l.value === null ? null : limitValue(l.key, l.value),
          used: limitValue(l.key, l.used),
          pending: l.pending
            ? {
                value: l.pending.value === null ? null : limitValue(l.key, l.pending.value),
                effectiveAt: l.pending.effectiveAt,
              }
            : null,
        })),
      realityCheckMinutes: s.responsible.realityCheckMinutes,
      break: presentBreak(s.responsible.break ?? null),
    },
    uplines: s.uplines.map((u) => ({ id: Number(u.id), username: u.username, type: u.type })),
    tags: s.tags,
    notes: { total: s.notes.total, latest: s.notes.rows.map(presentNote) },
    risk: s.risk,
    payees: s.payees?.map((p) => ({ name: pii.name(p.name), source: p.source, match: p.match })) ?? null,
  };
}
